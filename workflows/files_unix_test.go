//go:build unix

package workflows

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// loadWithin loads a workflow and fails the test if that takes more than a
// few seconds (a FIFO opened for reading waits for a writer forever).
func loadWithin(t *testing.T, path string, opts Options) diag.List {
	t.Helper()
	type result struct{ diags diag.List }
	done := make(chan result, 1)
	go func() {
		_, diags := Load(path, opts)
		done <- result{diags}
	}()
	select {
	case r := <-done:
		return r.diags
	case <-time.After(10 * time.Second):
		t.Fatal("Load hangs")
		return nil
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("cannot make a FIFO: %v", err)
	}
}

// hasCode reports whether l holds an error with code whose summary holds
// text.
func hasCode(l diag.List, code diag.Code, text string) bool {
	for _, d := range l {
		if d.Code == code && strings.Contains(d.Summary, text) {
			return true
		}
	}
	return false
}

// TestSpecialFilesAreRefused puts a FIFO where a workflow reads a file: it
// must be reported as not a regular file, at once.
func TestSpecialFilesAreRefused(t *testing.T) {
	for _, tt := range []struct {
		name, workflow, fifo string
		code                 diag.Code
		want                 string
	}{
		{"lane prompt", "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../prompts/main.md\n  review_agent: ../prompts/main.md\n  merge_agent: ../prompts/main.md\n---\nLanes.\n",
			".shea/prompts/main.md", codes.NotARegularFile, "is not a regular file"},
		{"manifest", "---\ntracker:\n  kind: memory\nresources:\n  manifest: ../resources.v1.json\n---\n{{ issue.title }}\n",
			".shea/resources.v1.json", codes.NotARegularFile, "resource manifest ../resources.v1.json is not a regular file"},
		{"partial", "---\ntracker:\n  kind: memory\n---\n{% render 'footer' %}\n",
			".shea/workflows/footer.md", "", "footer"},
		{"context schema", "---\ntracker:\n  kind: memory\ntemplate_context:\n  schema: extra.json\n---\n{{ issue.title }}\n",
			".shea/workflows/extra.json", codes.NotARegularFile, "context schema extra.json is not a regular file"},
		{"workflow", "", ".shea/workflows/w.md", codes.MissingWorkflowFile, "is not a regular file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
			path := filepath.Join(dir, ".shea", "workflows", "w.md")
			if tt.workflow != "" {
				writeFile(t, path, tt.workflow)
			}
			mkfifo(t, filepath.Join(dir, filepath.FromSlash(tt.fifo)))
			diags := loadWithin(t, path, Options{})
			if tt.code == "" { // a partial: the engine's own diagnostic
				if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
					t.Errorf("diagnostics %v, want an error about %s", diags, tt.want)
				}
				return
			}
			if !hasCode(diags, tt.code, tt.want) {
				t.Errorf("diagnostics %v, want %s %q", diags, tt.code, tt.want)
			}
		})
	}
}

// TestEntryWorkflowConfined makes WORKFLOW.md a symbolic link out of the
// root, to another directory's file and to /proc/self/environ: it is
// refused with the root discovered and with an explicit one, and its text
// is never read.
func TestEntryWorkflowConfined(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.md")
	writeFile(t, outside, "---\ntracker:\n  kind: memory\n---\nTOP SECRET {{ issue.title }}\n")
	targets := []string{outside}
	if _, err := os.Stat("/proc/self/environ"); err == nil {
		targets = append(targets, "/proc/self/environ")
	}
	for _, target := range targets {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
		link := filepath.Join(dir, "WORKFLOW.md")
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		for _, root := range []string{"", dir} {
			diags := loadWithin(t, link, Options{Root: root})
			if !hasCode(diags, codes.MissingWorkflowFile, "leads outside the repository root") {
				t.Errorf("%s (root %q): diagnostics %v, want the workflow refused", target, root, diags)
			}
			if strings.Contains(diags.Error(), "SECRET") {
				t.Errorf("%s: the target's text leaked: %v", target, diags)
			}
		}
	}
	// A link inside the root is followed as before.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(dir, "real.md"), "---\ntracker:\n  kind: memory\n---\n{{ issue.title }}\n")
	if err := os.Symlink("real.md", filepath.Join(dir, "WORKFLOW.md")); err != nil {
		t.Fatal(err)
	}
	if diags := loadWithin(t, filepath.Join(dir, "WORKFLOW.md"), Options{}); diags.HasErrors() {
		t.Errorf("a link inside the root: %v", diags)
	}
}
