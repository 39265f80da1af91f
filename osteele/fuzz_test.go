package osteele

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
)

// FuzzCompare checks the output comparison on any pair of outputs: it
// reports a difference exactly when they differ, and places it inside the
// template.
func FuzzCompare(f *testing.F) {
	f.Add("Title: T\nEstimate: 6.0 days", "Title: T\nEstimate: 6 days")
	f.Add("ab", "xab")
	f.Add("é", "è")
	f.Add("", "x")
	src := "Title: {{ title }}\n{% for t in tags %}- {{ t }}\n{% endfor %}Estimate: {{ 2.0 | times: 3 }} days\n"
	f.Fuzz(func(t *testing.T, shea, ost string) {
		tpl := compile(t, src, diag.Pos{Line: 3, Column: 1, Byte: 20}, "")
		d := Compare(tpl, shea, ost)
		if (d == nil) != (shea == ost) {
			t.Fatalf("Compare(%q, %q) = %v", shea, ost, d)
		}
		if d == nil {
			return
		}
		r := d.Subject
		end := diag.Pos{Line: 3, Column: 1, Byte: 20}.Advance(src)
		if r.Start.Byte < 20 || r.End.Byte > end.Byte || r.End.Byte < r.Start.Byte {
			t.Fatalf("range %v outside the template", r)
		}
		if strings.Count(d.Summary, "\n") > 0 {
			t.Fatalf("summary breaks its line: %q", d.Summary)
		}
	})
}
