package strict

import "sort"

// FilterSig says how many positional arguments a filter takes and which
// keyword arguments it accepts. Max < 0 means any number.
type FilterSig struct {
	Min, Max int
	Keywords []string
}

func sig(min, max int, kw ...string) FilterSig { return FilterSig{min, max, kw} }

// standardFilters are Shopify Liquid 5's standard filters with the argument
// counts Shopify enforces, plus json, which shea adds because prompt
// templates often embed data as JSON.
var standardFilters = map[string]FilterSig{
	"abs": sig(0, 0), "append": sig(1, 1), "at_least": sig(1, 1), "at_most": sig(1, 1),
	"base64_decode": sig(0, 0), "base64_encode": sig(0, 0),
	"base64_url_safe_decode": sig(0, 0), "base64_url_safe_encode": sig(0, 0),
	"capitalize": sig(0, 0), "ceil": sig(0, 0), "compact": sig(0, 1), "concat": sig(1, 1),
	"date": sig(1, 1), "default": sig(0, 1, "allow_false"), "divided_by": sig(1, 1),
	"downcase": sig(0, 0), "escape": sig(0, 0), "escape_once": sig(0, 0),
	"find": sig(1, 2), "find_index": sig(1, 2), "first": sig(0, 0), "floor": sig(0, 0),
	"h": sig(0, 0), "has": sig(1, 2), "join": sig(0, 1), "json": sig(0, 0), "last": sig(0, 0),
	"lstrip": sig(0, 0), "map": sig(1, 1), "minus": sig(1, 1), "modulo": sig(1, 1),
	"newline_to_br": sig(0, 0), "plus": sig(1, 1), "prepend": sig(1, 1),
	"reject": sig(1, 2), "remove": sig(1, 1), "remove_first": sig(1, 1), "remove_last": sig(1, 1),
	"replace": sig(1, 2), "replace_first": sig(1, 2), "replace_last": sig(2, 2),
	"reverse": sig(0, 0), "round": sig(0, 1), "rstrip": sig(0, 0), "size": sig(0, 0),
	"slice": sig(1, 2), "sort": sig(0, 1), "sort_natural": sig(0, 1), "split": sig(1, 1),
	"strip": sig(0, 0), "strip_html": sig(0, 0), "strip_newlines": sig(0, 0), "sum": sig(0, 1),
	"times": sig(1, 1), "truncate": sig(0, 2), "truncatewords": sig(0, 2), "uniq": sig(0, 1),
	"upcase": sig(0, 0), "url_decode": sig(0, 0), "url_encode": sig(0, 0), "where": sig(1, 2),
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
