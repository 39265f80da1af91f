package fsroot

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadAtTheLimit pins the bound of every read: a file (or an editor's
// buffer, or a stream) of exactly max bytes is read whole; one byte more
// is a *TooLargeError that names the size (-1 for a stream, whose size is
// not known) and the limit.
func TestReadAtTheLimit(t *testing.T) {
	const max = 16
	exact, over := strings.Repeat("x", max), strings.Repeat("y", max+1)
	dir := tree(t, map[string]string{"repo/exact.md": exact, "repo/over.md": over})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	buffers := map[string]string{filepath.Join(r.Dir(), "buf-exact.md"): exact, filepath.Join(r.Dir(), "buf-over.md"): over}
	r.Overlay = func(p string) ([]byte, bool) {
		s, ok := buffers[p]
		return []byte(s), ok
	}
	reads := map[string]func(name string) ([]byte, error){
		"ReadFile": func(name string) ([]byte, error) { return r.ReadFile(filepath.Join(r.Dir(), name+".md"), max) },
		"Overlay":  func(name string) ([]byte, error) { return r.ReadFile(filepath.Join(r.Dir(), "buf-"+name+".md"), max) },
		"ReadPath": func(name string) ([]byte, error) { return ReadPath(filepath.Join(r.Dir(), name+".md"), max) },
		"ReadLimited": func(name string) ([]byte, error) {
			return ReadLimited(strings.NewReader(map[string]string{"exact": exact, "over": over}[name]), name, max)
		},
	}
	for how, read := range reads {
		if b, err := read("exact"); err != nil || string(b) != exact {
			t.Errorf("%s of exactly %d bytes: %q, %v; want it read whole", how, max, b, err)
		}
		_, err := read("over")
		var tl *TooLargeError
		if !errors.As(err, &tl) || !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s of %d bytes: %v, want a *TooLargeError", how, max+1, err)
			continue
		}
		wantSize := int64(max + 1)
		if how == "ReadLimited" {
			wantSize = -1
		}
		if tl.Size != wantSize || tl.Max != max {
			t.Errorf("%s of %d bytes: size %d, limit %d; want %d, %d", how, max+1, tl.Size, tl.Max, wantSize, max)
		}
	}
}
