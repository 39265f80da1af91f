package strict

import "github.com/sheaproject/shea/diag"

// Reference is a name a template uses and where.
type Reference struct {
	Name  string     `json:"name"` // for variables, the path as written: "issue.labels[0]"
	Range diag.Range `json:"range"`
}

// Analysis is what a template uses, in source order. Partials reached
// through the tags are analyzed too, when a PartialSource finds them.
type Analysis struct {
	// Variables are the external paths: reads of names the template does
	// not bind itself.
	Variables []Reference `json:"variables"`
	// Locals are the names the template binds (assign, capture, loop
	// variables, increment and decrement counters).
	Locals   []Reference `json:"locals"`
	Filters  []Reference `json:"filters"`
	Tags     []Reference `json:"tags"`
	Partials []Reference `json:"partials"`
}

// Analyze reports what a template uses, with positions. It checks nothing
// beyond syntax; the diagnostics are the parse errors.
func Analyze(src, filename string, start diag.Pos, partials PartialSource) (*Analysis, diag.List) {
	t, diags := Parse(src, filename, start, ParseOptions{})
	prog := &Program{Template: t, Partials: map[string]*Template{}}
	w := newWalker(prog, Options{Partials: partials})
	w.an = &Analysis{}
	w.diags = diags
	w.template(t)
	return w.an, w.diags
}
