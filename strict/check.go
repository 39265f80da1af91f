package strict

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Options configure Check. The zero value is the strictness contract with no
// inputs declared: every external variable is an error.
type Options struct {
	// Context declares the template's external inputs (see Schema). Reading
	// a variable or property it does not declare is an error. Ignored in
	// Compat mode.
	Context *Schema

	// Partials resolves the names of include and render tags. Nil means no
	// partial exists.
	Partials PartialSource

	// Filters declares filters beyond the standard ones (see
	// StandardFilters), or replaces them, with their argument counts and
	// result kinds (a zero Returns: any value).
	Filters map[string]FilterSig

	// Compat turns the strictness contract off and checks only what Shopify
	// Liquid itself rejects: syntax, unknown tags and filter argument
	// counts. Variables are not checked, unknown filters are allowed (they
	// return their input unchanged, as in Shopify's default mode), partials
	// that cannot be found are left to fail when rendered, break and
	// continue may appear outside loops, and the tags Shopify parses with
	// regular expressions skip what they do not understand: a case subject
	// is its first expression, a when list stops at the first word that is
	// not "or" or a comma, include, render and tablerow skip words that are
	// not "name: value" pairs, capture ignores what follows its variable,
	// cycle what follows each value up to the next comma, and break,
	// continue and ifchanged ignore any markup.
	Compat bool

	// Lax, with Compat, accepts the markup Shopify's default (lax) parser
	// tolerates and strict mode rejects, reads it as Shopify does and
	// reports each place with a lax_syntax warning: && and || in a
	// condition (the condition is its first comparison, up to the next and
	// or or), words after an output's or assign's value or after a
	// filter's arguments (ignored up to the next "|"; => is such a word),
	// (a...5) for (a..5), trailing commas after filter arguments and a
	// colon after a filter with no arguments; an output, echo or assign
	// value the strict parser cannot read at all, read by the lax parser's
	// regular expressions (Liquid 5.4's Variable#lax_parse: {{ 'a' || upcase }}
	// is 'a' | upcase); a number with letters (1e3), a variable of that
	// name; reversed or another word after a for loop's attributes,
	// ignored; cycle values split at every comma, even in quotes, nil ones
	// dropped; and a filter given a count of arguments it does not take,
	// which then fails only when it runs. Without Compat it does nothing.
	Lax bool

	// MaxNesting limits nesting as ParseOptions.MaxNesting does, and also
	// how deeply partials may include partials (deeper is a depth_limit
	// error). 0 means DefaultMaxNesting.
	MaxNesting int

	// MaxPartialExpansions bounds how many times partials are walked in
	// one check. A partial included again where it sees the same names is
	// not walked again, but one included from many scopes is walked in
	// each, and includes of includes multiply: past the bound the check
	// stops with partial_expansion_limit. 0 means
	// DefaultMaxPartialExpansions; negative means no bound.
	MaxPartialExpansions int

	// Timeout bounds the time one check takes (deadline_exceeded), looked
	// at before each partial is walked. 0 means DefaultCheckTimeout;
	// negative means no timeout.
	Timeout time.Duration

	// Budget is the request's budget the check draws on (see Budget): its
	// deadline, when earlier than Timeout's, ends the check
	// (deadline_exceeded), and the check's work (nodes and partials
	// walked, the flow analysis, the keys of the partial memo) is spent
	// from it (work_limit). Nil gives the check a budget of its own of
	// DefaultCheckWork units.
	Budget *Budget
}

// Defaults of Options.
const (
	DefaultMaxPartialExpansions = 10_000
	DefaultCheckTimeout         = 10 * time.Second
	// DefaultCheckWork is the work one check may do without a Budget:
	// well over what a template of the size limit needs, walked with its
	// partials (a few seconds).
	DefaultCheckWork = 1 << 28
)

// PartialSource finds partials by the name an include or render tag gives.
type PartialSource interface {
	// Partial returns the partial's source and the file name diagnostics
	// should use. It returns an error wrapping fs.ErrNotExist when there is
	// no such partial.
	Partial(name string) (src, filename string, err error)
}

// PartialLister is implemented by sources that can list their partials,
// for did-you-mean suggestions.
type PartialLister interface {
	PartialNames() []string
}

// Program is a checked template with every partial it reaches, each parsed
// once.
type Program struct {
	Template *Template
	Partials map[string]*Template // by the name used in the tags
	// reads are the external paths the check saw read (see ReadPaths),
	// in the order read, repeats included: their text is only built when
	// asked for.
	reads []*Path
}

// Check parses src and checks it against the static contract: every
// branch, every expression. See Options for what is checked. It returns the
// program, even when there are errors, and every problem found.
func Check(src, filename string, start diag.Pos, opts Options) (_ *Program, diags diag.List) {
	defer func() {
		if r := recover(); r != nil {
			diags = append(diags, codes.Bug(diag.Range{Filename: filename, Start: start, End: start}, "checking", r))
		}
	}()
	p := newParser(opts.parseOptions())
	t, diags := p.parse(src, filename, start)
	prog := &Program{Template: t, Partials: map[string]*Template{}}
	w := newWalker(prog, opts)
	w.parser = p
	w.diags = diags
	w.template(t)
	if !w.halted {
		w.budget.Spend(int64(w.work)) // what is left of the last quantum
	}
	prog.reads = w.read
	if len(w.diags) > 1 {
		w.diags.Sort()
	}
	if start.IsZero() {
		start = diag.StartPos
	}
	diags = dedupe(w.diags)
	noteForeignLanguage(src, filename, start, diags)
	return prog, diags
}

// parseOptions are the options a check parses its template and partials
// with.
func (o Options) parseOptions() ParseOptions {
	return ParseOptions{MaxNesting: o.MaxNesting, compat: o.Compat, lax: o.Compat && o.Lax}
}

// dedupe drops repeated diagnostics: a partial included in several scopes
// is walked once per scope and would report its own problems each time.
func dedupe(l diag.List) diag.List {
	if len(l) < 2 {
		return l
	}
	type key struct {
		code            diag.Code
		r               diag.Range
		summary, detail string
	}
	seen := make(map[key]bool, len(l))
	out := l[:0]
	for _, d := range l {
		k := key{d.Code, d.Subject, d.Summary, d.Detail}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// walker checks (and, for Analyze, records) a template in source order,
// keeping the scope of template-local names.
type walker struct {
	prog  *Program
	opts  Options
	diags diag.List
	an    *Analysis
	// read holds the external paths read so far.
	read []*Path
	// parser parses the partials, one after the other (nil until the
	// first).
	parser *parser

	// locals are the names the template binds for the rest of its text
	// (assign, capture, increment, and what an include binds); localOrder
	// lists them in the order they were first bound.
	locals     map[string]shape
	localOrder []string
	// def holds the locals bound on every path to the current point, trail
	// the order they became so, and loopFrames the loops being walked (see
	// flow.go).
	def        map[string]bool
	trail      []string
	loopFrames []loopFrame
	// guards are what the enclosing conditions prove (see hazard.go);
	// guardLog records the entries unguard blanked, for an if to put back
	// those of its own (restoreGuards).
	guards   []guard
	guardLog []guardBlank
	// shapeTrail records the shapes locals had before each binding (see
	// flow.go).
	shapeTrail []shapeUndo
	// scope holds the block-scoped bindings (loop variables, forloop,
	// partial arguments), innermost last; frames are the indexes in scope
	// where each block's bindings start.
	scope  []binding
	frames []int
	// isolated is set while checking a render partial, which sees only what
	// the tag passes to it.
	isolated bool
	loops    int
	partials []string // include stack, for cycle detection
	// checked records the partials already checked in the same scope, so
	// that a partial included many times is walked again only when the
	// names it can see have changed.
	checked map[memoKey]bool
	seeds   [2]maphash.Seed
	// localsSum is the sum, over every local, of a hash of its name, its
	// shape and whether it is definitely bound (localHash): what an
	// include's memo key holds of the locals, kept up to date by setLocal
	// and setDef as they change.
	localsSum memoKey
	// expansions counts the partials walked (not those found in checked);
	// past Options.MaxPartialExpansions, or the deadline, the walk stops.
	expansions int
	deadline   time.Time
	stopped    bool
	// budget is the request's (Options.Budget) or the check's own; work
	// counts the units not yet drawn from it, and halted is set once it
	// is spent (the rest of the template is not walked).
	budget *Budget
	work   int
	halted bool
	failed map[string]bool // partials that failed to load
	// suggestWork counts the local names offered as did-you-mean
	// candidates so far (see maxSuggestWork).
	suggestWork int
	sugg        diag.Suggester // bounds all did-you-mean comparisons of one check
	filterNames []string       // sorted, for suggestions; built on first use
}

// memoKey is the hash of what an include's partial can see (see include).
type memoKey [2]uint64

// maxSuggestWork bounds the local names compared for did-you-mean
// suggestions over one check. Each unknown name is compared with every
// local, so a template that binds thousands of names and misspells
// thousands more would cost time quadratic in its size; past the budget,
// unknown names are compared with the declared inputs only. Real templates
// stay orders of magnitude below it.
const maxSuggestWork = 1 << 14

// suggestableLocals returns the local names in scope for a suggestion, or
// nil once the suggestion budget is spent.
func (w *walker) suggestableLocals() []string {
	if w.suggestWork > maxSuggestWork {
		return nil
	}
	names := w.localNames()
	w.suggestWork += len(names) + 1
	return names
}

func newWalker(prog *Program, opts Options) *walker {
	w := &walker{prog: prog, opts: opts, locals: map[string]shape{}, budget: opts.Budget,
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
	switch {
	case opts.Timeout == 0:
		w.deadline = time.Now().Add(DefaultCheckTimeout)
	case opts.Timeout > 0:
		w.deadline = time.Now().Add(opts.Timeout)
	}
	if w.budget == nil {
		w.budget = NewBudget(-1, DefaultCheckWork)
	}
	return w
}

// walkQuantum is how many units of work the walker counts before it draws
// them from its budget and looks at the clock.
const walkQuantum = 1 << 12

// spend counts n units of the check's work. Every walkQuantum units they
// are drawn from the budget, and the deadline is looked at: past either,
// the check reports it once and halts (the rest of the template is not
// walked).
func (w *walker) spend(n int) {
	w.work += n
	if w.work < walkQuantum || w.halted {
		return
	}
	err := w.budget.Spend(int64(w.work))
	w.work = 0
	if err == nil && !w.deadline.IsZero() && time.Now().After(w.deadline) {
		err = &LimitError{codes.DeadlineExceeded, fmt.Sprintf("checking took longer than %v", w.timeout())}
	}
	switch {
	case err != nil && w.stopped: // already reported
		w.halted = true
	case err != nil:
		w.halt(err.(*LimitError))
	}
}

// halt stops the walk, reporting why at the template's start.
func (w *walker) halt(le *LimitError) {
	w.halted, w.stopped = true, true
	if w.an != nil {
		return
	}
	t := w.prog.Template
	at := diag.Range{Filename: t.Filename, Start: t.Start, End: t.Start}
	if at.Start.IsZero() {
		at.Start, at.End = diag.StartPos, diag.StartPos
	}
	w.errorf(le.Code, at, "%s; checking stopped", le.Msg).Detail =
		"The rest of the template was not checked. Make the template smaller (fewer nested loops around many assigns, fewer includes from many scopes), or give the run more time or work (--total-timeout, --max-work)."
}

// expand counts one more partial walk, reporting at r and returning false
// when the bound on expansions or the deadline has been passed (once: the
// rest of the check walks no more partials).
func (w *walker) expand(r diag.Range) bool {
	if w.stopped {
		return false
	}
	w.expansions++
	max := w.opts.MaxPartialExpansions
	if max == 0 {
		max = DefaultMaxPartialExpansions
	}
	switch {
	case max > 0 && w.expansions > max:
		w.stopped = true
		if w.an == nil {
			w.errorf(codes.PartialExpansionLimit, r, "partials were walked more than %d times; checking stopped", max).
				Detail = "Each include is checked in the scope it appears in; includes of includes multiply. Include fewer partials in loops or branches, or make deep partials render tags."
		}
	case !w.deadline.IsZero() && time.Now().After(w.deadline):
		w.stopped = true
		if w.an == nil {
			w.errorf(codes.DeadlineExceeded, r, "checking took longer than %v and stopped", w.timeout())
		}
	default:
		if err := w.budget.Err(); err != nil {
			w.halt(err.(*LimitError))
		}
	}
	return !w.stopped
}

func (w *walker) timeout() time.Duration {
	if w.opts.Timeout == 0 {
		return DefaultCheckTimeout
	}
	return w.opts.Timeout
}

func (w *walker) maxNesting() int {
	if w.opts.MaxNesting > 0 {
		return w.opts.MaxNesting
	}
	return DefaultMaxNesting
}

func (w *walker) errorf(code diag.Code, r diag.Range, format string, args ...any) *diag.Diagnostic {
	d := diag.Errorf(code, r, format, args...)
	w.diags = append(w.diags, d)
	return d
}

func (w *walker) template(t *Template) { w.body(t.Body) }

func (w *walker) body(nodes []Node) {
	for _, n := range nodes {
		if w.halted {
			return
		}
		w.spend(1)
		w.node(n)
	}
}

// binding is a block-scoped name. Within a block, a later binding of a
// name hides an earlier one.
type binding struct {
	name string
	sh   shape
}

// push opens a block scope with the given bindings.
func (w *walker) push(b ...binding) {
	w.frames = append(w.frames, len(w.scope))
	w.scope = append(w.scope, b...)
	for _, x := range b {
		w.unguard(x.name) // the name now holds another value
	}
}

func (w *walker) pop() {
	last := len(w.frames) - 1
	w.scope, w.frames = w.scope[:w.frames[last]], w.frames[:last]
}

func (w *walker) bind(name string, sh shape, r Span) {
	prev, had := w.locals[name]
	w.shapeTrail = append(w.shapeTrail, shapeUndo{name, prev, had})
	if !had {
		w.localOrder = append(w.localOrder, name)
	}
	w.setLocal(name, sh)
	w.setDef(name)
	w.unguard(name)
	if w.an != nil {
		w.an.Locals = append(w.an.Locals, Reference{Name: name, Range: r.Range()})
	}
}

func (w *walker) tag(t Tag) {
	if w.an != nil {
		w.an.Tags = append(w.an.Tags, Reference{Name: t.Name, Range: t.NameSpan.Range()})
	}
}

func (w *walker) node(n Node) {
	switch n := n.(type) {
	case *Text, *Raw:
		if r, ok := n.(*Raw); ok {
			w.tag(r.Tag)
		}
	case *Comment:
		w.tag(n.Tag)
	case *Output:
		if n.Value != nil {
			w.pipeline(n.Value)
		}
	case *Echo:
		w.tag(n.Tag)
		if n.Value != nil {
			w.pipeline(n.Value)
		}
	case *Assign:
		w.tag(n.Tag)
		sh := w.pipeline(n.Value)
		w.bind(n.Target, sh, n.TargetSpan)
	case *Capture:
		w.tag(n.Tag)
		w.body(n.Body)
		w.bind(n.Target, stringShape, n.TargetSpan)
	case *If:
		w.tag(n.Tag)
		bodies := make([][]Node, len(n.Clauses))
		exhaustive := false
		for i, c := range n.Clauses {
			bodies[i] = c.Body
			exhaustive = exhaustive || c.Cond == nil
		}
		// A later clause runs when the earlier conditions are false: the
		// guards of their negations, w.guards[base:negs], grow by one
		// clause's at a time (not built again for each clause, which made
		// n elsif clauses cost n²), and what a clause's body blanks among
		// them (unguard) is put back before the next clause.
		base := len(w.guards)
		negs := base
		w.join(bodies, exhaustive, func(i int) {
			c := n.Clauses[i]
			if i > 0 {
				if prev := n.Clauses[i-1]; prev.Cond != nil && w.hazardOK() {
					w.guards = w.guards[:negs]
					w.guardsOf(prev.Cond, !(n.Unless && i == 1))
					negs = len(w.guards)
				}
			}
			lmark := len(w.guardLog)
			if c.Cond != nil {
				w.cond(c.Cond, n.Unless && i == 0)
			}
			w.body(c.Body)
			w.restoreGuards(lmark, base, negs)
			w.guards = w.guards[:negs]
		})
		w.guards = w.guards[:base]
	case *Case:
		w.tag(n.Tag)
		w.expr(n.Subject)
		bodies := make([][]Node, len(n.Clauses))
		exhaustive := false
		for i, c := range n.Clauses {
			bodies[i] = c.Body
			exhaustive = exhaustive || c.Values == nil
			for _, v := range c.Values {
				w.expr(v)
			}
		}
		w.join(bodies, exhaustive, func(i int) { w.body(bodies[i]) })
	case *For:
		w.tag(n.Tag)
		coll := w.expr(n.Collection)
		w.optional(n.Limit)
		w.optional(n.Offset)
		w.loopBody(func() {
			w.loop(n.Var, n.VarSpan, coll, "forloop", forloopShape, n.Body)
		}, n.Else, n.HasElse)
	case *Tablerow:
		w.tag(n.Tag)
		coll := w.expr(n.Collection)
		w.optional(n.Cols)
		w.optional(n.Limit)
		w.optional(n.Offset)
		w.loopBody(func() {
			w.loop(n.Var, n.VarSpan, coll, "tablerowloop", tablerowloopShape, n.Body)
		}, nil, false)
	case *Break, *Continue:
		var t Tag
		if b, ok := n.(*Break); ok {
			t = b.Tag
		} else {
			t = n.(*Continue).Tag
		}
		w.tag(t)
		w.exitLoop()
		if w.loops == 0 && len(w.partials) == 0 && !w.opts.Compat && w.an == nil {
			w.errorf(codes.UnexpectedTag, t.NameSpan.Range(), "%q outside of a for or tablerow loop", t.Name)
		}
	case *Cycle:
		w.tag(n.Tag)
		w.optional(n.Group)
		for _, v := range n.Values {
			w.expr(v)
		}
	case *Increment:
		w.tag(n.Tag)
		w.bind(n.Var, intShape, n.VarSpan)
	case *Ifchanged:
		w.tag(n.Tag)
		w.join([][]Node{n.Body}, false, func(int) { w.body(n.Body) })
	case *Include:
		w.tag(n.Tag)
		w.include(n)
	}
}

func (w *walker) optional(e Expr) {
	if e != nil {
		w.expr(e)
	}
}

func (w *walker) loop(name string, r Span, coll shape, loopVar string, loopShape shape, body []Node) {
	item := coll.items()
	if coll.kind == "integer" || coll.kind == "string" {
		item = coll
	}
	if w.an != nil {
		w.an.Locals = append(w.an.Locals, Reference{Name: name, Range: r.Range()})
	}
	w.push(binding{name, item}, binding{loopVar, loopShape})
	w.preBind(body)
	w.loops++
	w.body(body)
	w.loops--
	w.pop()
}

// scoped reports whether name is a block-scoped binding (a loop variable,
// forloop, a partial's argument), which is bound wherever it is visible.
func (w *walker) scoped(name string) bool {
	for i := len(w.scope) - 1; i >= 0; i-- {
		if w.scope[i].name == name {
			return true
		}
	}
	return false
}

// lookup finds a template-local name.
func (w *walker) lookup(name string) (shape, bool) {
	for i := len(w.scope) - 1; i >= 0; i-- {
		if w.scope[i].name == name {
			return w.scope[i].sh, true
		}
	}
	sh, ok := w.locals[name]
	return sh, ok
}

// localNames returns the names in scope, for suggestions, in a stable
// order: the block-scoped names, innermost block first and sorted within a
// block, then the template's locals in the order they were bound. (Sorting
// every local for every unknown name would cost O(n log n) each time.)
func (w *walker) localNames() []string {
	out := make([]string, 0, len(w.localOrder)+4)
	end := len(w.scope)
	for i := len(w.frames) - 1; i >= 0; i-- {
		start := len(out)
		for _, b := range w.scope[w.frames[i]:end] {
			out = append(out, b.name)
		}
		sort.Strings(out[start:])
		out = out[:start+len(slices.Compact(out[start:]))]
		end = w.frames[i]
	}
	return append(out, w.localOrder...)
}

func (w *walker) pipeline(pl *Pipeline) shape {
	sh := w.expr(pl.Value)
	for _, f := range pl.Filters {
		args := w.filter(f)
		w.filterHazard(f, sh, args)
		sh = w.filterResult(f.Name, sh)
	}
	return sh
}

// filterResult is the shape a filter returns, as its signature declares
// (FilterSig.Returns): a filter of Options.Filters, which may replace a
// standard one, by its own signature; an unknown filter returns any value.
func (w *walker) filterResult(name string, in shape) shape {
	s, ok := w.opts.Filters[name]
	if !ok {
		s = standardFilters[name]
	}
	return s.Returns.shape(in)
}

// filter checks a filter call and returns the shapes of its arguments.
func (w *walker) filter(f *Filter) (args []shape) {
	if w.an != nil {
		w.an.Filters = append(w.an.Filters, Reference{Name: f.Name, Range: f.NameSpan.Range()})
	}
	args = make([]shape, len(f.Args))
	for i, a := range f.Args {
		args[i] = w.expr(a.Value)
	}
	s, ok := standardFilters[f.Name]
	if extra, ok2 := w.opts.Filters[f.Name]; ok2 {
		s, ok = extra, true
	}
	if !ok {
		if w.opts.Compat || w.an != nil {
			return args
		}
		d := w.errorf(codes.UnknownFilter, f.NameSpan.Range(), "unknown filter %q", f.Name)
		if w.filterNames == nil {
			w.filterNames = filterNames(w.opts.Filters)
		}
		d.Detail = w.sugg.DidYouMean(f.Name, w.filterNames)
		return args
	}
	if w.an != nil {
		return args
	}
	positional := 0
	for _, a := range f.Args {
		if a.Name == "" {
			positional++
			continue
		}
		known := false
		for _, k := range s.Keywords {
			known = known || k == a.Name
		}
		if !known && w.opts.Compat && w.opts.Lax {
			// Ruby passes keywords as one trailing hash: a filter that
			// takes options ignores a key it does not know, any other
			// fails with an ArgumentError only when it runs.
			w.diags = append(w.diags, diag.Warningf(codes.LaxSyntax, a.Range(),
				"filter %q has no keyword argument %q: Shopify ignores it or fails only if the filter runs; strict mode rejects it", f.Name, a.Name))
			continue
		}
		if !known {
			d := w.errorf(codes.FilterArguments, a.Range(), "filter %q has no keyword argument %q", f.Name, a.Name)
			if len(s.Keywords) > 0 {
				d.Detail = diag.DidYouMean(a.Name, s.Keywords)
			}
		}
	}
	if positional < s.Min || s.Max >= 0 && positional > s.Max {
		if w.opts.Compat && w.opts.Lax {
			// Shopify's lax mode fails only when the filter runs (Ruby's
			// ArgumentError), so a call on a branch never taken renders.
			w.diags = append(w.diags, diag.Warningf(codes.LaxSyntax, f.NameSpan.Range(),
				"filter %q takes %s, got %d: Shopify fails only if it runs; strict mode rejects it", f.Name, countArgs(s), positional))
			return
		}
		w.errorf(codes.FilterArguments, f.NameSpan.Range(), "filter %q takes %s, got %d", f.Name, countArgs(s), positional)
	}
	return args
}

func countArgs(s FilterSig) string {
	plural := func(n int) string {
		if n == 1 {
			return "1 argument"
		}
		return fmt.Sprintf("%d arguments", n)
	}
	switch {
	case s.Max < 0:
		return "at least " + plural(s.Min)
	case s.Min == s.Max:
		if s.Min == 0 {
			return "no arguments"
		}
		return plural(s.Min)
	default:
		return fmt.Sprintf("%d to %s", s.Min, plural(s.Max))
	}
}

// expr checks an expression and returns its shape.
func (w *walker) expr(e Expr) shape {
	switch e := e.(type) {
	case *Literal:
		switch e.Kind {
		case LitInt:
			return intShape
		case LitString:
			return stringShape
		case LitFloat:
			return numberShape
		case LitBool:
			return booleanShape
		}
		return anyShape
	case *RangeLit:
		w.expr(e.Start)
		w.expr(e.End)
		return shape{kind: "array", item: &intShape}
	case *Compare:
		l := w.expr(e.Left)
		r := w.expr(e.Right)
		w.compareHazard(e, l, r)
		return anyShape
	case *Logical:
		// Chains of and/or nest to the right; walk them without recursion.
		for {
			w.expr(e.Left)
			next, ok := e.Right.(*Logical)
			if !ok {
				w.expr(e.Right)
				return anyShape
			}
			e = next
		}
	case *Path:
		return w.path(e)
	}
	return anyShape
}

func (w *walker) path(p *Path) shape {
	var sh shape
	if p.RootExpr != nil {
		w.expr(p.RootExpr)
		sh = anyShape
	} else {
		var ok bool
		sh, ok = w.lookup(p.Root)
		if ok && !w.scoped(p.Root) {
			p.Local = true
			if !w.def[p.Root] {
				sh = w.maybeUnbound(p, sh)
			}
		}
		if !ok && p.Root == "self" && len(p.Segments) > 0 {
			return w.selfPath(p)
		}
		if !ok {
			sh, ok = w.external(p)
			if !ok {
				// The root is unknown, but the indexes are expressions
				// of their own: {{ nope[typo] }} has two problems.
				w.indexes(p.Segments)
				return anyShape
			}
		}
	}
	for i, seg := range p.Segments {
		if seg.Index != nil {
			idx := w.expr(seg.Index)
			if lit, ok := seg.Index.(*Literal); ok && w.an == nil && !w.opts.Compat && nonIndex(lit) {
				// An array is indexed by integers: true, nil or 1.5 finds
				// nothing, which strict variables make an error.
				if ts, ok := sh.types(); ok && ts&tArray != 0 && ts&tObject == 0 {
					r := p.Range()
					r.End = seg.Range().End
					w.errorf(codes.UnknownProperty, r, "%s is %s, indexed by integers, not by %s", pathPrefix(p, i), article(strings.Join(ts.names(), " or ")), literalText(lit))
					w.indexes(p.Segments[i+1:])
					return anyShape
				}
			}
			if lit, ok := seg.Index.(*Literal); ok && lit.Kind == LitInt || idx.kind == "integer" {
				if sh.unknown() {
					seg.Open = true
				}
				if sh.allows(tArray) || sh.unknown() {
					w.unionAccess(p, i, sh)
					sh = sh.items().orNil() // nil past the end, or through nil
					continue
				}
			}
			names := sh.declaredNames()
			seg.Keys = mergeSorted(seg.Keys, names)
			if sh.unknown() || sh.openObject() {
				seg.Open = true
			} else if w.hazardOK() && !sh.allows(tArray) && w.inputKey(seg.Index) && !keysWithin(idx, names) {
				w.dynamicKeyHazard(p, i, names)
			}
			sh = anyShape
			continue
		}
		next, ok, candidates := sh.property(seg.Name)
		if ok && sh.maybeNil {
			next = next.orNil() // reading through nil gives nil
		}
		if ok {
			switch {
			case sh.declares(seg.Name):
				seg.Declared = true
			case sh.unknown():
				seg.Open = true
			case sh.fields == nil:
				seg.Open = true
				// .size and .first of an object without such a key are
				// Liquid's commands, never nil.
				if !seg.Dot || seg.Name != "size" && seg.Name != "first" {
					w.undeclaredKey(p, i, sh)
				}
			}
			sh = next
			continue
		}
		if special, ok := specialProperty(sh, seg); ok {
			if seg.Name == "last" {
				w.unionAccess(p, i, sh)
			}
			if sh.maybeNil {
				special = special.orNil()
			}
			sh = special
			continue
		}
		if w.an == nil && !w.opts.Compat {
			w.unknownProperty(p, i, sh, candidates)
		}
		w.indexes(p.Segments[i+1:])
		return anyShape
	}
	return sh
}

// nonIndex reports whether lit can never index an array: nil, a boolean or
// a float.
func nonIndex(lit *Literal) bool {
	return lit.Kind == LitNil || lit.Kind == LitBool || lit.Kind == LitFloat
}

// literalText writes a nil, boolean or float literal as Liquid reads it.
func literalText(lit *Literal) string {
	switch v := lit.Value.(type) {
	case nil:
		return "nil"
	case float64:
		t := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.ContainsAny(t, ".eEIN") {
			t += ".0"
		}
		return t
	}
	return fmt.Sprint(lit.Value)
}

// indexes checks the bracketed expressions of segments whose path can no
// longer be resolved.
func (w *walker) indexes(segs []*Segment) {
	for _, s := range segs {
		if s.Index != nil {
			w.expr(s.Index)
		}
	}
}

// specialProperty resolves size, first and last, which Liquid answers for
// arrays (and size for strings and objects) when no such key exists.
func specialProperty(sh shape, seg *Segment) (shape, bool) {
	if !seg.Dot {
		return anyShape, false
	}
	switch seg.Name {
	case "size":
		if sh.allows(tArray) || sh.allows(tString) || sh.allows(tObject) {
			// nil, true and false have no size.
			if sh.maybeNil || sh.allows(tBoolean) || sh.allows(tNull) {
				return intShape.orNil(), true
			}
			return intShape, true
		}
	case "first", "last":
		if seg.Name == "first" && sh.allows(tArray) && sh.allows(tObject) && !sh.unknown() {
			return anyShape, true // an item, or an object's first [key, value] pair
		}
		if sh.allows(tArray) {
			return sh.items().orNil(), true // nil for an empty array
		}
		if seg.Name == "first" && sh.allows(tObject) {
			return anyShape, true
		}
	}
	return anyShape, false
}

// selfPath checks self['name'] (newer Liquid: the variable named name,
// local or input): with a literal key it is checked as the path that starts
// at name; with a computed key, self[key], nothing is known before
// rendering, so the lookup is checked when rendering (a key that names no
// variable is an unknown_variable error in strict mode).
func (w *walker) selfPath(p *Path) shape {
	first := p.Segments[0]
	if first.Index != nil {
		w.expr(first.Index)
		w.indexes(p.Segments[1:])
		return anyShape
	}
	q := *p
	q.Root, q.RootSpan, q.Segments = first.Name, first.Span, p.Segments[1:]
	sh := w.path(&q)
	p.Local = p.Local || q.Local
	return sh
}

// external resolves the root of a path that no local binds.
func (w *walker) external(p *Path) (shape, bool) {
	w.read = append(w.read, p)
	if w.an != nil {
		w.an.Variables = append(w.an.Variables, Reference{Name: pathString(p), Range: p.Range()})
	}
	if w.opts.Compat || w.an != nil {
		return anyShape, true
	}
	// The template's inputs are global: a render partial sees them too
	// (Liquid's static environment); only locals stay outside it.
	if w.opts.Context.Has(p.Root) {
		sh := w.opts.Context.shape(p.Root)
		if !w.opts.Context.Required(p.Root) {
			sh = sh.orNil() // an input the data may leave out
		}
		return sh, true
	}
	candidates := append(w.suggestableLocals(), w.opts.Context.Names()...)
	d := w.errorf(codes.UnknownVariable, p.RootSpan.Range(), "unknown variable %q", p.Root)
	d.Subject = p.Range()
	d.Detail = w.sugg.DidYouMean(p.Root, candidates)
	switch {
	case w.isolated && d.Detail == "":
		d.Detail = "A partial rendered with {% render %} sees the template's inputs and the arguments the tag passes, not the caller's local variables."
	case d.Detail == "":
		if names := w.opts.Context.Names(); len(names) > 0 {
			d.Detail = "The template's inputs are " + strings.Join(quoteAll(names), ", ") + "."
		} else {
			d.Detail = "This template has no inputs; bind the name with assign or capture first."
		}
		if h := w.declareHint(p, 0); h != "" {
			d.Detail += "\n" + h
		}
	}
	return anyShape, false
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = `"` + s + `"`
	}
	return out
}

func (w *walker) unknownProperty(p *Path, i int, sh shape, candidates []string) {
	seg := p.Segments[i]
	prefix := pathPrefix(p, i)
	r := p.Range()
	r.End = seg.Range().End
	var d *diag.Diagnostic
	if ts, ok := sh.types(); ok && ts&tObject == 0 {
		kinds := ts.names()
		d = w.errorf(codes.UnknownProperty, r, "%s is %s and has no property %q", prefix, article(strings.Join(kinds, " or ")), seg.Name)
	} else {
		d = w.errorf(codes.UnknownProperty, r, "unknown property %q of %s", seg.Name, prefix)
	}
	if s := w.sugg.Suggest(seg.Name, candidates); s != "" {
		d.Detail = `Did you mean "` + prefix + "." + s + `"?`
		return
	} else if len(candidates) > 0 && len(candidates) <= 30 {
		d.Detail = prefix + " has " + strings.Join(quoteAll(candidates), ", ") + "."
	}
	if ts, ok := sh.types(); ok && ts&tObject == 0 {
		return // no property can be declared on a string or a number
	}
	if h := w.declareHint(p, i+1); h != "" {
		d.Detail = strings.TrimPrefix(d.Detail+"\n"+h, "\n")
	}
}

func article(kind string) string {
	if kind == "" {
		return "a value"
	}
	switch kind[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + kind
	}
	return "a " + kind
}

// pathString renders a path as the template writes it.
func pathString(p *Path) string { return pathPrefix(p, len(p.Segments)) }

// pathPrefix renders the root and the first n segments of a path.
func pathPrefix(p *Path, n int) string {
	var b strings.Builder
	if p.RootExpr != nil {
		b.WriteString("[…]")
	} else {
		b.WriteString(p.Root)
	}
	for _, s := range p.Segments[:n] {
		switch {
		case s.Index != nil:
			if lit, ok := s.Index.(*Literal); ok {
				fmt.Fprintf(&b, "[%v]", lit.Value)
			} else if ip, ok := s.Index.(*Path); ok {
				b.WriteString("[" + pathString(ip) + "]")
			} else {
				b.WriteString("[…]")
			}
		case s.Dot:
			b.WriteString("." + s.Name)
		default:
			fmt.Fprintf(&b, "[%q]", s.Name)
		}
	}
	return b.String()
}

// include checks an include or render tag and the partial it names.
func (w *walker) include(n *Include) {
	withShape := anyShape
	if n.With != nil {
		withShape = boundShape(w.expr(n.With), n)
	}
	// The partial sees each argument with the shape of its value, so that
	// {% render 'card', issue: issue %} checks issue's properties inside.
	// include binds each argument before evaluating the next, so later
	// arguments see earlier ones ({% include 't' a: 1, b: a %}).
	argShapes := make([]shape, len(n.Args))
	if !n.Render {
		w.push()
	}
	for i, a := range n.Args {
		argShapes[i] = w.expr(a.Value)
		if !n.Render {
			w.scope = append(w.scope, binding{a.Name, argShapes[i]})
		}
	}
	if !n.Render {
		w.pop()
		if w.isolated && !w.opts.Compat && w.an == nil {
			w.errorf(codes.RenderError, n.Range(), "include is not allowed inside a partial loaded by render").
				Detail = "Liquid rejects it when rendering; use {% render %} here."
		}
	}
	lit, ok := n.Name.(*Literal)
	if !ok || lit.Kind != LitString {
		w.expr(n.Name)
		if !w.opts.Compat && w.an == nil {
			w.errorf(codes.MissingPartial, n.Name.Range(), "the partial's name is not a quoted string, so it cannot be checked before rendering").
				Detail = "Name the partial with a string literal, e.g. {% include 'footer' %}."
		}
		return
	}
	name := lit.Value.(string)
	if w.an != nil {
		w.an.Partials = append(w.an.Partials, Reference{Name: name, Range: lit.Range()})
	}
	t := w.load(name, lit.span())
	if t == nil {
		return
	}
	for _, open := range w.partials {
		if open == name {
			if !w.opts.Compat && w.an == nil {
				w.errorf(codes.PartialCycle, lit.Range(), "partial %q includes itself (through %s)", name, strings.Join(append(w.partials, name), " → "))
			}
			return
		}
	}
	// A source can serve endless distinct partials (p1 includes p2, …);
	// the walk stops at the nesting limit, as rendering would.
	if max := w.maxNesting(); len(w.partials) >= max {
		if w.an == nil {
			w.errorf(codes.DepthLimit, lit.Range(), "partials are nested more than %d deep", max)
		}
		return
	}
	// The partial's scope: its keyword arguments, and the value of "with"
	// or "for" under the alias or the partial's base name, as Liquid binds
	// it ("snippets/card" binds card). A render with "for" loops over the
	// partial, which then sees forloop.
	args := make([]binding, 0, len(n.Args)+2)
	for i, a := range n.Args {
		args = append(args, binding{a.Name, argShapes[i]})
	}
	if n.With != nil {
		bound := n.Alias
		if bound == "" {
			bound = name[strings.LastIndexByte(name, '/')+1:]
		}
		args = append(args, binding{bound, withShape})
		if n.Render && n.For {
			args = append(args, binding{"forloop", forloopShape})
		}
	} else if sh, ok := w.lookup(name); ok && !n.Render && (w.scoped(name) || w.def[name]) {
		// An include without "with" binds the local of the partial's name,
		// one item at a time when it is an array, as "with" does. A local
		// not bound on every path is left to the partial's read, which
		// warns that it may be nil there.
		args = append(args, binding{name[strings.LastIndexByte(name, '/')+1:], boundShape(sh, n)})
	}
	// The memo key holds the shape of every name the partial can see: a
	// render partial sees only its arguments; an include also sees the
	// scope around the tag (whether each local is bound on every path
	// included) and the guards of the conditions around it.
	var kb strings.Builder
	if n.Render {
		kb.WriteString("render\x00" + name)
	} else {
		kb.WriteString("include\x00" + name + "\x00" + strconv.FormatBool(w.isolated))
		for _, b := range w.scope {
			kb.WriteString("\x00s:" + b.name + "=")
			b.sh.fingerprint(&kb)
		}
		// The locals by the sum kept as they change (localsSum), not one
		// by one: n includes among n assigns would cost n².
		fmt.Fprintf(&kb, "\x00l:%x.%x", w.localsSum[0], w.localsSum[1])
		for _, g := range w.guards {
			kb.WriteString("\x00g:" + g.path + strconv.FormatBool(g.nonZero) + strconv.FormatBool(g.nonNil))
		}
	}
	for _, a := range args {
		kb.WriteString("\x00a:" + a.name + "=")
		a.sh.fingerprint(&kb)
	}
	// The memo keeps a 128-bit hash of the key, not the key: a key holds
	// every name in scope, so n includes among n assigns would keep n²
	// bytes. Building it is charged as work.
	w.spend(kb.Len() / 16)
	if w.checked == nil {
		w.checked = map[memoKey]bool{}
	}
	key := memoKey{maphash.String(w.seeds[0], kb.String()), maphash.String(w.seeds[1], kb.String())}
	if w.checked[key] {
		return
	}
	w.checked[key] = true
	if !w.expand(lit.Range()) {
		return
	}
	w.partials = append(w.partials, name)
	defer func() { w.partials = w.partials[:len(w.partials)-1] }()
	if n.Render {
		saved, savedOrder, savedScope, savedFrames, savedIso, savedLoops := w.locals, w.localOrder, w.scope, w.frames, w.isolated, w.loops
		savedSum := w.localsSum
		w.localsSum = memoKey{}
		defer func() { w.localsSum = savedSum }()
		savedDef, savedTrail, savedLoopFrames, savedGuards := w.def, w.trail, w.loopFrames, w.guards
		savedShapes := w.shapeTrail
		w.locals, w.localOrder, w.scope, w.frames, w.isolated, w.loops = map[string]shape{}, nil, nil, nil, true, 0
		w.def, w.trail, w.loopFrames, w.guards = nil, nil, nil, nil
		w.shapeTrail = nil
		defer func() { w.shapeTrail = savedShapes }()
		w.push(args...)
		w.body(t.Body)
		w.locals, w.localOrder, w.scope, w.frames, w.isolated, w.loops = saved, savedOrder, savedScope, savedFrames, savedIso, savedLoops
		w.def, w.trail, w.loopFrames, w.guards = savedDef, savedTrail, savedLoopFrames, savedGuards
		return
	}
	w.push(args...)
	w.body(t.Body)
	w.pop()
}

// boundShape is the shape of what an include or render tag binds for its
// "with" or "for" value of shape sh: each element for render's "for"; for
// include, which renders once per element of an array either way, each
// element of a value that can only be an array, the value itself when it
// cannot be one, and nothing known when it may be either.
func boundShape(sh shape, n *Include) shape {
	if n.Render {
		if n.For {
			return sh.items()
		}
		return sh
	}
	ts, ok := sh.types()
	switch {
	case !ok:
		return anyShape
	case ts&^tNull == tArray:
		return sh.items()
	case ts&tArray == 0:
		return sh
	}
	return anyShape
}

// load parses a partial once.
func (w *walker) load(name string, at Span) *Template {
	if t, ok := w.prog.Partials[name]; ok {
		return t
	}
	if w.failed[name] {
		return nil
	}
	var err error
	var src, filename string
	if w.opts.Partials == nil {
		err = fs.ErrNotExist
	} else {
		src, filename, err = w.opts.Partials.Partial(name)
	}
	if err != nil {
		if w.failed == nil {
			w.failed = map[string]bool{}
		}
		w.failed[name] = true
		if w.opts.Compat || w.an != nil {
			return nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			d := w.errorf(codes.MissingPartial, at.Range(), "partial %q not found", diag.Shorten(name))
			if l, ok := w.opts.Partials.(PartialLister); ok {
				d.Detail = diag.DidYouMean(name, l.PartialNames())
			}
			return nil
		}
		w.errorf(codes.MissingPartial, at.Range(), "partial %q cannot be read: %s", diag.Shorten(name), diag.Shorten(err.Error()))
		return nil
	}
	if w.parser == nil {
		w.parser = newParser(w.opts.parseOptions())
	}
	t, diags := w.parser.parse(src, filename, diag.Pos{})
	if w.opts.Compat && w.an == nil && diags.HasErrors() {
		// Shopify Liquid parses a partial when a tag renders it: a broken
		// partial on a branch that never runs is no error. Rendering
		// reports it where the tag runs, as it does a missing one.
		if w.failed == nil {
			w.failed = map[string]bool{}
		}
		w.failed[name] = true
		return nil
	}
	w.diags = append(w.diags, diags...)
	w.prog.Partials[name] = t
	return t
}
