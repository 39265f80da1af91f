package render

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
	"time"
)

// The conversions filters share. Shopify Liquid's filters are Ruby methods,
// and much of their behaviour is Ruby's: how a value becomes a string or an
// integer, what "the items of" a value are, and what value[property] means
// for each kind of value. These functions give shea's value model the same
// answers.

// maxFilterItems bounds the items a filter materializes from a range
// literal, so that (1..1000000000000) | join fails instead of exhausting
// memory.
const maxFilterItems = 1 << 22

// maxFilterDepth bounds how deeply filters descend into nested arrays and
// objects (flattening, JSON encoding), so that a cyclic Go value fails
// instead of recursing forever.
const maxFilterDepth = 1000

var errTooDeep = errors.New("value nested too deeply")

// fnorm is normalize for filters, which also treat a nil pointer (a nil
// *Map, a nil *struct) as nil.
func fnorm(v any) any {
	v = normalize(v)
	switch x := v.(type) {
	case nil, bool, int64, float64, string, []any, map[string]any, time.Time, rangeValue:
		return v
	case *Map:
		if x == nil {
			return nil
		}
		return v
	}
	if rv := reflect.ValueOf(v); (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Map || rv.Kind() == reflect.Slice) && rv.IsNil() {
		return nil
	}
	return v
}

// strOf is the string a filter sees for a value (Liquid's Utils.to_s): as
// printed, except that arrays read as Ruby's inspect form (["a", 1, nil]),
// not joined, and a range as lo..hi. Objects print as Ruby hashes
// ({"a" => 1}). Self-containing values print "[...]" where they recur
// too deeply.
func strOf(v any) string {
	switch x := fnorm(v).(type) {
	case nil:
		return ""
	case string:
		return x
	case int64, float64, bool, *big.Int:
		return toString(x)
	}
	var b strings.Builder
	writeInspect(&b, v, 0, false)
	return b.String()
}

// writeInspect writes v as strOf shows it (quoted says whether a string is
// written as Ruby's inspect would, nested in an array or object).
func writeInspect(b stringWriter, v any, depth int, quoted bool) {
	v = fnorm(v)
	if depth > maxFilterDepth {
		b.WriteString("[...]")
		return
	}
	switch x := v.(type) {
	case nil:
		if quoted {
			b.WriteString("nil")
		}
		return
	case string:
		if quoted {
			writeRubyQuoted(b, x)
		} else {
			b.WriteString(x)
		}
		return
	case rangeValue:
		b.WriteString(x.String())
		return
	case int64, float64, bool, time.Time, *big.Int:
		b.WriteString(toString(x))
		return
	}
	switch {
	case isArray(v):
		b.WriteByte('[')
		for i, e := range toList(v) {
			if i > 0 {
				b.WriteString(", ")
			}
			writeInspect(b, e, depth+1, true)
		}
		b.WriteByte(']')
	case isObject(v):
		b.WriteByte('{')
		for i, p := range pairs(v) {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRubyQuoted(b, p.key)
			b.WriteString("=>")
			writeInspect(b, p.val, depth+1, true)
		}
		b.WriteByte('}')
	default:
		b.WriteString(toString(v))
	}
}

// rubyInteger is Liquid's Utils.to_integer: integers as they are, anything
// else through its string form and Ruby's Integer(), which accepts
// surrounding whitespace, a sign, 0x/0b/0o/0 prefixes and underscores
// between digits, and nothing else (so 2.5 and nil are errors).
func rubyInteger(v any) (int64, error) {
	if n, ok := fnorm(v).(int64); ok {
		return n, nil
	}
	if n, ok := fnorm(v).(*big.Int); ok {
		return clampInt(n), nil // saturates, as parseRubyInteger does
	}
	if !scalar(v) {
		// The inspect form of a collection is never an integer.
		return 0, errors.New("invalid integer")
	}
	n, ok := parseRubyInteger(strOf(v))
	if !ok {
		return 0, errors.New("invalid integer")
	}
	return n, nil
}

// rubyLong is rubyInteger for an argument Ruby converts to a C long: an
// integer beyond int64 is an error (Ruby's RangeError), where rubyInteger
// saturates.
func rubyLong(v any, filter string) (int64, error) {
	if n, ok := fnorm(v).(*big.Int); ok && !n.IsInt64() {
		return 0, fmt.Errorf("integer %s too big for %s", n, filter)
	}
	if s, ok := fnorm(v).(string); ok {
		// A string of a number beyond int64 (in any base) saturates in
		// parseRubyInteger; Ruby reads a Bignum, too big here.
		if _, ok, over := parseRubyIntegerExact(s); ok && over {
			return 0, fmt.Errorf("integer %s too big for %s", strings.Trim(s, rubySpace), filter)
		}
	}
	return rubyInteger(v)
}

// parseRubyInteger parses s as Ruby's Integer(s) does. Values beyond int64
// saturate.
func parseRubyInteger(s string) (int64, bool) {
	n, ok, _ := parseRubyIntegerExact(s)
	return n, ok
}

// parseRubyIntegerExact is parseRubyInteger that also reports whether the
// number lies beyond int64 (over: n saturated).
func parseRubyIntegerExact(s string) (n int64, ok, over bool) {
	s = strings.Trim(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	base := 10
	if len(s) > 1 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, s = 16, s[2:]
		case 'b', 'B':
			base, s = 2, s[2:]
		case 'o', 'O':
			base, s = 8, s[2:]
		case 'd', 'D':
			base, s = 10, s[2:]
		case '_':
			base, s = 8, s[2:] // 0_17 is octal, but 0__17 and 0_ are not numbers
		case '0', '1', '2', '3', '4', '5', '6', '7':
			base, s = 8, s[1:]
		default:
			return 0, false, false
		}
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false, false
	}
	digits := strings.TrimLeft(strings.ReplaceAll(s, "_", ""), "0")
	if len(digits) > 64 {
		// Beyond int64 in any base: the result saturates, so the digits
		// need only be valid (converting them all is quadratic).
		for _, c := range digits {
			if d := digitValue(c); d < 0 || d >= base {
				return 0, false, false
			}
		}
		if neg {
			return math.MinInt64, true, true
		}
		return math.MaxInt64, true, true
	}
	b, ok := new(big.Int).SetString(strings.ReplaceAll(s, "_", ""), base)
	if !ok {
		return 0, false, false
	}
	if neg {
		b.Neg(b)
	}
	return clampInt(b), true, !b.IsInt64()
}

// digitValue is the value of a digit of bases up to 16, -1 for other runes.
func digitValue(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// clampInt converts n to int64, saturating.
func clampInt(n *big.Int) int64 {
	if n.IsInt64() {
		return n.Int64()
	}
	if n.Sign() < 0 {
		return math.MinInt64
	}
	return math.MaxInt64
}

// iterItems is Liquid's InputIterator, the items array filters work on:
// an array flattened (nested arrays are spliced in), an object as a
// one-item list, a range as its numbers, nil as no items, and any other
// value as a one-item list. The numbers of a range count against b's
// memory budget before they are made.
func iterItems(b *budget, v any) ([]any, error) {
	v = fnorm(v)
	switch x := v.(type) {
	case nil:
		return []any{}, nil
	case rangeValue:
		n := x.len()
		if n > maxFilterItems {
			return nil, fmt.Errorf("range %s has too many items (more than %d)", x, maxFilterItems)
		}
		// The items, each number boxed in an interface (8 bytes more, and
		// a big integer's own), and the array of as many items a filter
		// builds from them.
		if err := b.allocItems(2*n, (8+x.itemBytes())*n); err != nil {
			return nil, err
		}
		out := make([]any, 0, n)
		for i := range n {
			if (x.lo+i)&(workQuantum-1) == 0 {
				if err := b.spend(workQuantum); err != nil {
					return nil, err
				}
			}
			out = append(out, x.at(i))
		}
		return out, nil
	case []any:
		return flatten(x)
	}
	if isArray(v) {
		return flatten(toList(v))
	}
	return []any{v}, nil
}

// flatten splices nested arrays into one list, as Ruby's Array#flatten.
func flatten(items []any) ([]any, error) {
	nested := false
	for _, e := range items {
		if isNestedArray(e) {
			nested = true
			break
		}
	}
	if !nested {
		return items, nil
	}
	out := make([]any, 0, len(items))
	if err := appendFlat(&out, items, 0); err != nil {
		return nil, err
	}
	return out, nil
}

// isNestedArray reports whether flattening splices e: arrays do, ranges
// (which Ruby does not treat as arrays) do not.
func isNestedArray(e any) bool {
	e = fnorm(e)
	if _, isRange := e.(rangeValue); isRange {
		return false
	}
	return isArray(e)
}

func appendFlat(out *[]any, items []any, depth int) error {
	if depth > maxFilterDepth {
		return errTooDeep
	}
	for _, e := range items {
		if isNestedArray(e) {
			if err := appendFlat(out, toList(fnorm(e)), depth+1); err != nil {
				return err
			}
			continue
		}
		*out = append(*out, e)
	}
	return nil
}

// errPropertyType is Ruby's TypeError from value[property]; filters report
// it as propertyError.
var errPropertyType = errors.New("property type")

// propertyError is Liquid's message when value[property] is a type error.
func propertyError(prop any) error {
	return fmt.Errorf("cannot select the property '%s'", shortStrOf(prop))
}

// rubyIndex is Ruby's item[prop] as Liquid's property filters use it. has
// is false when item has no [] at all (nil, booleans, floats, dates,
// ranges); err is errPropertyType when it has one that rejects prop (an
// integer or string indexed by a string or nil, an array indexed by a
// string). Objects answer a string key with its value (nil when absent),
// strings answer a substring with itself when they contain it, arrays and
// strings answer integer indexes, and integers answer an index with that
// bit (beyond int64, with their sign, or 0 for a negative index).
func rubyIndex(item, prop any) (v any, has bool, err error) {
	// A *big.Int that fits int64 (a Go caller's value: shea's decoders
	// and arithmetic make one only beyond int64) is an int64 here.
	item, prop = smallInt(fnorm(item)), smallInt(fnorm(prop))
	switch x := item.(type) {
	case nil, bool, float64, time.Time, rangeValue:
		return nil, false, nil
	case string:
		switch p := prop.(type) {
		case string:
			if strings.Contains(x, p) {
				return p, true, nil
			}
			return nil, true, nil
		case int64, float64:
			i, ok := longIndexOf(p)
			if !ok {
				return nil, true, errPropertyType
			}
			r := []rune(x)
			if i < 0 {
				i += int64(len(r))
			}
			if i < 0 || i >= int64(len(r)) {
				return nil, true, nil
			}
			return string(r[i]), true, nil
		}
		return nil, true, errPropertyType
	case int64:
		if n, ok := prop.(*big.Int); ok {
			return bitBeyondInt64(x < 0, n), true, nil
		}
		i, ok := indexOf(prop)
		if !ok {
			return nil, true, errPropertyType
		}
		switch {
		case i < 0:
			return int64(0), true, nil
		case i >= 63:
			if x < 0 {
				return int64(1), true, nil
			}
			return int64(0), true, nil
		}
		return (x >> uint(i)) & 1, true, nil
	case *big.Int:
		// Integer#[] of a Bignum: bit i of its two's complement. Ruby
		// converts a float index to a C long here (a RangeError beyond
		// one), where a Fixnum takes it as a huge bit index.
		if n, ok := prop.(*big.Int); ok {
			return bitBeyondInt64(x.Sign() < 0, n), true, nil
		}
		i, ok := longIndexOf(prop)
		if !ok {
			return nil, true, errPropertyType
		}
		if i < 0 {
			return int64(0), true, nil
		}
		// Go's Bit reads a negative integer's two's complement too, and
		// past the last bit the sign, like Ruby; the index is clamped to
		// int32 for 32-bit platforms, past every bit of an integer
		// memory can hold.
		return int64(x.Bit(int(min(i, math.MaxInt32)))), true, nil
	}
	if isArray(item) {
		i, ok := longIndexOf(prop)
		if !ok {
			return nil, true, errPropertyType
		}
		v, _ := property(item, i, false)
		return fnorm(v), true, nil
	}
	if isObject(item) {
		if k, ok := prop.(string); ok {
			v, _ := property(item, k, false)
			return fnorm(v), true, nil
		}
		return nil, true, nil
	}
	return nil, false, nil
}

// smallInt is v, or v as an int64 when it is a *big.Int that fits one.
func smallInt(v any) any {
	if n, ok := v.(*big.Int); ok && n.IsInt64() {
		return n.Int64()
	}
	return v
}

// bitBeyondInt64 is Integer#[] at an index beyond int64 (a Bignum index):
// a negative one reads 0, a positive one lies past every bit of the
// integer and reads its sign (1 when negative).
func bitBeyondInt64(negative bool, i *big.Int) int64 {
	if negative && i.Sign() > 0 {
		return 1
	}
	return 0
}

// indexOf converts an index argument as Ruby's [] does: integers as they
// are, floats truncated.
func indexOf(p any) (int64, bool) {
	switch x := p.(type) {
	case int64:
		return x, true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, false
		}
		if x >= math.MaxInt64 {
			return math.MaxInt64, true
		}
		if x <= math.MinInt64 {
			return math.MinInt64, true
		}
		return int64(x), true
	}
	return 0, false
}

// longIndexOf is indexOf for String#[] and Array#[], which convert an index
// to a C long: a float beyond one is Ruby's RangeError, reported here as a
// property type error (Integer#[] instead takes it as a huge bit index).
func longIndexOf(p any) (int64, bool) {
	if f, ok := p.(float64); ok && (f >= math.MaxInt64 || f < math.MinInt64) {
		return 0, false
	}
	return indexOf(p)
}
