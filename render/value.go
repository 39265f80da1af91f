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
	"unicode/utf8"
)

// The value model. Templates see these Go types:
//
//	nil, bool, int64, float64, string   scalars (other Go ints and floats are
//	                                    widened where they are read)
//	*big.Int                            an integer beyond int64 (Ruby's Bignum)
//	[]any                               arrays
//	*Map, map[string]any                objects (*Map keeps insertion order)
//	time.Time                           dates
//	rangeValue                          a literal range (1..5), iterated lazily
//
// A strict template's data is converted to these types first (FromGo); in
// compat mode, Go slices, maps and structs of other types are read through
// reflection, and values implementing ToLiquid() (osteele/liquid's Drop)
// are converted first. Every operation follows Shopify Liquid (Ruby) semantics.

// rangeValue is an inclusive integer range, as written (a..b). lo and hi
// are its ends within int64 (an end beyond it saturates there). wide keeps
// the exact ends of a range with an end beyond int64 (Ruby's Bignums):
// what reads the range (printing, first, last, size, equality, contains)
// and its items (at, for every loop and list made of it) read those.
type rangeValue struct {
	lo, hi int64
	wide   *[2]*big.Int
}

// newRange makes the range lo..hi of two integers, each an int64 or a
// *big.Int.
func newRange(lo, hi any) rangeValue {
	r := rangeValue{lo: saturated(lo), hi: saturated(hi)}
	_, wideLo := lo.(*big.Int)
	_, wideHi := hi.(*big.Int)
	if wideLo || wideHi {
		r.wide = &[2]*big.Int{bigOf(lo), bigOf(hi)}
	}
	return r
}

// saturated is an integer (int64 or *big.Int) clamped to int64.
func saturated(n any) int64 {
	if b, ok := n.(*big.Int); ok {
		return clampInt(b)
	}
	return n.(int64)
}

// bigOf is an integer (int64 or *big.Int) as a *big.Int.
func bigOf(n any) *big.Int {
	if b, ok := n.(*big.Int); ok {
		return b
	}
	return big.NewInt(n.(int64))
}

// first and last are the range's exact ends: an int64, or a *big.Int
// beyond it.
func (r rangeValue) first() any {
	if r.wide != nil {
		return bigInteger(r.wide[0])
	}
	return r.lo
}

func (r rangeValue) last() any {
	if r.wide != nil {
		return bigInteger(r.wide[1])
	}
	return r.hi
}

// count is the exact number of the range's items, as Ruby's Range#size.
func (r rangeValue) count() any {
	if r.wide == nil && (r.hi < r.lo || r.len() < math.MaxInt64) {
		return r.len()
	}
	n := new(big.Int).Sub(bigOf(r.last()), bigOf(r.first()))
	if n.Sign() < 0 {
		return int64(0)
	}
	return bigInteger(n.Add(n, big.NewInt(1)))
}

// at is the range's item i (from 0, below len): an int64, or a *big.Int
// beyond it.
func (r rangeValue) at(i int64) any {
	if r.wide == nil {
		return r.lo + i
	}
	lo := r.wide[0]
	if lo.IsInt64() && lo.Int64() <= math.MaxInt64-i {
		return lo.Int64() + i
	}
	var d big.Int
	d.SetInt64(i)
	// Each item in one allocation with its words, where they are few (a
	// loop makes a million of them): lo+i has the words of lo below zero
	// (a subtraction of magnitudes), one more above.
	switch n := len(lo.Bits()); {
	case lo.Sign() < 0 && n <= 2:
		z := &bigWords2{}
		z.n.SetBits(z.w[:0])
		return bigInteger(z.n.Add(lo, &d))
	case n <= 2:
		z := &bigWords3{}
		z.n.SetBits(z.w[:0])
		return bigInteger(z.n.Add(lo, &d))
	}
	return bigInteger(new(big.Int).Add(lo, &d))
}

// bigWords2 and bigWords3 are a big integer with room for two and three
// words, allocated together.
type (
	bigWords2 struct {
		n big.Int
		w [2]big.Word
	}
	bigWords3 struct {
		n big.Int
		w [3]big.Word
	}
)

// itemBytes is what each item of the range takes beyond its place in a
// list: nothing for an int64, a big.Int and its words beyond.
func (r rangeValue) itemBytes() int64 {
	if r.wide == nil {
		return 0
	}
	return 32 + 8*int64(max(len(r.wide[0].Bits()), len(r.wide[1].Bits())))
}

// String is the range as Liquid prints it, lo..hi.
func (r rangeValue) String() string {
	if r.wide != nil {
		return r.wide[0].String() + ".." + r.wide[1].String()
	}
	return strconv.FormatInt(r.lo, 10) + ".." + strconv.FormatInt(r.hi, 10)
}

// equal reports whether two ranges have the same ends.
func (r rangeValue) equal(o rangeValue) bool {
	if r.wide == nil && o.wide == nil {
		return r.lo == o.lo && r.hi == o.hi
	}
	return bigOf(r.first()).Cmp(bigOf(o.first())) == 0 && bigOf(r.last()).Cmp(bigOf(o.last())) == 0
}

// bigInteger is n as the value model holds an integer: an int64 when it
// fits, the *big.Int otherwise.
func bigInteger(n *big.Int) any {
	if n.IsInt64() {
		return n.Int64()
	}
	return n
}

// len is the number of the range's items, saturated at int64's largest
// (count is exact).
func (r rangeValue) len() int64 {
	if r.wide != nil {
		n, ok := r.count().(int64)
		if !ok {
			return math.MaxInt64
		}
		return n
	}
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
	case nil, bool, int64, float64, string, []any, map[string]any, *Map, time.Time, rangeValue, *big.Int:
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
	case nil, string, int64, float64, bool, []any, time.Time, *big.Int, rangeValue:
		return false // (a *big.Int is an integer beyond int64, not a struct)
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
		for i := range n {
			out = append(out, x.at(i))
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
	case nil, string, *Map, map[string]any, *big.Int:
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
		return int64(utf8.RuneCountInString(x)) // as len([]rune(x)), without making it
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
		return x.len() // at most int64's largest: count is exact
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return int64(rv.Len())
	}
	return 0
}
