package workflows

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sheaIssue is a complete TrackerIssue, as Shea Symphony serialises one.
func sheaIssue() map[string]any {
	return map[string]any{
		"tracker_kind": "github_project_v2", "id": "I_1", "item_id": nil, "identifier": "#12",
		"title": "Cache the schema", "description": nil, "url": nil, "state": "Todo",
		"labels": []any{"perf"}, "assignees": []any{}, "priority": nil, "branch_name": nil,
		"linked_pull_requests": []any{}, "blocked_by": []any{}, "project_fields": map[string]any{},
		"created_at": nil, "updated_at": nil,
	}
}

func TestRenderLane(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	// CRLF line breaks: the prompt renders with "\n", as both dialects
	// normalise the file before using its body.
	writeFile(t, path, strings.ReplaceAll("---\ntracker:\n  kind: memory\nmain_lane:\n  backend: codex\n---\n"+
		"Work on {{ issue.identifier }}: {{ issue.title }}.\n{% if attempt %}Attempt {{ attempt }}.\n{% endif %}"+
		"Labels: {{ issue.labels | join: \", \" }}\n", "\n", "\r\n"))
	wf, diags := Load(path, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ctx := context.Background()
	two := 2
	got, err := wf.RenderLane(ctx, LaneReview, LaneInput{Issue: sheaIssue(), Attempt: &two})
	if err != nil {
		t.Fatal(err)
	}
	want := "Work on #12: Cache the schema.\nAttempt 2.\nLabels: perf"
	if got != want {
		t.Errorf("RenderLane = %q, want %q", got, want)
	}
	got, err = wf.RenderLane(ctx, LaneMain, LaneInput{Issue: sheaIssue()})
	if err != nil || got != "Work on #12: Cache the schema.\nLabels: perf" {
		t.Errorf("first attempt: %q, %v", got, err)
	}

	// An unknown lane is a caller's mistake, with the nearest lane.
	_, err = wf.RenderLane(ctx, "review", LaneInput{Issue: sheaIssue()})
	if !errors.Is(err, ErrUnknownLane) || !strings.Contains(err.Error(), `did you mean "review_agent"?`) {
		t.Errorf("unknown lane: %v", err)
	}

	// An issue of the wrong shape renders nothing.
	bad := sheaIssue()
	bad["title"] = 42
	got, err = wf.RenderLane(ctx, LaneMain, LaneInput{Issue: bad})
	var werr *Error
	if !errors.As(err, &werr) || got != "" {
		t.Fatalf("bad issue: %q, %v", got, err)
	}
	if werr.Class != codes.ClassTemplateRender || werr.Lane != LaneMain || werr.Diagnostics[0].Code != codes.ContextInvalid {
		t.Errorf("bad issue: class %s lane %s diagnostics %v", werr.Class, werr.Lane, werr.Diagnostics)
	}
	if !strings.Contains(werr.Diagnostics[0].Summary, "/issue/title") {
		t.Errorf("context_invalid summary %q does not name /issue/title", werr.Diagnostics[0].Summary)
	}

	// Concurrent renders share the compiled workflow.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := i + 1
			out, err := wf.RenderLane(ctx, LaneMerge, LaneInput{Issue: sheaIssue(), Attempt: &n})
			if err != nil || !strings.Contains(out, "Attempt "+string(rune('0'+n))+".") {
				t.Errorf("render %d: %q, %v", n, out, err)
			}
		}()
	}
	wg.Wait()
}

func TestRenderLaneRefusesInvalidWorkflow(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name, text string
		class      codes.Class
	}{
		{"yaml", "---\ntracker: [\n---\n{{ issue.title }}\n", codes.ClassWorkflowParse},
		{"not a map", "---\n- a\n---\n{{ issue.title }}\n", codes.ClassNotAMap},
		{"config", "---\ntracker:\n  kind: memory\npolling:\n  interval_ms: soon\n---\n{{ issue.title }}\n", codes.ClassWorkflowConfig},
		{"unknown property", "---\ntracker:\n  kind: memory\n---\n{{ issue.titel }}\n", codes.ClassTemplateRender},
		{"syntax", "---\ntracker:\n  kind: memory\n---\n{% if issue.title %}\n", codes.ClassTemplateParse},
		{"syntax beats unknown", "---\ntracker:\n  kind: memory\n---\n{{ issue.titel }}\n{{ issue.title | }}\n", codes.ClassTemplateParse},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".md")
			writeFile(t, path, tt.text)
			wf, diags := Load(path, Options{})
			if !diags.HasErrors() {
				t.Fatal("no errors")
			}
			out, err := wf.RenderLane(context.Background(), LaneAgent, LaneInput{Issue: map[string]any{}})
			var werr *Error
			if !errors.As(err, &werr) || out != "" {
				t.Fatalf("RenderLane = %q, %v", out, err)
			}
			if werr.Class != tt.class {
				t.Errorf("class = %s, want %s", werr.Class, tt.class)
			}
			if diag.AsList(err) == nil {
				t.Errorf("diag.AsList finds no diagnostics in %v", err)
			}
		})
	}
	// A file that cannot be read.
	wf, _ := Load(filepath.Join(dir, "absent.md"), Options{})
	_, err := wf.RenderLane(context.Background(), LaneAgent, LaneInput{})
	var werr *Error
	if !errors.As(err, &werr) || werr.Class != codes.ClassMissingFile {
		t.Errorf("missing file: %v", err)
	}
}

// TestCRLFPositions checks byte offsets, which the text form does not
// show: in a CRLF file every diagnostic's Byte is the offset of its
// subject in the file as stored.
func TestCRLFPositions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	text := "\ufeff---\r\ntracker:\r\n  kind: memory\r\npolling:\r\n  interval_ms: soon\r\n---\r\n\r\nTitle: {{ issue.titel }}\r\n"
	writeFile(t, path, text)
	_, diags := Load(path, Options{})
	if len(diags) != 2 {
		t.Fatalf("diagnostics: %v", diags)
	}
	for _, tt := range []struct {
		d       *diag.Diagnostic
		subject string
	}{
		{diags[0], "interval_ms"},
		{diags[1], "issue.titel"},
	} {
		r := tt.d.Subject
		if got := text[r.Start.Byte:r.End.Byte]; got != tt.subject {
			t.Errorf("%v covers %q, want %q", tt.d, got, tt.subject)
		}
	}
	if got := diags[1].Subject.String(); got != path+":8:11" {
		t.Errorf("template error at %s, want line 8 column 11", got)
	}
}

func TestValidateIsRepeatable(t *testing.T) {
	wf, _ := Load("../testdata/example/.shea/workflows/shea-symphony.md", Options{})
	a, _ := wf.Validate(context.Background())
	b, _ := wf.Validate(context.Background())
	if a.Status != StatusValid || len(a.Readback) != len(b.Readback) {
		t.Fatalf("first %s (%d lines), second %s (%d lines)", a.Status, len(a.Readback), b.Status, len(b.Readback))
	}
	for i := range a.Readback {
		if a.Readback[i].String() != b.Readback[i].String() {
			t.Errorf("line %d: %v then %v", i, a.Readback[i], b.Readback[i])
		}
	}
}

// TestConcurrentLoads validates workflows of both profiles at once: the
// loads share the schemas compiled once per process, and each must report
// what a load on its own reports (run with -race).
func TestConcurrentLoads(t *testing.T) {
	paths := []string{"../testdata/example/.shea/workflows/shea-symphony.md", "../testdata/symphony/WORKFLOW.md", "../testdata/composed/.shea/workflows/shea.md"}
	want := make([]string, len(paths))
	for i, p := range paths {
		r, _ := Validate(context.Background(), p, Options{})
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		want[i] = b.String()
	}
	var wg sync.WaitGroup
	for n := range 3 * len(paths) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := n % len(paths)
			r, _ := Validate(context.Background(), paths[i], Options{})
			var b strings.Builder
			if err := r.WriteText(&b); err != nil {
				t.Error(err)
				return
			}
			if b.String() != want[i] {
				t.Errorf("%s: concurrent readback\n%s\nwant\n%s", paths[i], b.String(), want[i])
			}
		}()
	}
	wg.Wait()
}
