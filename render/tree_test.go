package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// TestTreeControlFlow checks how the compiled tree carries break and
// continue, and output, through nested blocks, loops and partials: text
// before a break stays, a break inside an include stops the caller's loop,
// a render partial keeps its break to itself, a capture keeps what its body
// wrote before a break. Every expected output is Shopify Liquid 5.4's (ruby
// ../shared/peers/ruby/render.rb --lax, run by hand).
func TestTreeControlFlow(t *testing.T) {
	partials := mapPartials{
		"brk": `i[{{ i }}]{% if i == 2 %}{% break %}{% endif %}`,
		"rb":  `{% for j in (1..2) %}{% if j == 2 %}{% continue %}{% endif %}r{{ j }}{% endfor %}{% break %}z`,
	}
	for _, tc := range []struct{ src, want string }{
		{`a{% if x %}b{% else %}c{% endif %}d` +
			`{% for i in (1..3) %}{% if i == 2 %}e{% break %}{% endif %}f{% else %}{% if y %}z{% endif %}{% endfor %}` +
			`g{% unless x %}{% case 1 %}{% when 1 %}h{% endcase %}{% endunless %}`, "acdfegh"},
		{`{% for i in (1..3) %}x{% if i == 2 %}a{% if true %}b{% break %}{% endif %}{% endif %}y{% endfor %}`, "xyxab"},
		{`{% capture c %}{% for i in (1..2) %}{% if i %}[{% if i == 1 %}{{ i }}{% endif %}]{% endif %}{% endfor %}{% endcapture %}{{ c | upcase }}-{{ c }}`, "[1][]-[1][]"},
		{`{% for i in (1..3) %}{% include "brk" %}-{% endfor %}`, "i[1]-i[2]"},
		{`{% for i in (1..3) %}{% render "rb" %}-{% endfor %}`, "r1-r1-r1-"},
		{`{% for i in (1..3) %}{% for j in (1..3) %}{% if j == 2 %}{% break %}{% endif %}{{ i }}{{ j }}{% endfor %}{% if i == 2 %}{% continue %}{% endif %}|{% endfor %}`, "11|2131|"},
		{`a{% break %}b`, "a"},
		{`{% for i in (1..3) %}{% capture c %}x{{ i }}{% if i == 2 %}{% break %}{% endif %}y{% endcapture %}[{{ c }}]{% endfor %}{{ c }}`, "[x1y]x2"},
		{`{% for i in (1..4) %}{% ifchanged %}{% if i < 3 %}a{% else %}b{% endif %}{% endifchanged %}{% endfor %}`, "ab"},
		{`{% for i in (1..4) %}{% cycle "x", "y", "z" %}{% endfor %}`, "xyzx"},
	} {
		tpl, diags := New(Options{Compat: true, Partials: partials}).Compile(tc.src, "t.liquid", diag.Pos{}, nil)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		out, err := tpl.Render(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if out != tc.want {
			t.Errorf("%s\n got %q\nwant %q", tc.src, out, tc.want)
		}
	}
}
