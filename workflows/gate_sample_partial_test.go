package workflows

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// TestGateSampleFailsInAPartial: a runner's sample that fails inside a
// partial is reported in the partial's file, where the failing markup is,
// not in the workflow that includes it.
func TestGateSampleFailsInAPartial(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: memory\n---\n{{ issue.title }}{% render \"part\", issue: issue %}\n")
	writeFile(t, filepath.Join(dir, "part.liquid"), "{% if issue.identifier == \"ZERO\" %}{{ 10 | divided_by: issue.priority }}{% endif %}\n")
	zero, one := 0, 1
	good := runnerIssue{ID: "1", Identifier: "A-1", Title: "T", State: "Todo", Priority: &one}
	bad := good
	bad.Identifier, bad.Priority = "ZERO", &zero
	_, err := Gate(context.Background(), path, Options{Samples: []LaneInput{{Issue: good}, {Issue: bad}}})
	l := diag.AsList(err).Errors()
	if len(l) != 1 || l[0].Code != codes.RenderError || !strings.Contains(l[0].Summary, "Options.Samples[1]") || filepath.Base(l[0].Subject.Filename) != "part.liquid" {
		t.Errorf("a sample failing in the partial: %v (at %q)", err, func() string {
			if len(l) > 0 {
				return l[0].Subject.Filename
			}
			return ""
		}())
	}
}
