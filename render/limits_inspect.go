package render

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Filters and tags read an array, an object or a range as its Ruby
// inspect form (strOf): ["a", 1, nil]. That form can be far larger than
// the value it prints (every string item quoted and escaped), so no path
// of a render builds it with strOf. Each goes through one accounting: its
// size is counted first, without building it (inspectSize), charged to
// the memory budget, and only then is it built (strOfBudget), counting
// its work against the deadline:
//   - the string filters, whose operands inspectedOperands converts;
//   - a filter or tag that reads one operand as a string (join's glue,
//     date's format, slice of an object, contains with a string on the
//     left) through stringOperand;
//   - join, which counts its whole result before building it;
//   - sort_natural, whose keys are made once per sort (naturalKeys) and
//     charged together, where Ruby makes them at each comparison;
//   - uniq, whose notes of the values it has seen (uniqKeyOf) share the
//     strings they note and charge the rest together;
//   - a value printed where a tag needs its text (a partial's name, a
//     cycle's group or value, a dynamic variable name), through printValue.
// A value read as an integer is never inspected (the inspect form of a
// collection is never an integer), and one quoted in an error message is
// written only up to diag.MaxQuoted bytes (shortStrOf, rubyInspect).

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
	if scalar(v) {
		return v, nil
	}
	return strOfBudget(b, v)
}

// scalar reports whether strOf(v) is v's own text (its string, number,
// boolean or date), not an inspect form built from its items.
func scalar(v any) bool {
	switch fnorm(v).(type) {
	case nil, bool, int64, float64, string, *big.Int, time.Time:
		return true
	}
	return false
}

// stringOperand is strOf(v) for a filter or tag that reads v as a string,
// with a collection's inspect form built by strOfBudget.
func stringOperand(b *budget, v any) (string, error) {
	if scalar(v) {
		return strOf(v), nil
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
	return buildInspect(b, v, n)
}

// buildInspect builds v's inspect form of n bytes (inspectSize), already
// charged.
func buildInspect(b *budget, v any, n int64) (string, error) {
	w := &builder{b: b}
	w.Grow(int(n))
	writeInspect(w, v, 0, false)
	return w.result()
}

// naturalKeys returns sort_natural's keys: each one that is not nil or a
// string replaced by its string (an object's inspect form), made once for
// the whole sort and charged together, with the new array of keys.
func naturalKeys(b *budget, keys []any) ([]any, error) {
	var out []any
	var kept int64
	for i, k := range keys {
		switch fnorm(k).(type) {
		case nil, string:
			continue
		}
		if out == nil {
			if err := b.allocItems(int64(len(keys)), 0); err != nil {
				return nil, err
			}
			out = append([]any(nil), keys...)
		}
		n, err := inspectSize(b, k, 0, false)
		if err != nil {
			return nil, err
		}
		if kept += n; kept < 0 {
			return nil, b.memoryError(-1)
		}
		if err := b.allocItems(int64(len(keys)), kept); err != nil {
			return nil, err
		}
		if out[i], err = buildInspect(b, k, n); err != nil {
			return nil, err
		}
	}
	if out == nil {
		return keys, nil
	}
	return out, nil
}

// uniqKey is uniq's note of a value it has seen: two values have the same
// note exactly when Ruby's eql? holds between them. A string is noted by
// itself and an integer by its value, sharing what the value holds; any
// other value by its eqlKey.
type uniqKey struct {
	kind byte // 's' a string, 'i' an integer, 'k' an eqlKey
	s    string
	i    int64
}

// uniqKeyOf returns v's note, building an eqlKey within the budget: kept
// is the bytes of the keys uniq already keeps, charged with this one as it
// is built, and the key's size is added to it when uniq will keep it
// (fresh).
func uniqKeyOf(b *budget, v any, kept *int64, seen map[uniqKey]bool) (uniqKey, error) {
	switch x := fnorm(v).(type) {
	case string:
		// Hashing the string reads it.
		return uniqKey{kind: 's', s: x}, b.spend(len(x) >> 10)
	case int64:
		return uniqKey{kind: 'i', i: x}, nil
	}
	w := &builder{b: b, kept: *kept}
	writeEqlKey(w, v, 0)
	k, err := w.result()
	if err != nil {
		return uniqKey{}, err
	}
	key := uniqKey{kind: 'k', s: k}
	if !seen[key] {
		*kept += int64(len(k))
	}
	return key, nil
}

// printedText is v as printed where a tag needs its text (a partial's
// name, a cycle's group or value, a dynamic variable name): a scalar's
// own text, a collection printed by printValue once its size (an
// estimate, printedSize) fits in b.
func printedText(b *budget, v any) (string, error) {
	if scalar(v) {
		return toString(fnorm(v)), nil
	}
	n, err := printedSize(b, v, 0)
	if err != nil {
		return "", err
	}
	if err := b.alloc(n); err != nil {
		return "", err
	}
	return printValue(b, v)
}

// printedSize is the length of v as printValue prints it: an array's
// items flattened, each string as it is, anything else in its inspect
// form (inspectSize).
func printedSize(b *budget, v any, depth int) (int64, error) {
	v = fnorm(v)
	if _, isRange := v.(rangeValue); isRange || !isArray(v) || depth > maxFilterDepth {
		return inspectSize(b, v, depth, false)
	}
	if err := b.spend(1); err != nil {
		return 0, err
	}
	var n int64
	for _, e := range toList(v) {
		m, err := printedSize(b, e, depth+1)
		if err != nil {
			return 0, err
		}
		if n += m; n < 0 {
			return 0, b.memoryError(-1)
		}
	}
	return n, nil
}

// placeLimit gives a limit reached outside a filter (a *strict.LimitError) its
// place, at, and its own code; other errors are returned as they are.
func placeLimit(err error, at ranger) error {
	var le *strict.LimitError
	if errors.As(err, &le) {
		return diag.Errorf(le.Code, at.Range(), "%s", le.Msg)
	}
	return err
}

// errCapped stops a write past a capWriter's cap.
var errCapped = errors.New("capped")

// capWriter keeps what is written to it up to cap bytes; a write past
// them fails and is not made, nor is any write after it (full).
type capWriter struct {
	strings.Builder
	cap  int
	full bool
}

func (w *capWriter) WriteString(s string) (int, error) {
	if w.full || w.Len()+len(s) > w.cap {
		w.full = true
		return 0, errCapped
	}
	return w.Builder.WriteString(s)
}

func (w *capWriter) WriteByte(c byte) error {
	if w.full || w.Len()+1 > w.cap {
		w.full = true
		return errCapped
	}
	return w.Builder.WriteByte(c)
}

// shortStrOf is strOf(v) as a diagnostic quotes it (diag.Shorten), with a
// collection's inspect form written only up to what is quoted.
func shortStrOf(v any) string {
	if scalar(v) {
		return diag.Shorten(strOf(v))
	}
	w := &capWriter{cap: diag.MaxQuoted + utf8.UTFMax}
	writeInspect(w, v, 0, false)
	if !w.full {
		return w.String()
	}
	n, _ := inspectSize(nil, v, 0, false)
	s := w.String()
	cut := min(len(s), diag.MaxQuoted)
	for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (about %d bytes more)", s[:cut], n-int64(cut))
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
	case int64:
		return decimalLen(x), nil
	case rangeValue, float64, bool, time.Time, *big.Int:
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

// decimalLen is the length of n in decimal, counted without building it.
func decimalLen(n int64) int64 {
	l := int64(1)
	if n < 0 {
		l++
		if n == -1<<63 {
			return 20
		}
		n = -n
	}
	for ; n >= 10; n /= 10 {
		l++
	}
	return l
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
