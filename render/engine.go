package render

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Options configure an Engine. The zero value is the strict engine with the
// default limits.
type Options struct {
	// Compat renders as Shopify Liquid does, without the strictness
	// contract: see strict.Options.Compat for what is no longer checked
	// before rendering; while rendering, undefined variables and properties
	// print nothing. Markup that only Shopify's default (lax) parser
	// tolerates renders as Shopify renders it, with a lax_syntax warning
	// for each place (see strict.Options.Lax), unless StrictSyntax.
	Compat bool

	// StrictSyntax, with Compat, rejects that markup as strict mode and
	// Shopify's strict parser do (the golden-liquid suite expects these
	// errors). Without Compat it does nothing.
	StrictSyntax bool

	// Partials resolves the names of include and render tags.
	Partials strict.PartialSource

	// Filters adds filters, or replaces standard ones.
	Filters map[string]Filter

	// Limits bound every compile and render; zero fields take the defaults.
	Limits Limits
}

// Limits bound the work and output of templates. Each limit, when reached,
// is an error with its own code, never a silent truncation.
type Limits struct {
	// MaxTemplateBytes caps the size of a template or partial source
	// (template_too_large). Default 1 MiB.
	MaxTemplateBytes int
	// MaxOutputBytes caps the rendered output, counting text captured by
	// capture blocks (output_limit). Default 16 MiB.
	MaxOutputBytes int
	// MaxMemory caps the bytes of values one render builds and holds:
	// strings and arrays made by filters (each checked before it is built)
	// and the values assign and capture bind (memory_limit). Ranges count
	// when a filter makes their numbers into an array. Default 64 MiB.
	MaxMemory int
	// MaxLoopIterations caps the iterations of all for and tablerow loops
	// of one render together (loop_limit). Default 1,000,000.
	MaxLoopIterations int
	// MaxDepth caps how deeply include and render tags nest at render time
	// (depth_limit). Default 64.
	MaxDepth int
	// MaxNesting caps how deeply blocks nest in the source (a syntax_error).
	// Default strict.DefaultMaxNesting.
	MaxNesting int
	// Timeout bounds a render when its context has no earlier deadline
	// (deadline_exceeded). Default 10s; negative means no timeout.
	Timeout time.Duration
	// Budget is the budget of the request that every compile and render
	// with these limits draws on, besides the limits above (see
	// strict.Budget): its deadline ends them (deadline_exceeded) and
	// their work is spent from it (work_limit). A render takes the budget
	// of its context instead when it carries one (strict.WithBudget). Nil
	// means none: each compile and render has only its own limits. An
	// engine made for one request only should have one; an engine kept
	// for later renders should not, since what is spent never comes
	// back.
	Budget *strict.Budget
}

// The default limits.
const (
	DefaultMaxTemplateBytes  = 1 << 20
	DefaultMaxOutputBytes    = 16 << 20
	DefaultMaxMemory         = 64 << 20
	DefaultMaxLoopIterations = 1_000_000
	DefaultMaxDepth          = 64
	DefaultTimeout           = 10 * time.Second
)

func (l Limits) withDefaults() Limits {
	if l.MaxTemplateBytes <= 0 {
		l.MaxTemplateBytes = DefaultMaxTemplateBytes
	}
	if l.MaxOutputBytes <= 0 {
		l.MaxOutputBytes = DefaultMaxOutputBytes
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = DefaultMaxMemory
	}
	if l.MaxLoopIterations <= 0 {
		l.MaxLoopIterations = DefaultMaxLoopIterations
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxNesting <= 0 {
		l.MaxNesting = strict.DefaultMaxNesting
	}
	if l.Timeout == 0 {
		l.Timeout = DefaultTimeout
	}
	return l
}

// FilterFunc implements a filter: input is the value before the "|", args
// the positional arguments and kwargs the keyword arguments (nil when
// none). Values follow the package's value model. A returned error fails
// the render with a render_error at the filter.
type FilterFunc func(input any, args []any, kwargs map[string]any) (any, error)

// Filter is a filter implementation and its signature: the argument
// counts the checker enforces for it, and the kind of value it returns
// (Sig.Returns; the zero value claims nothing). A filter that replaces a
// standard one is typed by its own Sig, not the standard one's.
type Filter struct {
	Sig strict.FilterSig
	Fn  FilterFunc
}

// Error is a failed compile or render. Class is the Symphony error class,
// which the codes decide (see codes.FailureClass), not the moment shea found
// the problem: malformed syntax is template_parse_error; an unknown
// variable, property or filter is template_render_error whether the static
// check or the render found it, as are bad data and failures while
// rendering. The diagnostics say what and where; diag.AsList recovers them.
type Error struct {
	Class       codes.Class
	Diagnostics diag.List
}

// Error prints the class and every error diagnostic in full, with its
// suggestion (see diag.List.Full).
func (e *Error) Error() string {
	errs := e.Diagnostics.Errors()
	if len(errs) == 0 {
		return string(e.Class)
	}
	var b strings.Builder
	b.WriteString(string(e.Class))
	b.WriteString(": ")
	b.WriteString(errs.Full())
	return b.String()
}

// Unwrap exposes the error diagnostics to errors.As and diag.AsList.
func (e *Error) Unwrap() error { return e.Diagnostics.Err() }

// AsError returns the *Error in err's chain, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Render is a convenience for one-off rendering: it compiles src with the
// given engine and schema and renders it with vars.
func (e *Engine) Render(ctx context.Context, src, filename string, schema *strict.Schema, vars map[string]any) (string, error) {
	t, diags := e.Compile(src, filename, diag.Pos{}, schema)
	if diags.HasErrors() {
		return "", &Error{Class: codes.FailureClass(diags), Diagnostics: diags}
	}
	return t.Render(ctx, vars)
}
