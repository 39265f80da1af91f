package workpad

import (
	"context"
	"errors"
	"fmt"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/atomicfile"
	"github.com/sheaproject/shea/render"
)

// Write renders t with values and, only when rendering succeeds completely,
// replaces the file at path with the text atomically. The file holds
// exactly the text Render returns (which ends without white space, as a
// tracker comment would).
//
// The write follows the renameio recipe: a temporary file in the target's
// directory is written, fsynced, closed and renamed over the target, so a
// reader sees the old file or the new one, never a mix, and a failure
// leaves the old file as it was. Writers in one directory take an
// exclusive lock on it (an advisory flock where the system has one), so
// they finish one after another, across goroutines and processes; a writer
// waits at most ten seconds for another's lock, then fails. A symbolic
// link at path is replaced by the file, not followed.
//
// Rendering errors are *render.Error values (a panic, which would be a
// bug, is one holding internal_error); a canceled ctx stops the write
// before it starts. Other errors are file system errors wrapped with the
// step that failed.
func Write(ctx context.Context, path string, t *Template, values map[string]string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &render.Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{codes.Bug(diag.Range{Filename: path}, "writing "+path, r)}}
		}
	}()
	if t == nil {
		return errors.New("workpad: write: nil template")
	}
	out, err := t.Render(ctx, values)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("workpad: write %s: %w", path, err)
	}
	if err := atomicfile.WriteFile(path, []byte(out)); err != nil {
		return fmt.Errorf("workpad: %w", err)
	}
	return nil
}
