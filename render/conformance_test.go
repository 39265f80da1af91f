package render

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// conformanceCase is a template whose output was checked by hand against
// Ruby Liquid 5.4 (ruby ../shared/peers/ruby/render.rb T DATA.json --lax).
type conformanceCase struct {
	name, src, data, want string
	compatOnly            bool // a leniency: strict mode need not render it
}

// runConformance renders each case in compat mode and, unless it is
// compatOnly, in strict mode (no schema) too, comparing with want.
func runConformance(t *testing.T, partials mapPartials, tests []conformanceCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			modes := []bool{true, false}
			if tt.compatOnly {
				modes = modes[:1]
			}
			for _, compat := range modes {
				vars := map[string]any{}
				if tt.data != "" {
					m, err := DecodeJSONObject([]byte(tt.data))
					if err != nil {
						t.Fatal(err)
					}
					vars = m
				}
				var schema *strict.Schema
				if !compat {
					schema = anySchema(t, vars)
				}
				tpl, diags := New(Options{Compat: compat, Partials: partials}).Compile(tt.src, "t.liquid", diag.Pos{}, schema)
				if diags.HasErrors() {
					t.Errorf("compat=%v: %v", compat, diags)
					continue
				}
				out, err := tpl.Render(context.Background(), vars)
				if err != nil || out != tt.want {
					t.Errorf("compat=%v: %q\n got %q (err %v)\nwant %q", compat, tt.src, out, err, tt.want)
				}
			}
		})
	}
}

// anySchema declares each top-level key of vars, with any value.
func anySchema(t *testing.T, vars map[string]any) *strict.Schema {
	t.Helper()
	props := map[string]any{}
	for k := range vars {
		props[k] = map[string]any{}
	}
	doc, err := json.Marshal(map[string]any{"type": "object", "properties": props})
	if err != nil {
		t.Fatal(err)
	}
	s, err := strict.CompileSchema("t.json", doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Group 1 of issue 16: for and tablerow limit and offset. The current
// Shopify release computes for's segment as 5.4 does (from = offset,
// to = from + limit, walk the collection keeping from <= i < to, then
// reverse); tablerow follows 5.4 (a nil limit is 0, via nil.to_i).
func TestConformanceLoopBounds(t *testing.T) {
	const arr = `{"array":[1,2,3],"s":"abc","n":null}`
	runConformance(t, nil, []conformanceCase{
		{"string ignores limit", `{% for i in "empty" limit: 0 %}{{ i }}{% endfor %}`, "", "empty", false},
		{"string ignores offset", `{% for i in s offset: 1 %}{{i}}{% endfor %}`, arr, "abc", false},
		{"empty string is empty", `{% for i in "" %}{{i}}{% else %}E{% endfor %}`, "", "E", false},
		{"reversed offset negative limit", `{% for i in array reversed, offset: 2, limit: -3 %}{{i}}{% endfor %}`, arr, "", false},
		{"negative limit", `{% for i in array limit: -1 %}{{i}}{% else %}E{% endfor %}`, arr, "E", false},
		{"negative offset shortens", `{% for i in array offset: -1, limit: 2 %}{{i}}{% endfor %}`, arr, "1", false},
		{"negative offset range", `{% for i in (1..5) offset: -2, limit: 4 %}{{i}}{% endfor %}`, "", "12", false},
		{"nil limit is no limit", `{% for i in array limit: nil %}{{i}}{% endfor %}`, arr, "123", false},
		{"null variable limit", `{% for i in array limit: n %}{{i}}{% endfor %}`, arr, "123", false},
		{"reversed after limit", `{% for i in array reversed limit: 2 %}{{i}}{% endfor %}`, arr, "21", false},
		{"reversed after offset", `{% for i in array reversed offset: 1 %}{{i}}{% endfor %}`, arr, "32", false},
		{"continue after negative offset", `{% for i in array offset: -1, limit: 2 %}{{i}}{% endfor %}{% for i in array offset: continue %}{{i}}{% endfor %}`, arr, "1123", false},
		{"tablerow negative limit", `{% tablerow i in array limit: -1 %}{{i}}{% endtablerow %}`, arr, "<tr class=\"row1\">\n</tr>\n", false},
		{"tablerow nil limit is 0", `{% tablerow i in array limit: nil %}{{i}}{% endtablerow %}`, arr, "<tr class=\"row1\">\n</tr>\n", false},
		{"tablerow negative offset", `{% tablerow i in array offset: -1, limit: 2 %}{{i}}{% endtablerow %}`, arr, "<tr class=\"row1\">\n<td class=\"col1\">1</td></tr>\n", false},
		{"tablerow string ignores limit", `{% tablerow i in "abc" limit: 0 %}{{i}}{% endtablerow %}`, "", "<tr class=\"row1\">\n<td class=\"col1\">abc</td></tr>\n", false},
	})
}

// Group 3 of issue 16: include and render arguments and scoping.
func TestConformancePartialScope(t *testing.T) {
	ps := mapPartials{
		"t1": "{{a}}-{{b}}",
		"t2": "{{t2}}|{{x}}",
		"t3": `{% include "t1" %}`,
		"t4": "{{g}}",
	}
	const g = `{"g":"G","arr":[1,2]}`
	runConformance(t, ps, []conformanceCase{
		{name: "include args see earlier ones", src: `{% include 't1' a: 1, b: a %}`, want: "1-1"},
		{name: "render args do not", src: `{% render 't1' a: 1, b: a %}`, want: "1-", compatOnly: true},
		{name: "include with as", src: `{% include 't2' with 'v' as x %}`, want: "|v", compatOnly: true},
		{name: "render with as", src: `{% render 't2' with 'v' as x %}`, want: "|v", compatOnly: true},
		{name: "render for as", src: `{% render 't2' for arr as x %}`, data: g, want: "|1|2", compatOnly: true},
		{name: "include for as", src: `{% include 't2' for arr as x %}`, data: g, want: "|1|2", compatOnly: true},
		// Ruby's render.rb passes the data as assigns, which render
		// hides; the reference's spec adapters pass it as the static
		// environment, which render shows (issue 16), as shea does.
		{name: "render sees global data", src: `{% render 't4' %}`, data: g, want: "G"},
		{name: "render hides locals", src: `{% assign g = 'L' %}{% render 't4' %}`, data: g, want: "G"},
	})
}

// An include inside a render partial is an error (Liquid: "include usage is
// not allowed in this context"), when rendering in compat mode and before
// rendering in strict mode.
func TestIncludeInsideRender(t *testing.T) {
	ps := mapPartials{"t1": "x", "t3": `{% include "t1" %}`}
	tpl, diags := New(Options{Compat: true, Partials: ps}).Compile(`{% render 't3' %}`, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := tpl.Render(context.Background(), nil)
	if e, ok := AsError(err); !ok || out != "" || e.Diagnostics[0].Code != codes.RenderError {
		t.Errorf("compat: got %q, %v", out, err)
	}
	_, diags = New(Options{Partials: ps}).Compile(`{% render 't3' %}`, "t.liquid", diag.Pos{}, anySchema(t, nil))
	if !diags.HasErrors() || diags.Errors()[0].Code != codes.RenderError {
		t.Errorf("strict: got %v", diags)
	}
}

// Group 5 of issue 16: printing. Hashes print as Ruby before 3.4 inspects
// them, the form the Liquid spec records (Ruby 3.4, which the current
// Shopify release also runs on, prints {"k" => "v"}; shea follows the spec).
// Floats print as Ruby's Float#to_s.
func TestConformancePrinting(t *testing.T) {
	const data = `{"h":{"k":"v","n":1,"a":[1,"x"],"z":null},"nested":[{"a":1}],"f":1e15,"g":1.2e15,"i":1e14,"j":1234567890123456.8,"s":1e-5}`
	runConformance(t, nil, []conformanceCase{
		{name: "hash", src: `{{ h }}`, data: data, want: `{"k"=>"v", "n"=>1, "a"=>[1, "x"], "z"=>nil}`},
		{name: "hash in array", src: `{{ nested }}`, data: data, want: `{"a"=>1}`},
		{name: "join hash", src: `{{ nested | join: "," }}`, data: data, want: `{"a"=>1}`},
		{name: "1e15", src: `{{ f }}`, data: data, want: "1.0e+15"},
		{name: "1.2e15", src: `{{ g }}`, data: data, want: "1.2e+15"},
		{name: "1e14", src: `{{ i }}`, data: data, want: "100000000000000.0"},
		{name: "fraction near 1e15", src: `{{ j }}`, data: data, want: "1234567890123456.8"},
		{name: "small", src: `{{ s }}`, data: data, want: "1.0e-05"},
	})
}

// Group 6 of issue 16: first, last and size on strings and numbers, tablerow
// over nil or false or with cols: nil, unnamed cycles with variables.
func TestConformanceProperties(t *testing.T) {
	const data = `{"s":"hello","n":42,"f":1.5,"arr":[1,2],"x":null}`
	runConformance(t, nil, []conformanceCase{
		{name: "string size", src: `{{ s.size }}`, data: data, want: "5"},
		{name: "integer size is Ruby's Integer#size", src: `{{ n.size }}`, data: data, want: "8"},
		// Current Shopify reads a string's first and last character
		// (its spec: {{ name.first }} is "m"; issue 27); Liquid 5.4 printed
		// nothing, and its strict_variables raises.
		{name: "string first last", src: `{{ s.first }}|{{ s.last }}`, data: data, want: "h|o", compatOnly: true},
		{name: "number first last, float size", src: `{{ n.first }}|{{ n.last }}|{{ f.size }}`, data: data, want: "||", compatOnly: true},
		{name: "tablerow over nil", src: `{% tablerow i in x %}{{i}}{% endtablerow %}`, data: data, want: ""},
		{name: "tablerow over false", src: `{% tablerow i in false %}{{i}}{% endtablerow %}`, want: ""},
		{name: "tablerow cols nil", src: `{% tablerow i in arr cols: nil %}{{i}}{% endtablerow %}`, data: data, want: "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n"},
		{name: "cycle with a variable counts per tag", src: `{% assign x='a' %}{% cycle x,'b' %}{% cycle x,'b' %}{% cycle x, 'b' %}`, want: "aaa"},
		{name: "literal cycles share", src: `{% cycle 'a','b' %}{% cycle 'a','b' %}`, want: "ab"},
		{name: "same cycle tag in a loop advances", src: `{% assign x='a' %}{% for i in (1..3) %}{% cycle x,'b' %}{% endfor %}`, want: "aba"},
	})
	// A partial whose name has dots is found under that name (Ruby's
	// LocalFileSystem refuses it; the spec's in-memory partials serve it).
	runConformance(t, mapPartials{"snippet.with.dots": "dots"}, []conformanceCase{
		{name: "partial name with dots", src: `{% include 'snippet.with.dots' %}{% render 'snippet.with.dots' %}`, want: "dotsdots"},
	})
}

// Group 4 of issue 16: quiet coercions. Liquid 5.4's tablerow converts
// offset, limit and cols with Ruby's to_i; compat mode does too, strict mode
// keeps a non-integer an error. (for converts with Utils.to_integer, which
// rejects "2x" and 2.5, in 5.4 and in the current release alike.)
func TestConformanceCoercions(t *testing.T) {
	const data = `{"arr":[1,2,3,4]}`
	runConformance(t, nil, []conformanceCase{
		{name: "tablerow limit 2x", src: `{% tablerow i in arr cols: "2" limit: "2x" %}{{i}}{% endtablerow %}`, data: data, want: "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n", compatOnly: true},
		{name: "tablerow limit foo", src: `{% tablerow i in arr limit: "foo" %}{{i}}{% endtablerow %}`, data: data, want: "<tr class=\"row1\">\n</tr>\n", compatOnly: true},
		{name: "tablerow float cols", src: `{% tablerow i in arr cols: 2.5 limit: 3 %}{{i}}{% endtablerow %}`, data: data, want: "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n<tr class=\"row2\"><td class=\"col1\">3</td></tr>\n", compatOnly: true},
		{name: "tablerow huge negative bounds", src: `{% tablerow i in arr offset: "-9223372036854775807", limit: "-9223372036854775807" %}{{i}}{% endtablerow %}`, data: data, want: "<tr class=\"row1\">\n</tr>\n", compatOnly: true},
		{name: "for limit string", src: `{% for i in arr limit: " 2 " %}{{i}}{% endfor %}`, data: data, want: "12"},
	})
	// Strict mode: a non-integer bound is a render error with shea's text.
	tpl, diags := New(Options{}).Compile(`{% tablerow i in arr limit: "2x" %}{% endtablerow %}`, "t.liquid", diag.Pos{}, anySchema(t, map[string]any{"arr": nil}))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := tpl.Render(context.Background(), map[string]any{"arr": []any{int64(1)}})
	if e, ok := AsError(err); !ok || out != "" || e.Diagnostics[0].Code != codes.RenderError {
		t.Errorf("strict: got %q, %v", out, err)
	}
}

// Group 7 of issue 16: self (newer Liquid; neither Ruby Liquid 5.4 nor
// LiquidJS has it, so these follow the current release's description: self
// is the variable scope). In strict mode a literal key is checked like the
// name itself; a computed key is looked up when rendering, and a key that
// names no variable is an unknown_variable error then.
func TestConformanceSelf(t *testing.T) {
	const data = `{"product":"P","k":"product"}`
	runConformance(t, nil, []conformanceCase{
		{name: "literal key", src: `{{ self['product'] }}`, data: data, want: "P"},
		{name: "dot", src: `{{ self.product }}`, data: data, want: "P"},
		{name: "computed key", src: `{{ self[k] }}`, data: data, want: "P"},
		{name: "assign shadows the global", src: `{% assign product = 'L' %}{{ self['product'] }}`, data: data, want: "L"},
		{name: "assign rebinds self", src: `{% assign self = 'x' %}{{ self }}`, want: "x"},
		{name: "loop variable", src: `{% for i in (1..2) %}{{ self['i'] }}{% endfor %}`, want: "12"},
	})
	schema := anySchema(t, map[string]any{"product": nil, "k": nil})
	// A literal key that names no input is rejected before rendering.
	if _, diags := New(Options{}).Compile(`{{ self['prodcut'] }}`, "t.liquid", diag.Pos{}, schema); !diags.HasErrors() || diags.Errors()[0].Code != codes.UnknownVariable {
		t.Errorf("literal key: got %v", diags)
	}
	// A computed key that names no variable fails when rendering.
	tpl, diags := New(Options{}).Compile(`{{ self[k] }}`, "t.liquid", diag.Pos{}, schema)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := tpl.Render(context.Background(), map[string]any{"product": "P", "k": "nope"})
	if e, ok := AsError(err); !ok || out != "" || e.Diagnostics[0].Code != codes.UnknownVariable {
		t.Errorf("computed key: got %q, %v", out, err)
	}
}
