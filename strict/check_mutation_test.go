package strict

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/diag"
)

// partialMap is a PartialSource over names and their text.
type partialMap map[string]string

func (m partialMap) Partial(name string) (string, string, error) {
	if src, ok := m[name]; ok {
		return src, name, nil
	}
	return "", "", fs.ErrNotExist
}

// refNames lists the names of references, in order.
func refNames(refs []Reference) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Name)
	}
	return out
}

// TestSuggestBudgetBoundary pins the edge of maxSuggestWork: locals are
// offered as suggestions while the work spent so far is at most the
// budget. With 127 locals each unknown variable costs 128, so after 128 of
// them exactly 1<<14 is spent, and the 129th still gets a local suggested.
func TestSuggestBudgetBoundary(t *testing.T) {
	if maxSuggestWork != 1<<14 {
		t.Fatalf("maxSuggestWork is %d; recount this test", maxSuggestWork)
	}
	var b strings.Builder
	for i := range 126 {
		fmt.Fprintf(&b, "{%% assign f%03d = 1 %%}", i)
	}
	b.WriteString("{% assign target = 1 %}")
	for i := range 128 {
		fmt.Fprintf(&b, "{{ zz%03d }}", i)
	}
	b.WriteString("{{ targte }}")
	_, diags := Check(b.String(), "t.liquid", diag.Pos{}, Options{Context: mustLane(t)})
	if len(diags) != 129 {
		t.Fatalf("got %d diagnostics, want 129", len(diags))
	}
	last := diags[len(diags)-1]
	if want := `Did you mean "target"?`; last.Detail != want {
		t.Errorf("detail of the 129th unknown variable: got %q, want %q", last.Detail, want)
	}
	// One more unknown name passes the budget: inputs only.
	_, diags = Check(b.String()+"{{ targte }}", "t.liquid", diag.Pos{}, Options{Context: mustLane(t)})
	if got, want := diags[len(diags)-1].Detail, `The template's inputs are "issue", "attempt".`; got != want {
		t.Errorf("detail of the 130th unknown variable: got %q, want %q", got, want)
	}
}

// TestDeadlineNamesItsTimeout checks that deadline_exceeded states the
// timeout the caller set, not the default.
func TestDeadlineNamesItsTimeout(t *testing.T) {
	_, diags := Check("{% include 'p1' %}", "main.liquid", diag.Pos{}, Options{Partials: includeDAG(false, true), MaxPartialExpansions: -1, Timeout: time.Nanosecond})
	if len(diags) != 1 || diags[0].Code != diag.DeadlineExceeded {
		t.Fatalf("got %v, want one deadline_exceeded", diags)
	}
	if got, want := diags[0].Summary, "checking took longer than 1ns and stopped"; got != want {
		t.Errorf("summary: got %q, want %q", got, want)
	}
}

// TestAnalyzeWalksAPartialOncePerScope checks that Analyze, which proves
// nothing about conditions, lets a partial included under an else clause
// and again after the if share one walk: the partial's reads are listed
// once: the else clause adds nothing to what the include sees.
func TestAnalyzeWalksAPartialOncePerScope(t *testing.T) {
	src := "{% if x == nil %}{% else %}{% include 'p' %}{% endif %}{% include 'p' %}"
	an, diags := Analyze(src, "t.liquid", diag.Pos{}, partialMap{"p": "{{ v }}"})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if diff := cmp.Diff([]string{"x", "v"}, refNames(an.Variables)); diff != "" {
		t.Errorf("variables (-want +got):\n%s", diff)
	}
}

// TestBreakAfterALoop checks that leaving a loop ends the place where
// break and continue are allowed: after endfor they are errors again.
func TestBreakAfterALoop(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"break after a for loop", "{% for i in (1..2) %}{% break %}{% endfor %}{% break %}",
			[]string{"unexpected_tag 1:48@47-1:53@52"}, nil},
		{"continue after nested loops", "{% for i in (1..2) %}{% for j in (1..2) %}{% continue %}{% endfor %}{% endfor %}{% continue %}",
			[]string{"unexpected_tag 1:84@83-1:92@91"}, nil},
	})
}

// TestLaxAloneChangesNothing checks Options.Lax without Compat: a filter
// given a wrong count of arguments stays an error, not a lax_syntax
// warning.
func TestLaxAloneChangesNothing(t *testing.T) {
	_, diags := Check("{{ 'a' | upcase: 1 }}", "t.liquid", diag.Pos{}, Options{Context: mustLane(t), Lax: true})
	if len(diags) != 1 || diags[0].Code != diag.FilterArguments || diags[0].Severity != diag.Error {
		t.Fatalf("got %v, want one filter_arguments error", diags)
	}
	if got, want := diags[0].Summary, `filter "upcase" takes no arguments, got 1`; got != want {
		t.Errorf("summary: got %q, want %q", got, want)
	}
}

// TestLoopVariableSuggested checks that the names a block binds, the
// outermost block's included, are offered for a misspelt variable.
func TestLoopVariableSuggested(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"one loop", "{% for item in issue.labels %}{{ itme }}{% endfor %}",
			[]string{"unknown_variable 1:34@33-1:38@37"}, []string{`Did you mean "item"?`}},
		{"the outer of two loops", "{% for item in issue.labels %}{% for x in issue.labels %}{{ itme }}{% endfor %}{% endfor %}",
			[]string{"unknown_variable 1:61@60-1:65@64"}, []string{`Did you mean "item"?`}},
	})
}
