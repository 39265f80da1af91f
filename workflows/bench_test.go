package workflows

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/workpad"
)

// generateShea writes a shea workflow with n templates in total under dir
// and returns its path: the 3 lane prompts, the 5 backend fragments and
// the 23 workpad templates, all as files, and n-31 partials that the lane
// prompts render in turn, each with a condition and a loop over the issue.
// A resource manifest lists the prompt directories.
func generateShea(tb testing.TB, dir string, n int) string {
	tb.Helper()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	const fixed = 3 + 5 + 23
	parts := max(0, n-fixed)
	lanes := []string{"main-agent", "review-agent", "merge-agent"}
	var fm strings.Builder
	fm.WriteString("---\ntracker:\n  kind: memory\nresources:\n  manifest: ../resources.v1.json\nprompts:\n")
	for i, l := range lanes {
		fmt.Fprintf(&fm, "  %s: ../prompts/%s.md\n", Lanes(ProfileShea)[i], l)
		var body strings.Builder
		fmt.Fprintf(&body, "# %s for {{ issue.identifier }}\n\n", l)
		for p := i; p < parts; p += len(lanes) {
			fmt.Fprintf(&body, "{%% render 'part-%04d', issue: issue, attempt: attempt %%}\n", p)
		}
		write(".shea/prompts/"+l+".md", body.String())
	}
	for p := range parts {
		write(fmt.Sprintf(".shea/prompts/part-%04d.md", p), fmt.Sprintf(
			"## Part %d\n{%% if attempt %%}Attempt {{ attempt }} of {{ issue.title | upcase }}.{%% endif %%}\n"+
				"{%% for label in issue.labels %%}- {{ label }}{%% unless forloop.last %%},{%% endunless %%}\n{%% endfor %%}"+
				"{%% if issue.url %%}{{ issue.url }}{%% else %%}no link{%% endif %%} {{ issue.state | downcase }}\n", p))
	}
	fm.WriteString("backend_prompts:\n")
	for _, k := range backendKeys() {
		fmt.Fprintf(&fm, "  %s: ../prompts/backend/%s\n", k, backendFile(k))
		text, _ := defaultBackend(k)
		write(".shea/prompts/backend/"+backendFile(k), text)
	}
	fm.WriteString("workpad_templates:\n")
	for _, s := range workpad.Specs() {
		fmt.Fprintf(&fm, "  %s: ../template/%s\n", s.ID, s.Path())
		var body strings.Builder
		fmt.Fprintf(&body, "## %s: {{ issue_ref }}\n\n", s.ID)
		for _, v := range s.Values {
			fmt.Fprintf(&body, "- %s: {{ %s }}\n", v, v)
		}
		write(".shea/template/"+s.Path(), body.String())
	}
	fm.WriteString("---\nIndex.\n")
	write(".shea/workflows/w.md", fm.String())
	write(".shea/resources.v1.json", `{"schema_version": 1, "core_group": "core", "groups": {"core": {"resources": [
		{"kind": "lane_prompt", "path": "prompts"}, {"kind": "template", "path": "template"}]}}}`)
	write(".git/HEAD", "ref: refs/heads/main\n")
	return filepath.Join(dir, ".shea", "workflows", "w.md")
}

func validateGenerated(tb testing.TB, path string) {
	r, diags := Validate(context.Background(), path, Options{})
	if r.Status != StatusValid {
		tb.Fatalf("generated workflow is invalid:\n%v", diags)
	}
}

// BenchmarkValidate500 validates a generated shea workflow of 500
// templates; ns/template is the time per template.
func BenchmarkValidate500(b *testing.B) {
	path := generateShea(b, b.TempDir(), 500)
	validateGenerated(b, path)
	b.ResetTimer()
	for b.Loop() {
		validateGenerated(b, path)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/500, "ns/template")
}

// TestValidationScalesLinearly compares the time per template of
// validating 100 and 800 templates: it must stay within a factor of 3 (a
// quadratic step would make it 8 times larger). Each size takes the best of
// several runs, to be robust against a busy machine.
func TestValidationScalesLinearly(t *testing.T) {
	testclock.Require(t)
	// Process CPU time, where the system reports it, does not grow while
	// the process waits for a core; the two sizes take turns so that both
	// see the same machine, and each keeps its best run.
	clock := func() time.Duration {
		if d, ok := testclock.ProcessCPU(); ok {
			return d
		}
		return time.Duration(time.Now().UnixNano())
	}
	smallPath := generateShea(t, t.TempDir(), 100)
	largePath := generateShea(t, t.TempDir(), 800)
	timeOne := func(path string) time.Duration {
		runtime.GC()
		start := clock()
		validateGenerated(t, path)
		return clock() - start
	}
	bestSmall, bestLarge := time.Duration(1<<62), time.Duration(1<<62)
	for range 5 {
		bestSmall = min(bestSmall, timeOne(smallPath))
		bestLarge = min(bestLarge, timeOne(largePath))
	}
	small, large := bestSmall/100, bestLarge/800
	t.Logf("per template: %v at 100 templates, %v at 800", small, large)
	if large > 3*small {
		t.Errorf("validation is not linear: %v per template at 800 templates, %v at 100", large, small)
	}
}
