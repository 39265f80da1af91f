package render

import "testing"

// TestWideRangeItems: a range with an end beyond int64 has its exact
// items, as Ruby's Bignum ranges do, in every loop and list made of it
// (they were the saturated ends: (a..b) of two 23-digit integers looped
// once, over 9223372036854775807). Each want is Ruby Liquid 5.4's output
// (ruby ../shared/peers/ruby/render.rb t.liquid data.json), not shea's.
func TestWideRangeItems(t *testing.T) {
	const data = `{"a": 99999999999999999999990, "b": 99999999999999999999993}`
	for _, tt := range []rubyCase{
		{"{% for i in (99999999999999999999990..99999999999999999999993) %}{{i}},{% endfor %}", "",
			"99999999999999999999990,99999999999999999999991,99999999999999999999992,99999999999999999999993,", false},
		{`{{ (99999999999999999999990..99999999999999999999993) | join: "," }}`, "",
			"99999999999999999999990,99999999999999999999991,99999999999999999999992,99999999999999999999993", false},
		{"{% for i in (a..b) %}{{ forloop.index }}:{{i}},{% endfor %}", data,
			"1:99999999999999999999990,2:99999999999999999999991,3:99999999999999999999992,4:99999999999999999999993,", false},
		{"{% for i in (9223372036854775806..9223372036854775809) %}{{i}},{% endfor %}", "",
			"9223372036854775806,9223372036854775807,9223372036854775808,9223372036854775809,", false},
		{"{% for i in (-9223372036854775810..-9223372036854775807) %}{{i}},{% endfor %}", "",
			"-9223372036854775810,-9223372036854775809,-9223372036854775808,-9223372036854775807,", false},
		{"{% for i in (a..b) limit: 2 offset: 1 %}{{i}},{% endfor %}", data,
			"99999999999999999999991,99999999999999999999992,", false},
		{"{% for i in (a..b) reversed %}{{i}},{% endfor %}", data,
			"99999999999999999999993,99999999999999999999992,99999999999999999999991,99999999999999999999990,", false},
		{`{{ (a..b) | reverse | join: "," }}`, data,
			"99999999999999999999993,99999999999999999999992,99999999999999999999991,99999999999999999999990", false},
		{"{% tablerow i in (a..b) %}{{i}}{% endtablerow %}", data,
			"<tr class=\"row1\">\n<td class=\"col1\">99999999999999999999990</td><td class=\"col2\">99999999999999999999991</td><td class=\"col3\">99999999999999999999992</td><td class=\"col4\">99999999999999999999993</td></tr>\n", false},
		{"{% if (a..b) contains 99999999999999999999991 %}yes{% endif %}", data, "yes", false},
		{"{% if (a..b) contains 9 %}yes{% else %}no{% endif %}", data, "no", false},
		{"{{ 99999999999999999999999 | round }} {{ -99999999999999999999999 | round }}", "",
			"99999999999999999999999 -99999999999999999999999", false},
	} {
		renderCompat(t, Options{}, tt)
	}
}
