// Package partials finds the partials that include and render tags name,
// in directories that paths can never escape.
package partials

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/sheaproject/shea/internal/fsroot"
)

// MaxBytes caps the size of a partial file.
const MaxBytes = 1 << 20

// Candidates returns the file names a partial name may refer to, in the
// order they are tried: the name itself when it has an extension, else the
// name with ".liquid", then with ".md", then bare. A name whose "extension"
// is not one ('snippet.with.dots') is also tried with ".liquid" and ".md".
func Candidates(name string) []string {
	switch path.Ext(name) {
	case "":
		return []string{name + ".liquid", name + ".md", name}
	case ".liquid", ".md":
		return []string{name}
	}
	return []string{name, name + ".liquid", name + ".md"}
}

// Valid reports whether a partial name is a relative slash-separated path
// that stays inside its root (no "..", no absolute path, no backslash).
func Valid(name string) bool {
	if name == "" || strings.ContainsRune(name, '\\') || path.IsAbs(name) || strings.ContainsRune(name, 0) {
		return false
	}
	return fs.ValidPath(name)
}

// Dir is a directory of partials. Reads are confined to it: a name with ".."
// or a symbolic link leading outside the directory fails.
type Dir struct {
	root    string
	overlay Overlay
}

// NewDir returns the partials in dir.
func NewDir(dir string) *Dir { return &Dir{root: dir} }

// NewDirOverlay returns the partials in dir, each read through overlay
// first (see ReadFileOverlay).
func NewDirOverlay(dir string, overlay Overlay) *Dir { return &Dir{root: dir, overlay: overlay} }

// Overlay serves the text of a file that an editor holds unsaved: given a
// file's absolute, cleaned path, it returns the text and true, or false to
// read the file on disk. Nil reads every file from disk.
type Overlay func(path string) ([]byte, bool)

// Partial implements strict.PartialSource.
func (d *Dir) Partial(name string) (src, filename string, err error) {
	if !Valid(name) {
		return "", "", fmt.Errorf("partial name %q must be a relative path inside %s: %w", name, d.root, fs.ErrNotExist)
	}
	for _, c := range Candidates(name) {
		b, err := ReadFileOverlay(d.root, c, d.overlay)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", "", err
		}
		return string(b), filepath.Join(d.root, filepath.FromSlash(c)), nil
	}
	return "", "", fmt.Errorf("partial %q: %w", name, fs.ErrNotExist)
}

// PartialNames lists the partials of the directory, for suggestions.
func (d *Dir) PartialNames() []string {
	entries, err := os.ReadDir(d.root)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		n := e.Name()
		for _, ext := range []string{".liquid", ".md"} {
			n = strings.TrimSuffix(n, ext)
		}
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ReadFileOverlay is ReadFile asking overlay first, with the absolute path
// of name in dir; a valid name (see Valid) never leaves dir on the way.
func ReadFileOverlay(dir, name string, overlay Overlay) ([]byte, error) {
	if overlay != nil && Valid(name) {
		if abs, err := filepath.Abs(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
			if b, ok := overlay(abs); ok {
				if len(b) > MaxBytes {
					return nil, &fsroot.TooLargeError{Name: name, Size: int64(len(b)), Max: MaxBytes}
				}
				return b, nil
			}
		}
	}
	return ReadFile(dir, name)
}

// ReadFile reads name (slash-separated, relative) inside dir through an
// os.Root, so that neither ".." nor a symbolic link can lead outside dir,
// and refuses files larger than MaxBytes and anything that is not a
// regular file (opened without blocking, so a FIFO cannot hang the read).
func ReadFile(dir, name string) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.OpenFile(filepath.FromSlash(name), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := fsroot.ReadOpened(f, name, MaxBytes)
	if errors.Is(err, fsroot.ErrIsDir) {
		return nil, fmt.Errorf("%s is a directory: %w", name, fs.ErrNotExist)
	}
	return b, err
}
