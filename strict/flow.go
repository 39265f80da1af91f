package strict

import (
	"sort"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Definite binding. A template-local name (assign, capture, increment,
// decrement) is bound from the point it is assigned on the path the render
// takes; on a path where no binding has run yet it reads as nil, as in
// Liquid. The walker keeps, beside the names bound somewhere before the
// current point (walker.locals), the names bound on every path that
// reaches it (walker.def). A read of a local that is not definitely bound
// is a maybe_unbound warning.
//
// def only grows along a path, so branches are walked with an undo trail:
// each branch starts from the names definitely bound before the block, and
// what every branch of an exhaustive block (an if with an else, a case
// with an else, a for with an else against its body) binds is definitely
// bound after it. A loop body may run no times, and its later iterations
// see what earlier ones bound: the names a body binds are possibly bound
// from its start, definitely bound nowhere after the loop unless an else
// binds them too. break and continue leave the body early: the names
// definitely bound at each are intersected with the body's end.

// setDef records name as definitely bound from here on the current path.
func (w *walker) setDef(name string) {
	if w.def == nil {
		w.def = map[string]bool{}
	}
	if !w.def[name] {
		w.def[name] = true
		w.trail = append(w.trail, name)
	}
}

// undoTo forgets the names made definite since mark, and returns them.
func (w *walker) undoTo(mark int) []string {
	added := append([]string(nil), w.trail[mark:]...)
	for _, n := range added {
		delete(w.def, n)
	}
	w.trail = w.trail[:mark]
	return added
}

// join walks bodies as alternative paths that each start at the current
// point. When exhaustive (one of them always runs), the names every body
// binds are definitely bound afterwards. A name bound on some path has,
// after the block, the union of the shapes it has at the end of each path.
func (w *walker) join(bodies [][]Node, exhaustive bool, walk func(i int)) {
	mark := len(w.trail)
	smark := len(w.shapeTrail)
	counts := map[string]int{}
	var ends []map[string]shape
	var undone []shapeUndo
	for i := range bodies {
		walk(i)
		for _, n := range w.undoTo(mark) {
			counts[n]++
		}
		e, u := w.undoShapes(smark)
		ends, undone = append(ends, e), append(undone, u...)
	}
	w.mergeShapes(ends, undone, !exhaustive)
	if !exhaustive {
		return
	}
	for _, n := range w.trailOrder(counts, len(bodies)) {
		w.setDef(n)
	}
}

// shapeUndo records a local's shape before a binding changed it.
type shapeUndo struct {
	name string
	prev shape
	had  bool // the name was bound (somewhere) before
}

// undoShapes returns the shapes of the locals bound since smark, and
// restores the shapes they had before, returning the undone records. A
// name first bound since smark stays possibly bound.
func (w *walker) undoShapes(smark int) (map[string]shape, []shapeUndo) {
	if len(w.shapeTrail) == smark {
		return nil, nil
	}
	ends := map[string]shape{}
	for _, u := range w.shapeTrail[smark:] {
		ends[u.name] = w.locals[u.name]
	}
	for i := len(w.shapeTrail) - 1; i >= smark; i-- {
		if u := w.shapeTrail[i]; u.had {
			w.locals[u.name] = u.prev
		}
	}
	undone := append([]shapeUndo(nil), w.shapeTrail[smark:]...)
	w.shapeTrail = w.shapeTrail[:smark]
	return ends, undone
}

// mergeShapes gives each local some path bound the union of its shapes at
// the ends of the paths (ends) and, on a path that did not bind it or when
// none may run (skippable), the shape it had before.
func (w *walker) mergeShapes(ends []map[string]shape, undone []shapeUndo, skippable bool) {
	before := map[string]shapeUndo{}
	for _, u := range undone {
		if _, ok := before[u.name]; !ok {
			before[u.name] = u
		}
	}
	names := make([]string, 0, len(before))
	for n := range before {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b := before[n]
		var sh shape
		first := true
		add := func(x shape) {
			if first {
				sh, first = x, false
				return
			}
			sh = unionShape(sh, x)
		}
		for _, e := range ends {
			if x, ok := e[n]; ok {
				add(x)
			} else if b.had {
				add(b.prev)
			}
		}
		if skippable && b.had {
			add(b.prev)
		}
		w.shapeTrail = append(w.shapeTrail, b)
		w.locals[n] = sh
	}
}

// trailOrder returns the names counted want times, sorted.
func (w *walker) trailOrder(counts map[string]int, want int) []string {
	var out []string
	for n, c := range counts {
		if c == want {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// loopFrame records, for the innermost loop being walked, where its body's
// trail starts and the names definitely bound at each break or continue.
type loopFrame struct {
	mark  int
	exits [][]string
}

// exitLoop records a break or continue: the loop may end here.
func (w *walker) exitLoop() {
	if len(w.loopFrames) == 0 {
		return
	}
	f := &w.loopFrames[len(w.loopFrames)-1]
	f.exits = append(f.exits, append([]string(nil), w.trail[f.mark:]...))
}

// loopBody walks a loop body that may run any number of times, then, when
// the loop has an else, the else as the alternative to every run of the
// body; without one, nothing the body binds is definite afterwards.
func (w *walker) loopBody(body func(), elseBody []Node, hasElse bool) {
	mark := len(w.trail)
	smark := len(w.shapeTrail)
	w.loopFrames = append(w.loopFrames, loopFrame{mark: mark})
	body()
	f := w.loopFrames[len(w.loopFrames)-1]
	w.loopFrames = w.loopFrames[:len(w.loopFrames)-1]
	atEnd := w.undoTo(mark)
	e, undone := w.undoShapes(smark)
	ends := []map[string]shape{e}
	if !hasElse {
		w.mergeShapes(ends, undone, true)
		return
	}
	defer func() {
		e, u := w.undoShapes(smark)
		ends, undone = append(ends, e), append(undone, u...)
		w.mergeShapes(ends, undone, true)
		for _, n := range w.trailOrder(w.elseCounts, w.elseRuns) {
			w.setDef(n)
		}
	}()
	counts := map[string]int{}
	for _, n := range atEnd {
		counts[n]++
	}
	for _, e := range f.exits {
		for _, n := range e {
			counts[n]++
		}
	}
	runs := 1 + len(f.exits)
	w.body(elseBody)
	for _, n := range w.undoTo(mark) {
		if counts[n] == runs {
			counts[n]++
		}
	}
	w.elseCounts, w.elseRuns = counts, runs+1
}

// preBind makes the names a loop body binds possibly bound from the
// body's start: a later iteration reads what an earlier one assigned.
// Names not bound before get an unknown shape until their binding.
func (w *walker) preBind(body []Node) {
	var walk func([]Node)
	walk = func(nodes []Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *Assign:
				w.preBindName(n.Target, n.TargetSpan)
			case *Capture:
				walk(n.Body)
				w.preBindName(n.Target, n.TargetSpan)
			case *Increment:
				w.preBindName(n.Var, n.VarSpan)
			case *If:
				for _, c := range n.Clauses {
					walk(c.Body)
				}
			case *Case:
				for _, c := range n.Clauses {
					walk(c.Body)
				}
			case *For:
				walk(n.Body)
				walk(n.Else)
			case *Tablerow:
				walk(n.Body)
			case *Ifchanged:
				walk(n.Body)
			}
		}
	}
	walk(body)
}

func (w *walker) preBindName(name string, r Span) {
	w.unguard(name) // a later iteration sees the new value
	if prev, ok := w.locals[name]; ok {
		// Before its binding in the body, a later iteration reads what
		// the previous one bound, of a shape not known yet.
		w.shapeTrail = append(w.shapeTrail, shapeUndo{name, prev, true})
		w.locals[name] = anyShape
		return
	}
	w.visible += nameHash(name)
	w.localOrder = append(w.localOrder, name)
	w.locals[name] = anyShape
}

// maybeUnbound handles a read of local p.Root where it may not be bound
// yet. A name that is also an input reads the input on such a path, so
// nothing is known of its shape; any other name reads as nil there, which
// is worth a warning: it is rarely what the author meant.
func (w *walker) maybeUnbound(p *Path, sh shape) shape {
	if w.opts.Compat || w.an != nil {
		return sh
	}
	if w.opts.Context.Has(p.Root) {
		return anyShape
	}
	d := diag.Warningf(codes.MaybeUnbound, p.RootSpan.Range(), "%q may be read before it is bound: it renders as nil on a path where no assign, capture or increment of it has run", p.Root)
	d.Detail = "Bind it on every path before this read (for example {% assign " + p.Root + " = nil %} near the top), or move the read after the binding."
	w.diags = append(w.diags, d)
	return sh.orNil()
}
