package render

import "testing"

func TestDefaultFilter(t *testing.T) {
	allow := map[string]any{"allow_false": true}
	runFilterCases(t, []filterCase{
		{filter: "default", in: false, args: args("bar"), want: "bar"},                                              // golden: output, render a default given a literal false
		{filter: "default", in: false, args: args("bar"), kw: map[string]any{"allow_false": false}, want: "bar"},    // golden: output, render a default given a literal false with 'allow false' equal to false
		{filter: "default", in: false, args: args("bar"), kw: allow, want: false},                                   // golden: filters, default, allow false
		{filter: "default", in: 0.0, args: args("bar"), want: 0.0},                                                  // golden: filters, default, 0.0 is not falsy
		{filter: "default", in: "", args: args(nil), want: nil},                                                     // golden: filters, default, empty (empty reads as "")
		{filter: "default", in: js(`[]`), args: args("foo"), want: "foo"},                                           // golden: filters, default, empty array
		{filter: "default", in: js(`{}`), args: args("foo"), want: "foo"},                                           // golden: filters, default, empty object
		{filter: "default", in: "", args: args("foo"), want: "foo"},                                                 // golden: filters, default, empty string
		{filter: "default", in: false, want: ""},                                                                    // golden: filters, default, missing argument
		{filter: "default", in: nil, args: args("foo"), want: "foo"},                                                // golden: filters, default, nil
		{filter: "default", in: js(`["hello","world"]`), args: args("foo"), want: js(`["hello","world"]`)},          // golden: filters, default, not empty list
		{filter: "default", in: js(`{"greeting":"hello"}`), args: args(js(`{}`)), want: js(`{"greeting":"hello"}`)}, // golden: filters, default, not empty object
		{filter: "default", in: "hello", args: args("foo"), want: "hello"},                                          // golden: filters, default, not empty string
		{filter: "default", in: int64(0), args: args("bar"), want: int64(0)},                                        // golden: filters, default, zero is not falsy
		{filter: "default", in: int64(0), args: args("bar"), kw: allow, want: int64(0)},                             // golden: filters, default, zero is not falsy with allow_false
		{filter: "default", in: nil, args: args("bar"), kw: allow, want: "bar"},                                     // ruby: allow_false still replaces nil
		{filter: "default", in: "", args: args("bar"), kw: allow, want: "bar"},                                      // ruby: and empty values
		{filter: "default", in: " ", args: args("x"), want: " "},                                                    // ruby: whitespace is not empty
		{filter: "default", in: false, args: args("bar"), kw: map[string]any{"allow_false": "yes"}, want: false},    // ruby: any truthy value allows false
		{filter: "default", in: emptyValue{}, args: args("x"), want: "x"},                                           // the empty keyword reads as ""
		{filter: "default", in: rangeValue{lo: 5, hi: 1}, args: args("x"), want: rangeValue{lo: 5, hi: 1}},          // ruby: a Range has no empty?
		{filter: "default", in: []string{}, args: args("x"), want: "x"},                                             // Go slices
	})
}
