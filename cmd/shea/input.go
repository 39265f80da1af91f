package main

import (
	"errors"
	"strconv"

	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/internal/jsondup"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict/diag"
	"github.com/sheaproject/shea/workflows"
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

// readSchemaFile reads a --context-schema file: a regular file of at most
// workflows.MaxFileBytes, the limit of a schema a workflow names.
func readSchemaFile(path string) ([]byte, error) {
	return fsroot.ReadPath(path, workflows.MaxFileBytes)
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
		return diag.Errorf(diag.NotARegularFile, diag.Range{Filename: path}, "%v", err).
			WithDetail("shea reads only regular files, never a named pipe (FIFO), a device or a socket.")
	case errors.As(err, &tl) && tl.Size < 0:
		return diag.Errorf(diag.TemplateTooLarge, diag.Range{Filename: path}, "template is more than the %d-byte limit", tl.Max)
	case errors.As(err, &tl):
		return diag.Errorf(diag.TemplateTooLarge, diag.Range{Filename: path}, "template is %d bytes, more than the %d-byte limit", tl.Size, tl.Max)
	}
	return nil
}

// duplicateKeyDiag is the context_invalid diagnostic of a key written twice
// in one object of the JSON data named name (--context, --extra), at the
// second occurrence; nil when there is none.
func duplicateKeyDiag(data []byte, name string) *diag.Diagnostic {
	dup, found := jsondup.Find(data)
	if !found {
		return nil
	}
	start := diag.StartPos.Advance(string(data[:dup.Offset]))
	end := start.Advance(strconv.Quote(dup.Key))
	return diag.Errorf(diag.ContextInvalid, diag.Range{Filename: name, Start: start, End: end}, "duplicate key %q at %s", dup.Key, dup.Pointer).
		WithDetail("JSON parsers disagree about a key written twice (some keep the first value, some the last); write each key once.")
}
