package workpad

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sheaproject/shea/render"
)

func TestWriteRendersFirst(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "blocked.md")
	if err := os.WriteFile(path, []byte("previous"), 0o644); err != nil {
		t.Fatal(err)
	}
	tpl := &Template{spec: mustLookup(t, "forge_rework_blocked"), filename: "blocked.md"}
	err := Write(t.Context(), path, tpl, map[string]string{"issue_ref": "A-1"})
	if _, ok := render.AsError(err); !ok {
		t.Fatalf("error %v, want the render error", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "previous" {
		t.Errorf("target holds %q after a failed render", got)
	}
	if names := dirEntries(t, dir); !slices.Equal(names, []string{"blocked.md"}) {
		t.Errorf("directory holds %q", names)
	}
	if err := Write(t.Context(), path, nil, nil); err == nil {
		t.Error("Write with a nil template succeeded")
	}
}

// dirEntries lists a directory's names.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}
