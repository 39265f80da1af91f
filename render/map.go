package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

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

// NewMap returns an empty Map. (Its map is made by the first Set: data
// may hold millions of empty objects.)
func NewMap() *Map { return &Map{} }

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

// duplicateError words err: a duplicate key, found by the decoders as
// they build each object, is named with its path by jsondup, which runs
// only then (the document is not scanned twice on the way to success).
func duplicateError(data []byte, err error) error {
	if errors.Is(err, errDuplicateKey) {
		if dup, found := jsondup.Find(data); found {
			return fmt.Errorf("duplicate key %q at %s", dup.Key, dup.Pointer)
		}
	}
	return err
}

// maxJSONDepth bounds the nesting DecodeJSON accepts.
const maxJSONDepth = 1000

// DecodeJSON decodes one JSON value for rendering: objects become *Map in
// document order, arrays []any, integers int64 (a number with a fraction or
// exponent, or beyond int64, becomes float64, so 5.0 prints as 5.0), and
// strings, booleans and null their Go counterparts. A key written twice in
// one object is an error: parsers disagree about which value it keeps. So
// is a number beyond a float's range (1e400) or of more than 10,000
// characters, as a *DataError naming its JSON pointer and its bytes.
func DecodeJSON(data []byte) (any, error) {
	if json.Valid(data) {
		v, err := decodeValid(data)
		return v, duplicateError(data, err)
	}
	// Invalid JSON: the token decoder finds the error and words it.
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var cost int64
	v, err := decodeValue(dec, &cost, 0)
	if err != nil {
		return nil, duplicateError(data, err)
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

func decodeValue(dec *json.Decoder, cost *int64, depth int) (any, error) {
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
	if *cost += tokenCost(t); *cost > maxDecodedBytes {
		return nil, tokenError(dec, 1, decodedTooLarge())
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
				*cost += keyCost - valueCost // the key was counted as a string
				v, err := decodeValue(dec, cost, depth+1)
				if err != nil {
					return nil, dataUnder(err, k)
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
				v, err := decodeValue(dec, cost, depth+1)
				if err != nil {
					return nil, dataUnder(err, strconv.Itoa(len(out)))
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
		if len(x) > maxNumberText {
			return nil, tokenError(dec, len(x), numberTooLong(len(x)))
		}
		n, err := parseJSONNumber(string(x))
		if err != nil {
			return nil, tokenError(dec, len(x), err)
		}
		return n, nil
	default:
		return x, nil
	}
}

// decodeValid decodes data, which json.Valid accepts, to what decodeValue
// gives for it, reading the bytes directly: encoding/json's token API
// allocates several times per token, which made decoding most of the cost
// of a render from Go values (see FromGo).
func decodeValid(data []byte) (any, error) {
	d := validJSON{b: data}
	return d.value(0)
}

// validJSON reads JSON that json.Valid accepts; cost is what the values
// read so far take in memory (see maxDecodedBytes).
type validJSON struct {
	b    []byte
	i    int
	cost int64
}

func (d *validJSON) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *validJSON) value(depth int) (any, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("JSON nested more than %d deep", maxJSONDepth)
	}
	d.space()
	if d.cost += valueCost; d.cost > maxDecodedBytes {
		return nil, &DataError{Offset: d.i, End: d.i + 1, Err: decodedTooLarge()}
	}
	switch d.b[d.i] {
	case '{':
		d.i++
		d.cost += objectCost
		m := NewMap()
		if d.space(); d.b[d.i] == '}' {
			d.i++
			return m, nil
		}
		for {
			d.space()
			k := d.str()
			d.cost += keyCost + int64(len(k))
			if _, dup := m.Get(k); dup {
				return nil, errDuplicateKey
			}
			d.space()
			d.i++ // ':'
			v, err := d.value(depth + 1)
			if err != nil {
				return nil, dataUnder(err, k)
			}
			m.Set(k, v)
			d.space()
			d.i++ // ',' or '}'
			if d.b[d.i-1] == '}' {
				return m, nil
			}
		}
	case '[':
		d.i++
		out := []any{}
		if d.space(); d.b[d.i] == ']' {
			d.i++
			return out, nil
		}
		for {
			v, err := d.value(depth + 1)
			if err != nil {
				return nil, dataUnder(err, strconv.Itoa(len(out)))
			}
			out = append(out, v)
			d.space()
			d.i++ // ',' or ']'
			if d.b[d.i-1] == ']' {
				return out, nil
			}
		}
	case '"':
		s := d.str()
		d.cost += int64(len(s))
		return s, nil
	case 't':
		d.i += 4
		return true, nil
	case 'f':
		d.i += 5
		return false, nil
	case 'n':
		d.i += 4
		return nil, nil
	}
	start := d.i
	for d.i < len(d.b) && strings.IndexByte("+-.eE0123456789", d.b[d.i]) >= 0 {
		d.i++
	}
	if d.i-start > maxNumberText {
		return nil, &DataError{Offset: start, End: d.i, Err: numberTooLong(d.i - start)}
	}
	n, err := parseJSONNumber(string(d.b[start:d.i]))
	if err != nil {
		return nil, &DataError{Offset: start, End: d.i, Err: err}
	}
	return n, nil
}

// str reads the string at d.i. One without escapes, in valid UTF-8, is
// copied as it is; any other is decoded by encoding/json (which replaces
// invalid UTF-8 with U+FFFD, as the token decoder does).
func (d *validJSON) str() string {
	start := d.i
	j := start + 1
	for d.b[j] != '"' && d.b[j] != '\\' {
		j++
	}
	if d.b[j] == '"' && utf8.Valid(d.b[start+1:j]) {
		d.i = j + 1
		return string(d.b[start+1 : j])
	}
	for d.b[j] != '"' {
		if d.b[j] == '\\' {
			j++
		}
		j++
	}
	d.i = j + 1
	var s string
	_ = json.Unmarshal(d.b[start:d.i], &s) // valid JSON: cannot fail
	return s
}

// maxDecodedBytes bounds the memory the values of one JSON document take
// once decoded (as a render's values are bounded by Limits.MaxMemory, whose
// default it is): the 16 MB of data a command reads decode to several
// times their size when they are small values (an object of 1.6 million
// keys took 150 MB, and a list of 5 million empty objects would take 400).
// The cost of a value is estimated as it is read: valueCost for each, and
// keyCost for each key of an object, besides the bytes of strings and keys.
const (
	maxDecodedBytes = DefaultMaxMemory
	valueCost       = 32 // its place in a list and the slack of the list's growth (measured), or an interface in a map
	keyCost         = 80 // a key's place in a Map's order and in its map (measured)
	objectCost      = 48 // a Map
)

// tokenCost is the estimated cost of a token of the token decoder.
func tokenCost(t json.Token) int64 {
	switch x := t.(type) {
	case string:
		return valueCost + int64(len(x))
	case json.Delim:
		if x == '{' {
			return valueCost + objectCost
		}
	}
	return valueCost
}

// ErrDataTooLarge is wrapped by the *DataError of a JSON document whose
// values would take more memory than data may, once decoded (64 MiB).
var ErrDataTooLarge = errors.New("the data would take more memory than data may")

// decodedTooLarge is the error of a document past maxDecodedBytes.
func decodedTooLarge() error {
	return fmt.Errorf("%w: more than %d MiB once decoded", ErrDataTooLarge, maxDecodedBytes>>20)
}

// numberTooLong refuses a JSON number of n characters: converting digits
// to a big integer takes time quadratic in their number (a 3 MB number
// took most of a minute).
func numberTooLong(n int) error {
	return fmt.Errorf("a number of %d digits is longer than the %d a number may have", n, maxNumberText)
}

// parseJSONNumber reads the text of a JSON number: an int64, a *big.Int
// beyond it, or a float64. A number beyond float64's range (1e400: JSON
// has no bound, a float64 none so large) is an error: as an infinity it
// would print as Infinity, and fail every comparison with a schema's
// bounds, where the data holds a finite number.
func parseJSONNumber(s string) (any, error) {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n, nil
		}
		if n, ok := new(big.Int).SetString(s, 10); ok {
			return n, nil // beyond int64: keeps its digits, as Ruby's Bignum does
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return nil, fmt.Errorf("the number %s is beyond the range of a float (about ±1.8e308)", clip(s))
	case err != nil:
		return nil, fmt.Errorf("%q is not a number", clip(s))
	}
	return f, nil
}

// clip shortens the text of a number for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:20] + "…" + s[len(s)-10:]
	}
	return s
}

// DataError is a value of JSON data that shea refuses to decode although
// the JSON is valid: a number beyond a float's range (1e400) or longer
// than a number may be. Pointer is the value's JSON pointer in the
// document ("" for the whole document), Offset and End the byte range of
// its text in the data (both 0 when not known).
type DataError struct {
	Pointer     string
	Offset, End int
	Err         error
}

func (e *DataError) Error() string {
	return e.Err.Error() + " at " + pointerOrRoot(e.Pointer)
}

func (e *DataError) Unwrap() error { return e.Err }

// dataUnder places a *DataError of a value under key, as the error travels
// up from the value to the document (the pointer is built only on error).
func dataUnder(err error, key string) error {
	if de, ok := err.(*DataError); ok {
		de.Pointer = "/" + escapeToken(key) + de.Pointer
	}
	return err
}

// tokenError is the *DataError of the n-byte token the decoder just read.
func tokenError(dec *json.Decoder, n int, err error) error {
	end := int(dec.InputOffset())
	return &DataError{Offset: end - n, End: end, Err: err}
}

// toJSON converts a rendering value to plain decoded-JSON form (maps,
// []any, float64/int64, string, bool, nil) for schema validation. Values
// that JSON cannot represent become their printed form.
func toJSON(v any) any {
	out, _ := jsonForm(v)
	return out
}

// jsonForm is toJSON; changed reports that the result is not v itself. A
// list or map[string]any already in JSON form is returned as it is, and a
// *Map as the map that holds its values: only what holds a value of
// another form (a *Map within a list or map, a big integer, a value JSON
// cannot represent) is copied, from the first element that differs. The
// result shares memory with v and must only be read.
func jsonForm(v any) (out any, changed bool) {
	switch x := v.(type) {
	case nil, bool, int64, float64, string:
		return v, false
	case *big.Int:
		// The JSON number it was, every digit kept: the schema library
		// reads a json.Number as a number, and an integer when it is one.
		return json.Number(x.String()), true
	case []any:
		var cp []any
		for i, e := range x {
			c, ch := jsonForm(e)
			if ch && cp == nil {
				cp = make([]any, len(x))
				copy(cp, x[:i])
			}
			if cp != nil {
				cp[i] = c
			}
		}
		if cp == nil {
			return v, false
		}
		return cp, true
	case *Map:
		// Its values are held in a map[string]any already: that map is
		// what the library reads, unless a value in it has another form.
		var cp map[string]any
		for _, k := range x.keys {
			c, ch := jsonForm(x.vals[k])
			if ch {
				if cp == nil {
					cp = maps.Clone(x.vals)
				}
				cp[k] = c
			}
		}
		if cp == nil {
			if x.vals == nil {
				return map[string]any{}, true
			}
			return x.vals, true
		}
		return cp, true
	case map[string]any:
		var cp map[string]any
		for k, e := range x {
			c, ch := jsonForm(e)
			if ch {
				if cp == nil {
					cp = maps.Clone(x)
				}
				cp[k] = c
			}
		}
		if cp == nil {
			return v, false
		}
		return cp, true
	}
	return otherJSON(v), true
}

// otherJSON is the JSON form of a value of none of jsonForm's types.
func otherJSON(v any) any {
	switch x := normalize(v).(type) {
	case nil, bool, int64, float64, string, *big.Int, []any, *Map, map[string]any:
		return toJSON(x)
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
