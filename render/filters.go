package render

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/sheaproject/shea/strict"
)

// filterBody is the body of a standard filter. It runs after the call has
// been checked against the filter's signature: input and positional
// arguments are normalized, len(args) lies within the signature's bounds,
// and kwargs holds only keywords the signature declares. Optional arguments
// that were not written are absent from args (a written argument that
// evaluated to nil is present, as nil): Liquid distinguishes the two.
// b is the render's budget: a filter that builds a large value asks it
// first (b.alloc), and one that does much work counts it (b.spend). b is
// nil outside a render, which means no limit.
type filterBody func(b *budget, in any, args []any, kwargs map[string]any) (any, error)

// standardFilters returns the implementations of strict.StandardFilters
// as FilterFuncs with no budget (for tests).
func standardFilters() map[string]FilterFunc {
	std := meteredFilters()
	out := make(map[string]FilterFunc, len(std))
	for name, body := range std {
		out[name] = func(in any, args []any, kwargs map[string]any) (any, error) { return body(nil, in, args, kwargs) }
	}
	return out
}

// meteredFilters returns the implementations of strict.StandardFilters as
// a render calls them, with its budget. Each is wrapped so that a call
// with the wrong number of arguments, or an unknown keyword, is an error
// rather than a panic, whatever the checker let through.
func meteredFilters() map[string]filterBody {
	// One entry per standard filter: its implementation, wrapped in
	// inspectedOperands when it reads its input and every argument as
	// strings (limits_inspect.go). Its signature and result kind are in
	// strict's table (strict.StandardFilters); TestStandardFiltersMatchSignatures
	// and TestFilterResultsMatchSignatures keep the two in step.
	bodies := map[string]filterBody{
		// strings (filter_string.go)
		"append":         inspectedOperands(filterAppend),
		"capitalize":     inspectedOperands(filterCapitalize),
		"downcase":       inspectedOperands(filterDowncase),
		"lstrip":         inspectedOperands(filterLstrip),
		"newline_to_br":  inspectedOperands(filterNewlineToBr),
		"prepend":        inspectedOperands(filterPrepend),
		"remove":         inspectedOperands(filterRemove),
		"remove_first":   inspectedOperands(filterRemoveFirst),
		"remove_last":    inspectedOperands(filterRemoveLast),
		"replace":        inspectedOperands(filterReplace),
		"replace_first":  inspectedOperands(filterReplaceFirst),
		"replace_last":   inspectedOperands(filterReplaceLast),
		"rstrip":         inspectedOperands(filterRstrip),
		"split":          inspectedOperands(filterSplit),
		"strip":          inspectedOperands(filterStrip),
		"strip_newlines": inspectedOperands(filterStripNewlines),
		"truncate":       inspectedOperands(filterTruncate),
		"truncatewords":  inspectedOperands(filterTruncatewords),
		"upcase":         inspectedOperands(filterUpcase),

		// encodings (filter_encode.go)
		"base64_decode":          inspectedOperands(filterBase64Decode),
		"base64_encode":          inspectedOperands(filterBase64Encode),
		"base64_url_safe_decode": inspectedOperands(filterBase64URLSafeDecode),
		"base64_url_safe_encode": inspectedOperands(filterBase64URLSafeEncode),
		"escape":                 inspectedOperands(filterEscape),
		"escape_once":            inspectedOperands(filterEscapeOnce),
		"h":                      inspectedOperands(filterEscape),
		"strip_html":             inspectedOperands(filterStripHTML),
		"url_decode":             inspectedOperands(filterURLDecode),
		"url_encode":             inspectedOperands(filterURLEncode),

		// arrays and other collections (filter_array.go)
		"compact": filterCompact,
		"concat":  filterConcat,
		"first":   filterFirst,
		"join":    filterJoin,
		"last":    filterLast,
		"reverse": filterReverse,
		"size":    filterSize,
		"slice":   filterSlice,
		"uniq":    filterUniq,

		// ordering (filter_sort.go)
		"sort":         filterSort,
		"sort_natural": filterSortNatural,

		// selecting by property (filter_select.go)
		"find":       filterFind,
		"find_index": filterFindIndex,
		"has":        filterHas,
		"map":        filterMap,
		"reject":     filterReject,
		"sum":        filterSum,
		"where":      filterWhere,

		// numbers (filter_math.go)
		"abs":        filterAbs,
		"at_least":   filterAtLeast,
		"at_most":    filterAtMost,
		"ceil":       filterCeil,
		"divided_by": filterDividedBy,
		"floor":      filterFloor,
		"minus":      filterMinus,
		"modulo":     filterModulo,
		"plus":       filterPlus,
		"round":      filterRound,
		"times":      filterTimes,

		// dates (filter_date.go)
		"date": filterDate,

		// the rest
		"default": filterDefault, // filter_default.go
		"json":    filterJSON,    // filter_json.go
	}
	sigs := strict.StandardFilters()
	out := make(map[string]filterBody, len(bodies))
	for name, body := range bodies {
		out[name] = checkedFilter(sigs[name], body)
	}
	return out
}

// checkedFilter wraps body with the checks its signature implies.
func checkedFilter(sig strict.FilterSig, body filterBody) filterBody {
	return func(b *budget, in any, args []any, kwargs map[string]any) (any, error) {
		if len(args) < sig.Min || sig.Max >= 0 && len(args) > sig.Max {
			return nil, fmt.Errorf("wrong number of arguments (given %d, expected %s)", len(args), arity(sig))
		}
		if err := checkKeywords(sig, kwargs); err != nil {
			return nil, err
		}
		// args is the caller's scratch (the pipeline's argument buffer),
		// normalized in place: no filter keeps it.
		for i, a := range args {
			args[i] = fnorm(a)
		}
		return body(b, fnorm(in), args, kwargs)
	}
}

// arity describes how many arguments a signature expects: "1", "0..2",
// "1+".
func arity(sig strict.FilterSig) string {
	switch {
	case sig.Max < 0:
		return strconv.Itoa(sig.Min) + "+"
	case sig.Min == sig.Max:
		return strconv.Itoa(sig.Min)
	}
	return strconv.Itoa(sig.Min) + ".." + strconv.Itoa(sig.Max)
}

// checkKeywords rejects keyword arguments the signature does not declare,
// naming the first in alphabetical order so the message is deterministic.
// A filter that takes keywords ignores the others, as Ruby's options hash
// does ({{ x | default: 1, y: 2 }}); only compat mode gets here with one,
// as the static check rejects them in strict mode.
func checkKeywords(sig strict.FilterSig, kwargs map[string]any) error {
	if len(sig.Keywords) > 0 {
		return nil
	}
	var unknown []string
	for k := range kwargs {
		known := false
		for _, w := range sig.Keywords {
			if w == k {
				known = true
				break
			}
		}
		if !known {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return fmt.Errorf("unknown keyword argument %q", unknown[0])
}

// optArg returns args[i] and true when the argument was written.
func optArg(args []any, i int) (any, bool) {
	if i < len(args) {
		return args[i], true
	}
	return nil, false
}
