package workflows

import (
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

// compileGuarded runs a compile step, turning a panic (a bug) into an
// internal_error diagnostic at where: the engines recover their own
// panics, and this guards the glue around them, so that one bug never
// takes the whole validation down.
func compileGuarded[T any](where diag.Range, compile func() (T, diag.List)) (t T, diags diag.List) {
	defer func() {
		if r := recover(); r != nil {
			var zero T
			t = zero
			diags = append(diags, codes.Bug(where, "compiling", r))
		}
	}()
	return compile()
}

// renderGuarded runs a render step, turning a panic (a bug) into an
// internal_error (in filename, when known).
func renderGuarded(filename string, render func() (string, error)) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out = ""
			err = renderPanic(filename, r)
		}
	}()
	return render()
}

func renderPanic(filename string, r any) error {
	return &render.Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{
		codes.Bug(diag.Range{Filename: filename}, "rendering", r)}}
}
