package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// TestLowerSkeleton pins the skeleton osteele parses: a run just before a
// block and a run that starts a clause are rendered by the block's tag and
// have no tag of their own; a run after a block's last nested block, and at
// the end of the template, keep theirs. The output (worked out by hand)
// shows that the runs still render in order and that a break inside a run
// still stops the loop.
func TestLowerSkeleton(t *testing.T) {
	const src = `a{% if x %}b{% else %}c{% endif %}d` +
		`{% for i in (1..3) %}{% if i == 2 %}e{% break %}{% endif %}f{% endfor %}g`
	tpl, diags := New(Options{Compat: true}).Compile(src, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	l := &lowerer{c: &compiler{eng: tpl.eng, src: src}, t: tpl, lead: -1}
	l.body(tpl.prog.Template.Body, false)
	l.endRun()
	const want = `{%b 0%}{%c%}{%endb%}{%b 1%}{%b 2%}{%endb%}{%s 0%}{%endb%}{%s 1%}`
	if got := l.b.String(); got != want {
		t.Errorf("skeleton\n got %s\nwant %s", got, want)
	}
	out, err := tpl.Render(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "acdfeg"; out != want {
		t.Errorf("output %q, want %q", out, want)
	}
}
