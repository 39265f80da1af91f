package workflows

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

func TestTrackerKinds(t *testing.T) {
	got := trackerKinds()
	want := []string{"github_project_v2", "linear", "memory"}
	if len(got) != len(want) {
		t.Fatalf("trackerKinds() = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("trackerKinds() = %q, want %q", got, want)
		}
	}
}

// A Symphony workflow's tracker kind that is a near miss of a known one is
// an unknown_tracker_kind warning at the value, with the kind; a kind of a
// port's own, far from every known one, is not reported. A shea workflow's
// kind is its schema's enum: an error.
func TestCheckTrackerKind(t *testing.T) {
	tests := []struct {
		name, path, kind string
		want             string // the warning's "summary | detail's first line", "" for none
		wantCode         diag.Code
	}{
		{"typo", "WORKFLOW.md", "lienar", `unknown tracker kind "lienar" | Did you mean "linear"?`, codes.UnknownTrackerKind},
		{"case", "WORKFLOW.md", "Linear", `unknown tracker kind "Linear" | Did you mean "linear"?`, codes.UnknownTrackerKind},
		{"memory", "WORKFLOW.md", "memroy", `unknown tracker kind "memroy" | Did you mean "memory"?`, codes.UnknownTrackerKind},
		{"github", "WORKFLOW.md", "github_projects_v2", `unknown tracker kind "github_projects_v2" | Did you mean "github_project_v2"?`, codes.UnknownTrackerKind},
		{"known", "WORKFLOW.md", "linear", "", ""},
		{"own kind", "WORKFLOW.md", "jira", "", ""},
		{"own kind near nothing", "WORKFLOW.md", "github", "", ""},
		{"shea dialect", ".shea/workflows/w.md", "lienar", `tracker.kind: unsupported value "lienar"; expected one of "github_project_v2", "linear", "memory" | Did you mean "linear"?`, codes.ConfigInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, filepath.FromSlash(tt.path))
			writeFile(t, path, "---\ntracker:\n  kind: "+tt.kind+"\n  project_slug: p\n---\nWork on {{ issue.title }}.\n")
			_, diags := Load(path, Options{Root: dir})
			var got []*diag.Diagnostic
			for _, d := range diags {
				if d.Code == codes.UnknownTrackerKind || d.Code == codes.ConfigInvalid {
					got = append(got, d)
				}
			}
			if tt.want == "" {
				if len(got) > 0 {
					t.Fatalf("Load reported %v, want nothing on the kind", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("Load reported %v, want one %s", diags, tt.wantCode)
			}
			d := got[0]
			first, _, _ := strings.Cut(d.Detail, "\n")
			if s := d.Summary + " | " + first; d.Code != tt.wantCode || s != tt.want {
				t.Errorf("got %s %q, want %s %q", d.Code, s, tt.wantCode, tt.want)
			}
			if d.Code == codes.UnknownTrackerKind {
				if d.Severity != diag.Warning || d.Subject.Start.Line != 3 || d.Subject.Start.Column != 9 || d.Subject.End.Column != 9+len(tt.kind) {
					t.Errorf("got %v at %v, want a warning at the value, 3:9-%d", d.Severity, d.Subject, 9+len(tt.kind))
				}
			}
		})
	}
}
