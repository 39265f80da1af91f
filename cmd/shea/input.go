package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/internal/jsondup"
	"github.com/sheaproject/shea/render"
)

// readTemplateFile reads a template named on the command line (--template,
// an argument of check): a regular file of at most max bytes (render's
// default template limit when max <= 0). A FIFO or a device is refused
// without blocking, with an error wrapping fsroot.ErrNotRegular.
func readTemplateFile(path string, max int) ([]byte, error) {
	if max <= 0 {
		max = render.DefaultMaxTemplateBytes
	}
	return fsroot.ReadPath(path, int64(max))
}

// The limits of the files the command line names besides templates.
const (
	// maxDataBytes caps a data input (--context, --issue, --extra,
	// --values), as the workflows package caps an issue or values
	// document.
	maxDataBytes = 16 << 20
	// maxSchemaBytes caps a --context-schema file, as the workflows
	// package caps a schema file a workflow names.
	maxSchemaBytes = 1 << 20
)

// readSchemaFile reads a --context-schema file: a regular file of at most
// maxSchemaBytes.
func readSchemaFile(path string) ([]byte, error) {
	return fsroot.ReadPath(path, maxSchemaBytes)
}

// templateReadDiag turns the failure to read a template named on the
// command line into a diagnostic: not_a_regular_file for a FIFO or a
// device (the command then cannot run: exit status 2), template_too_large
// for a file over the limit (a finding: exit status 1). Other errors, and
// nil, give nil.
func templateReadDiag(path string, err error) *diag.Diagnostic {
	var tl *fsroot.TooLargeError
	switch {
	case errors.Is(err, fsroot.ErrNotRegular):
		return diag.Errorf(codes.NotARegularFile, diag.Range{Filename: path}, "%v", err).
			WithDetail("shea reads only regular files, never a named pipe (FIFO), a device or a socket.")
	case errors.As(err, &tl) && tl.Size < 0:
		return diag.Errorf(codes.TemplateTooLarge, diag.Range{Filename: path}, "template is more than the %d-byte limit", tl.Max)
	case errors.As(err, &tl):
		return diag.Errorf(codes.TemplateTooLarge, diag.Range{Filename: path}, "template is %d bytes, more than the %d-byte limit", tl.Size, tl.Max)
	}
	return nil
}

// dataDiag is the context_invalid diagnostic of err, the failure of
// render.DecodeJSON to decode data, the JSON data named name (--context,
// --extra, --run-context), at the place in data it is about: a key written
// twice in one object (at the second occurrence), a number no float holds
// (1e400). It is nil for other errors, and for nil.
func dataDiag(data []byte, name string, err error) *diag.Diagnostic {
	if err == nil {
		return nil
	}
	var de *render.DataError
	if errors.As(err, &de) && de.End > de.Offset && de.End <= len(data) {
		start := diag.StartPos.Advance(string(data[:de.Offset]))
		end := start.Advance(string(data[de.Offset:de.End]))
		d := diag.Errorf(codes.ContextInvalid, diag.Range{Filename: name, Start: start, End: end}, "%v", err)
		if errors.Is(err, render.ErrDataTooLarge) {
			return d.WithDetail("Data is read whole into memory before anything renders; the place is where the budget ran out. Pass the template less data, or fewer and larger values.")
		}
		return d.WithDetail("shea reads a JSON number as an integer of at most 10,000 digits or as a float, which ends at about ±1.8e308; write a larger number as a string.")
	}
	dup, found := jsondup.Find(data)
	if !found {
		return nil
	}
	start := diag.StartPos.Advance(string(data[:dup.Offset]))
	end := start.Advance(string(data[dup.Offset:dup.End]))
	return diag.Errorf(codes.ContextInvalid, diag.Range{Filename: name, Start: start, End: end}, "duplicate key %q at %s", dup.Key, dup.Pointer).
		WithDetail("JSON parsers disagree about a key written twice (some keep the first value, some the last); write each key once.")
}

// confineOut applies the --out rule of render and workpad render to dir,
// the directory the output goes to. An absolute dir is the caller's own
// choice and is used as given. A relative dir is resolved against the
// working directory and must stay inside root, the workflow's repository
// root, with every symbolic link of its existing part followed: a
// directory link committed in the repository cannot send the write
// elsewhere. The result is the directory to write in (canonical for a
// relative dir); given is the --out value, for the error.
func confineOut(root, dir, given string) (string, error) {
	return confinePath(root, dir, "--out "+given)
}

// confinePath applies the --out rule to path p, which what names in the
// error: absolute, p is used as given; relative, it must stay inside root
// with every symbolic link of its existing part followed (the last
// element's too: a file link cannot send a write, or a read, outside).
func confinePath(root, p, what string) (string, error) {
	dir := p
	if filepath.IsAbs(dir) {
		return dir, nil
	}
	r, err := fsroot.New(root)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	canon, err := r.Resolve("", abs)
	switch {
	case errors.Is(err, fsroot.ErrOutside):
		return "", fmt.Errorf("%s leads outside the repository root %s (through .. or a symbolic link); give an absolute path to write outside it", what, root)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return "", err
	}
	return canon, nil
}
