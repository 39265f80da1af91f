package workflows

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRenderTurnSingleFile: a lane read from one prompt file with a turn
// block beside it renders the file as the system part, unchanged across
// attempts and run contexts, and the turn block as the user part.
func TestRenderTurnSingleFile(t *testing.T) {
	wf, diags := Load(turnWorkflowAs(t, "", nil), Options{Getenv: func(string) string { return "" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	prompts := filepath.ToSlash(filepath.Dir(filepath.Dir(wf.Path))) + "/workflows/../prompts/"
	clean := filepath.ToSlash(filepath.Dir(filepath.Dir(wf.Path))) + "/prompts/"
	for _, tc := range []struct {
		attempt *int
		rc      map[string]any
		user    string
	}{
		{nil, nil, "First turn."},
		{intp(1), map[string]any{}, "Attempt 1."},
		{intp(2), map[string]any{"plan": "split the parser", "notes": "kept out"}, "Attempt 2. Plan: split the parser"},
		{intp(3), map[string]any{"plan": "ship"}, "Attempt 3. Plan: ship"},
	} {
		in := LaneInput{Issue: sheaIssue(), Attempt: tc.attempt, RunContext: tc.rc}
		turn, err := wf.RenderTurn(context.Background(), LaneMain, in)
		if err != nil {
			t.Fatal(err)
		}
		// The files as they are, trimmed as a single prompt file is: no
		// claim, which Shea Symphony appends itself.
		if turn.System != "# Main\n\nImplement #12." || turn.User != tc.user {
			t.Errorf("attempt %v, run context %v: system %q, user %q; want user %q", tc.attempt, tc.rc, turn.System, turn.User, tc.user)
		}
		var got []string
		for _, s := range turn.Sources {
			got = append(got, filepath.ToSlash(s))
		}
		if diff := cmp.Diff([]string{prompts + "main.md", prompts + "main.turn.md"}, got); diff != "" {
			t.Errorf("sources (-want +got):\n%s", diff)
		}
		prompt, err := wf.RenderLane(context.Background(), LaneMain, in)
		if err != nil || prompt != turn.System+"\n\n"+tc.user {
			t.Errorf("RenderLane = %q, %v; want the system part, a blank line, the user part", prompt, err)
		}
	}

	// A lane without a turn block renders as before, attempt included.
	turn, err := wf.RenderTurn(context.Background(), LaneReview, LaneInput{Issue: sheaIssue(), Attempt: intp(2), RunContext: map[string]any{"plan": "x"}})
	if err != nil || turn.System != "Review #12 again." || turn.User != "" || len(turn.Sources) != 1 {
		t.Errorf("review lane: %+v, %v", turn, err)
	}

	ls, err := wf.LaneSource(LaneMain)
	if err != nil || filepath.ToSlash(ls.TurnPath) != clean+"main.turn.md" || ls.TurnBytes != 135 || ls.Kind != SourcePromptFile {
		t.Errorf("LaneSource: %+v, %v", ls, err)
	}
	if ls, _ := wf.LaneSource(LaneReview); ls.TurnPath != "" || ls.TurnBytes != 0 {
		t.Errorf("LaneSource of the review lane: %+v", ls)
	}

	// validate smoke-renders the turn block and names it.
	r, _ := wf.Validate(context.Background())
	var lines []string
	for _, l := range r.Readback {
		if strings.HasPrefix(l.Key, "prompt_") && strings.Contains(l.Key, "_agent") {
			lines = append(lines, filepath.ToSlash(l.String()))
		}
	}
	want := []string{
		"prompt_source.main_agent=workflow_prompt_file path=" + clean + "main.md bytes=41",
		"prompt_template_smoke.main_agent=pass",
		"prompt_turn_source.main_agent=workflow_prompt_file path=" + clean + "main.turn.md bytes=135",
		"prompt_turn_smoke.main_agent=pass",
		"prompt_source.review_agent=workflow_prompt_file path=" + clean + "review.md bytes=63",
		"prompt_template_smoke.review_agent=pass",
		"prompt_source.merge_agent=workflow_prompt_file path=" + clean + "merge.md bytes=6",
		"prompt_template_smoke.merge_agent=pass",
	}
	if diff := cmp.Diff(want, lines); diff != "" || r.Status != StatusValid {
		t.Errorf("readback (-want +got), status %s:\n%s", r.Status, diff)
	}
}

// TestSingleFileTurnErrors: the per-turn inputs in a single prompt file
// with a turn block are errors at their place with the hint; the turn
// block's own problems are errors in the turn block.
func TestSingleFileTurnErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string // per error: code, file:line:col, and a part of the summary or detail
	}{
		{"attempt and run_context in the system part",
			map[string]string{"prompts/main.md": "\n# Main\n\n{% if attempt %}Again.{% endif %}\n{{ run_context.plan }}\n"},
			[]string{"unknown_variable main.md:4:7 is a per-turn input", "unknown_variable main.md:5:4 is a per-turn input"}},
		{"misspelt run context key in the turn block",
			map[string]string{"prompts/main.turn.md": "Turn {{ attempt }}.\n{{ run_context.plna }}\n"},
			[]string{"unknown_property main.turn.md:2:4 run_context.plan"}},
		{"empty turn block",
			map[string]string{"prompts/main.turn.md": " \n"},
			[]string{"empty_template_file w.md:5:15 turn block ../prompts/main.turn.md is empty"}},
		{"both files broken",
			map[string]string{"prompts/main.md": "{{ attempt }}\n", "prompts/main.turn.md": "{% if %}\n"},
			[]string{"unknown_variable main.md:1:4 main.turn.md", "syntax_error main.turn.md:1:4 if needs a condition", "unclosed_block main.turn.md:1:4 never closed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wf, diags := Load(turnWorkflowAs(t, "", tc.files), Options{Getenv: func(string) string { return "" }})
			errs := diags.Errors()
			if len(errs) != len(tc.want) {
				t.Fatalf("want %d errors, got %v", len(tc.want), diags)
			}
			for i, want := range tc.want {
				f := strings.SplitN(want, " ", 3)
				e := errs[i]
				text := e.Error() + " " + e.Detail
				if string(e.Code) != f[0] || !strings.Contains(filepath.ToSlash(e.Error()), f[1]) || !strings.Contains(text, f[2]) {
					t.Errorf("error %d: %v (detail %q); want %s", i, e, e.Detail, want)
				}
			}
			if _, err := wf.RenderTurn(context.Background(), LaneMain, LaneInput{Issue: sheaIssue()}); err == nil {
				t.Error("RenderTurn of a broken workflow succeeded")
			}
		})
	}
}

// TestSingleFileTurnBlockConfined: a turn block beside a prompt file is
// read like the prompt file, so one that leads outside the repository
// root is a path_outside_root error, and a directory of that name a
// missing_template_file error, both at the lane's prompts setting.
func TestSingleFileTurnBlockConfined(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.md")
	writeFile(t, outside, "{{ attempt }}\n")
	for _, tc := range []struct {
		name, code string
		make       func(turn string) error
	}{
		{"symbolic link out of the root", "path_outside_root", func(turn string) error { return os.Symlink(outside, turn) }},
		{"directory", "missing_template_file", func(turn string) error { return os.Mkdir(turn, 0o755) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := turnWorkflowAs(t, "", map[string]string{"prompts/main.turn.md": ""})
			if err := tc.make(filepath.Join(filepath.Dir(filepath.Dir(path)), "prompts", "main.turn.md")); err != nil {
				t.Skip(err)
			}
			_, diags := Load(path, Options{Getenv: func(string) string { return "" }})
			errs := diags.Errors()
			if len(errs) != 1 || string(errs[0].Code) != tc.code || !strings.HasSuffix(errs[0].Subject.Filename, "w.md") ||
				!strings.Contains(errs[0].Summary, "turn block ../prompts/main.turn.md") {
				t.Errorf("want one %s error at the prompts setting, got %v", tc.code, diags)
			}
		})
	}
}
