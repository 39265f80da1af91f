package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/internal/jsondup"
)

// Map is an object that keeps its keys in insertion order, as Liquid's
// (Ruby's) hashes do, so that a for loop over an object, and the object's
// printed form, are the same from run to run. DecodeJSON produces Maps.
// A Map must not be modified while a render reads it.
type Map struct {
	keys []string
	vals map[string]any
}

// NewMap returns an empty Map.
func NewMap() *Map { return &Map{vals: map[string]any{}} }

// Set sets key to v, appending key if it is new.
func (m *Map) Set(key string, v any) {
	if m.vals == nil {
		m.vals = map[string]any{}
	}
	if _, ok := m.vals[key]; !ok {
		m.keys = append(m.keys, key)
	}
	m.vals[key] = v
}

// Get returns the value of key.
func (m *Map) Get(key string) (any, bool) {
	v, ok := m.vals[key]
	return v, ok
}

// Keys returns the keys in insertion order.
func (m *Map) Keys() []string { return append([]string(nil), m.keys...) }

// Len returns the number of keys.
func (m *Map) Len() int { return len(m.keys) }

// MarshalJSON writes the object with its keys in order.
func (m *Map) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range m.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(m.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// errDuplicateKey is a key written twice in one object.
var errDuplicateKey = errors.New("duplicate key")

// maxJSONDepth bounds the nesting DecodeJSON accepts.
const maxJSONDepth = 1000

// DecodeJSON decodes one JSON value for rendering: objects become *Map in
// document order, arrays []any, integers int64 (a number with a fraction or
// exponent, or beyond int64, becomes float64, so 5.0 prints as 5.0), and
// strings, booleans and null their Go counterparts. A key written twice in
// one object is an error: parsers disagree about which value it keeps.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if errors.Is(err, errDuplicateKey) {
		// The decoder stopped at the first duplicate; the scanner, run
		// only then, names it and its path.
		if dup, found := jsondup.Find(data); found {
			return nil, fmt.Errorf("duplicate key %q at %s", dup.Key, dup.Pointer)
		}
	}
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

// DecodeJSONObject decodes a JSON object, as a rendering context.
func DecodeJSONObject(data []byte) (map[string]any, error) {
	v, err := DecodeJSON(data)
	if err != nil {
		return nil, err
	}
	m, ok := v.(*Map)
	if !ok {
		return nil, fmt.Errorf("expected a JSON object, found %s", jsonKind(v))
	}
	out := make(map[string]any, m.Len())
	for _, k := range m.keys {
		out[k] = m.vals[k]
	}
	return out, nil
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	}
	return "a number"
}

func decodeValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("JSON nested more than %d deep", maxJSONDepth)
	}
	t, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, err
	}
	switch x := t.(type) {
	case json.Delim:
		switch x {
		case '{':
			m := NewMap()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				if _, dup := m.Get(k); dup {
					return nil, errDuplicateKey
				}
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				m.Set(k, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return m, nil
		case '[':
			out := []any{}
			for dec.More() {
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return out, nil
		}
		return nil, fmt.Errorf("unexpected %v", x)
	case json.Number:
		// Converting digits to a big integer takes time quadratic in
		// their number: a 3 MB number took most of a minute.
		if len(x) > maxNumberText {
			return nil, fmt.Errorf("a number of %d digits is longer than the %d a number may have", len(x), maxNumberText)
		}
		return parseJSONNumber(string(x)), nil
	default:
		return x, nil
	}
}

func parseJSONNumber(s string) any {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
		if n, ok := new(big.Int).SetString(s, 10); ok {
			return n // beyond int64: keeps its digits, as Ruby's Bignum does
		}
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// toJSON converts a rendering value to plain decoded-JSON form (maps,
// []any, float64/int64, string, bool, nil) for schema validation. Values
// that JSON cannot represent become their printed form.
func toJSON(v any) any {
	switch x := normalize(v).(type) {
	case nil, bool, int64, float64, string:
		return x
	case *big.Int:
		f, _ := new(big.Float).SetInt(x).Float64()
		return f // validated as the JSON number it was
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toJSON(e)
		}
		return out
	case *Map:
		out := make(map[string]any, len(x.keys))
		for _, k := range x.keys {
			out[k] = toJSON(x.vals[k])
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = toJSON(e)
		}
		return out
	case rangeValue:
		return toJSON(toList(x))
	}
	if isArray(v) {
		return toJSON(toList(v))
	}
	if isObject(v) {
		out := map[string]any{}
		for _, p := range pairs(normalize(v)) {
			out[p.key] = toJSON(p.val)
		}
		return out
	}
	return toString(v)
}
