// Package txtartest runs table tests whose cases are txtar archives: one
// archive a case, holding the case's input files and the files of its
// expected output.
//
// Run finds the archives of a directory and runs each as a subtest; the
// test reads the archive's files, computes its output as named texts, and
// Compare checks them against the archive's files of the same names. With
// the environment variable SHEA_UPDATE=1, Compare rewrites those files
// from the output instead (check every rewritten file by eye).
package txtartest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// Case is one archive.
type Case struct {
	// Path is the archive's file, absolute (a test may change directory).
	Path string
	// Archive is the parsed archive.
	Archive *txtar.Archive
}

// Run runs fn as a subtest, named after the archive without its .txtar
// extension, for each dir/*.txtar, in lexical order. It fails the test
// when dir holds no archive.
func Run(t *testing.T, dir string, fn func(t *testing.T, c *Case)) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no archives in %s", dir)
	}
	for _, path := range paths {
		if path, err = filepath.Abs(path); err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fn(t, &Case{Path: path, Archive: ar})
		})
	}
}

// Compare checks each text of got against the archive's file of the same
// name, reporting a difference or a missing file as an error. With
// SHEA_UPDATE=1 it writes got into the archive instead: files of those
// names are replaced, missing ones appended in name order.
func (c *Case) Compare(t *testing.T, got map[string]string) {
	t.Helper()
	names := make([]string, 0, len(got))
	for name := range got {
		names = append(names, name)
	}
	sort.Strings(names)
	if os.Getenv("SHEA_UPDATE") == "1" {
		c.update(t, names, got)
		return
	}
	for _, name := range names {
		want, ok := c.file(name)
		if !ok {
			t.Errorf("%s has no %q file; run with SHEA_UPDATE=1 to write it", c.Path, name)
			continue
		}
		if diff := cmp.Diff(want, got[name]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

// file returns the text of the archive's file name.
func (c *Case) file(name string) (string, bool) {
	for _, f := range c.Archive.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

func (c *Case) update(t *testing.T, names []string, got map[string]string) {
	t.Helper()
	seen := map[string]bool{}
	for i := range c.Archive.Files {
		if v, ok := got[c.Archive.Files[i].Name]; ok {
			c.Archive.Files[i].Data = []byte(v)
			seen[c.Archive.Files[i].Name] = true
		}
	}
	for _, name := range names {
		if !seen[name] {
			c.Archive.Files = append(c.Archive.Files, txtar.File{Name: name, Data: []byte(got[name])})
		}
	}
	if err := os.WriteFile(c.Path, txtar.Format(c.Archive), 0o644); err != nil {
		t.Fatal(err)
	}
}
