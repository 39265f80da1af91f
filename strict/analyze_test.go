package strict

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sheaproject/shea/diag"
)

func TestAnalyze(t *testing.T) {
	src := "{% assign n = issue.labels.size %}{% for l in issue.labels %}{{ l | upcase }}{{ forloop.index }}{% endfor %}" +
		"{% render 'card', x: attempt %}{{ nope.deep[0] }}"
	an, diags := Analyze(src, "t.md", diag.Pos{}, mapFilePartials{"card.liquid": "{{ x }}{{ issue.title }}"})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	refs := func(rs []Reference) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Name+" "+r.Range.String())
		}
		return out
	}
	for _, c := range []struct {
		what string
		got  []Reference
		want []string
	}{
		// External paths in source order; a render partial's own reads
		// are reported where they are, in the partial's file.
		{"variables", an.Variables, []string{
			"issue.labels.size t.md:1:15", "issue.labels t.md:1:47", "attempt t.md:1:130",
			"issue.title card.liquid:1:11", "nope.deep[0] t.md:1:143"}},
		{"locals", an.Locals, []string{"n t.md:1:11", "l t.md:1:42"}},
		{"filters", an.Filters, []string{"upcase t.md:1:69"}},
		{"tags", an.Tags, []string{"assign t.md:1:4", "for t.md:1:38", "render t.md:1:112"}},
		{"partials", an.Partials, []string{"card t.md:1:119"}},
	} {
		if diff := cmp.Diff(c.want, refs(c.got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.what, diff)
		}
	}
}

// TestAnalyzeReportsOnlySyntax: Analyze describes; it does not judge names,
// filters or partials.
func TestAnalyzeReportsOnlySyntax(t *testing.T) {
	_, diags := Analyze("{{ x | nosuch }}{% include 'missing' %}{% break %}{% if %}{% endif %}", "t", diag.Pos{}, nil)
	if diff := cmp.Diff([]string{"syntax_error 1:54@53-1:56@55"}, dsAll(diags), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
