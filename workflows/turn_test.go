package workflows

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// turnWorkflow writes a shea workflow whose main lane has a turn block and
// whose template_context.schema declares the run context key "plan", with
// the files given (relative to .shea), and returns its path.
func turnWorkflow(t *testing.T, files map[string]string) string {
	t.Helper()
	return turnWorkflowAs(t, "composition:\n  project: ../prompts\n", files)
}

// turnWorkflowAs is turnWorkflow with the composition setting given ("" for
// lanes read from single prompt files).
func turnWorkflowAs(t *testing.T, composition string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	writeFile(t, path, "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../prompts/main.md\n  review_agent: ../prompts/review.md\n"+
		"  merge_agent: ../prompts/merge.md\n"+composition+"template_context:\n  schema:\n    properties:\n"+
		"      run_context:\n        type: object\n        properties:\n          plan:\n            type: string\n---\nIndex.\n")
	base := map[string]string{
		"prompts/main.md":      "# Main\n\nImplement {{ issue.identifier }}.\n",
		"prompts/main.turn.md": "{% if attempt %}Attempt {{ attempt }}.{% else %}First turn.{% endif %}{% if run_context.plan %} Plan: {{ run_context.plan }}{% endif %}\n",
		"prompts/review.md":    "Review {{ issue.identifier }}{% if attempt %} again{% endif %}.\n",
		"prompts/merge.md":     "Merge.\n",
	}
	for k, v := range files {
		base[k] = v
	}
	for name, text := range base {
		if text != "" {
			writeFile(t, filepath.Join(dir, ".shea", filepath.FromSlash(name)), text)
		}
	}
	return path
}

func TestRenderTurn(t *testing.T) {
	wf, diags := Load(turnWorkflow(t, nil), Options{Getenv: func(string) string { return "" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	claim := "\n\n## Assigned Lane Claim\n\nThis run holds the Main Agent claim on #12."
	var system string
	for _, tc := range []struct {
		attempt *int
		rc      map[string]any
		user    string
	}{
		{nil, nil, "First turn.\n"},
		{intp(1), map[string]any{}, "Attempt 1.\n"},
		{intp(2), map[string]any{"plan": "split the parser", "notes": "kept out"}, "Attempt 2. Plan: split the parser\n"},
		{intp(3), map[string]any{"plan": "ship"}, "Attempt 3. Plan: ship\n"},
	} {
		turn, err := wf.RenderTurn(context.Background(), LaneMain, LaneInput{Issue: sheaIssue(), Attempt: tc.attempt, RunContext: tc.rc})
		if err != nil {
			t.Fatal(err)
		}
		if system == "" {
			system = turn.System
			if !strings.HasPrefix(system, "# Main\n\nImplement #12."+claim) {
				t.Errorf("system part:\n%s", system)
			}
		} else if turn.System != system {
			t.Errorf("system part changed with attempt %v, run context %v:\n%s", tc.attempt, tc.rc, turn.System)
		}
		if turn.User != tc.user {
			t.Errorf("user part %q, want %q", turn.User, tc.user)
		}
		prompt, err := wf.RenderLane(context.Background(), LaneMain, LaneInput{Issue: sheaIssue(), Attempt: tc.attempt, RunContext: tc.rc})
		if err != nil || prompt != system+"\n"+tc.user {
			t.Errorf("RenderLane = %q, %v; want the system part, a blank line, the user part", prompt, err)
		}
		if want := []string{".shea/prompts/main.md", "<contract:assigned_lane_claim>"}; len(turn.Sources) < 1 || !strings.HasSuffix(turn.Sources[0], want[0]) ||
			!strings.HasSuffix(turn.Sources[len(turn.Sources)-1], "main.turn.md") {
			t.Errorf("sources %v", turn.Sources)
		}
	}

	// A lane without a turn block renders as before, attempt included.
	turn, err := wf.RenderTurn(context.Background(), LaneReview, LaneInput{Issue: sheaIssue(), Attempt: intp(2)})
	if err != nil || turn.System != "Review #12 again.\n" || turn.User != "" {
		t.Errorf("review lane: %+v, %v", turn, err)
	}

	// validate smoke-renders the turn block and names it.
	r, _ := wf.Validate(context.Background())
	var lines []string
	for _, l := range r.Readback {
		if strings.HasPrefix(l.Key, "prompt_") && strings.Contains(l.Key, "main_agent") {
			lines = append(lines, filepath.ToSlash(l.String()))
		}
	}
	want := []string{
		"prompt_source.main_agent=composed path=" + filepath.ToSlash(filepath.Dir(filepath.Dir(wf.Path))) + "/prompts/main.md bytes=" + strconv.Itoa(len(wf.lanes[0].text)),
		"prompt_template_smoke.main_agent=pass",
		"prompt_turn_source.main_agent=composed path=" + filepath.ToSlash(filepath.Dir(filepath.Dir(wf.Path))) + "/prompts/main.turn.md bytes=136",
		"prompt_turn_smoke.main_agent=pass",
	}
	if diff := cmp.Diff(want, lines); diff != "" || r.Status != StatusValid {
		t.Errorf("readback (-want +got), status %s:\n%s", r.Status, diff)
	}
}

// TestTurnOnlyInputsInSystemPart: the system part of a lane with a turn
// block cannot read attempt or run_context; the error names the file and
// line.
func TestTurnOnlyInputsInSystemPart(t *testing.T) {
	path := turnWorkflow(t, map[string]string{"prompts/main.md": "# Main\n\n{% if attempt %}Again.{% endif %}\n{{ run_context.plan }}\n"})
	wf, diags := Load(path, Options{Getenv: func(string) string { return "" }})
	errs := diags.Errors()
	if len(errs) != 2 {
		t.Fatalf("want 2 errors, got %v", diags)
	}
	for i, want := range []string{"main.md:3:7", "main.md:4:4"} {
		if !strings.Contains(errs[i].Error(), want) || !strings.Contains(errs[i].Summary, "is a per-turn input") {
			t.Errorf("error %d: %v", i, errs[i])
		}
	}
	_, err := wf.RenderTurn(context.Background(), LaneMain, LaneInput{Issue: sheaIssue()})
	var werr *Error
	if !errors.As(err, &werr) {
		t.Errorf("RenderTurn of a broken workflow: %v", err)
	}
}

// TestRunContextKeysAreChecked: a misspelt run_context key in the turn
// block is an unknown_property error that suggests the declared key.
func TestRunContextKeysAreChecked(t *testing.T) {
	path := turnWorkflow(t, map[string]string{"prompts/main.turn.md": "{{ run_context.plna }}\n"})
	_, diags := Load(path, Options{Getenv: func(string) string { return "" }})
	if errs := diags.Errors(); len(errs) != 1 || errs[0].Code != "unknown_property" || !strings.Contains(errs[0].Detail, "plan") {
		t.Errorf("misspelt key: %v", diags)
	}
}

// TestAblateOption: Options.Ablate replaces the lane's editable text and
// keeps the claim contract.
func TestAblateOption(t *testing.T) {
	wf, diags := Load(turnWorkflow(t, nil), Options{Getenv: func(string) string { return "" }, Ablate: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	turn, err := wf.RenderTurn(context.Background(), LaneMain, LaneInput{Issue: sheaIssue(), Attempt: intp(2)})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(turn.System, "# Main") || !strings.HasPrefix(turn.System, "Implement tracker issue #12") ||
		!strings.Contains(turn.System, "## Assigned Lane Claim") || turn.User != "This is attempt 2 on #12.\n" {
		t.Errorf("ablated: %+v", turn)
	}
}

func intp(n int) *int { return &n }

// TestRunContextUndeclared: without a declaration the turn block can read
// no run_context key, and a run context with keys still renders.
func TestRunContextUndeclared(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	writeFile(t, path, composedWorkflow("  project: ../prompts\n"))
	for name, text := range map[string]string{
		"prompts/main.md": "Main {{ issue.identifier }}.\n", "prompts/main.turn.md": "Turn {{ attempt }}.\n",
		"prompts/review.md": "Review.\n", "prompts/merge.md": "Merge.\n",
	} {
		writeFile(t, filepath.Join(dir, ".shea", filepath.FromSlash(name)), text)
	}
	wf, diags := Load(path, Options{Getenv: func(string) string { return "" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	turn, err := wf.RenderTurn(context.Background(), LaneMain, LaneInput{Issue: sheaIssue(), Attempt: intp(1), RunContext: map[string]any{"plan": "x"}})
	if err != nil || turn.User != "Turn 1.\n" {
		t.Errorf("%+v, %v", turn, err)
	}

	writeFile(t, filepath.Join(dir, ".shea", "prompts", "main.turn.md"), "{{ run_context.plan }}\n")
	_, diags = Load(path, Options{Getenv: func(string) string { return "" }})
	if errs := diags.Errors(); len(errs) != 1 || errs[0].Code != "unknown_property" {
		t.Errorf("undeclared key: %v", diags)
	}
}
