package render

import (
	"context"
	"errors"
	"io"
	"sort"
	"sync"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Engine compiles templates. It is immutable after New and safe for
// concurrent use.
type Engine struct {
	opts    Options
	limits  Limits
	std     map[string]filterBody       // the standard filters
	filters map[string]FilterFunc       // the caller's filters, which take precedence
	sigs    map[string]strict.FilterSig // filters the checker should accept beyond the standard ones
}

// New returns an engine with the standard filters and any in opts.
func New(opts Options) *Engine {
	e := &Engine{opts: opts, limits: opts.Limits.withDefaults(), std: sharedFilters(), sigs: map[string]strict.FilterSig{}}
	if len(opts.Filters) > 0 {
		e.filters = make(map[string]FilterFunc, len(opts.Filters))
		for name, f := range opts.Filters {
			e.filters[name] = f.Fn
			e.sigs[name] = f.Sig
		}
	}
	return e
}

// Every engine reads the same standard filters, which hold no engine's
// state and are only read once built; building them once keeps an engine
// cheap to make, and a workflow makes one per directory of templates.
var sharedFilters = sync.OnceValue(meteredFilters)

// Compat reports whether the engine renders in compat mode.
func (e *Engine) Compat() bool { return e.opts.Compat }

// Template is a compiled template. It is safe for concurrent use, and what
// it renders never depends on earlier renders. Its one piece of state is a
// compat-mode cache: a partial whose name is known only at render time is
// compiled on first use and kept (dynamic).
type Template struct {
	eng      *Engine
	schema   *strict.Schema
	prog     *strict.Program
	main     *unit
	partials map[string]*unit
	dynamic  sync.Map // name → *unit: partials named only at render time (compat mode)
	// textBytes sizes each output buffer: half as much again as the
	// template's literal text (most of a page's output is its text, and
	// the values printed add to it: a buffer that grows past its first
	// size is copied, and twice its size allocated again).
	textBytes int
}

// Program returns the checked syntax tree of the template and its partials.
func (t *Template) Program() *strict.Program { return t.prog }

// Schema returns the context schema the template was compiled against.
func (t *Template) Schema() *strict.Schema { return t.schema }

// Compile checks src against the static contract and compiles it. filename
// and start place src in the file the user edits (start is the position of
// src's first byte; the zero Pos means the start of the file). schema
// declares the template's inputs; it is ignored in compat mode. Compile
// returns nil and the diagnostics when there is any error; warnings come
// with a template.
func (e *Engine) Compile(src, filename string, start diag.Pos, schema *strict.Schema) (t *Template, diags diag.List) {
	if start.IsZero() {
		start = diag.StartPos
	}
	defer func() {
		if r := recover(); r != nil {
			t = nil
			diags = append(diags, codes.Bug(diag.Range{Filename: filename, Start: start, End: start}, "compiling", r))
		}
	}()
	if len(src) > e.limits.MaxTemplateBytes {
		return nil, diag.List{diag.Errorf(codes.TemplateTooLarge, diag.Range{Filename: filename, Start: start, End: start},
			"template is %d bytes, more than the %d-byte limit", len(src), e.limits.MaxTemplateBytes)}
	}
	if e.opts.Compat {
		schema = nil
	}
	prog, diags := strict.Check(src, filename, start, strict.Options{
		Context:    schema,
		Partials:   e.opts.Partials,
		Filters:    e.sigs,
		Compat:     e.opts.Compat,
		Lax:        !e.opts.StrictSyntax,
		MaxNesting: e.limits.MaxNesting,
		Budget:     e.limits.Budget,
	})
	if diags.HasErrors() {
		return nil, diags
	}
	t = &Template{eng: e, schema: schema, prog: prog, partials: map[string]*unit{}}
	main := (&compiler{eng: e, t: t}).unit(prog.Template)
	t.main = main
	t.textBytes = main.textBytes + main.textBytes/2
	names := make([]string, 0, len(prog.Partials))
	for name := range prog.Partials {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		pt := prog.Partials[name]
		if len(pt.Source) > e.limits.MaxTemplateBytes {
			return nil, append(diags, diag.Errorf(codes.TemplateTooLarge, diag.Range{Filename: pt.Filename, Start: pt.Start, End: pt.Start},
				"partial %q is %d bytes, more than the %d-byte limit", name, len(pt.Source), e.limits.MaxTemplateBytes))
		}
		t.partials[name] = (&compiler{eng: e, t: t}).unit(pt)
	}
	return t, diags
}

// Render renders the template with vars. The values may be Go values of
// any type JSON can encode (structs, pointers, maps, slices, time.Time):
// with a schema they are read as FromGo presents them, and validated
// against it like decoded JSON (in compat mode they are read by
// reflection, as they are). See the package documentation for what is checked. On
// error the returned text is empty and the error is an *Error.
func (t *Template) Render(ctx context.Context, vars map[string]any) (string, error) {
	out, err := t.render(ctx, vars)
	if err != nil {
		return "", err
	}
	return out, nil
}

// RenderTo renders into w, which receives the text only when the whole
// render succeeded.
func (t *Template) RenderTo(ctx context.Context, w io.Writer, vars map[string]any) error {
	out, err := t.Render(ctx, vars)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, out)
	return err
}

func (t *Template) render(ctx context.Context, vars map[string]any) (out string, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = "", &Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{
				codes.Bug(diag.Range{Filename: t.prog.Template.Filename}, "rendering", r)}}
		}
	}()
	vars, diags := t.contextOf(vars)
	if diags.HasErrors() {
		return "", &Error{Class: codes.ClassTemplateRender, Diagnostics: diags}
	}
	// One allocation holds what the render needs first.
	r := &struct {
		b  budget
		st state
		w  writer
	}{b: budget{ctx: ctx, limits: t.eng.limits, req: strict.BudgetFrom(ctx)}}
	b := &r.b
	if b.req == nil {
		b.req = t.eng.limits.Budget
	}
	if d, ok := ctx.Deadline(); ok {
		b.deadline = d
	}
	if d, ok := b.req.Deadline(); ok && (b.deadline.IsZero() || d.Before(b.deadline)) {
		b.deadline = d
	}
	if t.eng.limits.Timeout > 0 {
		if d := time.Now().Add(t.eng.limits.Timeout); b.deadline.IsZero() || d.Before(b.deadline) {
			b.deadline = d
		}
	}
	if err := ctx.Err(); err != nil {
		return "", &Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{
			diag.Errorf(codes.DeadlineExceeded, diag.Range{Filename: t.prog.Template.Filename}, "rendering not started: %v", err)}}
	}
	if err := b.req.Err(); err != nil {
		le := err.(*strict.LimitError)
		return "", &Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{
			diag.Errorf(le.Code, diag.Range{Filename: t.prog.Template.Filename}, "rendering not started: %s", le.Msg)}}
	}
	st, w := &r.st, &r.w
	st.init(t, b, vars)
	w.b = b
	w.buf.Grow(t.textBytes + 64)
	// A break or continue outside any loop stops the template, as in
	// Liquid; what was written before it stays.
	err = t.main.body.render(st, w)
	if err != nil && !errors.Is(err, errBreak) && !errors.Is(err, errContinue) {
		return "", t.renderError(err)
	}
	return w.buf.String(), nil
}

// renderError converts an error from the renderer to an *Error.
func (t *Template) renderError(err error) *Error {
	var d *diag.Diagnostic
	if errors.As(err, &d) {
		if d.Subject.Filename == "" && d.Subject.Start.IsZero() {
			d.Subject.Filename = t.prog.Template.Filename
		}
		return &Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{d}}
	}
	var le *strict.LimitError
	if errors.As(err, &le) { // a limit reached where no position was at hand
		return &Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{
			diag.Errorf(le.Code, diag.Range{Filename: t.prog.Template.Filename}, "%s", le.Msg)}}
	}
	return &Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{
		diag.Errorf(codes.RenderError, diag.Range{Filename: t.prog.Template.Filename}, "%v", err)}}
}
