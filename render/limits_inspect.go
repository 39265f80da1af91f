package render

import (
	"math/big"
	"time"
	"unicode/utf8"
)

// The string filters read an array, an object or a range as its Ruby
// inspect form (strOf): ["a", 1, nil]. That form can be far larger than
// the value it prints (every string item quoted and escaped), so a filter
// does not build it itself: inspectedOperands builds it first, within the
// memory budget and counting its work, and hands the filter the string.

// inspectedOperands wraps, in the table of meteredFilters, the body of a
// string filter: one that reads its input and every argument through
// strOf whatever their kind, so that for it an operand and its inspect
// form are the same input. An input or argument that is an array, an
// object or a range is replaced by its inspect form, built by
// strOfBudget.
func inspectedOperands(body filterBody) filterBody {
	return func(b *budget, in any, args []any, kwargs map[string]any) (any, error) {
		var err error
		if in, err = inspected(b, in); err != nil {
			return nil, err
		}
		for i, a := range args {
			if args[i], err = inspected(b, a); err != nil {
				return nil, err
			}
		}
		return body(b, in, args, kwargs)
	}
}

func inspected(b *budget, v any) (any, error) {
	switch fnorm(v).(type) {
	case nil, bool, int64, float64, string, *big.Int, time.Time:
		return v, nil
	}
	return strOfBudget(b, v)
}

// strOfBudget is strOf, built within b's memory budget and counting its
// work against the deadline.
func strOfBudget(b *budget, v any) (string, error) {
	// Its size is counted first, without building it: strconv.Quote
	// would make each quoted string whole before the builder saw it.
	n, err := inspectSize(b, v, 0, false)
	if err != nil {
		return "", err
	}
	if err := b.alloc(n); err != nil {
		return "", err
	}
	w := &builder{b: b}
	w.Grow(int(n))
	writeInspect(w, v, 0, false)
	return w.result()
}

// inspectSize is the length of v's inspect form as writeInspect writes it
// (exact for strings, numbers and nesting; an estimate for other Go
// values), counting a unit of work per value.
func inspectSize(b *budget, v any, depth int, quoted bool) (int64, error) {
	if err := b.spend(1); err != nil {
		return 0, err
	}
	v = fnorm(v)
	if depth > maxFilterDepth {
		return 5, nil
	}
	switch x := v.(type) {
	case nil:
		if quoted {
			return 3, nil
		}
		return 0, nil
	case string:
		if quoted {
			if err := b.spend(len(x) >> 10); err != nil {
				return 0, err
			}
			return quotedLen(x), nil
		}
		return int64(len(x)), nil
	case rangeValue, int64, float64, bool, time.Time, *big.Int:
		return int64(len(toString(x))) + 2, nil
	}
	var n int64
	switch {
	case isArray(v):
		n = 2
		for _, e := range toList(v) {
			m, err := inspectSize(b, e, depth+1, true)
			if err != nil {
				return 0, err
			}
			n += m + 2
		}
	case isObject(v):
		n = 2
		for _, p := range pairs(v) {
			m, err := inspectSize(b, p.val, depth+1, true)
			if err != nil {
				return 0, err
			}
			n += quotedLen(p.key) + 4 + m
		}
	default:
		n = 64
	}
	return n, nil
}

// quotedLen is the length of s as writeRubyQuoted writes it, counted
// without building it.
func quotedLen(s string) int64 {
	n := int64(2)
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && width == 1:
			n += 4 // \xHH
		case r == '"' || r == '\\':
			n += 2
		case r == '#' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@'):
			n += 2
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			if rubyEscape(r) != 0 {
				n += 2
			} else {
				n += 6 // \uXXXX
			}
		default:
			n += int64(width)
		}
		i += width
	}
	return n
}
