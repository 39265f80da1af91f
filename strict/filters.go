package strict

import "sort"

// FilterSig says how many positional arguments a filter takes, which
// keyword arguments it accepts and what kind of value it returns. Max < 0
// means any number. For a standard filter it is the one place of what the
// checker knows about it (ARCHITECTURE.md, Adding a filter): the checker
// reads Returns for the type of the filter's result, and tests in render
// check the implementations against these signatures.
type FilterSig struct {
	Min, Max int
	Keywords []string
	// Returns is the kind of value the filter returns; the zero value,
	// ReturnsAny, claims nothing (the checker then lets the result be used
	// as any value).
	Returns Returns
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
	"truncate": sig(0, 2, strN), "truncatewords": sig(0, 2, strN),
	"split": sig(1, 1, ReturnsStrings),

	// encodings
	"base64_decode": sig(0, 0, str), "base64_encode": sig(0, 0, str),
	"base64_url_safe_decode": sig(0, 0, str), "base64_url_safe_encode": sig(0, 0, str),
	"escape": sig(0, 0, strN), "escape_once": sig(0, 0, str), "h": sig(0, 0, strN),
	"strip_html": sig(0, 0, str), "url_decode": sig(0, 0, strN), "url_encode": sig(0, 0, strN),

	// arrays and other collections
	"compact": sig(0, 1, same), "concat": sig(1, 1, anyV), "first": sig(0, 0, item),
	"join": sig(0, 1, str), "last": sig(0, 0, item), "reverse": sig(0, 0, same),
	"size": sig(0, 0, ReturnsInteger), "slice": sig(1, 2, anyV), "uniq": sig(0, 1, same),
	"sort": sig(0, 1, same), "sort_natural": sig(0, 1, same),

	// selecting by property
	"find": sig(1, 2, item), "find_index": sig(1, 2, anyV), "has": sig(1, 2, anyV),
	"map": sig(1, 1, anyV), "reject": sig(1, 2, same), "sum": sig(0, 1, anyV),
	"where": sig(1, 2, same),

	// numbers
	"abs": sig(0, 0, num), "at_least": sig(1, 1, num), "at_most": sig(1, 1, num),
	"ceil": sig(0, 0, num), "divided_by": sig(1, 1, num), "floor": sig(0, 0, num),
	"minus": sig(1, 1, num), "modulo": sig(1, 1, num), "plus": sig(1, 1, num),
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
