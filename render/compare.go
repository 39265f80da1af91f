package render

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
	"time"
)

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

// equal is Liquid's ==, for filters and tags. Outside the cases where
// equalChecked fails (values nested past maxFilterDepth or of more than
// maxValueNodes values), it is exact.
func equal(a, b any) bool {
	eq, _ := equalChecked(nil, a, b)
	return eq
}

// equalChecked is Liquid's ==, as a comparison in a template computes it:
// exact, or an error when the values nest deeper than maxFilterDepth (a
// Go value that contains itself) or hold more than maxValueNodes values;
// each value visited counts as work against b's deadline.
func equalChecked(b *budget, x, y any) (bool, error) {
	w := &eqWalk{b: b}
	eq := equalDepth(x, y, w)
	if w.err != nil {
		return false, w.err
	}
	return eq, nil
}

// eqWalk is the state of one comparison: values visited, the current
// nesting, and the error that stopped it.
type eqWalk struct {
	b     *budget
	nodes int
	level int
	err   error
}

func equalDepth(a, b any, depth *eqWalk) bool {
	if depth.err != nil {
		return false
	}
	if depth.level >= maxFilterDepth || depth.nodes >= maxValueNodes {
		depth.err = errTooDeep
		return false
	}
	if depth.err = depth.b.spend(1); depth.err != nil {
		return false
	}
	depth.nodes++
	depth.level++
	defer func() { depth.level-- }()
	if samePointer(a, b) {
		return true
	}
	// Liquid asks the other side blank? or empty?; a range answers
	// neither, so it is never blank or empty.
	_, ra := a.(rangeValue)
	_, rb := b.(rangeValue)
	switch a.(type) {
	case blankValue:
		return isBlank(b) && !isKeyword(b) && !rb
	case emptyValue:
		return isEmpty(b) && !isKeyword(b) && !rb
	}
	switch b.(type) {
	case blankValue:
		return isBlank(a) && !isKeyword(a) && !ra
	case emptyValue:
		return isEmpty(a) && !isKeyword(a) && !ra
	}
	a, b = normalize(a), normalize(b)
	if c, ok := cmpBig(a, b); ok {
		return c == 0
	}
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
			c, ok := cmpIntFloat(x, y)
			return ok && c == 0
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			c, ok := cmpIntFloat(y, x)
			return ok && c == 0
		case float64:
			return x == y
		}
		return false
	case rangeValue:
		y, ok := b.(rangeValue)
		return ok && x.equal(y)
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	}
	if isArray(a) {
		if _, ok := b.(rangeValue); ok {
			return false // Ruby's Array#== is false for a Range, even an empty one
		}
		if !isArray(b) || size(a) != size(b) { // sizes first: a range can be huge
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
	case int64, float64, string, time.Time, *big.Int:
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
	if isNumber(a) && isNumber(b) && (isNaN(a) || isNaN(b)) {
		return false, nil // NaN is unordered: <, >, <= and >= are all false, as in Ruby
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
	if c, ok := cmpBig(a, b); ok {
		return c, nil
	}
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmpOrdered(x, y), nil
		case float64:
			c, _ := cmpIntFloat(x, y)
			return c, nil
		}
	case float64:
		switch y := b.(type) {
		case int64:
			c, _ := cmpIntFloat(y, x)
			return -c, nil
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
	return 0, fmt.Errorf("comparison of %s with %s failed", rubyClass(a), rubyCmpOperand(b))
}

// rubyCmpOperand names the right side of a failed comparison as Ruby's
// message does: a float or a small integer (a Ruby Fixnum) by its inspect
// form, any other value by its class.
func rubyCmpOperand(v any) string {
	switch x := v.(type) {
	case float64:
		return rubyInspect(v)
	case int64:
		if x >= -(1<<62) && x < 1<<62 {
			return rubyInspect(v)
		}
	}
	return rubyClass(v)
}

// cmpBig orders two numbers when either is an integer beyond int64 (a
// *big.Int); ok is false otherwise, or when a NaN makes them unordered.
func cmpBig(a, b any) (int, bool) {
	_, ba := a.(*big.Int)
	_, bb := b.(*big.Int)
	if !ba && !bb || !isNumber(a) || !isNumber(b) {
		return 0, false
	}
	x, xinf, xok := exactNumber(a)
	y, yinf, yok := exactNumber(b)
	if !xok || !yok {
		return 0, false
	}
	if xinf != 0 || yinf != 0 {
		return cmpOrdered(int64(xinf), int64(yinf)), true
	}
	return x.Cmp(y), true
}

// exactNumber is a number as an exact rational, as Ruby compares an
// Integer with a Float; inf is 1 or -1 for an infinite float (r is then
// nil), and ok is false for NaN.
func exactNumber(v any) (r *big.Rat, inf int, ok bool) {
	switch x := v.(type) {
	case int64:
		return new(big.Rat).SetInt64(x), 0, true
	case *big.Int:
		return new(big.Rat).SetInt(x), 0, true
	case float64:
		switch {
		case math.IsNaN(x):
			return nil, 0, false
		case math.IsInf(x, 0):
			if x > 0 {
				return nil, 1, true
			}
			return nil, -1, true
		}
		return new(big.Rat).SetFloat64(x), 0, true
	}
	return nil, 0, false
}

func isNumber(v any) bool {
	switch v.(type) {
	case int64, float64, *big.Int:
		return true
	}
	return false
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

// cmpIntFloat orders an integer and a float exactly, as Ruby compares an
// Integer with a Float: converting the integer to a float would round it
// beyond 2^53 (9007199254740993 == 9007199254740992.0 is false in Ruby).
// ok is false when y is NaN (c is then 0).
func cmpIntFloat(x int64, y float64) (c int, ok bool) {
	switch {
	case math.IsNaN(y):
		return 0, false
	case y >= 1<<63: // every int64 is smaller; +Inf too
		return -1, true
	case y < -(1 << 63): // every int64 is larger; -Inf too
		return 1, true
	}
	t := math.Trunc(y) // in int64's range, so the conversion is exact
	if n := int64(t); x != n {
		return cmpOrdered(x, n), true
	}
	return cmpFloat(0, y-t), true
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
	case int64, *big.Int:
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
	// Written up to 40 bytes: a longer form is never shown.
	w := &capWriter{cap: 40}
	p := printer{w: w, nodes: 1000}
	p.inspect(v)
	if p.err != nil || w.full {
		return rubyClass(v)
	}
	return w.String()
}

// containsCharged is contains for a render: a collection on the right of
// a string reads as its inspect form, built within b (stringOperand).
func containsCharged(b *budget, x, y any) (bool, error) {
	if s, ok := normalize(x).(string); ok && truthy(y) && !scalar(y) {
		t, err := stringOperand(b, y)
		if err != nil {
			return false, err
		}
		return strings.Contains(s, t), nil
	}
	return contains(x, y), nil
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
		// Ruby's right.to_s: an array or hash reads as its inspect form.
		return strings.Contains(x, strOf(b))
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
	case rangeValue: // Ruby's Range#include?, a comparison: a range can be huge
		_, big := b.(*big.Int)
		if x.wide != nil || big {
			lo, lok := cmpBig(bigOf(x.first()), b)
			hi, hok := cmpBig(bigOf(x.last()), b)
			return lok && hok && lo <= 0 && hi >= 0
		}
		switch y := b.(type) {
		case int64:
			return x.lo <= y && y <= x.hi
		case float64:
			return float64(x.lo) <= y && y <= float64(x.hi)
		}
		return false
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
