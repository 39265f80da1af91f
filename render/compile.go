package render

import (
	"context"

	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// Engine compiles templates. It is immutable after New and safe for
// concurrent use.
type Engine struct {
	opts    Options
	limits  Limits
	filters map[string]FilterFunc
	sigs    map[string]strict.FilterSig // filters the checker should accept beyond the standard ones
}

// New returns an engine with the standard filters and any in opts.
func New(opts Options) *Engine {
	e := &Engine{opts: opts, limits: opts.Limits.withDefaults(), filters: map[string]FilterFunc{}, sigs: map[string]strict.FilterSig{}}
	for name, fn := range standardFilters() {
		e.filters[name] = fn
	}
	for name, f := range opts.Filters {
		e.filters[name] = f.Fn
		e.sigs[name] = f.Sig
	}
	return e
}

// Compat reports whether the engine renders in compat mode.
func (e *Engine) Compat() bool { return e.opts.Compat }

// Template is a compiled template. It is immutable and safe for concurrent
// use.
type Template struct {
	eng    *Engine
	schema *strict.Schema
	prog   *strict.Program
}

// Program returns the checked syntax tree of the template and its partials.
func (t *Template) Program() *strict.Program { return t.prog }

// Schema returns the context schema the template was compiled against.
func (t *Template) Schema() *strict.Schema { return t.schema }

// Compile checks src against the static contract and compiles it. filename
// and start place src in the file the user edits (start is the position of
// src's first byte; the zero Pos means the start of the file). schema
// declares the template's inputs; it is ignored in compat mode. Compile
// returns nil and the diagnostics when there is any error.
func (e *Engine) Compile(src, filename string, start diag.Pos, schema *strict.Schema) (*Template, diag.List) {
	panic("not implemented yet")
}

// Render renders the template with vars. See the package documentation for
// what is checked. On error the returned text is empty and the error is an
// *Error.
func (t *Template) Render(ctx context.Context, vars map[string]any) (string, error) {
	panic("not implemented yet")
}
