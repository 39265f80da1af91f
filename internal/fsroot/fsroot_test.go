package fsroot

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// tree creates files (name → content; a name ending in "/" is a
// directory, "->target" content makes a symbolic link) under a fresh
// canonical directory and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if strings.HasSuffix(n, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(files[n], "->"); ok {
			if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(files[n]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDiscover(t *testing.T) {
	dir := tree(t, map[string]string{
		"repo/.git/":                        "",
		"repo/.shea/workflows/w.md":         "",
		"worktree/.git":                     "gitdir: elsewhere",
		"worktree/sub/x.md":                 "",
		"plain/.shea/workflows/w.md":        "",
		"plain/.shea/workflows/deeper/x.md": "",
		"loose/w.md":                        "",
	})
	for _, tt := range []struct{ start, want string }{
		{"repo/.shea/workflows", "repo"},
		{"worktree/sub", "worktree"},
		{"plain/.shea/workflows", "plain"},
		{"plain/.shea/workflows/deeper", "plain"},
		{"loose", "loose"},
	} {
		got, err := Discover(filepath.Join(dir, tt.start))
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(dir, tt.want); got != want {
			t.Errorf("Discover(%s) = %s, want %s", tt.start, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	dir := tree(t, map[string]string{
		"secret.md":          "outside",
		"repo/a/prompt.md":   "inside",
		"repo/a/up.md":       "->../b/target.md",
		"repo/b/target.md":   "target",
		"repo/a/escape.md":   "->../../secret.md",
		"repo/a/escdir":      "->../..",
		"repo/a/dangling.md": "->nowhere.md",
	})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "repo", "a")
	for _, tt := range []struct {
		path string
		want string // canonical path relative to repo, or an error: "outside", "missing"
	}{
		{"prompt.md", "a/prompt.md"},
		{"./prompt.md", "a/prompt.md"},
		{"../b/target.md", "b/target.md"},
		{"up.md", "b/target.md"},
		{filepath.Join(dir, "repo", "b", "target.md"), "b/target.md"},
		{"../../secret.md", "outside"},
		{filepath.Join(dir, "secret.md"), "outside"},
		{"escape.md", "outside"},
		{"escdir/secret.md", "outside"},
		{"escdir/not-there.md", "outside"}, // missing, but under a link that leaves
		{"missing.md", "missing"},
		{"dangling.md", "missing"},
		{"../..", "outside"},
	} {
		got, err := r.Resolve(base, tt.path)
		switch tt.want {
		case "outside":
			if !errors.Is(err, ErrOutside) {
				t.Errorf("Resolve(%s) = %s, %v; want ErrOutside", tt.path, got, err)
			}
		case "missing":
			if !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrOutside) {
				t.Errorf("Resolve(%s) = %s, %v; want fs.ErrNotExist", tt.path, got, err)
			}
		default:
			if err != nil || r.Rel(got) != tt.want {
				t.Errorf("Resolve(%s) = %s, %v; want %s", tt.path, got, err, tt.want)
			}
		}
	}
}

func TestReadFile(t *testing.T) {
	dir := tree(t, map[string]string{"repo/small.md": "hello", "repo/big.md": strings.Repeat("x", 100), "repo/d/": ""})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.ReadFile(filepath.Join(r.Dir(), "small.md"), 10)
	if err != nil || string(b) != "hello" {
		t.Errorf("small: %q, %v", b, err)
	}
	if _, err := r.ReadFile(filepath.Join(r.Dir(), "big.md"), 10); err == nil || !strings.Contains(err.Error(), "10-byte limit") {
		t.Errorf("big: %v", err)
	}
	if _, err := r.ReadFile(filepath.Join(r.Dir(), "d"), 10); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("dir: %v", err)
	}
	if _, err := r.ReadFile(filepath.Join(dir, "repo", "..", "x"), 10); !errors.Is(err, ErrOutside) {
		t.Errorf("outside: %v", err)
	}
}

func TestWalkFiles(t *testing.T) {
	dir := tree(t, map[string]string{
		"secret.md":          "s",
		"repo/res/a.md":      "a",
		"repo/res/sub/b.txt": "b",
		"repo/res/empty.md":  "",
		"repo/res/loop":      "->..",
		"repo/res/out.md":    "->../../secret.md",
		"repo/res/in.md":     "->../other.md",
		"repo/other.md":      "o",
	})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = r.WalkFiles(filepath.Join(r.Dir(), "res"), func(p string, size int64, err error) error {
		switch {
		case errors.Is(err, ErrOutside):
			got = append(got, "outside "+filepath.Base(p))
		case err != nil:
			got = append(got, "error "+err.Error())
		default:
			got = append(got, r.Rel(p)+" "+string(rune('0'+size)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// loop leads to repo, which is inside: its files are walked once,
	// res included only once.
	want := []string{"res/a.md 1", "res/empty.md 0", "other.md 1", "outside out.md", "res/sub/b.txt 1", "other.md 1"}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("walked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadFileThroughDirectories reads files in subdirectories, where reads
// go through a handle on the file's directory: twice from one directory, a
// link to a file in another directory of the root (which that handle
// refuses and the root allows), a link out of the root, and again after
// Release.
func TestReadFileThroughDirectories(t *testing.T) {
	dir := tree(t, map[string]string{
		"secret.md":        "s",
		"repo/a/b/one.md":  "1",
		"repo/a/b/two.md":  "2",
		"repo/a/b/side.md": "->../../c/side.md",
		"repo/a/b/out.md":  "->../../../secret.md",
		"repo/c/side.md":   "side",
	})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	read := func(rel string) (string, error) {
		b, err := r.ReadFile(filepath.Join(r.Dir(), filepath.FromSlash(rel)), 100)
		return string(b), err
	}
	for round := 0; round < 2; round++ {
		for rel, want := range map[string]string{"a/b/one.md": "1", "a/b/two.md": "2", "a/b/side.md": "side", "c/side.md": "side"} {
			if got, err := read(rel); err != nil || got != want {
				t.Errorf("round %d: %s = %q, %v; want %q", round, rel, got, err, want)
			}
		}
		if _, err := read("a/b/out.md"); !errors.Is(err, ErrOutside) {
			t.Errorf("round %d: a link out of the root: %v, want ErrOutside", round, err)
		}
		if _, err := read("a/b/none.md"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("round %d: a missing file: %v, want ErrNotExist", round, err)
		}
		r.Release()
	}
}
