package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// TestLowerSkeleton pins the skeleton osteele parses: only blocks that
// hold a block are osteele blocks (the for, with its else clause, and the
// unless); a leaf block (each if, the case) is part of a run. A run just
// before a block and a run that starts a clause are rendered by the block's
// tag and have no tag of their own. The output (worked out by hand) shows
// that the runs and leaf blocks still render in order and that a break
// inside a leaf block still stops the loop.
func TestLowerSkeleton(t *testing.T) {
	const src = `a{% if x %}b{% else %}c{% endif %}d` +
		`{% for i in (1..3) %}{% if i == 2 %}e{% break %}{% endif %}f{% else %}{% if y %}z{% endif %}{% endfor %}` +
		`g{% unless x %}{% case 1 %}{% when 1 %}h{% endcase %}{% endunless %}`
	tpl, diags := New(Options{Compat: true}).Compile(src, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	l := &lowerer{c: &compiler{eng: tpl.eng, src: src}, t: tpl, lead: -1}
	l.body(tpl.prog.Template.Body, false)
	l.endRun()
	const want = `{%b 0%}{%c%}{%endb%}{%b 1%}{%endb%}`
	if got := l.b.String(); got != want {
		t.Errorf("skeleton\n got %s\nwant %s", got, want)
	}
	out, err := tpl.Render(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "acdfegh"; out != want {
		t.Errorf("output %q, want %q", out, want)
	}
}

// TestLowerWriters checks that output written inside osteele blocks lands
// where shea directs it: text before a break inside nested blocks is kept,
// and a capture whose body osteele walks collects that body's output
// instead of writing it. The expected outputs are Shopify Liquid 5.4's.
func TestLowerWriters(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{% for i in (1..3) %}x{% if i == 2 %}a{% if true %}b{% break %}{% endif %}{% endif %}y{% endfor %}`, "xyxab"},
		{`{% capture c %}{% for i in (1..2) %}{% if i %}[{% if i == 1 %}{{ i }}{% endif %}]{% endif %}{% endfor %}{% endcapture %}{{ c | upcase }}-{{ c }}`, "[1][]-[1][]"},
	} {
		tpl, diags := New(Options{Compat: true}).Compile(tc.src, "t.liquid", diag.Pos{}, nil)
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
