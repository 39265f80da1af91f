package strict

import (
	"hash/maphash"
	"sort"
	"strings"

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
		old := w.localHash(name)
		w.def[name] = true
		w.trail = append(w.trail, name)
		w.rehash(old, name)
	}
}

// setLocal gives local name the shape sh, keeping localsSum.
func (w *walker) setLocal(name string, sh shape) {
	old := w.localHash(name)
	w.locals[name] = sh
	w.rehash(old, name)
}

// rehash replaces, in localsSum, old by the hash name has now.
func (w *walker) rehash(old memoKey, name string) {
	h := w.localHash(name)
	w.localsSum[0] += h[0] - old[0]
	w.localsSum[1] += h[1] - old[1]
}

// localHash hashes a local's name, shape and whether it is definitely
// bound; a name not bound hashes to zero.
func (w *walker) localHash(name string) memoKey {
	sh, ok := w.locals[name]
	if !ok {
		return memoKey{}
	}
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte(0)
	if w.def[name] {
		b.WriteByte('!')
	}
	sh.fingerprint(&b)
	return memoKey{maphash.String(w.seeds[0], b.String()), maphash.String(w.seeds[1], b.String())}
}

// undoTo forgets the names made definite since mark, and returns them.
// A loop that has seen a break or continue keeps the names definite at
// every exit so far partly as a stretch of the trail (loopFrame.prefix):
// the names of that stretch that are undone move to its extra set first.
func (w *walker) undoTo(mark int) []string {
	for i := range w.loopFrames {
		if f := &w.loopFrames[i]; f.exits > 0 && f.prefix > mark {
			from := max(mark, f.mark)
			if f.extra == nil {
				f.extra = map[string]bool{}
			}
			for _, n := range w.trail[from:f.prefix] {
				f.extra[n] = true
			}
			w.spend(f.prefix - from)
			f.prefix = from
		}
	}
	added := append([]string(nil), w.trail[mark:]...)
	for _, n := range added {
		old := w.localHash(n)
		delete(w.def, n)
		w.rehash(old, n)
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
			w.setLocal(u.name, u.prev)
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
		w.setLocal(n, sh)
		if b.had && sameShape(sh, b.prev) {
			// The block leaves the name as it found it: nothing for the
			// blocks around to undo (loops nested n deep around m
			// assigns would otherwise merge all m at each level).
			continue
		}
		w.shapeTrail = append(w.shapeTrail, b)
	}
	w.spend(len(names))
}

// sameShape reports whether a and b are the same shape, as unionShape
// compares them.
func sameShape(a, b shape) bool {
	if isAny(a) || isAny(b) {
		return isAny(a) && isAny(b)
	}
	var fa, fb strings.Builder
	a.fingerprint(&fa)
	b.fingerprint(&fb)
	return fa.String() == fb.String()
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

// loopFrame records, for a loop being walked, where its body's trail
// starts and the names definitely bound at every break or continue of it
// so far: the trail's stretch from mark to prefix, and extra. Only their
// intersection matters (what is bound on every way out of the body), so
// an exit costs the size of extra, not of everything bound before it: a
// body of n assigns and n breaks is walked in time linear in n.
type loopFrame struct {
	mark   int
	exits  int
	prefix int
	extra  map[string]bool
}

// exitLoop records a break or continue: the loop may end here.
func (w *walker) exitLoop() {
	if len(w.loopFrames) == 0 {
		return
	}
	f := &w.loopFrames[len(w.loopFrames)-1]
	if f.exits == 0 {
		f.prefix = len(w.trail) // everything definite here
	} else {
		for n := range f.extra {
			if !w.def[n] {
				delete(f.extra, n)
			}
		}
		w.spend(len(f.extra))
	}
	f.exits++
}

// exitDefinite returns the names definitely bound at every exit of loop
// frame f, as a set.
func (w *walker) exitDefinite(f loopFrame) map[string]bool {
	out := make(map[string]bool, f.prefix-f.mark+len(f.extra))
	for _, n := range w.trail[f.mark:f.prefix] {
		out[n] = true
	}
	for n := range f.extra {
		out[n] = true
	}
	w.spend(len(out))
	return out
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
	var atExits map[string]bool
	if hasElse && f.exits > 0 {
		atExits = w.exitDefinite(f)
	}
	w.loopFrames = w.loopFrames[:len(w.loopFrames)-1]
	atEnd := w.undoTo(mark)
	e, undone := w.undoShapes(smark)
	ends := []map[string]shape{e}
	if !hasElse {
		w.mergeShapes(ends, undone, true)
		return
	}
	// Definite after the loop: what the body binds at its end and at
	// every exit, and the else binds too.
	every := make(map[string]bool, len(atEnd))
	for _, n := range atEnd {
		if atExits == nil || atExits[n] {
			every[n] = true
		}
	}
	w.body(elseBody)
	var definite []string
	for _, n := range w.undoTo(mark) {
		if every[n] {
			definite = append(definite, n)
		}
	}
	sort.Strings(definite)
	e, u := w.undoShapes(smark)
	ends, undone = append(ends, e), append(undone, u...)
	w.mergeShapes(ends, undone, true)
	for _, n := range definite {
		w.setDef(n)
	}
}

// preBind makes the names a loop body binds possibly bound from the
// body's start: a later iteration reads what an earlier one assigned.
// Names not bound before get an unknown shape until their binding.
func (w *walker) preBind(body []Node) {
	var walk func([]Node)
	walk = func(nodes []Node) {
		w.spend(len(nodes))
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
		if isAny(prev) {
			// Already of no known shape (an enclosing loop's preBind):
			// nothing to record, so that loops nested n deep around
			// m assigns cost n·m, not n²·m.
			return
		}
		// Before its binding in the body, a later iteration reads what
		// the previous one bound, of a shape not known yet.
		w.shapeTrail = append(w.shapeTrail, shapeUndo{name, prev, true})
		w.setLocal(name, anyShape)
		return
	}
	w.localOrder = append(w.localOrder, name)
	w.setLocal(name, anyShape)
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

// isAny reports whether sh is anyShape: nothing known of the value.
func isAny(sh shape) bool {
	return sh.unknown() && sh.item == nil && !sh.maybeNil
}
