package lanes

import (
	"context"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// Template is a compiled composed lane. Its diagnostics point at layer
// files. It is safe for concurrent use.
type Template struct {
	tpl *render.Template
	m   *SourceMap
}

// Compile checks and compiles the composed source with a render engine made
// from opts, whose Partials are replaced by c.Partials, against schema (for
// instance profile.LaneContext("shea")). The diagnostics are remapped to the
// layer files; the template is nil when there are errors.
func (c *Composed) Compile(opts render.Options, schema *strict.Schema) (*Template, diag.List) {
	opts.Partials = c.Partials
	tpl, diags := render.New(opts).Compile(c.Source, c.Map.Name(), diag.Pos{}, schema)
	diags = c.Map.Remap(diags)
	if tpl == nil || diags.HasErrors() {
		return nil, diags
	}
	return &Template{tpl: tpl, m: c.Map}, diags
}

// Render renders the lane with vars. On failure the text is empty and the
// error is a *render.Error whose diagnostics point at layer files.
func (t *Template) Render(ctx context.Context, vars map[string]any) (string, error) {
	out, err := t.tpl.Render(ctx, vars)
	if err == nil {
		return out, nil
	}
	return "", t.RemapError(err)
}

// RemapError maps the diagnostics of a *render.Error from the composed
// source to the layer files; other errors are returned unchanged.
func (t *Template) RemapError(err error) error {
	e, ok := render.AsError(err)
	if !ok {
		return err
	}
	return &render.Error{Class: e.Class, Diagnostics: t.m.Remap(e.Diagnostics)}
}

// Compiled returns the underlying template, whose own diagnostics are in
// composed coordinates (see SourceMap).
func (t *Template) Compiled() *render.Template { return t.tpl }
