package render

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The value model. Templates see these Go types:
//
//	nil, bool, int64, float64, string   scalars (other Go ints and floats are
//	                                    widened where they are read)
//	[]any                               arrays
//	*Map, map[string]any                objects (*Map keeps insertion order)
//	time.Time                           dates
//	rangeValue                          a literal range (1..5), iterated lazily
//
// Go slices, maps and structs of other types are read through reflection,
// and values implementing ToLiquid() (osteele/liquid's Drop) are converted
// first. Every operation follows Shopify Liquid (Ruby) semantics.

// rangeValue is an inclusive integer range, as written (a..b).
type rangeValue struct{ lo, hi int64 }

func (r rangeValue) len() int64 {
	if r.hi < r.lo {
		return 0
	}
	n := uint64(r.hi) - uint64(r.lo) + 1
	if n == 0 || n > math.MaxInt64 {
		return math.MaxInt64 // (MinInt64..MaxInt64) has more items than int64 counts
	}
	return int64(n)
}

// blankValue and emptyValue are the keywords blank and empty. Compared
// with ==, they test whether the other side is blank or empty; used as
// values, they are the empty string.
type (
	blankValue struct{}
	emptyValue struct{}
)

// dropper is osteele/liquid's Drop interface: a Go value that presents a
// different value to templates.
type dropper interface{ ToLiquid() any }

// normalize converts a Go value to the model: widening numbers and
// unwrapping drops. It leaves containers as they are.
func normalize(v any) any {
	switch x := v.(type) {
	case nil, bool, int64, float64, string, []any, map[string]any, *Map, time.Time, rangeValue:
		return v
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case int16:
		return int64(x)
	case int8:
		return int64(x)
	case uint:
		return uintValue(uint64(x))
	case uint64:
		return uintValue(x)
	case uint32:
		return int64(x)
	case uint16:
		return int64(x)
	case uint8:
		return int64(x)
	case float32:
		return float64(x)
	case blankValue, emptyValue:
		return ""
	case dropper:
		return normalize(x.ToLiquid())
	case fmt.Stringer:
		if _, isTime := v.(time.Time); !isTime && !isContainer(v) {
			return x.String()
		}
	}
	return v
}

func uintValue(u uint64) any {
	if u > math.MaxInt64 {
		return float64(u)
	}
	return int64(u)
}

func isContainer(v any) bool {
	switch reflect.ValueOf(v).Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct, reflect.Pointer:
		return true
	}
	return false
}

// truthy is Liquid truthiness: only nil and false are false.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	}
	return true
}

// toString renders a value as Liquid prints it.
func toString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return formatFloat(x)
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	var b strings.Builder
	budget := maxValueNodes
	writeValue(&b, v, &budget)
	return b.String()
}

// maxValueNodes bounds how many nested values printing and comparing visit,
// so that a Go value that contains itself (or a huge graph) cannot recurse
// forever or take exponential time.
const maxValueNodes = 10_000

// writeValue appends the printed form of v to b.
func writeValue(b *strings.Builder, v any, depth *int) {
	if *depth <= 0 {
		b.WriteString("…")
		return
	}
	*depth--
	switch x := normalize(v).(type) {
	case nil:
	case string:
		b.WriteString(x)
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(formatFloat(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case []any:
		// Ruby's Array#join flattens nested arrays.
		for _, e := range x {
			writeValue(b, e, depth)
		}
	case rangeValue:
		fmt.Fprintf(b, "%d..%d", x.lo, x.hi)
	case time.Time:
		b.WriteString(x.Format("2006-01-02 15:04:05 -0700"))
	case *Map, map[string]any:
		writeHash(b, x, depth)
	default:
		rv := reflect.ValueOf(x)
		switch rv.Kind() {
		case reflect.Slice, reflect.Array:
			for i := 0; i < rv.Len(); i++ {
				writeValue(b, rv.Index(i).Interface(), depth)
			}
		case reflect.Map, reflect.Struct:
			writeHash(b, x, depth)
		case reflect.Pointer:
			if rv.IsNil() {
				return
			}
			writeValue(b, rv.Elem().Interface(), depth)
		default:
			fmt.Fprint(b, x)
		}
	}
}

// writeHash prints an object the way Ruby prints a Hash: {"a" => 1}.
func writeHash(b *strings.Builder, v any, depth *int) {
	b.WriteByte('{')
	for i, kv := range pairs(v) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(kv.key))
		b.WriteString(" => ")
		inspect(b, kv.val, depth)
	}
	b.WriteByte('}')
}

func inspect(b *strings.Builder, v any, depth *int) {
	if *depth <= 0 {
		b.WriteString("…")
		return
	}
	*depth--
	switch x := normalize(v).(type) {
	case nil:
		b.WriteString("nil")
	case string:
		b.WriteString(strconv.Quote(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, e, depth)
		}
		b.WriteByte(']')
	case *Map, map[string]any:
		writeHash(b, x, depth)
	default:
		writeValue(b, x, depth)
	}
}

// formatFloat prints a float as Ruby's Float#to_s does: the shortest
// representation that round-trips, always with a fractional part, and in
// scientific notation from 1e16 up and below 1e-4.
func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	abs := math.Abs(f)
	if abs != 0 && (abs >= 1e16 || abs < 1e-4) {
		s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+16, 1.5e-05
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		sign := exp[0]
		digits := exp[1:]
		if len(digits) < 2 {
			digits = "0" + digits
		}
		return mant + "e" + string(sign) + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// kv is one entry of an object.
type kv struct {
	key string
	val any
}

// pairs returns an object's entries: *Map in insertion order, other maps
// sorted by key (Go maps have no order, and output must be deterministic),
// structs in field order.
func pairs(v any) []kv {
	switch x := v.(type) {
	case *Map:
		if x == nil {
			return nil
		}
		out := make([]kv, len(x.keys))
		for i, k := range x.keys {
			out[i] = kv{k, x.vals[k]}
		}
		return out
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make([]kv, len(keys))
		for i, k := range keys {
			out[i] = kv{k, x[k]}
		}
		return out
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Map:
		keys := rv.MapKeys()
		out := make([]kv, 0, len(keys))
		for _, k := range keys {
			out = append(out, kv{fmt.Sprint(k.Interface()), rv.MapIndex(k).Interface()})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
		return out
	case reflect.Struct:
		t := rv.Type()
		var out []kv
		for i := 0; i < t.NumField(); i++ {
			if name, ok := fieldName(t.Field(i)); ok {
				out = append(out, kv{name, rv.Field(i).Interface()})
			}
		}
		return out
	}
	return nil
}

// isObject reports whether v is a map or struct.
func isObject(v any) bool {
	switch v.(type) {
	case *Map, map[string]any:
		return true
	case nil, string, int64, float64, bool, []any, time.Time:
		return false
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	return rv.Kind() == reflect.Map || rv.Kind() == reflect.Struct && rv.Type() != reflect.TypeOf(time.Time{})
}

// fieldName is the name a struct field has in templates: its liquid tag,
// else its json tag, else its Go name. Unexported and "-" fields are hidden.
func fieldName(f reflect.StructField) (string, bool) {
	if !f.IsExported() {
		return "", false
	}
	for _, tag := range []string{"liquid", "json"} {
		if t, ok := f.Tag.Lookup(tag); ok {
			name, _, _ := strings.Cut(t, ",")
			if name == "-" {
				return "", false
			}
			if name != "" {
				return name, true
			}
		}
	}
	return f.Name, true
}

// toList returns the items a for loop visits: arrays as they are, objects as
// [key, value] pairs, a non-empty string as itself, a range as its numbers.
// Anything else has no items.
func toList(v any) []any {
	switch x := normalize(v).(type) {
	case nil:
		return nil
	case []any:
		return x
	case string:
		if x == "" {
			return nil
		}
		return []any{x}
	case rangeValue:
		n := x.len()
		out := make([]any, 0, min(n, 1<<20))
		for i := x.lo; i <= x.hi; i++ {
			out = append(out, i)
		}
		return out
	case *Map, map[string]any:
		ps := pairs(x)
		out := make([]any, len(ps))
		for i, p := range ps {
			out[i] = []any{p.key, p.val}
		}
		return out
	default:
		rv := reflect.ValueOf(x)
		switch rv.Kind() {
		case reflect.Slice, reflect.Array:
			out := make([]any, rv.Len())
			for i := range out {
				out[i] = rv.Index(i).Interface()
			}
			return out
		case reflect.Map, reflect.Struct, reflect.Pointer:
			if isObject(x) {
				ps := pairs(x)
				out := make([]any, len(ps))
				for i, p := range ps {
					out[i] = []any{p.key, p.val}
				}
				return out
			}
		}
	}
	return nil
}

// isArray reports whether v is an array-like value (not a string).
func isArray(v any) bool {
	switch v.(type) {
	case []any, rangeValue:
		return true
	case nil, string, *Map, map[string]any:
		return false
	}
	k := reflect.ValueOf(v).Kind()
	return k == reflect.Slice || k == reflect.Array
}

// size is Liquid's size: string length in characters, array and object
// length, 0 otherwise.
func size(v any) int64 {
	switch x := normalize(v).(type) {
	case string:
		return int64(len([]rune(x)))
	case []any:
		return int64(len(x))
	case *Map:
		if x == nil {
			return 0
		}
		return int64(len(x.keys))
	case map[string]any:
		return int64(len(x))
	case rangeValue:
		return x.len()
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return int64(rv.Len())
	}
	return 0
}

// isBlank is Ruby's blank?: nil, false, whitespace-only strings and empty
// collections.
func isBlank(v any) bool {
	switch x := normalize(v).(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return strings.TrimSpace(x) == ""
	case int64, float64:
		return false
	}
	if isArray(v) || isObject(v) {
		return size(v) == 0
	}
	return false
}

// isEmpty is Ruby's empty?: empty strings and collections; other values
// have no empty? and compare false.
func isEmpty(v any) bool {
	switch x := normalize(v).(type) {
	case string:
		return x == ""
	case nil, bool, int64, float64:
		return false
	}
	if isArray(v) || isObject(v) {
		return size(v) == 0
	}
	return false
}

// equal is Liquid's ==.
func equal(a, b any) bool {
	budget := maxValueNodes
	return equalDepth(a, b, &budget)
}

func equalDepth(a, b any, depth *int) bool {
	if *depth <= 0 {
		return false
	}
	*depth--
	if samePointer(a, b) {
		return true
	}
	switch a.(type) {
	case blankValue:
		return isBlank(b) && !isKeyword(b)
	case emptyValue:
		return isEmpty(b) && !isKeyword(b)
	}
	switch b.(type) {
	case blankValue:
		return isBlank(a) && !isKeyword(a)
	case emptyValue:
		return isEmpty(a) && !isKeyword(a)
	}
	a, b = normalize(a), normalize(b)
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
		return false
	case rangeValue:
		y, ok := b.(rangeValue)
		return ok && x == y
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	}
	if isArray(a) {
		if !isArray(b) {
			return false
		}
		xs, ys := toList(a), toList(b)
		if len(xs) != len(ys) {
			return false
		}
		for i := range xs {
			if !equalDepth(xs[i], ys[i], depth) {
				return false
			}
		}
		return true
	}
	if isObject(a) {
		if !isObject(b) {
			return false
		}
		xs, ys := pairs(a), pairs(b)
		if len(xs) != len(ys) {
			return false
		}
		m := make(map[string]any, len(ys))
		for _, p := range ys {
			m[p.key] = p.val
		}
		for _, p := range xs {
			v, ok := m[p.key]
			if !ok || !equalDepth(p.val, v, depth) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// samePointer reports whether a and b are the same non-nil pointer.
func samePointer(a, b any) bool {
	ra, rb := reflect.ValueOf(a), reflect.ValueOf(b)
	return ra.Kind() == reflect.Pointer && rb.Kind() == reflect.Pointer && !ra.IsNil() && ra.Pointer() == rb.Pointer() && ra.Type() == rb.Type()
}

func isKeyword(v any) bool {
	switch v.(type) {
	case blankValue, emptyValue:
		return true
	}
	return false
}

// orderable reports whether Ruby's <, >, <=, >= exist on v.
func orderable(v any) bool {
	switch v.(type) {
	case int64, float64, string, time.Time:
		return true
	}
	return false
}

// compare is Liquid's <, >, <=, >= (op). ok is false when either side has no
// ordering (the condition is then false); err is set when both do but
// cannot be compared (a string with a number), as in Ruby.
func compare(op string, a, b any) (result bool, err error) {
	a, b = normalize(a), normalize(b)
	if !orderable(a) || !orderable(b) {
		return false, nil
	}
	c, err := cmp3(a, b)
	if err != nil {
		return false, err
	}
	switch op {
	case "<":
		return c < 0, nil
	case ">":
		return c > 0, nil
	case "<=":
		return c <= 0, nil
	case ">=":
		return c >= 0, nil
	}
	return false, fmt.Errorf("unknown operator %q", op)
}

// cmp3 orders two values of comparable types; err for mixed types.
func cmp3(a, b any) (int, error) {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmpOrdered(x, y), nil
		case float64:
			return cmpFloat(float64(x), y), nil
		}
	case float64:
		switch y := b.(type) {
		case int64:
			return cmpFloat(x, float64(y)), nil
		case float64:
			return cmpFloat(x, y), nil
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), nil
		}
	case time.Time:
		if y, ok := b.(time.Time); ok {
			return x.Compare(y), nil
		}
	}
	return 0, fmt.Errorf("comparison of %s with %s failed", rubyClass(a), rubyInspect(b))
}

func cmpOrdered[T int64 | string](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// rubyClass names a value's type as Ruby's error messages do.
func rubyClass(v any) string {
	switch v.(type) {
	case nil:
		return "NilClass"
	case bool:
		return "Boolean"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case string:
		return "String"
	case time.Time:
		return "Time"
	}
	if isArray(v) {
		return "Array"
	}
	if isObject(v) {
		return "Hash"
	}
	return fmt.Sprintf("%T", v)
}

func rubyInspect(v any) string {
	var b strings.Builder
	budget := 1000
	inspect(&b, v, &budget)
	if b.Len() > 40 {
		return rubyClass(v)
	}
	return b.String()
}

// contains is Liquid's contains: substring for strings, membership for
// arrays, key presence for objects.
func contains(a, b any) bool {
	a, b = normalize(a), normalize(b)
	if !truthy(a) || !truthy(b) {
		return false // Liquid: nil or false on either side never contains
	}
	switch x := a.(type) {
	case string:
		return strings.Contains(x, toString(b))
	case *Map:
		k, ok := b.(string)
		if !ok || x == nil {
			return false
		}
		_, ok = x.vals[k]
		return ok
	case map[string]any:
		k, ok := b.(string)
		if !ok {
			return false
		}
		_, ok = x[k]
		return ok
	}
	if isArray(a) {
		for _, e := range toList(a) {
			if equal(e, b) {
				return true
			}
		}
	}
	return false
}

// toInteger is Liquid's to_integer, used by loop limits and offsets.
func toInteger(v any) (int64, error) {
	switch x := normalize(v).(type) {
	case int64:
		return x, nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("invalid integer")
		}
		return int64(x), nil
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("invalid integer")
		}
		return n, nil
	case nil:
		return 0, fmt.Errorf("invalid integer")
	}
	return 0, fmt.Errorf("invalid integer")
}

// toNumber is Liquid's to_number for arithmetic filters: numbers as they
// are, strings that look like decimals as floats, other strings by their
// leading integer (Ruby's to_i), everything else 0.
func toNumber(v any) any {
	switch x := normalize(v).(type) {
	case int64, float64:
		return x
	case string:
		s := strings.TrimSpace(x)
		if isDecimal(s) {
			f, _ := strconv.ParseFloat(s, 64)
			return f
		}
		return leadingInt(s)
	}
	return int64(0)
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

// leadingInt is Ruby's String#to_i: optional sign and leading digits
// (underscores between digits allowed), 0 when there are none.
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
