package strict

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// includeDAG is nine partials, each including the next ten times (p9
// reads an unknown name when bad); inScopes puts each include in a scope
// of its own (a for loop binding a different name), where it sees
// different names and must be walked again.
func includeDAG(bad, inScopes bool) mapFilePartials {
	p := mapFilePartials{}
	for i := 1; i <= 8; i++ {
		var b strings.Builder
		for j := range 10 {
			inc := fmt.Sprintf("{%% include 'p%d' %%}", i+1)
			if inScopes {
				inc = fmt.Sprintf("{%% for v%d_%d in (1..2) %%}%s{%% endfor %%}", i, j, inc)
			}
			fmt.Fprintf(&b, "{%% assign a%d = %d %%}%s\n", i, j, inc)
		}
		p[fmt.Sprintf("p%d", i)] = b.String()
	}
	p["p9"] = "{{ a1 }}{{ a8 }}"
	if bad {
		p["p9"] += "{{ nope }}"
	}
	return p
}

func TestIncludeDAGIsCheckedOnce(t *testing.T) {
	for _, bad := range []bool{false, true} {
		start := time.Now()
		_, diags := Check("{% include 'p1' %}", "main.liquid", diag.Pos{}, Options{Partials: includeDAG(bad, false), Timeout: -1})
		testclock.Within(t, fmt.Sprintf("bad=%v: checking", bad), time.Since(start), 2*time.Second)
		switch {
		case !bad && len(diags) != 0:
			t.Errorf("good DAG: %v", diags)
		case bad && (len(diags) != 1 || diags[0].Code != codes.UnknownVariable || diags[0].Subject.Filename != "p9"):
			t.Errorf("bad DAG: got %v, want one unknown_variable in p9", diags)
		}
	}
}

func TestPartialExpansionLimit(t *testing.T) {
	// In ten scopes each, the DAG would be walked 10^8 times.
	start := time.Now()
	_, diags := Check("{% include 'p1' %}", "main.liquid", diag.Pos{}, Options{Partials: includeDAG(false, true), Timeout: -1})
	testclock.Within(t, "checking", time.Since(start), 2*time.Second)
	if len(diags) != 1 || diags[0].Code != codes.PartialExpansionLimit {
		t.Fatalf("got %v, want one partial_expansion_limit", diags)
	}
	// A bound of its own, and none.
	_, diags = Check("{% include 'p1' %}", "main.liquid", diag.Pos{}, Options{Partials: includeDAG(false, true), MaxPartialExpansions: 5})
	if len(diags) != 1 || diags[0].Code != codes.PartialExpansionLimit || !strings.Contains(diags[0].Summary, "more than 5 times") {
		t.Errorf("MaxPartialExpansions 5: got %v", diags)
	}
	small := mapFilePartials{"p": "{% for i in (1..2) %}{% include 'q' %}{% endfor %}{% for j in (1..2) %}{% include 'q' %}{% endfor %}", "q": "{{ i }}{{ j }}"}
	if _, diags = Check("{% include 'p' %}", "main.liquid", diag.Pos{}, Options{Partials: small, MaxPartialExpansions: -1}); len(diags) != 2 {
		t.Errorf("no bound: got %v, want q's two unknown_variable, one in each scope", diags)
	}
}

func TestCheckDeadline(t *testing.T) {
	start := time.Now()
	_, diags := Check("{% include 'p1' %}", "main.liquid", diag.Pos{}, Options{Partials: includeDAG(false, true), MaxPartialExpansions: -1, Timeout: 100 * time.Millisecond})
	testclock.Within(t, "checking", time.Since(start), 2*time.Second)
	if len(diags) != 1 || diags[0].Code != codes.DeadlineExceeded {
		t.Fatalf("got %v, want one deadline_exceeded", diags)
	}
}
