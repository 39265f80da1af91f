package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

const laxData = `{"a": true, "b": false, "n": 2, "x": "hi"}`

// TestLaxSyntax renders markup that only Shopify's default (lax) parser
// accepts. Every want was checked by hand against Ruby Liquid 5.4:
// ruby ../shared/peers/ruby/render.rb T DATA.json --lax, with laxData as
// the data. Compat mode renders it with one lax_syntax warning; strict mode
// and compat mode with StrictSyntax reject it.
func TestLaxSyntax(t *testing.T) {
	tests := []struct{ src, want string }{
		// && and ||: the condition is what comes before them, up to the
		// next and/or.
		{`{% if a && b %}Y{% else %}N{% endif %}`, "Y"},
		{`{% if b && a %}Y{% else %}N{% endif %}`, "N"},
		{`{% if b || a %}Y{% else %}N{% endif %}`, "N"},
		{`{% if n == 2 && b %}Y{% else %}N{% endif %}`, "Y"},
		{`{% if b && a or a %}Y{% else %}N{% endif %}`, "Y"},
		{`{% if b or a && b %}Y{% else %}N{% endif %}`, "Y"},
		{`{% unless a && b %}Y{% else %}N{% endunless %}`, "N"},
		{`{% if b %}1{% elsif a && b %}2{% endif %}`, "2"},
		{`{% if a && %}Y{% else %}N{% endif %}`, "Y"},
		{`{% if a &&& "s t" %}Y{% else %}N{% endif %}`, "Y"},
		// Words after a value or a filter's arguments, up to the next |.
		{`{{ x => y }}`, "hi"},
		{`{{ x = y }}`, "hi"},
		{`{{ x foo | upcase }}`, "HI"},
		{`{{ x | append: "a" junk | upcase }}`, "HIA"},
		{`{{ x | upcase junk }}`, "HI"},
		{`{% assign y = x junk %}{{ y }}`, "hi"},
		// Digits and dots outside a range's parentheses are one float,
		// Ruby's to_f of them; digits followed by letters are a variable,
		// and 1.5e3 the key 5e3 of the variable 1 (issue 36).
		{`{% if 1. == 1 %}Y{% endif %}`, "Y"},
		{`{% if 1.5.3 == 1.5 %}Y{% endif %}`, "Y"},
		{`{% if 1..3 == 1 %}Y{% endif %}`, "Y"},
		{`{% for i in 1..3 %}{{ i }}{% endfor %}`, ""},
		{`{% for i in (1..3.) %}{{ i }}{% endfor %}`, "123"},
		{`{{ 1. }}`, "1.0"},
		{`{% assign y = 2. | plus: 1 %}{{ y }}`, "3.0"},
		{`{% if 1.5e3 %}Y{% else %}N{% endif %}`, "N"},
		{`{% if 15e3 > 1 %}Y{% else %}N{% endif %}`, "N"},
		// A value that starts with what no token starts with (issue 36).
		{`{% assign y = +1 %}[{{ y }}]`, "[]"},
		{`{% assign y = *1 %}[{{ y }}]`, "[]"},
		{`{% assign y = 'a' + 'b' %}[{{ y }}]`, "[a]"},
		{`{% echo x junk %}`, "hi"},
		{`{{ x ) }}`, "hi"},
		{`{{ x == n }}`, "hi"},
		// (a...b) reads as (a..b).
		{`{% for i in (1...3) %}{{ i }}{% endfor %}`, "123"},
		{`{{ (n...5) }}`, "2..5"},
		{`{{ (-1...1) }}`, "-1..1"},
		// Trailing commas, and a colon with no arguments.
		{`{{ x | append: "a", }}`, "hia"},
		{`{{ x | append: "a",, | upcase }}`, "HIA"},
		{`{{ x | slice: 0, 1, }}`, "h"},
		{`{{ x | upcase: }}`, "HI"},
		{`{{ x | upcase: | append: "z" }}`, "HIz"},
	}
	vars, err := DecodeJSONObject([]byte(laxData))
	if err != nil {
		t.Fatal(err)
	}
	schema := anySchema(t, vars)
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			tpl, diags := New(Options{Compat: true}).Compile(tt.src, "t.liquid", diag.Pos{}, nil)
			if diags.HasErrors() {
				t.Fatalf("compat: %v", diags)
			}
			if len(diags) != 1 || diags[0].Code != codes.LaxSyntax || diags[0].Severity != diag.Warning {
				t.Errorf("compat: diagnostics %v, want one lax_syntax warning", diags)
			}
			out, err := tpl.Render(context.Background(), vars)
			if err != nil || out != tt.want {
				t.Errorf("compat: got %q (err %v), want %q", out, err, tt.want)
			}
			for _, opts := range []Options{{}, {Compat: true, StrictSyntax: true}} {
				var sch = schema
				if opts.Compat {
					sch = nil
				}
				if _, diags := New(opts).Compile(tt.src, "t.liquid", diag.Pos{}, sch); !hasCode(diags, codes.SyntaxError) {
					t.Errorf("%+v: diagnostics %v, want a syntax_error", opts, diags)
				}
			}
		})
	}
}

// TestLaxSyntaxStaysError lists lax markup compat mode still rejects,
// because shea cannot render it as Ruby Liquid 5.4 does (its output is given
// in each comment, checked as above). Outputs that only the lax parser reads
// render as Ruby does: see TestLaxOutputs.
func TestLaxSyntaxStaysError(t *testing.T) {
	for _, src := range []string{
		`{% if a => b %}Y{% endif %}`, // a render-time "Unknown operator =>" error
		`{% if a junk %}Y{% endif %}`, // a render-time "Unknown operator junk" error
		`{% if a&&b %}Y{% endif %}`,   // the same: tests "a&&b"
	} {
		if _, diags := New(Options{Compat: true}).Compile(src, "t.liquid", diag.Pos{}, nil); !hasCode(diags, codes.SyntaxError) {
			t.Errorf("%s: diagnostics %v, want a syntax_error", src, diags)
		}
	}
}

func hasCode(l diag.List, c diag.Code) bool {
	for _, d := range l {
		if d.Code == c {
			return true
		}
	}
	return false
}

// TestLaxSymbolsInRegexpTags: in the tags compat mode reads with Shopify's
// patterns, which skip what they do not understand silently, && and =>
// are skipped like any other word (checked against Ruby Liquid 5.4 --lax).
func TestLaxSymbolsInRegexpTags(t *testing.T) {
	runConformance(t, nil, []conformanceCase{
		{name: "cycle", src: `{% cycle 'a' => 1, 'b' %}{% cycle 'a' => 1, 'b' %}`, want: "ab", compatOnly: true},
		{name: "when", src: `{% case x %}{% when 'hi' && 1 %}W{% endcase %}`, data: `{"x": "hi"}`, want: "W", compatOnly: true},
	})
}
