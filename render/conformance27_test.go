package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// rubyCase is a template, its data and what Ruby Liquid 5.4 made of it with
// its default (lax) parser and render!: the output, or an error (err).
// Each row was produced by Ruby Liquid 5.4, not by shea.
type rubyCase struct {
	src, data, want string
	err             bool
}

// renderCompat compiles and renders tt in compat mode (without
// StrictSyntax) and compares with Ruby's result. It returns the compile
// diagnostics.
func renderCompat(t *testing.T, opts Options, tt rubyCase) diag.List {
	t.Helper()
	opts.Compat = true
	vars := map[string]any{}
	if tt.data != "" {
		m, err := DecodeJSONObject([]byte(tt.data))
		if err != nil {
			t.Fatal(err)
		}
		vars = m
	}
	tpl, diags := New(opts).Compile(tt.src, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Errorf("compat: %q: %v", tt.src, diags)
		return diags
	}
	out, err := tpl.Render(context.Background(), vars)
	switch {
	case tt.err && err == nil:
		t.Errorf("compat: %q rendered %q; Ruby fails", tt.src, out)
	case !tt.err && (err != nil || out != tt.want):
		t.Errorf("compat: %q\n got %q (err %v)\nwant %q", tt.src, out, err, tt.want)
	}
	return diags
}

// TestLaxOutputs: markup that only Shopify's lax parser reads, in outputs,
// echo, assign and for headers, and filter calls with the wrong count of
// arguments (Ruby fails only when the call runs). Compat mode renders it as
// Ruby Liquid 5.4 does, with lax_syntax warnings; strict mode and compat
// mode with StrictSyntax keep rejecting it (issue 27, the lax markup group).
func TestLaxOutputs(t *testing.T) {
	tests := []rubyCase{
		{"{{ 'a' || upcase }}", "", "A", false},
		{"{{ 'a' | }}", "", "a", false},
		{"{{ 'a' | | upcase }}", "", "A", false},
		{"{{ x |upcase | }}", "{\"x\":\"hi\"}", "HI", false},
		{"{{ 1e3 }}", "", "", false},
		{"{{ x | plus: 1e3 }}", "{\"x\":\"hi\"}", "0", false},
		{"{{ x.b. }}", "{\"x\":{\"b\":1}}", "1", false},
		{"{{ -x }}", "{\"x\":\"hi\"}", "", false},
		{"{{ 1 + 1 }}", "", "1", false},
		{"{{ x | append: 'b' 'c' }}", "{\"x\":\"hi\"}", "hib", false},
		{"{{ x[] }}", "{\"x\":\"hi\"}", "hi", false},
		{"{{ ! }}", "", "", false},
		{"{{ | upcase }}", "{\"upcase\":\"U\"}", "U", false},
		{"{% assign y = 'a' | %}{{ y }}", "", "a", false},
		{"{% assign y = 1.2.3 %}{{ y }}", "", "1.2", false},
		{"{{ x&&y }}", "{\"x\":\"hi\"}", "", false},
		{"{{ x | append: \"a\" \"b\" }}", "{\"x\":\"hi\"}", "hia", false},
		{"{{ (1 ...5) }}", "", "", false},
		{"{% echo 'a' | | upcase %}", "", "A", false},
		{"{{ x | append: y z, 'd' | size }}", "{\"x\":\"hi\"}", "", true},
		{"{{ x | split: '' | join: '-' | }}", "{\"x\":\"hi\"}", "h-i", false},
		{"{{ 'a-b' | replace: '-' '+' }}", "", "ab", false},
		{"{{ ['x'] | upcase | }}", "{\"x\":\"hi\"}", "HI", false},
		{"{{ x | truncate: 3 junk: 1 }}", "{\"x\":\"hello\"}", "he1", false},
		{"{{ (1..3) | join: '+' | }}", "", "1+2+3", false},
		{"{{ 2.5.1 | plus: 1 }}", "", "3.5", false},
		{"{% for i in (1..3) limit: 2 reversed %}{{ i }}{% endfor %}", "", "12", false},
		{"{% for i in (1..3) offset: 1 reversed %}{{ i }}{% endfor %}", "", "23", false},
		{"{% for i in (1..3) offset: continue reversed %}{{ i }}{% endfor %}", "", "123", false},
		{"{% for i in (1..3) limit: 2 foo %}{{ i }}{% endfor %}", "", "12", false},
		{"{% if false %}{{ 'a' | upcase: 1 }}{% endif %}ok", "", "ok", false},
		{"{% if false %}{{ 'a' | append }}{% endif %}ok", "", "ok", false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			diags := renderCompat(t, Options{}, tt)
			if !hasCode(diags, diag.LaxSyntax) {
				t.Errorf("compat: diagnostics %v, want a lax_syntax warning", diags)
			}
			for _, opts := range []Options{{}, {Compat: true, StrictSyntax: true}} {
				if _, diags := New(opts).Compile(tt.src, "t.liquid", diag.Pos{}, nil); !diags.HasErrors() {
					t.Errorf("%+v: no error, want the markup rejected", opts)
				}
			}
		})
	}
}
