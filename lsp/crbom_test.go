package lsp

import (
	"os"
	"path/filepath"
	"testing"
)

// Lone CR line endings and a byte order mark put a diagnostic where the
// editor shows its text: in a partial no editor has open (shea counts its
// lines by "\n" alone and its columns from the mark), in the same partial
// open, and in a workflow body (lines by every break, columns after the
// mark). The ranges are counted by hand from the texts.
func TestLineEndingsAndByteOrderMark(t *testing.T) {
	dir := canonical(t.TempDir())
	files := map[string]string{
		".git/HEAD":   "ref: refs/heads/main\n",
		"WORKFLOW.md": "\ufeff---\rtracker:\r  kind: linear\r  project_slug: demo\r---\rHello\r{{ issue.titel }} {% render 'p' %}{% render 'q' %}\r",
		// the error is on the third line as LSP counts them (all one line
		// for shea), after a byte order mark
		"p.liquid": "\ufeffline one\rline two\r{{ issue.labls }}\r",
		"q.liquid": "\ufeff{{ issue.idntifier }}\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, text)
	}
	wf, p, q := filepath.Join(dir, "WORKFLOW.md"), filepath.Join(dir, "p.liquid"), filepath.Join(dir, "q.liquid")
	c := start(t, nil, nil)
	c.open(wf, files["WORKFLOW.md"])
	check := func(path string, want Range) {
		t.Helper()
		got := c.waitFor(path, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
		if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range != want {
			t.Errorf("%s: %+v, want one at %+v", filepath.Base(path), briefs(got), want)
		}
	}
	// the workflow is open: its mark counts one character on its first
	// line, but the error is on line 6
	check(wf, rng(6, 3, 6, 14))
	// not open: an editor shows the files without the mark
	check(p, rng(2, 3, 2, 14))
	check(q, rng(0, 3, 0, 18))
	// open: the buffer has the mark, one UTF-16 unit
	c.open(q, files["q.liquid"])
	c.waitFor(q, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && len(p.Diagnostics) == 1 && p.Diagnostics[0].Range == rng(0, 4, 0, 19)
	})
	c.open(p, files["p.liquid"])
	c.waitFor(p, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && len(p.Diagnostics) == 1 && p.Diagnostics[0].Range == rng(2, 3, 2, 14)
	})
}
