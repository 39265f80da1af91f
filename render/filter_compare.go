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

// Ruby's two notions of sameness and order that filters need: <=> for sort
// and eql? for uniq.

// spaceship is Ruby's a <=> b for the value model: ok is false when Ruby
// answers nil (the values have no order between them).
func spaceship(a, b any) (c int, ok bool) {
	return spaceshipDepth(fnorm(a), fnorm(b), 0)
}

func spaceshipDepth(a, b any, depth int) (int, bool) {
	switch x := a.(type) {
	case nil:
		if b == nil {
			return 0, true
		}
		return 0, false
	case int64, float64, *big.Int:
		switch b.(type) {
		case int64, float64, *big.Int:
			if isNaN(a) || isNaN(b) {
				return 0, false
			}
			c, _ := cmp3(a, b)
			return c, true
		}
		return 0, false
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), true
		}
		return 0, false
	case time.Time:
		if y, ok := b.(time.Time); ok {
			return x.Compare(y), true
		}
		return 0, false
	}
	if isNestedArray(a) && isNestedArray(b) && depth < maxFilterDepth {
		xs, ys := toList(a), toList(b)
		for i := 0; i < len(xs) && i < len(ys); i++ {
			c, ok := spaceshipDepth(fnorm(xs[i]), fnorm(ys[i]), depth+1)
			if !ok {
				return 0, false
			}
			if c != 0 {
				return c, true
			}
		}
		return cmpOrdered(int64(len(xs)), int64(len(ys))), true
	}
	if equal(a, b) {
		return 0, true
	}
	return 0, false
}

func isNaN(v any) bool {
	f, ok := v.(float64)
	return ok && math.IsNaN(f)
}

// writeEqlKey writes v's eql key: a string that two values share exactly
// when Ruby's eql? holds between them (what Array#uniq compares): unlike
// ==, 1 and 1.0 differ, and objects are equal whatever their key order.
func writeEqlKey(b stringWriter, v any, depth int) {
	if depth > maxFilterDepth {
		b.WriteString("…")
		return
	}
	switch x := fnorm(v).(type) {
	case nil:
		b.WriteString("n")
	case bool:
		if x {
			b.WriteString("T")
		} else {
			b.WriteString("F")
		}
	case int64:
		b.WriteString("i")
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		if x == 0 {
			x = 0 // -0.0 eql? 0.0
		}
		b.WriteString("f")
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case string:
		b.WriteString("s")
		b.WriteString(strconv.Itoa(len(x)))
		b.WriteString(":")
		b.WriteString(x)
	case rangeValue:
		b.WriteString("r" + x.String())
	case time.Time:
		b.WriteString(fmt.Sprintf("t%d", x.UnixNano()))
	default:
		switch {
		case isArray(x):
			b.WriteString("[")
			for _, e := range toList(x) {
				writeEqlKey(b, e, depth+1)
				b.WriteString(",")
			}
			b.WriteString("]")
		case isObject(x):
			ps := pairs(x)
			sort.Slice(ps, func(i, j int) bool { return ps[i].key < ps[j].key })
			b.WriteString("{")
			for _, p := range ps {
				b.WriteString(strconv.Quote(p.key))
				b.WriteString(":")
				writeEqlKey(b, p.val, depth+1)
				b.WriteString(",")
			}
			b.WriteString("}")
		default:
			rv := reflect.ValueOf(x)
			b.WriteString(fmt.Sprintf("%T:%v", x, rv))
		}
	}
}
