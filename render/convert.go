package render

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// toInteger is Liquid's Utils.to_integer, used by loop limits and offsets:
// an integer (beyond int64 it saturates), or a string Ruby's Integer()
// reads (whitespace, a sign, 0x/0b/0o prefixes, underscores). A float is
// refused (Ruby reads its string form, "1.5" or "2.0", and fails).
func toInteger(v any) (int64, error) {
	switch x := normalize(v).(type) {
	case int64:
		return x, nil
	case *big.Int:
		return clampInt(x), nil
	case string:
		if n, ok := parseRubyInteger(x); ok {
			return n, nil
		}
	}
	return 0, fmt.Errorf("invalid integer")
}

// isDecimal matches -?\d+\.\d+ exactly.
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if digits == 0 || i >= len(s) || s[i] != '.' {
		return false
	}
	i++
	frac := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		frac++
	}
	return frac > 0 && i == len(s)
}

// leadingBigInt is Ruby's String#to_i with all its digits: an integer
// beyond int64 keeps them, as a Bignum does.
func leadingBigInt(s string) *big.Int {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	var b strings.Builder
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		b.WriteByte(s[i])
		i++
	}
	digits := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		b.WriteByte(c)
		digits++
	}
	if digits == 0 {
		return new(big.Int)
	}
	n, _ := new(big.Int).SetString(b.String(), 10)
	return n
}

// leadingInteger is Ruby's String#to_i, exact: an int64, or a *big.Int
// beyond it.
func leadingInteger(s string) any {
	if n, over := leadingInt64(s); !over {
		return n
	}
	return bigInteger(leadingBigInt(s))
}

// leadingInt is Ruby's String#to_i: optional sign and leading digits
// (underscores between digits allowed), 0 when there are none. Beyond
// int64 it saturates (see leadingBigInt).
func leadingInt(s string) int64 {
	if n, over := leadingInt64(s); !over {
		return n
	}
	return clampInt(leadingBigInt(s))
}

// leadingInt64 is leadingInt, with over true (and n meaningless) when the
// digits go beyond int64.
func leadingInt64(s string) (n int64, over bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	i, neg := 0, false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if n > (math.MaxInt64-int64(c-'0'))/10 {
			return 0, true
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, false
}

// decimal returns the exact decimal value of a number, as Ruby's BigDecimal
// sees a float (through its shortest printed form).
func decimal(v any) *big.Rat {
	switch x := v.(type) {
	case int64:
		return new(big.Rat).SetInt64(x)
	case *big.Int:
		return new(big.Rat).SetInt(x)
	case float64:
		r, ok := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
		if !ok {
			return new(big.Rat)
		}
		return r
	}
	return new(big.Rat)
}

// maxGoDepth bounds how deeply FromGo follows nested Go values looking
// for nil slices and maps and for cycles (encoding/json bounds the rest).
const maxGoDepth = 1000

// FromGo returns a Go value in the value model as encoding/json presents
// it: the value is marshalled with json.Marshal and decoded again as
// DecodeJSON decodes a context (objects in field order, integers beyond
// int64 keeping their digits), so that data from a runner's own types is
// validated and rendered exactly like the same data read from JSON. Struct
// fields are named by their json tags (else their Go names), omitempty,
// omitzero, "-" and ",string" are honoured, json.Marshaler and
// encoding.TextMarshaler decide their own form, and a time.Time is its RFC
// 3339 string ("2026-03-30T12:00:00Z"), which the date filter reads
// (FromGoWith can truncate it first: GoOptions).
//
// One exception serves runners, whose issue models hold lists that are
// never null: a nil slice or map is empty ([] or {}), not null, wherever it
// is (a nil pointer stays null, a type with its own MarshalJSON or
// MarshalText is left to it, and so is what lies behind an embedded
// pointer to an unexported struct type, which reflection cannot replace).
// The caller's value is never modified: what holds a nil slice is copied
// first.
//
// Values already in the model (nil, bool, int64, float64, string, []any,
// map[string]any, *Map) are returned as they are, without copying, and so
// are the model values inside them; a json.Number becomes a number, and a
// value with ToLiquid (osteele/liquid's Drop), outside a Go struct, what
// ToLiquid returns. A value JSON cannot encode (a channel, a function, a
// complex number, NaN or an infinity, a cycle) is a *GoValueError naming
// the JSON pointer of the model value that holds it; a cycle, through Go
// pointers, maps or slices or through lists and maps of the model, is
// found before anything is copied or marshalled.
func FromGo(v any) (any, error) {
	out, _, err := fromGo(v, newGoWalk(), 0)
	return out, err
}

// fromGoVars converts the values of a rendering context, copying vars only
// when a value changed.
func fromGoVars(vars map[string]any) (map[string]any, error) {
	var out map[string]any
	w := newGoWalk()
	for k, v := range vars {
		c, changed, err := fromGo(v, w, 0)
		if err != nil {
			return nil, under(err, k)
		}
		if changed {
			if out == nil {
				out = maps.Clone(vars)
			}
			out[k] = c
		}
	}
	if out == nil {
		return vars, nil
	}
	return out, nil
}

// GoValueError is a Go value that FromGo cannot convert. Pointer is the
// JSON pointer of the value within the data.
type GoValueError struct {
	Pointer string
	Err     error
}

func (e *GoValueError) Error() string {
	return "the value at " + pointerOrRoot(e.Pointer) + " " + e.Err.Error()
}

func (e *GoValueError) Unwrap() error { return e.Err }

// under places a *GoValueError of a value under key: its pointer gains the
// key in front, as the error travels up from the value that failed (the
// pointer is built only when there is an error).
func under(err error, key string) error {
	if ge, ok := err.(*GoValueError); ok {
		ge.Pointer = "/" + escapeToken(key) + ge.Pointer
	}
	return err
}

// fromGo converts v; changed reports that the result is not v itself. w
// holds the lists and maps on the way to v, and those converted already
// (see goWalk).
func fromGo(v any, w *goWalk, depth int) (out any, changed bool, err error) {
	if depth > maxGoDepth {
		return nil, false, &GoValueError{"", fmt.Errorf("is nested more than %d deep", maxGoDepth)}
	}
	if ref, ok := modelRef(v); ok {
		return w.model(ref, func() (any, bool, error) { return fromModel(v, w, depth) })
	}
	return fromModel(v, w, depth)
}

// fromModel is fromGo without the cycle check of lists and maps.
func fromModel(v any, w *goWalk, depth int) (out any, changed bool, err error) {
	switch x := v.(type) {
	case nil, bool, int64, string:
		return v, false, nil
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, false, &GoValueError{"", fmt.Errorf("is %v, which JSON cannot encode", x)}
		}
		return v, false, nil
	case []any:
		var cp []any
		for i, e := range x {
			c, ch, err := fromGo(e, w, depth+1)
			if err != nil {
				return nil, false, under(err, strconv.Itoa(i))
			}
			if ch {
				if cp == nil {
					cp = slices.Clone(x)
				}
				cp[i] = c
			}
		}
		if cp == nil {
			return v, false, nil
		}
		return cp, true, nil
	case map[string]any:
		var cp map[string]any
		for k, e := range x {
			c, ch, err := fromGo(e, w, depth+1)
			if err != nil {
				return nil, false, under(err, k)
			}
			if ch {
				if cp == nil {
					cp = maps.Clone(x)
				}
				cp[k] = c
			}
		}
		if cp == nil {
			return v, false, nil
		}
		return cp, true, nil
	case *Map:
		if x == nil {
			return nil, true, nil
		}
		var cp *Map
		for i, k := range x.keys {
			c, ch, err := fromGo(x.vals[k], w, depth+1)
			if err != nil {
				return nil, false, under(err, k)
			}
			if ch {
				if cp == nil {
					cp = &Map{keys: slices.Clone(x.keys), vals: maps.Clone(x.vals)}
				}
				cp.vals[x.keys[i]] = c
			}
		}
		if cp == nil {
			return v, false, nil
		}
		return cp, true, nil
	case json.Number:
		n, err := parseJSONNumber(string(x))
		if err != nil {
			return nil, false, &GoValueError{"", fmt.Errorf("is json.Number(%q), not a finite number", clip(string(x)))}
		}
		return n, true, nil
	case dropper:
		c, _, err := fromGo(x.ToLiquid(), w, depth+1)
		return c, true, err
	}
	c, err := viaJSON(v, w)
	return c, true, err
}

// viaJSON converts a Go value by marshalling it with encoding/json, nil
// slices and maps first made empty, and decoding the JSON.
func viaJSON(v any, w *goWalk) (any, error) {
	rv := reflect.ValueOf(v)
	has, err := w.holdsNil(rv, 0)
	if err != nil {
		return nil, err
	}
	if has {
		v = w.emptyNils(rv).Interface()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, &GoValueError{"", marshalError(err)}
	}
	c, err := decodeValid(b)
	if err != nil {
		// json.Marshal writes valid JSON; only nesting beyond the decoder's
		// bound fails here.
		return nil, &GoValueError{"", fmt.Errorf("cannot be read back from JSON: %w", err)}
	}
	return c, nil
}

// marshalError words an encoding/json error for a *GoValueError.
func marshalError(err error) error {
	var te *json.UnsupportedTypeError
	var ve *json.UnsupportedValueError
	switch {
	case errors.As(err, &te):
		return fmt.Errorf("holds a Go %s, which has no JSON form", te.Type)
	case errors.As(err, &ve):
		return fmt.Errorf("holds a value JSON cannot encode (%s)", ve.Str)
	}
	return fmt.Errorf("cannot be written as JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// GoObjectHint explains, for a context_invalid error's detail, how
// encoding/json named the fields of a Go struct v (or a pointer to one)
// whose object, converted (FromGo's result for v), does not fit a schema:
// it names v's Go type and the keys its fields became, and, when every key
// is a Go field name, says that the struct has no json tags. It returns ""
// for a value that is not a Go struct.
func GoObjectHint(v, converted any) string {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	m, ok := converted.(*Map)
	if t == nil || t.Kind() != reflect.Struct || !ok {
		return ""
	}
	keys := m.Keys()
	if len(keys) == 0 {
		return fmt.Sprintf("The Go value is a %s, whose JSON object has no keys: encoding/json writes only exported fields.", t)
	}
	goNames := true
	for _, k := range keys {
		if f, ok := t.FieldByName(k); !ok || f.Name != k {
			goNames = false
		}
	}
	shown := keys
	if len(shown) > 8 {
		shown = shown[:8]
	}
	quoted := make([]string, len(shown))
	for i, k := range shown {
		quoted[i] = strconv.Quote(k)
	}
	list := strings.Join(quoted, ", ")
	if len(shown) < len(keys) {
		list += ", …"
	}
	if goNames {
		return fmt.Sprintf("The Go value is a %s, whose fields have no json tags, so encoding/json names them by their Go names: %s. Tag each field with the name the schema declares (`json:\"identifier\"`).", t, list)
	}
	return fmt.Sprintf("The Go value is a %s, which encoding/json writes with the keys %s: each field is named by its json tag, else its Go name.", t, list)
}
