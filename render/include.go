package render

import (
	"errors"
	"io/fs"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// include compiles an include or render tag.
func (c *compiler) include(n *strict.Include) simpleFn {
	tag := &includeTag{t: c.t, render: n.Render, loop: n.For, alias: n.Alias, rng: n, nameRange: n.Name}
	if lit, ok := n.Name.(*strict.Literal); ok && lit.Kind == strict.LitString {
		tag.static = lit.Value.(string)
	} else {
		tag.nameFn = c.expr(n.Name)
	}
	if n.With != nil {
		tag.with = c.expr(n.With)
	}
	tag.args = make([]kwArg, len(n.Args))
	for i, a := range n.Args {
		tag.args[i] = kwArg{a.Name, c.expr(a.Value)}
	}
	return tag.run
}

// includeTag is a compiled include or render tag.
type includeTag struct {
	t      *Template
	static string // the partial's name, when the tag spells it as a string
	nameFn evalFn // otherwise the expression that names it
	with   evalFn // the value of "with" or "for", if any
	args   []kwArg
	render bool   // render (an isolated scope), not include
	loop   bool   // "for": once per item of the value
	alias  string // "as": the name the value is bound to in the partial
	rng    ranger
	// nameRange is where the partial's name is written.
	nameRange ranger
}

type kwArg struct {
	name string
	eval evalFn
}

// call is what one rendering of an include or render tag has evaluated.
type call struct {
	u       *unit
	bind    string // the name the value is bound to
	vals    []any  // the arguments' values
	subject any    // the value, when there is one (has)
	has     bool
	items   []any // the items to render the partial for, when iterating
	iterate bool
	pushed  int // include: the arguments bound in the caller's scope
}

func (tag *includeTag) run(st *state, w *writer) error {
	name := tag.static
	if tag.nameFn != nil {
		v, err := tag.nameFn(st)
		if err != nil {
			return err
		}
		if name, err = printedText(st.b, value(v)); err != nil {
			return placeLimit(err, tag.rng)
		}
	}
	if st.depth+1 > st.b.limits.MaxDepth {
		return diag.Errorf(codes.DepthLimit, tag.rng.Range(), "partials nested more than %d deep", st.b.limits.MaxDepth)
	}
	if err := st.checkTime(tag.rng); err != nil {
		return err
	}
	u, err := tag.t.partial(name, tag.nameRange.Range)
	if err != nil {
		return err
	}
	// The value is bound under the alias, or the partial's base name, as
	// Liquid binds it ({% include 'snippets/card' with x %} binds card).
	cl := call{u: u, bind: tag.alias, vals: make([]any, len(tag.args))}
	if cl.bind == "" {
		cl.bind = name[strings.LastIndexByte(name, '/')+1:]
	}
	if !tag.render && st.inRender {
		return diag.Errorf(codes.RenderError, tag.rng.Range(), "include is not allowed inside a partial loaded by render (use render)")
	}
	if tag.with != nil {
		v, err := tag.with(st)
		if err != nil {
			return err
		}
		cl.subject, cl.has = value(v), true
	} else if !tag.render {
		// include without "with" binds the partial's name to the
		// variable of that name, if any.
		cl.subject, cl.has = st.lookup(name)
	}
	// render evaluates its arguments in the caller's scope; include binds
	// each before evaluating the next, so later arguments see earlier
	// ones, as in Liquid ({% include 't' a: 1, b: a %}). includeShared
	// pops them.
	for i, a := range tag.args {
		v, err := a.eval(st)
		if err != nil {
			st.popN(cl.pushed)
			return err
		}
		cl.vals[i] = value(v)
		if !tag.render {
			st.push(a.name, cl.vals[i])
			cl.pushed++
		}
	}
	// include renders once per item of an array, whether the value came
	// with "with", "for" or the partial's own name (Liquid 5.4's
	// is_a?(Array): a range renders once, as itself); render iterates only
	// with "for", anything with each and count.
	_, isRange := cl.subject.(rangeValue)
	if tag.render {
		cl.iterate = tag.loop && cl.subject != nil && (isArray(cl.subject) || isObject(cl.subject))
	} else {
		cl.iterate = isArray(cl.subject) && !isRange
	}
	if cl.iterate {
		// A loop over more items than the loop limit has left can never
		// finish: it fails before its items are made.
		if n := size(cl.subject); isArray(cl.subject) && n > int64(st.b.limits.MaxLoopIterations-st.b.iterations) {
			st.popN(cl.pushed)
			return diag.Errorf(codes.LoopLimit, tag.rng.Range(), "a partial rendered for %d items would pass the %d loop iterations of one render", n, st.b.limits.MaxLoopIterations)
		}
		if r, ok := cl.subject.(rangeValue); ok {
			// The items, each number boxed in an interface.
			if err := st.b.allocItems(r.len(), (8+r.itemBytes())*r.len()); err != nil {
				st.popN(cl.pushed)
				return diag.Errorf(codes.MemoryLimit, tag.rng.Range(), "%v", err)
			}
		}
		cl.items = toList(cl.subject)
	}
	if tag.render {
		return tag.renderIsolated(st, w, name, &cl)
	}
	return tag.includeShared(st, w, &cl)
}

// renderIsolated renders a render tag's partial in a scope of its own,
// once or for each item.
func (tag *includeTag) renderIsolated(st *state, w *writer, name string, cl *call) error {
	one := func(item any, fl *loopObject) error {
		ns := st.isolated()
		ns.depth = st.depth + 1
		for i, a := range tag.args {
			ns.bind(a.name, cl.vals[i])
		}
		if cl.has {
			ns.bind(cl.bind, item)
		}
		if fl != nil {
			ns.push("forloop", fl)
		}
		err := cl.u.body.render(ns, w)
		ns.release()
		if errors.Is(err, errBreak) || errors.Is(err, errContinue) {
			return nil
		}
		return err
	}
	if !cl.iterate {
		return one(cl.subject, nil)
	}
	fl := &loopObject{name: name, length: int64(len(cl.items))}
	for i, item := range cl.items {
		if err := st.tick(tag.rng); err != nil {
			return err
		}
		fl.index0 = int64(i)
		if err := one(item, fl); err != nil {
			return err
		}
	}
	return nil
}

// includeShared renders an include tag's partial in the caller's scope,
// with the arguments (bound by run) in a scope of their own, once or for
// each item.
func (tag *includeTag) includeShared(st *state, w *writer, cl *call) error {
	pushed := cl.pushed
	if cl.has {
		st.push(cl.bind, cl.subject)
		pushed++
	}
	st.depth++
	defer func() {
		st.depth--
		st.popN(pushed)
	}()
	if !cl.iterate {
		return cl.u.body.render(st, w)
	}
	for _, item := range cl.items {
		if err := st.tick(tag.rng); err != nil {
			return err
		}
		st.set(cl.bind, item)
		if err := cl.u.body.render(st, w); err != nil {
			return err
		}
	}
	return nil
}

// partial returns a compiled partial: one the checker resolved, or, for a
// name only known at render time (compat mode), one loaded now.
// at gives the range of the tag's name, found only for an error.
func (t *Template) partial(name string, at func() diag.Range) (*unit, error) {
	if u, ok := t.partials[name]; ok {
		return u, nil
	}
	if v, ok := t.dynamic.Load(name); ok {
		return v.(*unit), nil
	}
	src := t.eng.opts.Partials
	if src == nil {
		return nil, diag.Errorf(codes.MissingPartial, at(), "partial %q not found: no partials are configured", diag.Shorten(name))
	}
	text, filename, err := src.Partial(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, diag.Errorf(codes.MissingPartial, at(), "partial %q not found", diag.Shorten(name))
		}
		return nil, diag.Errorf(codes.MissingPartial, at(), "partial %q cannot be read: %s", diag.Shorten(name), diag.Shorten(err.Error()))
	}
	if len(text) > t.eng.limits.MaxTemplateBytes {
		return nil, diag.Errorf(codes.TemplateTooLarge, at(), "partial %q is %d bytes, more than the %d-byte limit", diag.Shorten(name), len(text), t.eng.limits.MaxTemplateBytes)
	}
	prog, diags := strict.Check(text, filename, diag.Pos{}, strict.Options{Compat: true, Lax: !t.eng.opts.StrictSyntax, Filters: t.eng.sigs, MaxNesting: t.eng.limits.MaxNesting})
	if diags.HasErrors() {
		d := diags.Errors()[0]
		return nil, diag.Errorf(d.Code, d.Subject, "in partial %q: %s", name, d.Summary)
	}
	u := (&compiler{eng: t.eng, t: t}).unit(prog.Template)
	for pname, pt := range prog.Partials {
		if _, ok := t.partials[pname]; ok {
			continue
		}
		if _, ok := t.dynamic.Load(pname); ok {
			continue
		}
		t.dynamic.LoadOrStore(pname, (&compiler{eng: t.eng, t: t}).unit(pt))
	}
	actual, _ := t.dynamic.LoadOrStore(name, u)
	return actual.(*unit), nil
}
