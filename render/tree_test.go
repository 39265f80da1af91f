package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
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

// TestTreeErrorPositions checks where render-time errors of tags point:
// the compiled tags keep their syntax node and resolve its range only when
// they fail. Each want is the position of the tag (or of the part named),
// counted by hand in the source.
func TestTreeErrorPositions(t *testing.T) {
	partials := mapPartials{"r": "x{% include 'r' %}"}
	for _, tc := range []struct {
		src    string
		limits Limits
		vars   map[string]any
		code   diag.Code
		file   string
		line   int
		col    int
	}{
		// the for tag, for a bad limit
		{src: "ab\n  {% for i in (1..3) limit: 'x' %}{% endfor %}", code: codes.RenderError, file: "t.liquid", line: 2, col: 3},
		// the word "for", for too many iterations
		{src: "x\n{% for i in (1..5) %}{% endfor %}", limits: Limits{MaxLoopIterations: 2}, code: codes.LoopLimit, file: "t.liquid", line: 2, col: 4},
		// the word "tablerow", likewise
		{src: "{% tablerow i in (1..5) %}{% endtablerow %}", limits: Limits{MaxLoopIterations: 2}, code: codes.LoopLimit, file: "t.liquid", line: 1, col: 4},
		// the capture tag, for what it holds
		{src: "\n\n {% capture c %}aaaaaaaaaaaaaaaaaaaa{% endcapture %}", limits: Limits{MaxMemory: 10}, code: codes.MemoryLimit, file: "t.liquid", line: 3, col: 2},
		// the include tag in the partial, one level too deep
		{src: "\n  {% include 'r' %}", limits: Limits{MaxDepth: 2}, code: codes.DepthLimit, file: "r.liquid", line: 1, col: 2},
		// the expression naming a partial that does not exist
		{src: "{% include name %}", vars: map[string]any{"name": "nope"}, code: codes.MissingPartial, file: "t.liquid", line: 1, col: 12},
	} {
		tpl, diags := New(Options{Compat: true, Partials: partials, Limits: tc.limits}).Compile(tc.src, "t.liquid", diag.Pos{}, nil)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		_, err := tpl.Render(context.Background(), tc.vars)
		e, ok := AsError(err)
		if !ok || len(e.Diagnostics) != 1 {
			t.Errorf("%q: got %v, want one %s error", tc.src, err, tc.code)
			continue
		}
		d := e.Diagnostics[0]
		if d.Code != tc.code || d.Subject.Filename != tc.file || d.Subject.Start.Line != tc.line || d.Subject.Start.Column != tc.col {
			t.Errorf("%q: got %s at %s:%d:%d, want %s at %s:%d:%d", tc.src, d.Code, d.Subject.Filename,
				d.Subject.Start.Line, d.Subject.Start.Column, tc.code, tc.file, tc.line, tc.col)
		}
	}
}
