// Package fsroot confines the paths a workflow names to one directory tree,
// the repository root, so that neither "..", an absolute path nor a
// symbolic link can make shea read a file outside it.
//
// A path is checked twice: Resolve canonicalises it (following every
// symbolic link of its longest existing prefix) and rejects it with
// ErrOutside when the result leaves the root; ReadFile then opens it through
// an os.Root, which refuses any escape that a race could still introduce.
// WalkFiles lists directories through the same os.Root.
//
// Every read is bounded and reads only a regular file: files are opened
// without blocking (a FIFO with no writer would otherwise wait forever),
// and anything that is not a regular file, such as a FIFO or /dev/zero, is
// refused with ErrNotRegular before a byte is read. ReadPath does the same
// for a path outside any root, and ReadLimited bounds a stream.
package fsroot

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// ErrOutside is the error (wrapped) of a path that leads outside its root.
var ErrOutside = errors.New("path leads outside the repository root")

// Root is a canonical directory that paths may not leave. The zero value is
// not usable; call New.
type Root struct {
	dir string // absolute, symbolic links resolved

	mu sync.Mutex
	// handle is the open root directory, kept between reads until Release;
	// subs are its subdirectories files were read from, by relative path.
	// os.Root opens a path one component at a time, so reading a file
	// through its directory's handle costs one open instead of one per
	// component.
	handle *os.Root
	subs   map[string]*os.Root
	// dirs caches the canonical form of existing directories.
	dirs map[string]string

	// Overlay, when set, is asked first for every file ReadFile reads,
	// with its canonical absolute path: when it returns ok, its text is
	// the file's (an editor's unsaved buffer; see package lsp), read
	// even when no file exists on disk. Set it before the first read.
	Overlay func(path string) ([]byte, bool)
}

// Release closes the directory handle kept between reads; a later read opens
// it again. Call it when a batch of reads is done.
func (r *Root) Release() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, h := range r.subs {
		h.Close()
	}
	r.subs = nil
	if r.handle != nil {
		r.handle.Close()
		r.handle = nil
	}
}

// dirHandle returns an open handle on the directory rel (relative to the
// root, "." for the root itself), opened through the root.
func (r *Root) dirHandle(rel string) (*os.Root, error) {
	root, err := r.open()
	if err != nil || rel == "." {
		return root, err
	}
	r.mu.Lock()
	h, ok := r.subs[rel]
	r.mu.Unlock()
	if ok {
		return h, nil
	}
	h, err = root.OpenRoot(rel)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.subs[rel]; ok { // another reader opened it meanwhile
		h.Close()
		return old, nil
	}
	if r.subs == nil {
		r.subs = map[string]*os.Root{}
	}
	r.subs[rel] = h
	return h, nil
}

// open returns the open root directory.
func (r *Root) open() (*os.Root, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.handle == nil {
		h, err := os.OpenRoot(r.dir)
		if err != nil {
			return nil, err
		}
		r.handle = h
	}
	return r.handle, nil
}

// New returns the root at dir, which must exist.
func New(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	canon, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(canon)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("root %s is not a directory", dir)
	}
	return &Root{dir: canon}, nil
}

// Dir returns the root's canonical absolute path.
func (r *Root) Dir() string { return r.dir }

// Discover returns the repository root for a workflow in directory dir:
// the nearest ancestor of dir (dir included) that holds a .git entry
// (directory or file, as in worktrees); else, when dir lies inside a
// ".shea/workflows" directory, the directory that holds ".shea"; else dir
// itself. dir is made absolute and canonical first.
func Discover(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	canon, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	for d := canon; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	sep := string(filepath.Separator)
	marker := sep + ".shea" + sep + "workflows"
	if i := strings.LastIndex(canon+sep, marker+sep); i >= 0 {
		if i == 0 {
			return sep, nil
		}
		return canon[:i], nil
	}
	return canon, nil
}

// Resolve returns the canonical absolute form of p, which is absolute or
// relative to base. Symbolic links are followed as far as the path exists;
// a missing remainder is appended lexically. The error wraps ErrOutside when
// the path leads outside the root, and fs.ErrNotExist when it does not
// exist (the path is still returned then).
func (r *Root) Resolve(base, p string) (string, error) {
	if p == "" {
		return "", fmt.Errorf("empty path: %w", fs.ErrNotExist)
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", fmt.Errorf("path %q holds a NUL byte: %w", p, fs.ErrNotExist)
	}
	full := p
	if !filepath.IsAbs(full) {
		full = filepath.Join(base, p)
	}
	full = filepath.Clean(full)
	canon, exists := r.canonical(full)
	if !r.Contains(canon) {
		return canon, fmt.Errorf("%s: %w %s", p, ErrOutside, r.dir)
	}
	if !exists {
		return canon, fmt.Errorf("%s: %w", p, fs.ErrNotExist)
	}
	return canon, nil
}

// canonical is the package's canonical with the canonical form of the
// parent directory cached: a workflow reads many files from few directories.
func (r *Root) canonical(p string) (string, bool) {
	dir, base := filepath.Split(p)
	r.mu.Lock()
	cdir, ok := r.dirs[dir]
	r.mu.Unlock()
	if !ok {
		c, exists := canonical(filepath.Clean(dir))
		if !exists {
			return canonical(p)
		}
		cdir = c
		r.mu.Lock()
		if r.dirs == nil {
			r.dirs = map[string]string{}
		}
		r.dirs[dir] = cdir
		r.mu.Unlock()
	}
	full := filepath.Join(cdir, base)
	st, err := os.Lstat(full)
	switch {
	case err != nil:
		return canonical(p) // missing, or unreadable: resolve the long way
	case st.Mode()&fs.ModeSymlink != 0:
		return canonical(full)
	}
	return full, true
}

// canonical resolves the symbolic links of the longest existing prefix of
// the clean absolute path p and appends the rest. exists reports whether
// all of p exists.
func canonical(p string) (string, bool) {
	rest := ""
	for cur := p; ; {
		if c, err := filepath.EvalSymlinks(cur); err == nil {
			if rest == "" {
				return c, true
			}
			return filepath.Join(c, rest), false
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p, false
		}
		if rest == "" {
			rest = filepath.Base(cur)
		} else {
			rest = filepath.Join(filepath.Base(cur), rest)
		}
		cur = parent
	}
}

// Contains reports whether the canonical path p lies inside the root.
func (r *Root) Contains(p string) bool {
	rel, err := filepath.Rel(r.dir, p)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}

// Rel returns the canonical path p relative to the root, slash-separated.
func (r *Root) Rel(p string) string {
	rel, err := filepath.Rel(r.dir, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(rel)
}

// ReadFile reads the file at canonical path p (from Resolve) through an
// os.Root, refusing directories, anything else that is not a regular file
// (opened without blocking, so a FIFO cannot hang the read) and files
// larger than max bytes.
func (r *Root) ReadFile(p string, max int64) ([]byte, error) {
	return r.ReadFileAs(p, p, max)
}

// ReadFileAs is ReadFile naming the file name, not its canonical path, in
// the errors of reading it.
func (r *Root) ReadFileAs(p, name string, max int64) ([]byte, error) {
	if !r.Contains(p) {
		return nil, fmt.Errorf("%s: %w %s", p, ErrOutside, r.dir)
	}
	if r.Overlay != nil {
		if b, ok := r.Overlay(p); ok {
			if int64(len(b)) > max {
				return nil, &TooLargeError{Name: name, Size: int64(len(b)), Max: max}
			}
			return b, nil
		}
	}
	rel, _ := filepath.Rel(r.dir, p)
	f, err := r.openFile(rel)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		// os.Root's error for a path that escapes it is not exported: a
		// refusal is an escape when the path now resolves outside the root
		// (a symbolic link that leaves it, or one changed since Resolve).
		if c, _ := canonical(p); !r.Contains(c) {
			return nil, fmt.Errorf("%s: %w %s", p, ErrOutside, r.dir)
		}
		return nil, err
	}
	defer f.Close()
	return ReadOpened(f, name, max)
}

// openFile opens the file at rel (relative to the root) through its
// directory's handle, or through the root when that handle refuses it (a
// symbolic link that leaves the directory but not the root).
func (r *Root) openFile(rel string) (*os.File, error) {
	dir, base := filepath.Split(rel)
	if dir == "" {
		dir = "."
	}
	if h, err := r.dirHandle(filepath.Clean(dir)); err == nil {
		if f, err := h.OpenFile(base, openFlags, 0); err == nil || errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	root, err := r.open()
	if err != nil {
		return nil, err
	}
	return root.OpenFile(rel, openFlags, 0)
}

// openFlags open a file for reading without blocking: opening a FIFO with
// no writer, or a device, returns at once, and ReadOpened then refuses
// anything that is not a regular file.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK

// OpenFile opens the file at path (outside any root) for reading the way
// ReadFile does, without blocking on a FIFO or a device; pass the result to
// ReadOpened, which refuses anything that is not a regular file.
func OpenFile(path string) (*os.File, error) {
	return os.OpenFile(path, openFlags, 0)
}

// ReadPath reads the regular file at path (outside any root), refusing
// anything else and files larger than max bytes, as ReadFile does.
func ReadPath(path string, max int64) ([]byte, error) {
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOpened(f, path, max)
}

// ErrIsDir is the error ReadOpened wraps for a directory.
var ErrIsDir = errors.New("is a directory, not a file")

// ErrNotRegular is the error ReadOpened wraps for anything that is neither
// a regular file nor a directory: a FIFO, a device, a socket.
var ErrNotRegular = errors.New("is not a regular file")

// ErrTooLarge is what a *TooLargeError from ReadOpened or ReadLimited is
// (errors.Is).
var ErrTooLarge = errors.New("input limit exceeded")

// TooLargeError is the error of an input larger than its limit.
type TooLargeError struct {
	Name string
	Size int64 // the input's size in bytes, or -1 when it is a stream
	Max  int64 // the limit
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s is more than the %d-byte limit", e.Name, e.Max)
	}
	return fmt.Sprintf("%s is %d bytes, more than the %d-byte limit", e.Name, e.Size, e.Max)
}

// Is reports ErrTooLarge.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// ReadOpened reads an opened file, refusing a directory (an error wrapping
// ErrIsDir), anything else that is not a regular file (ErrNotRegular:
// reading a FIFO or a device could block or never end) and a file larger
// than max bytes (a *TooLargeError); name is the file's name in errors.
func ReadOpened(f *os.File, name string, max int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s %w", name, ErrIsDir)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s %w (it is %s)", name, ErrNotRegular, describeMode(st.Mode()))
	}
	if st.Size() > max {
		return nil, &TooLargeError{name, st.Size(), max}
	}
	return ReadLimited(f, name, max)
}

// ReadLimited reads r to its end, failing with a *TooLargeError as soon as
// it holds more than max bytes, so that an endless stream (/dev/zero, a
// pipe) costs at most max+1 bytes of memory; name is the input's name in
// errors.
func ReadLimited(r io.Reader, name string, max int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &TooLargeError{name, -1, max}
	}
	return b, nil
}

// describeMode names the kind of a file that is not a regular file.
func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// WalkFiles calls fn for every regular file under the canonical directory
// dir, in lexical order, with its canonical path. Directories are listed
// through the root (os.Root.FS), so that no listing leaves it. Symbolic
// links are followed when their target stays inside the root; a link that
// leads outside is passed to fn with an error wrapping ErrOutside. A
// directory is visited once even when links reach it twice.
func (r *Root) WalkFiles(dir string, fn func(path string, size int64, err error) error) error {
	if !r.Contains(dir) {
		return fn(dir, 0, fmt.Errorf("%s: %w %s", dir, ErrOutside, r.dir))
	}
	root, err := r.open()
	if err != nil {
		return fn(dir, 0, err)
	}
	w := walker{r: r, fsys: root.FS(), fn: fn, seen: map[string]bool{}}
	return w.walk(r.Rel(dir))
}

// walker is the state of one WalkFiles.
type walker struct {
	r    *Root
	fsys fs.FS
	fn   func(path string, size int64, err error) error
	seen map[string]bool // directories visited, slash-separated relative to the root
}

// walk walks the directory at rel, relative to the root.
func (w *walker) walk(rel string) error {
	if w.seen[rel] {
		return nil
	}
	w.seen[rel] = true
	return fs.WalkDir(w.fsys, rel, func(name string, d fs.DirEntry, err error) error {
		p := filepath.Join(w.r.dir, filepath.FromSlash(name))
		if err != nil {
			return w.fn(p, 0, err)
		}
		switch {
		case d.IsDir():
			if name != rel {
				if w.seen[name] {
					return fs.SkipDir
				}
				w.seen[name] = true
			}
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			return w.link(p)
		case !d.Type().IsRegular():
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return w.fn(p, 0, err)
		}
		return w.fn(p, info.Size(), nil)
	})
}

// link follows the symbolic link at p: into a directory inside the root,
// which it walks, or to a file inside the root, which it reports.
func (w *walker) link(p string) error {
	c, err := filepath.EvalSymlinks(p)
	if err != nil {
		return w.fn(p, 0, err)
	}
	if !w.r.Contains(c) {
		return w.fn(p, 0, fmt.Errorf("%s: %w %s", p, ErrOutside, w.r.dir))
	}
	rel := w.r.Rel(c)
	st, err := fs.Stat(w.fsys, rel)
	if err != nil {
		return w.fn(c, 0, err)
	}
	if st.IsDir() {
		return w.walk(rel)
	}
	if !st.Mode().IsRegular() {
		return nil
	}
	return w.fn(c, st.Size(), nil)
}
