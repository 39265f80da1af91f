package workflows

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/lanes"
)

// composedWorkflow is the front matter of the workflows below: every lane
// from a file in .shea/prompts, composed with the layers in extra.
func composedWorkflow(extra string) string {
	return "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../prompts/main.md\n  review_agent: ../prompts/review.md\n" +
		"  merge_agent: ../prompts/merge.md\ncomposition:\n" + extra + "---\nIndex.\n"
}

// TestComposedLanePrecedence renders composed lanes for an issue and
// checks which layer's text wins, with the layers' files written out.
func TestComposedLanePrecedence(t *testing.T) {
	tests := []struct {
		name        string
		composition string
		files       map[string]string
		lane        string
		want        string
	}{{
		name:        "the project's plain file replaces the workspace's",
		composition: "  workspace: ../team\n",
		files: map[string]string{
			"team/review.md":    "Workspace review of {{ issue.identifier }}.\n",
			"prompts/review.md": "Project review of {{ issue.identifier }}.\n",
		},
		lane: LaneReview,
		want: "Project review of #12.\n",
	}, {
		name:        "the template layer replaces the project and the workspace",
		composition: "  workspace: ../team\n  template: ../variant\n",
		files: map[string]string{
			"team/review.md":    "Workspace.\n",
			"prompts/review.md": "Project.\n",
			"variant/review.md": "Template {{ issue.title }}.\n",
		},
		lane: LaneReview,
		want: "Template Cache the schema.\n",
	}, {
		name:        "appends stack up lowest first",
		composition: "  workspace: ../team\n  template: ../variant\n",
		files: map[string]string{
			"team/review.md":    "## Checks\n- tests\n\n## Tone\nPlain.\n",
			"prompts/review.md": "<!-- append -->\n## Override: checks\n- lint\n",
			"variant/review.md": "<!-- append -->\n## Override: Checks\n- docs\n\n## Override: Tone\n<!-- replace -->\nWarm.\n",
		},
		lane: LaneReview,
		want: "## Checks\n- tests\n\n- lint\n\n- docs\n\n## Tone\nWarm.\n",
	}, {
		name:        "composition.project replaces the prompt file's directory",
		composition: "  project: ../custom\n",
		files: map[string]string{
			"prompts/review.md": "From prompts.\n",
			"custom/review.md":  "From custom.\n",
			"custom/main.md":    "Main.\n",
			"custom/merge.md":   "Merge.\n",
		},
		lane: LaneReview,
		want: "From custom.\n",
	}, {
		name: "parts: role, task and format before the lane, the highest layer's part wins",
		composition: "  workspace: ../team\n  parts:\n    review_agent:\n      role: critic\n      task: audit\n" +
			"      format: short\n",
		files: map[string]string{
			"team/roles/critic.md":    "You are a critic.\n",
			"prompts/roles/critic.md": "You are a kind critic.\n",
			"team/tasks/audit.md":     "Audit {{ issue.identifier }}.\n",
			"team/formats/short.md":   "Answer in one line.\n",
			"prompts/review.md":       "Go.\n",
		},
		lane: LaneReview,
		want: "You are a kind critic.\n\nAudit #12.\n\nAnswer in one line.\n\nGo.\n",
	}, {
		name:        "a partial comes from the highest layer that has it",
		composition: "  workspace: ../team\n",
		files: map[string]string{
			"team/note.md":      "workspace note",
			"team/review.md":    "Note: {% include 'note' %}.\n",
			"prompts/note.md":   "project note",
			"prompts/review.md": "Review: {% render 'note' %}.\n",
		},
		lane: LaneReview,
		want: "Review: project note.\n",
	}, {
		name:        "a protected section survives a plain replacement",
		composition: "  workspace: ../team\n",
		files: map[string]string{
			"team/review.md":    "## Scope\nAll.\n\n## Limits\n<!-- protected -->\nNever merge.\n",
			"prompts/review.md": "## Scope\nThe diff.\n",
		},
		lane: LaneReview,
		want: "## Scope\nThe diff.\n\n## Limits\nNever merge.\n",
	}, {
		name:        "the main lane ends with the assigned-lane claim",
		composition: "  workspace: ../team\n",
		files: map[string]string{
			"team/main.md": "Implement {{ issue.identifier }}.\n",
		},
		lane: LaneMain,
		want: "Implement #12.\n\n## Assigned Lane Claim\n\nThis run holds the Main Agent claim on #12. The runtime writes the claim and " +
			"this run's evidence to the tracker; do not edit the \"Main Agent\" field yourself. If the claim stops naming this " +
			"run, stop and report that instead of continuing.\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
			path := filepath.Join(dir, ".shea", "workflows", "w.md")
			writeFile(t, path, composedWorkflow(tt.composition))
			for _, name := range []string{"prompts/main.md", "prompts/review.md", "prompts/merge.md"} {
				if _, ok := tt.files[name]; !ok {
					tt.files[name] = "<!-- append -->\n" // adds nothing to a lower file
				}
			}
			for name, text := range tt.files {
				writeFile(t, filepath.Join(dir, ".shea", filepath.FromSlash(name)), text)
			}
			wf, diags := Load(path, Options{Getenv: func(string) string { return "" }})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			got, err := wf.RenderLane(context.Background(), tt.lane, LaneInput{Issue: sheaIssue()})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("prompt (-want +got):\n%s", diff)
			}
		})
	}
}

// TestComposedRenderErrorInLayerFile: an error found while rendering a
// composed lane for a real issue names the layer file and line.
func TestComposedRenderErrorInLayerFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	writeFile(t, path, composedWorkflow("  workspace: ../team\n"))
	writeFile(t, filepath.Join(dir, ".shea", "team", "review.md"), "# Review\n\n## Priority\nP{{ 100 | divided_by: issue.priority }}\n")
	writeFile(t, filepath.Join(dir, ".shea", "prompts", "review.md"), "<!-- append -->\n## Override: Priority\nSee {{ issue.url | upcase }}.\n")
	for _, f := range []string{"main.md", "merge.md"} {
		writeFile(t, filepath.Join(dir, ".shea", "prompts", f), "Go.\n")
	}
	t.Chdir(dir)
	wf, diags := Load(".shea/workflows/w.md", Options{Getenv: func(string) string { return "" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	issue := sheaIssue()
	issue["priority"] = int64(0)
	_, err := wf.RenderLane(context.Background(), LaneReview, LaneInput{Issue: issue})
	var werr *Error
	if !errors.As(err, &werr) {
		t.Fatalf("err = %v, want *Error", err)
	}
	got := werr.Diagnostics.Error()
	want := `.shea/team/review.md:4:11: filter "divided_by": divided by 0 [render_error]`
	if got != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
	}
}

// TestLaneSource checks the explain view of a composed lane and of a lane
// from one file.
func TestLaneSource(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	writeFile(t, path, composedWorkflow("  workspace: ../team\n  parts:\n    review_agent:\n      role: critic\n"))
	files := map[string]string{
		"team/roles/critic.md": "Be critical.\n",
		"team/review.md":       "Intro.\n\n## Scope\nAll.\n\n## Limits\n<!-- protected -->\nNo merges.\n",
		"prompts/review.md":    "<!-- append -->\n## Override: Scope\n<!-- replace -->\nThe diff.\n\n## Override: Limits\n<!-- replace -->\nMerge.\n",
		"prompts/main.md":      "Main.\n",
		"prompts/merge.md":     "Merge.\n",
	}
	for name, text := range files {
		writeFile(t, filepath.Join(dir, ".shea", filepath.FromSlash(name)), text)
	}
	t.Chdir(dir)
	wf, _ := Load(".shea/workflows/w.md", Options{Getenv: func(string) string { return "" }})
	ls, err := wf.LaneSource(LaneReview)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ls.Sections {
		line := fmt.Sprintf("%s %s %q %s %s:%d", s.Part, s.PartName, s.Heading, s.Merge, s.Origin.File, s.Origin.Line)
		for _, st := range s.Steps {
			line += fmt.Sprintf(" | %s %s %s:%d", st.Layer, st.Action, st.File, st.Line)
		}
		got = append(got, line)
	}
	want := []string{
		`role critic "" part .shea/team/roles/critic.md:1 | workspace base .shea/team/roles/critic.md:1`,
		`lane review.md "" base .shea/team/review.md:1 | workspace base .shea/team/review.md:1`,
		`lane review.md "Scope" replace .shea/prompts/review.md:2 | workspace base .shea/team/review.md:3 | project replace .shea/prompts/review.md:2`,
		`lane review.md "Limits" protected .shea/team/review.md:6 | workspace base .shea/team/review.md:6 | project refuse .shea/prompts/review.md:6`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	wantLayers := []Layer{{lanes.LayerCore, "<core>"}, {lanes.LayerWorkspace, ".shea/team"}, {lanes.LayerProject, ".shea/prompts"}}
	if diff := cmp.Diff(wantLayers, ls.Layers); diff != "" {
		t.Errorf("layers (-want +got):\n%s", diff)
	}
	if ls.Kind != SourceComposed || ls.Path != ".shea/team/roles/critic.md,.shea/team/review.md,.shea/prompts/review.md" || !ls.Loaded {
		t.Errorf("source = %s %s loaded=%v", ls.Kind, ls.Path, ls.Loaded)
	}
	if len(ls.Contracts) != 0 {
		t.Errorf("review lane contracts = %v, want none", ls.Contracts)
	}
	main, _ := wf.LaneSource(LaneMain)
	if len(main.Contracts) != 1 || main.Contracts[0].ID != "assigned_lane_claim" {
		t.Errorf("main lane contracts = %v", main.Contracts)
	}

	// The built-in core layer's text is served for quoting.
	if b := wf.SourceFunc()("<contract:assigned_lane_claim>"); !strings.HasPrefix(string(b), "## Assigned Lane Claim") {
		t.Errorf("SourceFunc(contract) = %q", b)
	}
	if b := wf.SourceFunc()("README.md"); b != nil {
		t.Errorf("SourceFunc(unrelated) = %q, want nil", b)
	}

	// A lane from one file has no sections.
	plain := filepath.Join(dir, "plain.md")
	writeFile(t, plain, "---\ntracker:\n  kind: memory\n---\nAll lanes.\n")
	pw, _ := Load(plain, Options{Profile: ProfileShea})
	ps, err := pw.LaneSource(LaneMerge)
	if err != nil {
		t.Fatal(err)
	}
	if ps.Kind != SourceInlineFallback || ps.Bytes != len("All lanes.") || len(ps.Sections) != 0 {
		t.Errorf("inline lane: %+v", ps)
	}
	if _, err := pw.LaneSource("merge"); !errors.Is(err, ErrUnknownLane) || !strings.Contains(err.Error(), `did you mean "merge_agent"?`) {
		t.Errorf("unknown lane: %v", err)
	}
}

// TestSymphonyIgnoresComposition: composition belongs to the shea profile;
// a symphony workflow's prompt is its body, whatever the key says.
func TestSymphonyIgnoresComposition(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: linear\ncomposition:\n  workspace: ./nowhere\n---\nBody {{ issue.identifier }}.\n")
	wf, diags := Load(path, Options{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	ls, err := wf.LaneSource(LaneAgent)
	if err != nil || ls.Kind != SourceWorkflowBody {
		t.Errorf("symphony lane source = %+v, %v", ls, err)
	}
}

// TestComposedLanesSharingAFile: lanes that share a prompt file are still
// composed each with its own contracts: the merge lane's claim names the
// Merging Agent, the review lane has none.
func TestComposedLanesSharingAFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	writeFile(t, path, "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../prompts/lane.md\n  review_agent: ../prompts/lane.md\n"+
		"  merge_agent: ../prompts/lane.md\ncomposition: {}\n---\nIndex.\n")
	writeFile(t, filepath.Join(dir, ".shea", "prompts", "lane.md"), "Work on {{ issue.identifier }}.\n")
	wf, diags := Load(path, Options{Getenv: func(string) string { return "" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	claim := func(field string) string {
		return "\n## Assigned Lane Claim\n\nThis run holds the " + field + " claim on #12. The runtime writes the claim and " +
			"this run's evidence to the tracker; do not edit the \"" + field + "\" field yourself. If the claim stops naming this " +
			"run, stop and report that instead of continuing.\n"
	}
	for lane, want := range map[string]string{
		LaneMain:   "Work on #12.\n" + claim("Main Agent"),
		LaneReview: "Work on #12.\n",
		LaneMerge:  "Work on #12.\n" + claim("Merging Agent"),
	} {
		got, err := wf.RenderLane(context.Background(), lane, LaneInput{Issue: sheaIssue()})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", lane, diff)
		}
	}
}

// TestProtectedSectionsReachTheOutput: a higher layer that comments out a
// protected section (or hides it in a condition or a capture, or leaves
// its Liquid unrendered in raw) keeps it in the merged text but removes
// it from the prompt; validate said valid and render printed the prompt
// without it. Each is an error at the layer that opened the block:
// commenting out or raw at composition, any other way at the smoke render
// (and the render). A section whose every line holds Liquid (Liquid in
// its heading) is held too: on the code before, only lines without Liquid
// were looked for in the output, so hiding such a section, or wrapping it
// in raw, passed.
func TestProtectedSectionsReachTheOutput(t *testing.T) {
	plain := "## Scope\nAll.\n\n## Limits\n<!-- protected -->\nNever merge.\n"
	templated := "## Scope\nAll.\n\n## Limits of {{ issue.identifier }}\n<!-- protected -->\nNever merge {{ issue.identifier }} yourself; {{ issue.title | upcase }} waits for review.\n"
	const (
		comment   = "<!-- append -->\n## Override: Scope\n{% comment %}\n\n## Override: Trailer\n{% endcomment %}\n"
		condition = "<!-- append -->\n## Override: Scope\n{% if false %}\n\n## Override: Trailer\n{% endif %}\n"
		capture   = "<!-- append -->\n## Override: Scope\n{% capture gone %}\n\n## Override: Trailer\n{% endcapture %}\n"
		raw       = "<!-- append -->\n## Override: Scope\n{% raw %}\n\n## Override: Trailer\n{% endraw %}\n"
	)
	for _, tt := range []struct{ name, base, project, want string }{
		{"comment", plain, comment,
			"prompts/review.md:3:1: this comment removes protected section \"Limits\" from the rendered prompt"},
		{"comment with whitespace control", plain, "<!-- append -->\n## Override: Scope\n{%- comment -%}\n\n## Override: Trailer\n{%- endcomment -%}\n",
			"prompts/review.md:3:1: this comment removes protected section \"Limits\" from the rendered prompt"},
		{"condition", plain, condition,
			"prompts/review.md:3:1: this block keeps protected section \"Limits\" from the rendered prompt"},
		{"capture", plain, capture,
			"prompts/review.md:3:1: this block keeps protected section \"Limits\" from the rendered prompt"},
		{"raw", plain, raw,
			"prompts/review.md:3:1: this raw block keeps protected section \"Limits\" from rendering"},
		{"templated, comment", templated, comment,
			"prompts/review.md:3:1: this comment removes protected section \"Limits of {{ issue.identifier }}\""},
		{"templated, condition", templated, condition,
			"prompts/review.md:3:1: this block keeps protected section \"Limits of {{ issue.identifier }}\" from the rendered prompt"},
		{"templated, capture", templated, capture,
			"prompts/review.md:3:1: this block keeps protected section \"Limits of {{ issue.identifier }}\" from the rendered prompt"},
		{"templated, raw", templated, raw,
			"prompts/review.md:3:1: this raw block keeps protected section \"Limits of {{ issue.identifier }}\" from rendering"},
		{"templated, a condition that holds", templated, "<!-- append -->\n## Override: Scope\n{% if true %}\n\n## Override: Trailer\n{% endif %}\n", ""},
		{"templated, no trick", templated, "<!-- append -->\n## Override: Scope\nMore {{ issue.title }}.\n", ""},
		{"templated, appended to", templated, "<!-- append -->\n## Override: Limits of {{ issue.identifier }}\nAnd {{ issue.state }}.\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
			path := filepath.Join(dir, ".shea", "workflows", "w.md")
			writeFile(t, path, composedWorkflow("  workspace: ../team\n"))
			files := map[string]string{"team/review.md": tt.base, "prompts/review.md": tt.project, "prompts/main.md": "Main.\n", "prompts/merge.md": "Merge.\n"}
			for name, text := range files {
				writeFile(t, filepath.Join(dir, ".shea", filepath.FromSlash(name)), text)
			}
			wf, diags := Load(path, Options{Getenv: func(string) string { return "" }})
			var all []string
			for _, d := range diags {
				all = append(all, d.Subject.String()+": "+d.Summary)
			}
			if tt.want == "" {
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				if r, vd := wf.Validate(context.Background()); !r.Valid() {
					t.Fatalf("validate: %v", vd)
				}
				out, err := wf.RenderLane(context.Background(), LaneReview, LaneInput{Issue: sheaIssue()})
				if err != nil || !strings.Contains(out, "## Limits of #12\n") || !strings.Contains(out, "Never merge #12 yourself; CACHE THE SCHEMA waits for review.") {
					t.Errorf("render: %v\n%s", err, out)
				}
				return
			}
			if !diags.HasErrors() {
				r, vd := wf.Validate(context.Background())
				if r.Valid() {
					t.Errorf("validate says valid")
				}
				for _, d := range vd {
					all = append(all, d.Subject.String()+": "+d.Summary)
				}
				if _, err := wf.RenderLane(context.Background(), LaneReview, LaneInput{Issue: sheaIssue()}); err == nil {
					t.Errorf("the lane rendered")
				}
			}
			found := false
			for _, s := range all {
				rel := strings.TrimPrefix(filepath.ToSlash(s), filepath.ToSlash(filepath.Join(dir, ".shea"))+"/")
				if strings.HasPrefix(rel, tt.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("diagnostics %q, want %q", all, tt.want)
			}
		})
	}
}
