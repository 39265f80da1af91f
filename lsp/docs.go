package lsp

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"sync"
)

// document is a buffer the client has open.
type document struct {
	uri     string
	text    string
	version int
	// refused is set when the buffer grew beyond MaxDocumentBytes: the
	// store drops its text and serves it as not open (the disk's file is
	// checked) until a change sends it whole and small enough.
	refused bool
}

// The errors of a change the store does not apply.
var (
	errTooLarge = errors.New("the document is larger than MaxDocumentBytes")
	errRefused  = errors.New("the document was refused as too large")
)

// store holds the open documents by canonical path. It is safe for
// concurrent use: the handler edits it, the checker reads snapshots.
type store struct {
	mu   sync.Mutex
	docs map[string]*document
	gen  uint64 // counts changes; a check made at an older gen is stale
}

func newStore() *store { return &store{docs: map[string]*document{}} }

func (st *store) open(path, uri, text string, version int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.docs[path] = &document{uri: uri, text: text, version: version}
	st.gen++
}

// refuse drops the text of a document too large to keep (see
// document.refused).
func (st *store) refuse(path, uri string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.docs[path] = &document{uri: uri, refused: true}
	st.gen++
}

// change applies a didChange. It returns errTooLarge when the document
// grows beyond MaxDocumentBytes (the caller refuses it), and errRefused for
// a change to a refused document that does not send it whole.
func (st *store) change(path string, version int, changes []textDocumentContentChangeEvent, enc string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	d, ok := st.docs[path]
	if !ok {
		return fmt.Errorf("a change to %s, which is not open", path)
	}
	text := d.text
	if d.refused {
		whole := -1
		for i, ch := range changes {
			if ch.Range == nil {
				whole = i
			}
		}
		if whole < 0 {
			return errRefused
		}
		changes = changes[whole:]
	}
	for _, ch := range changes {
		text = applyChange(text, ch, enc)
		if len(text) > MaxDocumentBytes {
			return errTooLarge
		}
	}
	d.text, d.version, d.refused = text, version, false
	st.gen++
	return nil
}

// replace sets a document's text to what a didSave sent.
func (st *store) replace(path, text string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if d, ok := st.docs[path]; ok && (d.text != text || d.refused) {
		d.text, d.refused = text, false
		st.gen++
	}
}

func (st *store) close(path string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.docs, path)
	st.gen++
}

func (st *store) get(path string) (document, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	d, ok := st.docs[path]
	if !ok || d.refused {
		return document{}, false
	}
	return *d, true
}

// snapshot is the open documents at one generation: what a check sees.
type snapshot struct {
	gen  uint64
	docs map[string]document
}

func (st *store) snapshot() snapshot {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := snapshot{gen: st.gen, docs: make(map[string]document, len(st.docs))}
	for p, d := range st.docs {
		if !d.refused {
			s.docs[p] = *d
		}
	}
	return s
}

func (st *store) generation() uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.gen
}

// overlay serves the snapshot's buffers to the workflow loader in place of
// the files on disk (workflows.Options.Overlay). A path that leads through
// a symbolic link is left to the disk, where the loader checks where the
// link leads (a layer file linked from outside its layer is refused there,
// as shea validate refuses it).
func (s snapshot) overlay(path string) ([]byte, bool) {
	c := canonical(path)
	if c != filepath.Clean(path) {
		return nil, false
	}
	d, ok := s.docs[c]
	if !ok {
		return nil, false
	}
	return []byte(d.text), true
}

// canonical returns path absolute, cleaned, with the symbolic links of its
// longest existing prefix resolved: the key of a document.
func canonical(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if c, err := filepath.EvalSymlinks(abs); err == nil {
		return c
	}
	dir, base := filepath.Split(abs)
	if c, err := filepath.EvalSymlinks(filepath.Clean(dir)); err == nil {
		return filepath.Join(c, base)
	}
	return abs
}

// uriToPath returns the canonical path of a file: URI.
func uriToPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	return canonical(filepath.FromSlash(u.Path)), true
}

// pathToURI returns the file: URI of an absolute path.
func pathToURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
