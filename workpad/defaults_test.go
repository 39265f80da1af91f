package workpad

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

func TestDefaultsCoverRegistry(t *testing.T) {
	var files []string
	err := fs.WalkDir(defaultFiles, "defaults", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, strings.TrimPrefix(path, "defaults/"))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, s := range Specs() {
		want = append(want, s.File())
	}
	slices.Sort(want)
	if !slices.Equal(files, want) {
		t.Errorf("defaults/ holds %q\nwant one file per id: %q", files, want)
	}
	for _, id := range IDs() {
		src, ok := Default(id)
		if !ok || strings.TrimSpace(src) == "" {
			t.Errorf("%s: no default", id)
		}
	}
	if got := DefaultFilename("merge_run"); got != "<builtin>/evidence/merge-run.md" {
		t.Errorf("DefaultFilename(merge_run) = %q", got)
	}
}

// TestDefaultsPassStrictCheck checks each default statically against its
// own value set, with the checker alone.
func TestDefaultsPassStrictCheck(t *testing.T) {
	for _, id := range IDs() {
		src, _ := Default(id)
		schema, err := ContextSchema(id)
		if err != nil {
			t.Fatal(err)
		}
		if _, diags := strict.Check(src, DefaultFilename(id), diag.StartPos, strict.Options{Context: schema}); len(diags) > 0 {
			t.Errorf("%s:\n%v", id, diags)
		}
	}
}

// TestDefaultsUseEveryValue: a default that never prints a value would
// drop it from the record without anyone noticing.
func TestDefaultsUseEveryValue(t *testing.T) {
	for _, s := range Specs() {
		src, _ := Default(s.ID)
		an, diags := strict.Analyze(src, s.File(), diag.StartPos, nil)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", s.ID, diags)
		}
		used := map[string]bool{}
		for _, ref := range an.Variables {
			root, _, _ := strings.Cut(ref.Name, ".")
			root, _, _ = strings.Cut(root, "[")
			used[root] = true
		}
		for _, v := range s.Values {
			if !used[v] {
				t.Errorf("%s: default never reads %q", s.ID, v)
			}
		}
	}
}

// TestDefaultsAreReceipts pins the shape every default shares: a level-3
// heading naming the issue, and no trailing white space on any line.
func TestDefaultsAreReceipts(t *testing.T) {
	for _, id := range IDs() {
		src, _ := Default(id)
		if !strings.Contains(src, "### ") || !strings.Contains(src, "{{ issue_ref }}: {{ issue_title }}") {
			t.Errorf("%s: no heading naming the issue", id)
		}
		for i, line := range strings.Split(src, "\n") {
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("%s:%d: trailing white space", id, i+1)
			}
		}
	}
}
