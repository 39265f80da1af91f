package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/workflows"
)

const (
	titelMsg = "unknown property \"titel\" of issue\nDid you mean \"issue.title\"?"
	upcseMsg = "unknown filter \"upcse\"\nDid you mean \"upcase\"?"
	slugMsg  = "unknown key \"projectslug\" in tracker\nDid you mean \"project_slug\"?"
)

// The body line is "Résumé — 日本語 🎉 {{ issue.titel }} for …": byte
// column 32 is UTF-16 character 19, UTF-32 character 18 (🎉 is two UTF-16
// units), UTF-8 byte 31. Worked out by hand.
func TestDiagnosticsInEachEncoding(t *testing.T) {
	for _, tc := range []struct {
		enc   string
		titel Range
		upcse Range
	}{
		{encUTF16, rng(19, 19, 19, 30), rng(19, 60, 19, 65)},
		{"bogus", rng(19, 19, 19, 30), rng(19, 60, 19, 65)}, // an unknown offer: UTF-16
		{encUTF32, rng(19, 18, 19, 29), rng(19, 59, 19, 64)},
		{encUTF8, rng(19, 31, 19, 42), rng(19, 72, 19, 77)},
	} {
		t.Run(tc.enc, func(t *testing.T) {
			dir := fixture(t, "symphony")
			c := start(t, []string{tc.enc}, nil)
			wf := filepath.Join(dir, "WORKFLOW.md")
			c.open(wf, read(t, wf))
			p := c.waitFor(wf, hasCode("unknown_filter"))
			want := []brief{
				{"unknown_config_key", 2, rng(3, 2, 3, 13), slugMsg},
				{"unknown_property", 1, tc.titel, titelMsg},
				{"unknown_filter", 1, tc.upcse, upcseMsg},
			}
			if diff := cmp.Diff(want, briefs(p)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if p.Version == nil || *p.Version != 1 {
				t.Errorf("version %v, want 1", p.Version)
			}
			if d := p.Diagnostics[1]; d.CodeDescription == nil || d.CodeDescription.Href != "shea-explain:unknown_property" || d.Source != "shea" {
				t.Errorf("code description %+v, source %q", d.CodeDescription, d.Source)
			}
		})
	}
}

// The diagnostics are those of workflows.Validate, the call shea validate
// makes, on the same text: same codes, severities, summaries and details,
// ranges converted.
func TestDiagnosticsAreValidates(t *testing.T) {
	dir := fixture(t, "shea")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, ".shea/workflows/shea.md")
	c.open(wf, read(t, wf))
	// the project's main-agent.md is never opened: its diagnostics come
	// with the workflow's.
	lane := filepath.Join(dir, ".shea/prompts/main-agent.md")
	got := c.waitFor(lane, hasCode("unknown_property"))
	_, want := workflows.Validate(context.Background(), wf, workflows.Options{})
	var n int
	for _, d := range want {
		if d.Subject.Filename != lane {
			continue
		}
		n++
		found := false
		for _, g := range got.Diagnostics {
			found = found || (g.Code == string(d.Code) && g.Message == Message(d) &&
				g.Range.Start.Line == d.Subject.Start.Line-1 && g.Range.Start.Character == d.Subject.Start.Column-1)
		}
		if !found {
			t.Errorf("validate's %v is not published: %+v", d, got.Diagnostics)
		}
	}
	if n != len(got.Diagnostics) || n == 0 {
		t.Errorf("%d diagnostics published for %s, validate has %d", len(got.Diagnostics), lane, n)
	}
	if got.Version != nil {
		t.Errorf("a file that is not open got version %d", *got.Version)
	}
	if len(got.Diagnostics[0].Related) != 1 || !strings.HasSuffix(got.Diagnostics[0].Related[0].Location.URI, "/.shea/team/main-agent.md") {
		t.Errorf("related: %+v", got.Diagnostics[0].Related)
	}
}

// An unsaved partial is checked as the lane that renders it sees it: with
// the workflow's declared fields (issue.comments), and its diagnostics
// clear when it is fixed.
func TestUnsavedPartialUsesItsLaneInputs(t *testing.T) {
	dir := fixture(t, "shea")
	c := start(t, nil, nil)
	partial := filepath.Join(dir, ".shea/team/checklist.md")
	c.open(partial, read(t, partial))
	c.change(partial, 2, "{% for c in issue.comments %}- {{ c.authr }} {{ issue.comments.size }}\n{% endfor %}\n")
	p := c.waitFor(partial, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
	want := []brief{{"unknown_property", 1, rng(0, 34, 0, 41), "unknown property \"authr\" of c\nDid you mean \"c.author\"?"}}
	if diff := cmp.Diff(want, briefs(p)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// what validate says once the buffer is saved
	if err := os.WriteFile(partial, []byte("{% for c in issue.comments %}- {{ c.authr }} {{ issue.comments.size }}\n{% endfor %}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, vd := workflows.Validate(context.Background(), filepath.Join(dir, ".shea/workflows/shea.md"), workflows.Options{})
	var saved []string
	for _, d := range vd {
		if d.Subject.Filename == partial {
			saved = append(saved, Message(d))
		}
	}
	if diff := cmp.Diff([]string{want[0].Message}, saved); diff != "" {
		t.Errorf("validate on the saved text (-lsp +validate):\n%s", diff)
	}
	c.change(partial, 3, "{% for c in issue.comments %}- {{ c.author }}\n{% endfor %}\n")
	p = c.waitFor(partial, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 3 })
	if len(p.Diagnostics) != 0 {
		t.Errorf("fixed, yet: %+v", p.Diagnostics)
	}
}

// Editing the workflow re-checks its files and republishes theirs: when
// the workflow's unsaved buffer stops declaring issue.comments, the partial
// that reads them (never opened) fails, and recovers on undo.
func TestWorkflowEditRechecksItsFiles(t *testing.T) {
	dir := fixture(t, "shea")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, ".shea/workflows/shea.md")
	partial := filepath.Join(dir, ".shea/team/checklist.md")
	text := read(t, wf)
	c.open(wf, text)
	c.waitFor(wf, func(p publishDiagnosticsParams) bool { return p.Version != nil })
	i := strings.Index(text, "template_context:")
	j := strings.Index(text, "\n---\n")
	c.change(wf, 2, text[:i]+text[j+1:])
	p := c.waitFor(partial, hasCode("unknown_property"))
	if p.Version != nil || !strings.Contains(p.Diagnostics[0].Message, `unknown property "comments" of issue`) {
		t.Errorf("%+v", p)
	}
	c.change(wf, 3, text)
	c.waitFor(partial, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
}

// A file no workflow uses is checked as shea check checks it: the
// symphony lane inputs.
func TestStandaloneFile(t *testing.T) {
	dir := canonical(t.TempDir())
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "note.liquid")
	c := start(t, nil, nil)
	c.open(f, "{{ issue.title }} {{ user.name }}")
	p := c.waitFor(f, hasCode("unknown_variable"))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Range != rng(0, 21, 0, 30) {
		t.Errorf("%+v", p.Diagnostics)
	}
}
