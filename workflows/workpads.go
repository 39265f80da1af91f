package workflows

import (
	"errors"
	"fmt"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/workpad"
)

// workpadTemplate is a compiled workpad or evidence template.
type workpadTemplate = *workpad.Template

func workpadDefault(id string) (string, bool) { return workpad.Default(id) }

func workpadSmokeValues(id string) map[string]string { return workpad.SmokeValues(id) }

// ErrUnknownWorkpad is wrapped by the error of WorkpadTemplate for an id
// that is not one of the workpad and evidence template ids, and for any id
// of a workflow whose profile has no such templates (symphony).
var ErrUnknownWorkpad = errors.New("unknown workpad template")

// WorkpadSource says where one workpad or evidence template of a shea
// workflow comes from, as `shea workpad list` shows it.
type WorkpadSource struct {
	ID   string
	Kind workpad.Kind // workpad or evidence
	// Source is the source kind the readback reports:
	// SourceTemplateFile (configured under workpad_templates) or
	// SourceRepositoryDefault (the repository's template directory, or
	// shea's built-in default, whose Path starts with "<builtin>/").
	Source string
	Path   string
	// Values are the names the template is rendered with, in the
	// registry's order.
	Values []string
	// Listed reports whether validate's readback lists the template.
	Listed bool
	// OK reports that the template was read and compiled without errors.
	OK bool
}

// Workpads lists the workpad and evidence templates of a shea workflow in
// the registry's order (none for symphony), including those that failed to
// load.
func (w *Workflow) Workpads() []WorkpadSource {
	var out []WorkpadSource
	for _, it := range w.workpads {
		spec, _ := workpad.Lookup(it.key)
		out = append(out, WorkpadSource{
			ID: it.key, Kind: spec.Kind, Source: it.kind, Path: it.display,
			Values: append([]string(nil), spec.Values...), Listed: it.listed, OK: it.wp != nil,
		})
	}
	return out
}

// WorkpadTemplate returns the compiled template of id, resolved as
// validate resolves it: the file configured under workpad_templates, else
// the repository's default next to the workflow's directory, else shea's
// built-in default. Like RenderLane it refuses a workflow that loaded with
// errors, returning an *Error; an id the workflow does not have is an
// error wrapping ErrUnknownWorkpad, with the closest id.
func (w *Workflow) WorkpadTemplate(id string) (*workpad.Template, error) {
	var it *item
	for _, x := range w.workpads {
		if x.key == id {
			it = x
		}
	}
	if it == nil {
		if w.Profile != ProfileShea {
			return nil, fmt.Errorf("%w %q: a %s workflow has no workpad or evidence templates (they belong to the shea profile)", ErrUnknownWorkpad, id, profileName(w.Profile))
		}
		err := fmt.Errorf("%w %q", ErrUnknownWorkpad, id)
		if s := diag.Suggest(id, workpad.IDs()); s != "" {
			err = fmt.Errorf("%w; did you mean %q?", err, s)
		}
		return nil, err
	}
	if errs := w.diags.Errors(); len(errs) > 0 {
		return nil, &Error{Workflow: w.Path, Class: codes.FailureClass(errs), Diagnostics: errs}
	}
	return it.wp, nil
}
