package workflows

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Options.Overlay serves unsaved text for every kind of file a workflow
// reads: the workflow, a prompt file, a layer file and a partial. Each
// overlaid file holds an error the disk copy does not.
func TestOverlay(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		".git/HEAD": "ref: refs/heads/main\n",
		".shea/workflows/shea.md": "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../prompts/main-agent.md\n" +
			"  review_agent: ../prompts/review-agent.md\n  merge_agent: ../prompts/merge-agent.md\n" +
			"composition:\n  workspace: ../team\n---\nIndex.\n",
		".shea/prompts/main-agent.md":   "Main {{ issue.title }}.\n",
		".shea/prompts/review-agent.md": "<!-- append -->\n## Override: Notes\nReview {{ issue.title }}.\n",
		".shea/prompts/merge-agent.md":  "Merge {{ issue.title }}.\n{% render 'part' %}\n",
		".shea/team/review-agent.md":    "Team review.\n",
		".shea/prompts/part.md":         "Part.\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wf := filepath.Join(dir, ".shea/workflows/shea.md")
	codes := func(opts Options) string {
		_, diags := Validate(context.Background(), wf, opts)
		var out []string
		for _, d := range diags.Errors() {
			out = append(out, strings.TrimPrefix(d.Subject.Filename, dir+"/")+":"+d.Summary)
		}
		return strings.Join(out, "\n")
	}
	if got := codes(Options{}); got != "" {
		t.Fatalf("on disk: %s", got)
	}
	buffers := map[string]string{
		filepath.Join(dir, ".shea/prompts/main-agent.md"): "Main {{ issue.titel }}.\n",
		filepath.Join(dir, ".shea/team/review-agent.md"):  "Team {{ issue.nme }}.\n",
		filepath.Join(dir, ".shea/prompts/part.md"):       "Part {{ nope }}.\n",
	}
	var asked []string
	overlay := func(path string) ([]byte, bool) {
		asked = append(asked, path)
		s, ok := buffers[path]
		return []byte(s), ok
	}
	want := ".shea/prompts/main-agent.md:unknown property \"titel\" of issue\n" +
		".shea/prompts/part.md:unknown variable \"nope\"\n" +
		".shea/team/review-agent.md:unknown property \"nme\" of issue"
	if got := codes(Options{Overlay: overlay}); got != want {
		t.Errorf("with the overlay:\n%s\nwant:\n%s", got, want)
	}
	if asked[0] != wf {
		t.Errorf("the workflow itself was not asked for first: %v", asked)
	}
	// the workflow's own buffer: the merge lane no longer renders the partial
	buffers[wf] = strings.Replace(files[".shea/workflows/shea.md"], "merge-agent.md", "main-agent.md", 1)
	want = ".shea/prompts/main-agent.md:unknown property \"titel\" of issue\n" +
		".shea/team/review-agent.md:unknown property \"nme\" of issue"
	if got := codes(Options{Overlay: overlay}); got != want {
		t.Errorf("with the workflow overlaid:\n%s\nwant:\n%s", got, want)
	}
}
