package workflows

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		".git/HEAD":                       "ref: refs/heads/main\n",
		".shea/workflows/w.md":            "---\nprompts:\n  main_agent: ../prompts/main.md\n  review_agent: ../prompts/review.md\n  merge_agent: ../prompts/gone.md\nworkpad_templates:\n  merge_run: ../template/merge-run.md\n---\nIndex.\n",
		".shea/prompts/main.md":           "Main {{ issue.identifier }}.\n",
		".shea/prompts/review.md":         "Review {{ issue.identifier }}.\n",
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
	for _, name := range []string{".shea/prompts/gone.md", ".shea/prompts/main.md", ".shea/prompts/review.md", ".shea/template/merge-run.md", ".shea/workflows/w.md"} {
		want = append(want, filepath.Join(canon, filepath.FromSlash(name)))
	}
	if got := w.Files(); !slices.Equal(got, want) {
		t.Errorf("Files() =\n%q\nwant\n%q", got, want)
	}
}
