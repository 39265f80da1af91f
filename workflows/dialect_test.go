package workflows

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
)

// The dialect is detected from Shea structure only: the
// file lies under .shea/workflows, or the front matter has
// prompts.main_agent, prompts.review_agent, prompts.merge_agent, main_lane,
// review_lane, merge_lane, backend_prompts or workpad_templates. A bare
// top-level prompts map of other keys, as Symphony ports write, is no
// evidence; everything else is symphony.

func TestSheaEvidence(t *testing.T) {
	tests := []struct {
		name  string
		front string // the front matter, YAML
		want  string // the evidence; "" for none (symphony)
	}{
		{"empty front matter", "", ""},
		{"a Symphony front matter", "tracker: {kind: linear}\nagent: {max_turns: 3}", ""},
		{"prompts.main_agent", "prompts: {main_agent: p/main.md}", "prompts.main_agent"},
		{"prompts.review_agent", "prompts: {review_agent: p/review.md}", "prompts.review_agent"},
		{"prompts.merge_agent", "prompts: {merge_agent: p/merge.md}", "prompts.merge_agent"},
		{"prompts.main_agent with no value is still the key", "prompts: {main_agent: null}", "prompts.main_agent"},
		{"main_lane", "main_lane: {enabled: true}", "main_lane"},
		{"review_lane", "review_lane: {enabled: true}", "review_lane"},
		{"merge_lane", "merge_lane: {enabled: true}", "merge_lane"},
		{"backend_prompts", "backend_prompts: {}", "backend_prompts"},
		{"workpad_templates", "workpad_templates: {}", "workpad_templates"},
		{"evidence beside Symphony keys", "tracker: {kind: linear}\nworkpad_templates: null", "workpad_templates"},
		{"a bare prompts map of other keys, beside other settings", "tracker: {kind: linear}\nprompts: {system: s.md, user: u.md}", ""},
		{"a bare prompts map alone", "prompts: {system: s.md}", ""},
		{"an empty prompts map", "prompts: {}", ""},
		{"prompts as a string", "prompts: main_agent", ""},
		{"prompts as a list naming a lane", "prompts: [main_agent]", ""},
		{"a lane name at the top level is not prompts.<lane>", "main_agent: p/main.md\nreview_agent: x\nmerge_agent: y", ""},
		{"a lane setting under prompts is not the top-level key", "prompts: {main_lane: x, backend_prompts: y, workpad_templates: z}", ""},
		{"near-miss names", "prompts: {main: x, main_agents: y, Main_Agent: z}\nmainlane: 1\nreview: 1\nbackend_prompt: 1\nworkpad_template: 1", ""},
		// The keys count as the YAML resolves them: merged in, or through
		// an alias.
		{"main_lane merged into the front matter", "base: &b {main_lane: {}}\n<<: *b", "main_lane"},
		{"prompts through an alias", "x-prompts: &p {review_agent: r.md}\nprompts: *p", "prompts.review_agent"},
		{"prompts.merge_agent merged into prompts", "x: &l {merge_agent: m.md}\nprompts: {<<: *l}", "prompts.merge_agent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, diags := parseYAML(newSource("w.md", []byte(tt.front)), 0, tt.front)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got := sheaEvidence(tr); got != tt.want {
				t.Errorf("sheaEvidence = %q, want %q", got, tt.want)
			}
			want := ProfileSymphony
			if tt.want != "" {
				want = ProfileShea
			}
			if got := detectProfile(tr); got != want {
				t.Errorf("detectProfile = %q, want %q", got, want)
			}
		})
	}
	if got := detectProfile(nil); got != ProfileSymphony {
		t.Errorf("detectProfile(no front matter) = %q, want symphony", got)
	}
}

func TestInSheaWorkflows(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{".shea/workflows/w.md", true},
		{"repo/.shea/workflows/WORKFLOW.md", true},
		{"/abs/repo/.shea/workflows/w.md", true},
		{"repo/.shea/workflows/../workflows/w.md", true},
		{"WORKFLOW.md", false},
		{"repo/workflows/w.md", false},
		{"repo/.shea/w.md", false},
		{"repo/.shea/workflows/sub/w.md", false},
		{"repo/shea/workflows/w.md", false},
		{"repo/.shea/workflow/w.md", false},
		{"repo/.shea/workflows", false},
		{"repo/.github/workflows/ci.md", false},
	}
	for _, tt := range tests {
		if got := inSheaWorkflows(filepath.FromSlash(tt.path)); got != tt.want {
			t.Errorf("inSheaWorkflows(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// TestLoadDetectsDialect loads workflow files and checks the profile they
// are read as and the reason the validate hint would give for it.
func TestLoadDetectsDialect(t *testing.T) {
	const body = "\nDo the work.\n"
	tests := []struct {
		name, path, front string
		profile           string // forced; "" detects
		want, why         string
	}{
		{"no front matter", "WORKFLOW.md", "", "", ProfileSymphony, "the front matter has none of the Shea settings (prompts.main_agent, main_lane, backend_prompts, …)"},
		{"a Symphony port's bare prompts", "WORKFLOW.md", "tracker:\n  kind: linear\nprompts:\n  system: s.md\n", "", ProfileSymphony, "the front matter has none of the Shea settings (prompts.main_agent, main_lane, backend_prompts, …)"},
		{"prompts.main_agent", "WORKFLOW.md", "prompts:\n  main_agent: p/main.md\n", "", ProfileShea, "the front matter has prompts.main_agent"},
		{"prompts.review_agent", "WORKFLOW.md", "prompts:\n  review_agent: p/review.md\n", "", ProfileShea, "the front matter has prompts.review_agent"},
		{"prompts.merge_agent", "WORKFLOW.md", "prompts:\n  merge_agent: p/merge.md\n", "", ProfileShea, "the front matter has prompts.merge_agent"},
		{"main_lane", "WORKFLOW.md", "main_lane:\n  enabled: true\n", "", ProfileShea, "the front matter has main_lane"},
		{"review_lane", "WORKFLOW.md", "review_lane:\n  enabled: true\n", "", ProfileShea, "the front matter has review_lane"},
		{"merge_lane", "WORKFLOW.md", "merge_lane:\n  enabled: true\n", "", ProfileShea, "the front matter has merge_lane"},
		{"backend_prompts", "WORKFLOW.md", "backend_prompts: {}\n", "", ProfileShea, "the front matter has backend_prompts"},
		{"workpad_templates", "WORKFLOW.md", "workpad_templates: {}\n", "", ProfileShea, "the front matter has workpad_templates"},
		{"a file under .shea/workflows with no Shea setting", ".shea/workflows/w.md", "tracker:\n  kind: linear\n", "", ProfileShea, "the file lies under .shea/workflows"},
		{"a file under .shea/workflows with Shea settings", ".shea/workflows/w.md", "main_lane:\n  enabled: true\n", "", ProfileShea, "the file lies under .shea/workflows"},
		{"a file under another workflows directory", ".github/workflows/w.md", "tracker:\n  kind: linear\n", "", ProfileSymphony, "the front matter has none of the Shea settings (prompts.main_agent, main_lane, backend_prompts, …)"},
		{"--profile symphony over Shea evidence", ".shea/workflows/w.md", "main_lane:\n  enabled: true\n", ProfileSymphony, ProfileSymphony, "--profile symphony was given"},
		{"--profile shea without evidence", "WORKFLOW.md", "tracker:\n  kind: linear\n", ProfileShea, ProfileShea, "--profile shea was given"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, filepath.FromSlash(tt.path))
			text := body
			if tt.front != "" {
				text = "---\n" + tt.front + "---\n" + body
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			wf, _ := Load(path, Options{Profile: tt.profile, Root: dir, Getenv: func(string) string { return "" }})
			if wf == nil {
				t.Fatal("Load returned no workflow")
			}
			if wf.Profile != tt.want {
				t.Errorf("profile %q, want %q", wf.Profile, tt.want)
			}
			if got := wf.readAs(); got != tt.why {
				t.Errorf("readAs %q, want %q", got, tt.why)
			}
		})
	}
}

// TestLoadDetectedSheaSplitsAsShea: a file detected as shea by its front
// matter is split again as Shea Symphony splits it, where any line that
// starts with "---" closes the front matter (profiles/shea.md §1.2). Read
// as symphony the front matter runs to the exact "---" line and holds a
// key "---x"; read as shea it ends at "---x", whose rest begins the body.
func TestLoadDetectedSheaSplitsAsShea(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "WORKFLOW.md")
	if err := os.WriteFile(path, []byte("---\nmain_lane: {}\n---x: 1\n---\nbody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wf, _ := Load(path, Options{Root: dir, Getenv: func(string) string { return "" }})
	if wf.Profile != ProfileShea {
		t.Fatalf("profile %q, want shea", wf.Profile)
	}
	if want := "x: 1\n---\nbody"; wf.Body != want {
		t.Errorf("body %q, want %q", wf.Body, want)
	}
	if _, ok := wf.Config["---x"]; ok {
		t.Errorf("the config holds the symphony split's key \"---x\": %v", wf.Config)
	}
	if _, ok := wf.Config["main_lane"]; !ok {
		t.Errorf("the config lost main_lane: %v", wf.Config)
	}
}

// TestLoadSymphonyKeepsSymphonySplit: the same quirk in a file with no Shea
// evidence is read as symphony splits it (profiles/symphony.md): the front
// matter runs to the exact "---" line and "---x" is one of its keys.
func TestLoadSymphonyKeepsSymphonySplit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	if err := os.WriteFile(path, []byte("---\ntracker:\n  kind: memory\n---x: 1\n---\nbody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wf, _ := Load(path, Options{Root: dir, Getenv: func(string) string { return "" }})
	if wf.Profile != ProfileSymphony {
		t.Fatalf("profile %q, want symphony", wf.Profile)
	}
	if wf.Body != "body" {
		t.Errorf("body %q, want %q", wf.Body, "body")
	}
	if _, ok := wf.Config["---x"]; !ok {
		t.Errorf("the config lacks the key \"---x\": %v", wf.Config)
	}
}

// TestLoadFatalGetsNoProfileHint: a workflow that could not be read at all
// (here an unknown --profile) gets no "read as the other profile it has no
// errors" note, even when it is a valid workflow of the other profile.
func TestLoadFatalGetsNoProfileHint(t *testing.T) {
	_, diags := Load("../testdata/composed/.shea/workflows/shea.md", Options{Profile: "bogus", Getenv: func(string) string { return "" }})
	if !diags.HasErrors() {
		t.Fatal("an unknown profile loaded without errors")
	}
	for _, d := range diags {
		if strings.Contains(d.Detail, "--profile") || strings.Contains(d.Detail, "has no errors") {
			t.Errorf("%s: a fatal load got a profile hint: %q", d.Code, d.Detail)
		}
	}
}

// TestLoadFatalSplitGetsNoProfileHint: a file whose front matter Symphony
// splits into YAML that does not parse (it ends at the exact "---" line,
// so "---x: [" is YAML) could not be read at all, so it gets no
// "read as shea it has no errors" note, although Shea Symphony, which
// ends the front matter at "---x", reads it without errors.
func TestLoadFatalSplitGetsNoProfileHint(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	if err := os.WriteFile(path, []byte("---\ntracker:\n  kind: memory\n---x: [\n---\nWork on {{ issue.identifier }}.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{Root: dir, Getenv: func(string) string { return "" }}
	_, diags := Load(path, opts)
	if len(diags) != 1 || diags[0].Code != codes.WorkflowParseError {
		t.Fatalf("want one workflow_parse_error, got %v", diags)
	}
	if d := diags[0].Detail; strings.Contains(d, "--profile") {
		t.Errorf("a fatal load got a profile hint: %q", d)
	}
	opts.Profile = ProfileShea
	if _, diags := Load(path, opts); diags.HasErrors() {
		t.Fatalf("read as shea the file has errors: %v", diags)
	}
}

// TestLoadReadsWorkflowOnceUnlessFailing: a workflow without errors is
// read once; one with errors is read a second time, as the other
// profile, to decide the --profile hint.
func TestLoadReadsWorkflowOnceUnlessFailing(t *testing.T) {
	tests := []struct {
		name, text string
		reads      int
	}{
		{"valid", "---\ntracker:\n  kind: memory\n---\nWork on {{ issue.identifier }}.\n", 1},
		{"failing", "---\ntracker:\n  kind: memory\n---\nWork on {{ issue.item_id }}.\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "WORKFLOW.md")
			writeFile(t, path, tt.text)
			canon, err := filepath.EvalSymlinks(path)
			if err != nil {
				t.Fatal(err)
			}
			reads := 0
			opts := Options{Root: dir, Getenv: func(string) string { return "" }, Overlay: func(p string) ([]byte, bool) {
				if p == canon || p == path {
					reads++
				}
				return nil, false
			}}
			Load(path, opts)
			if reads != tt.reads {
				t.Errorf("the workflow was read %d times, want %d", reads, tt.reads)
			}
		})
	}
}
