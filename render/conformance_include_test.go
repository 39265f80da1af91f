package render

import "testing"

// Issue 36: how include binds and iterates its value. Each want was
// checked against Ruby Liquid 5.4 (ruby ../shared/peers/ruby/render.rb T
// DATA.json --partials DIR, with --lax and without): include renders its
// partial once per item of an array, whether the array came with "with",
// "for" or the variable of the partial's name, and nothing for an empty
// one; a range renders once, as itself; the value is bound under the
// alias or the last segment of the partial's name, for render too.
func TestConformanceIncludeIterates(t *testing.T) {
	ps := mapPartials{
		"pp":     "[{{ pp }}]",
		"dir/p3": "<{{ p3 }}>",
	}
	const d = `{"arr":[1,2],"e":[]}`
	runConformance(t, ps, []conformanceCase{
		{name: "with an array", src: `{% include 'pp' with arr %}`, data: d, want: "[1][2]"},
		{name: "with an empty array", src: `{% include 'pp' with e %}|`, data: d, want: "|"},
		{name: "for an array", src: `{% include 'pp' for arr %}`, data: d, want: "[1][2]"},
		{name: "the variable of its name", src: `{% assign pp = arr %}{% include 'pp' %}`, data: d, want: "[1][2]"},
		{name: "with an array as its name", src: `{% include 'pp' with arr as pp %}`, data: d, want: "[1][2]"},
		{name: "with a range", src: `{% include 'pp' with (1..3) %}`, want: "[1..3]"},
		{name: "for a range", src: `{% include 'pp' for (1..3) %}`, want: "[1..3]"},
		{name: "with binds the base name", src: `{% include 'dir/p3' with 'v' %}`, want: "<v>"},
		{name: "render with binds the base name", src: `{% render 'dir/p3' with 'v' %}`, want: "<v>"},
		{name: "render for binds the base name", src: `{% render 'dir/p3' for arr %}`, data: d, want: "<1><2>"},
		{name: "render with an array renders once", src: `{% render 'pp' with arr %}`, data: d, want: "[12]"},
		{name: "with an array as another name", src: `{% include 'pp' with arr as q %}`, data: d, want: "[][]", compatOnly: true},
	})
}

// Issue 36: cycle and when values, which Liquid 5.4 reads with its lax
// patterns in every mode (they have no strict parse): digits and dots are
// a float, 1.5e3 a variable. Checked against Ruby 5.4 with and without
// --lax (strict: when 1.5e3 is an undefined variable there, which shea's
// strict mode rejects before rendering).
func TestConformanceLaxNumbersInPatterns(t *testing.T) {
	runConformance(t, nil, []conformanceCase{
		{name: "cycle float with a trailing dot", src: `{% cycle 1., 'a' %}`, want: "1.0", compatOnly: true},
		{name: "when a variable spelt as a number", src: `{% case nil %}{% when 1.5e3 %}Y{% endcase %}`, want: "Y", compatOnly: true},
		{name: "when a float with a trailing dot", src: `{% case 1 %}{% when 1. %}Y{% endcase %}`, want: "Y", compatOnly: true},
	})
}

// Issue 36: what Ruby 5.4's lax mode leaves to the render: a partial is
// parsed when a tag renders it (a broken one on a branch never taken is no
// error), and a keyword a filter does not know fails only when it runs, or
// not at all where the filter takes options (default ignores the others).
// Checked against Ruby 5.4 with --lax.
func TestConformanceLazyFailures(t *testing.T) {
	ps := mapPartials{"broken": "{% if x %"}
	runConformance(t, ps, []conformanceCase{
		{name: "broken include never run", src: `{% if false %}{% include 'broken' %}{% endif %}ok`, want: "ok", compatOnly: true},
		{name: "broken render never run", src: `{% if false %}{% render 'broken' %}{% endif %}ok`, want: "ok", compatOnly: true},
		{name: "unknown keyword never run", src: `{% if false %}{{ 'a' | upcase: x: 1 }}{% endif %}ok`, want: "ok", compatOnly: true},
		{name: "unknown option of default", src: `{{ nil | default: 1, x: 2 }}`, want: "1", compatOnly: true},
		{name: "unknown option beside a known one", src: `{{ 'a' | default: 1, allow_false: true, x: 2 }}`, want: "a", compatOnly: true},
	})
}
