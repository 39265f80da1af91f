package workflows

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		".git/HEAD":                       "ref: refs/heads/main\n",
		".shea/workflows/w.md":            "---\nprompts:\n  main_agent: ../prompts/main.md\n  review_agent: ../prompts/review.md\n  merge_agent: ../prompts/gone.md\nworkpad_templates:\n  merge_run: ../template/merge-run.md\n---\nIndex.\n",
		".shea/prompts/main.md":           "Main {{ issue.identifier }}.\n",
		".shea/prompts/review.md":         "Review {{ issue.identifier }}.\n",
		".shea/prompts/main.turn.md":      "Attempt {{ attempt }}.\n",
		".shea/template/merge-run.md":     "{{ pr_ref }}\n",
		".shea/prompts/unused.md":         "Not used.\n",
		".shea/prompts/backend/unused.md": "Not used.\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	w, _ := Load(".shea/workflows/w.md", Options{})
	canon, _ := filepath.EvalSymlinks(dir)
	var want []string
	for _, name := range []string{".shea/prompts/gone.md", ".shea/prompts/main.md", ".shea/prompts/main.turn.md", ".shea/prompts/review.md", ".shea/template/merge-run.md", ".shea/workflows/w.md"} {
		want = append(want, filepath.Join(canon, filepath.FromSlash(name)))
	}
	if got := w.Files(); !slices.Equal(got, want) {
		t.Errorf("Files() =\n%q\nwant\n%q", got, want)
	}
}

// TestReadbackFieldsEscaped checks that a field's value cannot break its
// line: a configured path holding a newline is escaped like a value.
func TestReadbackFieldsEscaped(t *testing.T) {
	dir := t.TempDir()
	wf := filepath.Join(dir, ".shea", "workflows", "w.md")
	if err := os.MkdirAll(filepath.Dir(wf), 0o755); err != nil {
		t.Fatal(err)
	}
	text := "---\ntracker:\n  kind: memory\nworkpad_templates:\n  merge_run: \"../a\\nstatus=valid.md\"\n---\nIndex.\n"
	if err := os.WriteFile(wf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r, _ := Validate(context.Background(), wf, Options{Root: dir})
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "workpad_template.merge_run=workflow_template_file path=") {
		t.Fatalf("no workpad_template line:\n%s", b.String())
	}
	if n := strings.Count(b.String(), "\nstatus="); n != 1 || !strings.HasSuffix(b.String(), "status=invalid\n") {
		t.Errorf("a field forged a line:\n%s", b.String())
	}
}
