package workflows

import (
	"context"

	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict/diag"
	"github.com/sheaproject/shea/workpad"
)

// workpadTemplate is a compiled workpad or evidence template.
type workpadTemplate = *workpad.Template

func workpadDefault(id string) (string, bool) { return workpad.Default(id) }

func workpadSmokeValues(id string) map[string]string { return workpad.SmokeValues(id) }

// compileWorkpadSafely compiles a workpad template, turning a panic into a
// diagnostic.
func compileWorkpadSafely(e *render.Engine, id, src, filename string, start diag.Pos) (tpl *workpad.Template, diags diag.List) {
	defer func() {
		if r := recover(); r != nil {
			tpl = nil
			diags = append(diags, diag.Errorf(diag.SyntaxError, diag.Range{Filename: filename, Start: start, End: start},
				"internal error while compiling: %v", r))
		}
	}()
	return workpad.Compile(e, id, src, filename, start)
}

// renderWorkpadSafely renders a workpad template, turning a panic into an
// error.
func renderWorkpadSafely(ctx context.Context, tpl *workpad.Template, values map[string]string) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out = ""
			err = &render.Error{Class: diag.ClassTemplateRender, Diagnostics: diag.List{
				diag.Errorf(diag.RenderError, diag.Range{Filename: tpl.Filename()}, "internal error while rendering: %v", r)}}
		}
	}()
	return tpl.Render(ctx, values)
}
