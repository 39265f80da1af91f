package strict

import "sort"

// FilterSig says how many positional arguments a filter takes, which
// keyword arguments it accepts, what kind of value it returns and which
// values make it fail. Max < 0 means any number. For a standard filter it
// is the one place of what the checker knows about it (ARCHITECTURE.md,
// Adding a filter): the checker reads Returns for the type of the filter's
// result and Fails for the may_fail warnings, and tests in render check
// the implementations against these signatures.
type FilterSig struct {
	Min, Max int
	Keywords []string
	// Returns is the kind of value the filter returns; the zero value,
	// ReturnsAny, claims nothing (the checker then lets the result be used
	// as any value).
	Returns Returns
	// Fails is what makes the filter fail for a value the schema may
	// allow; the zero value, FailsNever, claims no such value.
	Fails Fails
}

// Fails names the values that make a filter fail when it renders, though
// the check accepts the call. Where the schema allows such a value and no
// enclosing condition rules it out, the check warns (may_fail) at the
// filter, naming the value and the guard that would protect it.
type Fails uint8

// What may make a filter fail.
const (
	FailsNever Fails = iota // no value the checker looks for
	// FailsOnDivisor: the argument divides; 0, nil, text that is not a
	// non-zero number and other types fail (divided_by, modulo).
	FailsOnDivisor
	// FailsOnNonArray: the argument must be an array; nil and other
	// types fail (concat).
	FailsOnNonArray
	// FailsOnLength: the first argument is an integer length; nil, a
	// number with a fraction, text that is not an integer and other types
	// fail, an integer of any size does not (truncate).
	FailsOnLength
	// FailsOnInt64Length: as FailsOnLength, and an integer beyond 64 bits
	// fails too (truncatewords).
	FailsOnInt64Length
	// FailsOnInt64Args: every positional argument is as FailsOnInt64Length
	// says (slice: its start and its length).
	FailsOnInt64Args
	// FailsOnBase64: the input must be base64 text; free text fails
	// (base64_decode, base64_url_safe_decode).
	FailsOnBase64
	// FailsOnIncomparable: without a property argument, the input's items
	// must compare with each other; a mix of numbers and strings, objects,
	// arrays and booleans fail (sort).
	FailsOnIncomparable
)

// String names the kind as test messages do.
func (f Fails) String() string {
	switch f {
	case FailsOnDivisor:
		return "a zero or non-numeric divisor"
	case FailsOnNonArray:
		return "an argument that is not an array"
	case FailsOnLength:
		return "a length that is not an integer"
	case FailsOnInt64Length:
		return "a length that is not a 64-bit integer"
	case FailsOnInt64Args:
		return "arguments that are not 64-bit integers"
	case FailsOnBase64:
		return "input that is not base64"
	case FailsOnIncomparable:
		return "items that do not compare"
	}
	return "never"
}

// Returns is the kind of value a filter returns, as the checker types it.
type Returns uint8

// The kinds of value a filter may declare it returns.
const (
	ReturnsAny           Returns = iota // nothing known: any value
	ReturnsString                       // always a string
	ReturnsStringOrNil                  // a string; nil for a nil input (escape, truncate)
	ReturnsStringOrInput                // a string from a string or integer input; any other input unchanged (date)
	ReturnsInteger                      // always an integer
	ReturnsNumber                       // an integer or a float
	ReturnsStrings                      // an array of strings
	ReturnsInput                        // a value of the input's type (sort, where: an array like the input)
	ReturnsItem                         // an item of the input array (first, find)
)

// String names the kind as ARCHITECTURE.md and test messages do.
func (r Returns) String() string {
	switch r {
	case ReturnsString:
		return "string"
	case ReturnsStringOrNil:
		return "string or nil"
	case ReturnsStringOrInput:
		return "string, or the input unchanged"
	case ReturnsInteger:
		return "integer"
	case ReturnsNumber:
		return "number"
	case ReturnsStrings:
		return "array of strings"
	case ReturnsInput:
		return "the input's type"
	case ReturnsItem:
		return "an item of the input"
	}
	return "any"
}

// shape is the checker's type for a result of this kind, given the shape
// of the filter's input.
func (r Returns) shape(in shape) shape {
	switch r {
	case ReturnsString:
		return stringShape
	case ReturnsStringOrNil:
		return stringShape.nilIf(in.maybeNil, in.nodes)
	case ReturnsStringOrInput:
		if ts, ok := in.types(); ok && ts&^(tString|tInteger|tNull) == 0 {
			return stringShape.nilIf(in.maybeNil, in.nodes)
		}
		return anyShape
	case ReturnsInteger:
		return intShape
	case ReturnsNumber:
		return numberShape
	case ReturnsStrings:
		s := stringShape
		return shape{kind: "array", item: &s}
	case ReturnsInput:
		return in
	case ReturnsItem:
		return in.items()
	}
	return anyShape
}

// sig builds a signature: min and max positional arguments, what it
// returns, and its keywords.
func sig(min, max int, r Returns, kw ...string) FilterSig {
	return FilterSig{Min: min, Max: max, Keywords: kw, Returns: r}
}

// failing is s with what makes it fail.
func (s FilterSig) failing(f Fails) FilterSig {
	s.Fails = f
	return s
}

// Shorter names for the table below.
const (
	anyV = ReturnsAny
	str  = ReturnsString
	strN = ReturnsStringOrNil
	num  = ReturnsNumber
	same = ReturnsInput
	item = ReturnsItem
)

// standardFilters are Shopify Liquid 5's standard filters with the argument
// counts Shopify enforces, plus json, which shea adds because prompt
// templates often embed data as JSON. A filter whose result kind shea does
// not pin down (map, concat, slice, default...) returns ReturnsAny.
var standardFilters = map[string]FilterSig{
	// strings
	"append": sig(1, 1, str), "prepend": sig(1, 1, str),
	"capitalize": sig(0, 0, str), "downcase": sig(0, 0, str), "upcase": sig(0, 0, str),
	"strip": sig(0, 0, str), "lstrip": sig(0, 0, str), "rstrip": sig(0, 0, str),
	"strip_newlines": sig(0, 0, str), "newline_to_br": sig(0, 0, str),
	"remove": sig(1, 1, str), "remove_first": sig(1, 1, str), "remove_last": sig(1, 1, str),
	"replace": sig(1, 2, str), "replace_first": sig(1, 2, str), "replace_last": sig(2, 2, str),
	"truncate": sig(0, 2, strN).failing(FailsOnLength), "truncatewords": sig(0, 2, strN).failing(FailsOnInt64Length),
	"split": sig(1, 1, ReturnsStrings),

	// encodings
	"base64_decode": sig(0, 0, str).failing(FailsOnBase64), "base64_encode": sig(0, 0, str),
	"base64_url_safe_decode": sig(0, 0, str).failing(FailsOnBase64), "base64_url_safe_encode": sig(0, 0, str),
	"escape": sig(0, 0, strN), "escape_once": sig(0, 0, str), "h": sig(0, 0, strN),
	"strip_html": sig(0, 0, str), "url_decode": sig(0, 0, strN), "url_encode": sig(0, 0, strN),

	// arrays and other collections
	"compact": sig(0, 1, same), "concat": sig(1, 1, anyV).failing(FailsOnNonArray), "first": sig(0, 0, item),
	"join": sig(0, 1, str), "last": sig(0, 0, item), "reverse": sig(0, 0, same),
	"size": sig(0, 0, ReturnsInteger), "slice": sig(1, 2, anyV).failing(FailsOnInt64Args), "uniq": sig(0, 1, same),
	"sort": sig(0, 1, same).failing(FailsOnIncomparable), "sort_natural": sig(0, 1, same),

	// selecting by property
	"find": sig(1, 2, item), "find_index": sig(1, 2, anyV), "has": sig(1, 2, anyV),
	"map": sig(1, 1, anyV), "reject": sig(1, 2, same), "sum": sig(0, 1, anyV),
	"where": sig(1, 2, same),

	// numbers
	"abs": sig(0, 0, num), "at_least": sig(1, 1, num), "at_most": sig(1, 1, num),
	"ceil": sig(0, 0, num), "divided_by": sig(1, 1, num).failing(FailsOnDivisor), "floor": sig(0, 0, num),
	"minus": sig(1, 1, num), "modulo": sig(1, 1, num).failing(FailsOnDivisor), "plus": sig(1, 1, num),
	"round": sig(0, 1, num), "times": sig(1, 1, num),

	// the rest
	"date":    sig(1, 1, ReturnsStringOrInput),
	"default": sig(0, 1, anyV, "allow_false"),
	"json":    sig(0, 0, str),
}

// StandardFilters returns the signatures of the filters every shea engine
// provides, by name.
func StandardFilters() map[string]FilterSig {
	out := make(map[string]FilterSig, len(standardFilters))
	for k, v := range standardFilters {
		out[k] = v
	}
	return out
}

// StandardFilter returns the signature of one standard filter.
func StandardFilter(name string) (FilterSig, bool) {
	s, ok := standardFilters[name]
	return s, ok
}

// Accepts reports whether the filter takes n positional arguments.
func (s FilterSig) Accepts(n int) bool { return n >= s.Min && (s.Max < 0 || n <= s.Max) }

// CountArgs describes the positional arguments the filter takes ("1
// argument", "1 to 2 arguments").
func (s FilterSig) CountArgs() string { return countArgs(s) }

func filterNames(extra map[string]FilterSig) []string {
	names := make([]string, 0, len(standardFilters)+len(extra))
	for n := range standardFilters {
		names = append(names, n)
	}
	for n := range extra {
		if _, std := standardFilters[n]; !std {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}
