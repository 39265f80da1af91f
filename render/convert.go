package render

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
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

// leadingInt is Ruby's String#to_i: optional sign and leading digits
// (underscores between digits allowed), 0 when there are none. Beyond
// int64 it saturates (see leadingBigInt).
func leadingInt(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	i, neg := 0, false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	var n int64
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if n > (math.MaxInt64-int64(c-'0'))/10 {
			break // saturate rather than overflow
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n
}

// decimal returns the exact decimal value of a number, as Ruby's BigDecimal
// sees a float (through its shortest printed form).
func decimal(v any) *big.Rat {
	switch x := v.(type) {
	case int64:
		return new(big.Rat).SetInt64(x)
	case float64:
		r, ok := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
		if !ok {
			return new(big.Rat)
		}
		return r
	}
	return new(big.Rat)
}

// maxGoDepth bounds how deeply FromGo follows nested Go values; a value
// that nests deeper, a cyclic one included, is an error.
const maxGoDepth = 1000

// FromGo returns a Go value in the value model, as encoding/json would
// present it to a JavaScript reader, so that data from a runner's own types
// is validated and rendered exactly like the same data decoded from JSON:
//
//   - a struct becomes an object (*Map, in field order) of its exported
//     fields, each named by its liquid tag, else its json tag, else its Go
//     name; a field tagged "-" is left out, omitempty leaves out a false,
//     0, "", nil or empty value, omitzero a zero one, and ",string" writes
//     a number or boolean as a string; the fields of an untagged embedded
//     struct are promoted unless the outer struct has a field of that name;
//   - a pointer or interface is the value it holds, nil is null;
//   - a map with string, integer or encoding.TextMarshaler keys becomes an
//     object (map[string]any), a slice or array an array ([]any), a nil
//     slice null and a []byte a base64 string, as in JSON;
//   - every Go integer becomes int64 (a uint64 beyond it float64), every
//     float float64, a json.Number either;
//   - time.Time stays a date, which prints and validates as a string;
//   - a value with ToLiquid (osteele/liquid's Drop) becomes what ToLiquid
//     returns; one implementing json.Marshaler becomes the JSON it writes;
//     one implementing encoding.TextMarshaler its text.
//
// Values already in the model are returned as they are, without copying.
// A channel, function or complex number has no JSON form, and is an error
// naming its JSON pointer, as is nesting deeper than 1000 levels.
func FromGo(v any) (any, error) {
	out, _, err := fromGo(v, 0)
	return out, err
}

// fromGoVars converts the values of a rendering context, copying vars only
// when a value changed.
func fromGoVars(vars map[string]any) (map[string]any, error) {
	var out map[string]any
	for k, v := range vars {
		c, changed, err := fromGo(v, 0)
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

// fromGo converts v; changed reports that the result is not v itself.
func fromGo(v any, depth int) (out any, changed bool, err error) {
	if depth > maxGoDepth {
		return nil, false, &GoValueError{"", fmt.Errorf("is nested more than %d deep (is it cyclic?)", maxGoDepth)}
	}
	switch x := v.(type) {
	case nil, bool, int64, float64, string, time.Time:
		return v, false, nil
	case []any:
		var cp []any
		for i, e := range x {
			c, ch, err := fromGo(e, depth+1)
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
			c, ch, err := fromGo(e, depth+1)
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
			c, ch, err := fromGo(x.vals[k], depth+1)
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
		return parseJSONNumber(string(x)), true, nil
	case dropper:
		c, _, err := fromGo(x.ToLiquid(), depth+1)
		return c, true, err
	}
	c, err := fromReflect(reflect.ValueOf(v), depth)
	return c, true, err
}

func fromReflect(rv reflect.Value, depth int) (any, error) {
	if depth > maxGoDepth {
		return nil, &GoValueError{"", fmt.Errorf("is nested more than %d deep (is it cyclic?)", maxGoDepth)}
	}
	if !rv.IsValid() {
		return nil, nil
	}
	t := rv.Type()
	if t == reflect.TypeFor[time.Time]() {
		return rv.Interface(), nil
	}
	if (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && rv.IsNil() {
		return nil, nil
	}
	if rv.Kind() == reflect.Pointer && t.Elem() == reflect.TypeFor[time.Time]() {
		return rv.Elem().Interface(), nil
	}
	if rv.CanInterface() {
		if d, ok := rv.Interface().(dropper); ok {
			c, _, err := fromGo(d.ToLiquid(), depth+1)
			return c, err
		}
	}
	if t.Implements(reflect.TypeFor[json.Marshaler]()) && rv.CanInterface() {
		b, err := rv.Interface().(json.Marshaler).MarshalJSON()
		if err != nil {
			return nil, &GoValueError{"", fmt.Errorf("cannot be written as JSON: %w", err)}
		}
		c, err := DecodeJSON(b)
		if err != nil {
			return nil, &GoValueError{"", fmt.Errorf("wrote invalid JSON: %w", err)}
		}
		return c, nil
	}
	if t.Implements(reflect.TypeFor[encoding.TextMarshaler]()) && rv.CanInterface() {
		b, err := rv.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return nil, &GoValueError{"", fmt.Errorf("cannot be written as text: %w", err)}
		}
		return string(b), nil
	}
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		return fromReflect(rv.Elem(), depth+1)
	case reflect.Bool:
		return rv.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int(), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintValue(rv.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return rv.Float(), nil
	case reflect.String:
		return rv.String(), nil
	case reflect.Slice:
		if rv.IsNil() {
			return nil, nil
		}
		if t.Elem().Kind() == reflect.Uint8 && !t.Elem().Implements(reflect.TypeFor[json.Marshaler]()) && !t.Elem().Implements(reflect.TypeFor[encoding.TextMarshaler]()) {
			return base64.StdEncoding.EncodeToString(rv.Bytes()), nil
		}
		fallthrough
	case reflect.Array:
		out := make([]any, rv.Len())
		for i := range out {
			c, err := fromElem(rv.Index(i), depth+1)
			if err != nil {
				return nil, under(err, strconv.Itoa(i))
			}
			out[i] = c
		}
		return out, nil
	case reflect.Map:
		if rv.IsNil() {
			return nil, nil
		}
		out := make(map[string]any, rv.Len())
		it := rv.MapRange()
		for it.Next() {
			k, err := mapKey(it.Key())
			if err != nil {
				return nil, &GoValueError{"", err}
			}
			c, err := fromElem(it.Value(), depth+1)
			if err != nil {
				return nil, under(err, k)
			}
			out[k] = c
		}
		return out, nil
	case reflect.Struct:
		m := NewMap()
		if err := structFields(m, rv, depth, map[string]bool{}); err != nil {
			return nil, err
		}
		return m, nil
	}
	return nil, &GoValueError{"", fmt.Errorf("has Go type %s, which has no JSON form", t)}
}

// fromElem converts an element of a Go container, taking the fast path
// for model values.
func fromElem(rv reflect.Value, depth int) (any, error) {
	if rv.Kind() == reflect.Interface && !rv.IsNil() {
		rv = rv.Elem()
	}
	if rv.CanInterface() {
		c, _, err := fromGo(rv.Interface(), depth)
		return c, err
	}
	return fromReflect(rv, depth)
}

// mapKey names a map key as encoding/json does.
func mapKey(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		b, err := tm.MarshalText()
		return string(b), err
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	return "", fmt.Errorf("is a map with %s keys, which has no JSON form", k.Type())
}

// structFields adds the fields of struct rv to m. taken holds the names the
// outer structs defined, which promoted fields do not override.
func structFields(m *Map, rv reflect.Value, depth int, taken map[string]bool) error {
	t := rv.Type()
	var embedded []reflect.Value
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, tagged := fieldTag(f)
		if name == "-" && tagged {
			continue
		}
		fv := rv.Field(i)
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if fv.Kind() == reflect.Pointer {
					if fv.IsNil() {
						continue
					}
					fv = fv.Elem()
				}
				embedded = append(embedded, fv)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if taken[name] {
			continue
		}
		if (opts.omitEmpty && isEmptyField(fv)) || (opts.omitZero && fv.IsZero()) {
			continue
		}
		c, err := fromElem(fv, depth+1)
		if err != nil {
			return under(err, name)
		}
		if opts.asString {
			switch x := c.(type) {
			case int64, float64, bool:
				c = toString(x)
			}
		}
		m.Set(name, c)
	}
	if len(embedded) == 0 {
		return nil
	}
	outer := maps.Clone(taken)
	for _, k := range m.keys {
		outer[k] = true
	}
	for _, e := range embedded {
		if err := structFields(m, e, depth+1, outer); err != nil {
			return err
		}
	}
	return nil
}

type fieldOpts struct{ omitEmpty, omitZero, asString bool }

// fieldTag reads a field's liquid tag, else its json tag: the name (""
// when the tag gives none) and the options.
func fieldTag(f reflect.StructField) (name string, opts fieldOpts, tagged bool) {
	tag, ok := f.Tag.Lookup("liquid")
	if !ok {
		tag, ok = f.Tag.Lookup("json")
	}
	if !ok {
		return "", opts, false
	}
	name, rest, _ := strings.Cut(tag, ",")
	for rest != "" {
		var o string
		o, rest, _ = strings.Cut(rest, ",")
		switch o {
		case "omitempty":
			opts.omitEmpty = true
		case "omitzero":
			opts.omitZero = true
		case "string":
			opts.asString = true
		}
	}
	return name, opts, true
}

// isEmptyField is encoding/json's test for omitempty.
func isEmptyField(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
