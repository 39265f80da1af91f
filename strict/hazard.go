package strict

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Hazards: reads and operations that pass the contract's name checks but
// whose outcome depends on the data. Three kinds are reported:
//
//   - an access valid for one branch of a union only (an index or .last on
//     a value that may be an array or an object) is an unknown_property
//     error: on the object the key is missing;
//   - a key the schema does not declare, read from an object that allows
//     any key, is an undeclared_key warning: it reads as nil when absent;
//   - a filter or comparison that fails for a value the schema allows is a
//     may_fail warning naming the value and the guard that protects it,
//     unless an enclosing condition is that guard.
//
// Guards are the simple conditions of an enclosing if (or their negation
// for unless): "x != 0" rules out 0, "x > 0" (and the like) rules out 0
// and nil, a bare "x" or "x != nil" rules out nil, and "and" combines
// them; a later clause (elsif, else) sees the earlier conditions false.
// Note that {% if x %} does not rule out 0: 0 is truthy in Liquid.

// guard is what an enclosing condition proves about a path.
type guard struct {
	// p is the path; path its text, built the first time it is compared.
	p       *Path
	path    string
	nonZero bool
	nonNil  bool
}

// text returns the path as written.
func (g *guard) text() string {
	if g.path == "" && g.p != nil {
		g.path = pathString(g.p)
	}
	return g.path
}

// guarded returns what the enclosing conditions prove about path.
func (w *walker) guarded(path string) (nonZero, nonNil bool) {
	w.spend(len(w.guards))
	for i := range w.guards {
		if g := &w.guards[i]; g.text() == path {
			nonZero = nonZero || g.nonZero
			nonNil = nonNil || g.nonNil
		}
	}
	return nonZero, nonNil
}

// cond checks a condition and records the guards it proves for the
// clause's body; negated is set for an unless.
func (w *walker) cond(e Expr, negated bool) {
	w.condition(e) // w.expr(e), and the truthiness traps (truthy.go)
	if w.an != nil || w.opts.Compat {
		return
	}
	w.guardsOf(e, negated)
}

func (w *walker) guardsOf(e Expr, negated bool) {
	switch e := e.(type) {
	case *Logical:
		if e.Op == "and" && !negated || e.Op == "or" && negated {
			w.guardsOf(e.Left, negated)
			w.guardsOf(e.Right, negated)
		}
	case *Path:
		if !negated {
			w.guards = append(w.guards, guard{p: e, nonNil: true})
		}
	case *Compare:
		if e.Op == "" {
			w.guardsOf(e.Left, negated)
			return
		}
		op := e.Op
		p, okP := e.Left.(*Path)
		lit, okL := e.Right.(*Literal)
		if !okP || !okL {
			p, okP = e.Right.(*Path)
			lit, okL = e.Left.(*Literal)
			op = flipOp(op)
		}
		if !okP || !okL {
			return
		}
		// A false ordering comparison says nothing of nil: nil < 0 and
		// nil >= 0 are both false.
		ordering := op == "<" || op == ">" || op == "<=" || op == ">="
		if negated {
			op = negateOp(op)
		}
		g := guard{p: p}
		if lit.Kind == LitNil || lit.Kind == LitBlank {
			g.nonNil = op == "!=" || op == "<>"
		} else if sign, ok := litSign(lit); ok {
			switch op {
			case "!=", "<>":
				g.nonZero = sign == 0
			case "==":
				g.nonZero, g.nonNil = sign != 0, true
			case ">":
				g.nonZero, g.nonNil = sign >= 0, true
			case ">=":
				g.nonZero, g.nonNil = sign > 0, true
			case "<":
				g.nonZero, g.nonNil = sign <= 0, true
			case "<=":
				g.nonZero, g.nonNil = sign < 0, true
			}
		}
		if negated && ordering {
			g.nonNil = false
		}
		if g.nonZero || g.nonNil {
			w.guards = append(w.guards, g)
		}
	}
}

// litSign is the sign of a numeric literal.
func litSign(l *Literal) (int, bool) {
	switch v := l.Value.(type) {
	case int64:
		switch {
		case v < 0:
			return -1, true
		case v > 0:
			return 1, true
		}
		return 0, true
	case float64:
		switch {
		case v < 0:
			return -1, true
		case v > 0:
			return 1, true
		}
		return 0, true
	case *big.Int:
		return v.Sign(), true
	}
	return 0, false
}

func flipOp(op string) string {
	switch op {
	case "<":
		return ">"
	case ">":
		return "<"
	case "<=":
		return ">="
	case ">=":
		return "<="
	}
	return op
}

func negateOp(op string) string {
	switch op {
	case "==":
		return "!="
	case "!=", "<>":
		return "=="
	case "<":
		return ">="
	case ">=":
		return "<"
	case ">":
		return "<="
	case "<=":
		return ">"
	}
	return "?"
}

// hazardOK reports whether hazards are reported in this walk.
func (w *walker) hazardOK() bool { return w.an == nil && !w.opts.Compat }

// unionAccess reports an index or .last on a value that may be an array or
// an object: valid for the array, a missing key on the object.
func (w *walker) unionAccess(p *Path, i int, sh shape) {
	if !w.hazardOK() {
		return
	}
	ts, ok := sh.types()
	if !ok || ts&tArray == 0 || ts&tObject == 0 {
		return
	}
	seg := p.Segments[i]
	r := p.Range()
	r.End = seg.Range().End
	what := "element " + strings.TrimPrefix(pathPrefix(p, i+1), pathPrefix(p, i))
	if seg.Dot {
		what = "." + seg.Name
	}
	d := w.errorf(codes.UnknownProperty, r, "%s may be an object (its schema allows an array or an object), which has no %s", pathPrefix(p, i), what)
	d.Detail = "The access is valid for the array branch only. Narrow the schema to one type, or read a property both branches have."
}

// undeclaredKey warns about reading key i of p, which the object allows
// without declaring it.
func (w *walker) undeclaredKey(p *Path, i int, sh shape) {
	if !w.hazardOK() {
		return
	}
	seg := p.Segments[i]
	for _, n := range sh.nodes {
		if nodeAllowsObject(n) && sh.matchPatterns(n, seg.Name, nil) {
			return // a pattern declares it
		}
	}
	r := p.Range()
	r.End = seg.Range().End
	d := diag.Warningf(codes.UndeclaredKey, r, "%s is not declared: it renders as nil when absent", pathPrefix(p, i+1))
	d.Detail = "Declare it in template_context.schema (a property of " + pathPrefix(p, i) + ") so that its name and type are checked."
	w.diags = append(w.diags, d)
}

// mayFail reports a may_fail warning at r.
func (w *walker) mayFail(r diag.Range, detail, format string, args ...any) {
	d := diag.Warningf(codes.MayFail, r, format, args...)
	d.Detail = detail
	w.diags = append(w.diags, d)
}

// alwaysFails reports an always_fails error at r: a use that fails every
// time it renders, which no guard can make render.
func (w *walker) alwaysFails(r diag.Range, detail, format string, args ...any) {
	d := diag.Errorf(codes.AlwaysFails, r, format, args...)
	d.Detail = detail
	w.diags = append(w.diags, d)
}

// exprName is how a diagnostic names an expression's value.
func exprName(e Expr) string {
	switch e := e.(type) {
	case *Path:
		return pathString(e)
	case *Literal:
		if s, ok := e.Value.(string); ok {
			return "'" + s + "'"
		}
		if e.Value == nil {
			return "nil"
		}
		if e.Kind == LitInt || e.Kind == LitFloat {
			return fmt.Sprint(e.Value)
		}
	}
	return "the value"
}

// filterHazard checks a filter's input and arguments for values the
// schema allows that make it fail, as its signature's Fails says (a
// filter of Options.Filters, which may replace a standard one, by its own
// signature).
func (w *walker) filterHazard(f *Filter, in shape, args []shape) {
	if !w.hazardOK() {
		return
	}
	sig, ok := w.opts.Filters[f.Name]
	if !ok {
		sig = standardFilters[f.Name]
	}
	if sig.Fails == FailsNever {
		return
	}
	positional := make([]int, 0, len(f.Args))
	for i, a := range f.Args {
		if a.Name == "" {
			positional = append(positional, i)
		}
	}
	switch sig.Fails {
	case FailsOnDivisor:
		if len(positional) == 1 {
			a := f.Args[positional[0]]
			w.divisorHazard(f, a.Value, args[positional[0]])
		}
	case FailsOnNonArray:
		if len(positional) == 1 {
			a := f.Args[positional[0]]
			sh := args[positional[0]]
			ts, ok := sh.types()
			name := exprName(a.Value)
			_, nonNil := w.guarded(name)
			if !ok {
				if w.resolves(a.Value) {
					w.unknownHazard(f, name, "{% if "+name+" %}")
				}
				return
			}
			if ts != 0 && ts&tArray == 0 {
				w.alwaysFails(f.NameSpan.Range(), "Pass an array (split a string first: {{ list | concat: text | split: \",\" }}), or drop the filter.",
					"filter %q always fails here: %s is never an array, and concat takes one", f.Name, name)
				return
			}
			var bad []string
			if other := ts &^ (tArray | tNull); other != 0 {
				bad = append(bad, article(strings.Join(other.names(), " or ")))
			}
			if (sh.maybeNil || ts&tNull != 0) && !nonNil {
				bad = append(bad, "nil")
			}
			if len(bad) > 0 {
				w.mayFail(f.NameSpan.Range(), "Guard it with {% if "+name+" %}, or make the schema require an array.",
					"filter %q fails when %s is %s: it takes an array", f.Name, name, strings.Join(bad, " or "))
			}
		}
	case FailsOnLength, FailsOnInt64Length, FailsOnInt64Args:
		for j, i := range positional {
			if sig.Fails != FailsOnInt64Args && j > 0 {
				break
			}
			w.integerHazard(f, f.Args[i].Value, args[i], sig.Fails != FailsOnLength)
		}
	case FailsOnBase64:
		if ts, ok := in.types(); ok && in.kind == "" && ts&tString != 0 {
			w.mayFail(f.NameSpan.Range(), "Decode only text the runner encodes itself, or declare the field with contentEncoding and check it before rendering.",
				"filter %q fails when its input is not valid base64, which the schema allows", f.Name)
		}
	case FailsOnIncomparable:
		if ts, ok := in.types(); ok && ts&tArray == 0 {
			return // not an array: sorted as one item
		}
		if len(positional) == 0 {
			it := in.items()
			ts, ok := it.types()
			if !ok || ts&(tNumber|tInteger) != 0 && ts&tString != 0 || ts&(tObject|tArray|tBoolean) != 0 {
				w.mayFail(f.NameSpan.Range(), "Sort by a property of one type (sort: 'name'), or make the items' schema a single type of numbers or strings.",
					"filter %q fails when the items mix numbers and strings, or are objects, arrays or booleans, which do not compare", f.Name)
			}
		}
	}
}

// divisorHazard checks the divisor of divided_by or modulo.
func (w *walker) divisorHazard(f *Filter, e Expr, sh shape) {
	if _, ok := e.(*Literal); ok {
		return // a literal 0 fails every render, which the smoke render reports
	}
	ts, ok := sh.types()
	name := exprName(e)
	nonZero, nonNil := w.guarded(name)
	if !ok {
		if (!nonZero || !nonNil) && w.resolves(e) {
			w.unknownHazard(f, name, "{% if "+name+" > 0 %}")
		}
		return
	}
	var bad []string
	if ts&(tNumber|tInteger) != 0 && !nonZero && !excludesZero(sh) {
		bad = append(bad, "0")
	}
	if (sh.maybeNil || ts&tNull != 0) && !nonNil {
		bad = append(bad, "nil")
	}
	if ts&tString != 0 {
		bad = append(bad, "a string that is not a non-zero number")
	}
	if other := ts &^ (tNumber | tInteger | tString | tNull); other != 0 {
		bad = append(bad, article(strings.Join(other.names(), " or ")))
	}
	if len(bad) == 0 {
		return
	}
	g := "{% if " + name + " != 0 %}"
	if slices.Contains(bad, "nil") {
		g = "{% if " + name + " and " + name + " != 0 %}"
	}
	w.mayFail(f.NameSpan.Range(), "Guard it with "+g+" … {% endif %}, or give the schema a minimum above 0.",
		"filter %q fails when %s is %s (division by zero)", f.Name, name, strings.Join(bad, " or "))
}

// excludesZero reports whether every numeric node of the shape rules 0 out
// (a minimum above 0, a maximum below it, or an enum without it).
func excludesZero(sh shape) bool {
	if sh.kind != "" {
		return false
	}
	numeric := false
	for _, n := range sh.nodes {
		if !nodeAllowsNumber(n) {
			continue
		}
		numeric = true
		zero := new(big.Rat)
		switch {
		case n.Minimum != nil && n.Minimum.Cmp(zero) > 0,
			n.ExclusiveMinimum != nil && n.ExclusiveMinimum.Cmp(zero) >= 0,
			n.Maximum != nil && n.Maximum.Cmp(zero) < 0,
			n.ExclusiveMaximum != nil && n.ExclusiveMaximum.Cmp(zero) <= 0:
			continue
		case n.Enum != nil && !enumHasZero(n.Enum):
			continue
		case len(n.Constant) > 0 && !isZero(n.Constant[0]):
			continue
		}
		// A node of a union that only narrows (no type of its own) leaves
		// the decision to its siblings.
		if len(n.Types) == 0 {
			continue
		}
		return false
	}
	return numeric
}

func nodeAllowsNumber(n *jsonschema.Schema) bool {
	for _, t := range n.Types {
		if t == "integer" || t == "number" {
			return true
		}
	}
	return false
}

func enumHasZero(vs []any) bool {
	for _, v := range vs {
		if isZero(v) {
			return true
		}
	}
	return false
}

func isZero(v any) bool {
	switch x := v.(type) {
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		return ok && r.Sign() == 0
	case float64:
		return x == 0
	case int:
		return x == 0
	case int64:
		return x == 0
	}
	return false
}

// compareHazard checks <, >, <= and >= for a number compared with a
// string, which fails when it renders.
func (w *walker) compareHazard(e *Compare, l, r shape) {
	if !w.hazardOK() {
		return
	}
	switch e.Op {
	case "<", ">", "<=", ">=":
	default:
		return
	}
	lt, ok1 := l.types()
	rt, ok2 := r.types()
	if !ok1 || !ok2 {
		if isNilLiteral(e.Left) || isNilLiteral(e.Right) {
			return // nil compares as false with anything
		}
		unknown := e.Left
		if ok1 {
			unknown = e.Right
		}
		if !w.resolves(unknown) {
			return // already an unknown_variable error
		}
		w.mayFail(e.OpSpan.Range(), "Declare the value's type in the schema, so that the comparison is checked.",
			"comparison may fail: the type of %s is not known before rendering (a number compared with a string fails)", exprName(unknown))
		return
	}
	num := tNumber | tInteger
	never := func(ts typeSet, sh shape) bool { return ts&tNull == 0 && !sh.maybeNil }
	if never(lt, l) && never(rt, r) && (lt&^num == 0 && rt&^tString == 0 || lt&^tString == 0 && rt&^num == 0) && lt != 0 && rt != 0 {
		lk, rk := "a number", "a string"
		if lt&num == 0 {
			lk, rk = "a string", "a number"
		}
		w.alwaysFails(e.OpSpan.Range(), "Compare values of one type: a number with a number, a string with a string.",
			"comparison always fails here: %s is always %s and %s always %s", exprName(e.Left), lk, exprName(e.Right), rk)
		return
	}
	if lt&num != 0 && rt&tString != 0 || lt&tString != 0 && rt&num != 0 {
		lk, rk := "a number", "a string"
		if lt&num == 0 || rt&tString == 0 {
			lk, rk = "a string", "a number"
		}
		w.mayFail(e.OpSpan.Range(), "Compare values of one type: a number with a number, a string with a string.",
			"comparison fails when %s is %s and %s is %s", exprName(e.Left), lk, exprName(e.Right), rk)
	}
}

// integerHazard checks an argument Liquid converts to an integer (the
// length of slice, truncate and truncatewords): nil, a number with a
// fraction, text that is not an integer and, where wide is set (slice and
// truncatewords), an integer beyond 64 bits make it fail.
func (w *walker) integerHazard(f *Filter, e Expr, sh shape, wide bool) {
	if _, ok := e.(*Literal); ok {
		return
	}
	ts, ok := sh.types()
	name := exprName(e)
	_, nonNil := w.guarded(name)
	if !ok {
		if w.resolves(e) {
			w.unknownHazard(f, name, "")
		}
		return
	}
	var bad []string
	if (sh.maybeNil || ts&tNull != 0) && !nonNil {
		bad = append(bad, "nil")
	}
	if ts&tNumber != 0 {
		bad = append(bad, "a number with a fraction")
	}
	if ts&tString != 0 {
		bad = append(bad, "text that is not an integer")
	}
	if other := ts &^ (tNumber | tInteger | tString | tNull); other != 0 {
		bad = append(bad, article(strings.Join(other.names(), " or ")))
	}
	if wide && ts&tInteger != 0 && sh.kind == "" && !bounded(sh) {
		bad = append(bad, "an integer beyond 64 bits")
	}
	if len(bad) == 0 {
		return
	}
	w.mayFail(f.NameSpan.Range(), "Guard it with {% if "+name+" %} where nil is the problem, or give the schema an integer type with a minimum and a maximum.",
		"filter %q fails when %s is %s: it takes an integer", f.Name, name, strings.Join(bad, " or "))
}

// bounded reports whether every integer node of the shape has a minimum
// and a maximum.
func bounded(sh shape) bool {
	for _, n := range sh.nodes {
		if !nodeAllowsNumber(n) {
			continue
		}
		if n.Minimum == nil && n.ExclusiveMinimum == nil || n.Maximum == nil && n.ExclusiveMaximum == nil {
			return false
		}
	}
	return true
}

// unknownHazard warns about an argument whose type the checker does not
// know (a key of a free-form object, a value an unknown filter returned):
// the filter fails for some values it may have.
func (w *walker) unknownHazard(f *Filter, name, guard string) {
	detail := "Declare the value's type in the schema, or bind it from a value whose type is known."
	if guard != "" {
		detail = "Guard it with " + guard + ", or declare the value's type in the schema."
	}
	w.mayFail(f.NameSpan.Range(), detail, "filter %q may fail: the type of %s is not known before rendering (nil, for one, makes it fail)", f.Name, name)
}

func isNilLiteral(e Expr) bool {
	l, ok := e.(*Literal)
	return ok && (l.Kind == LitNil || l.Kind == LitBlank || l.Kind == LitEmpty || l.Kind == LitBool)
}

// resolves reports whether the root of e (a path) names a local or an
// input: a path that does not is an unknown_variable error already.
func (w *walker) resolves(e Expr) bool {
	p, ok := e.(*Path)
	if !ok || p.RootExpr != nil {
		return true
	}
	if _, ok := w.lookup(p.Root); ok {
		return true
	}
	return w.opts.Context.Has(p.Root) || p.Root == "self"
}

// sharePrefix reports whether the shorter of a and b begins the longer.
func sharePrefix(a, b string) bool {
	n := min(len(a), len(b))
	return a[:n] == b[:n]
}

// unguard forgets what the enclosing conditions proved about name and the
// paths under it: it has been bound again. (Entries are blanked in place,
// so that the blocks around keep their marks into w.guards.)
func (w *walker) unguard(name string) {
	w.spend(len(w.guards))
	for i := range w.guards {
		g := &w.guards[i]
		if g.path == "" && g.p != nil && g.p.RootExpr == nil && !sharePrefix(g.p.Root, name) {
			continue // its text starts with its root, which name cannot start
		}
		if p := g.text(); p == name || strings.HasPrefix(p, name+".") || strings.HasPrefix(p, name+"[") {
			w.guardLog = append(w.guardLog, guardBlank{i, *g})
			w.guards[i] = guard{}
		}
	}
}

// keysWithin reports whether every value the index shape idx allows is one
// of names: an enum or const of strings the object declares.
func keysWithin(idx shape, names []string) bool {
	bounded := false
	for _, n := range idx.nodes {
		if len(n.AnyOf) > 0 || len(n.OneOf) > 0 {
			return false // a union: some branch may be unbounded
		}
		vals := n.Enum
		if len(n.Constant) > 0 {
			vals = n.Constant
		}
		if vals == nil {
			continue
		}
		for _, v := range vals {
			s, ok := v.(string)
			if !ok && v != nil || ok && !slices.Contains(names, s) {
				return false
			}
		}
		bounded = true
	}
	return bounded
}

// inputKey reports whether the index e is read from the data (a path of
// an input): such a key is bounded only by its schema. A key the template
// binds itself ({% assign k = 'title' %}) is its own value, which the check
// does not follow; rendering checks it.
func (w *walker) inputKey(e Expr) bool {
	p, ok := e.(*Path)
	if !ok || p.RootExpr != nil || p.Root == "self" {
		return false
	}
	if _, local := w.lookup(p.Root); local {
		return false
	}
	return w.opts.Context.Has(p.Root)
}

// dynamicKeyHazard reports the read of p's segment i, a key computed at
// render time, from an object whose keys the schema declares: a key that
// names none of them is an unknown_variable error when it renders.
func (w *walker) dynamicKeyHazard(p *Path, i int, names []string) {
	r := p.Range()
	r.End = p.Segments[i].Range().End
	key := exprName(p.Segments[i].Index)
	detail := "Make " + key + " an enum of the names the object declares"
	if len(names) > 0 {
		shown := names
		if len(shown) > 8 {
			shown = shown[:8]
		}
		detail += " (" + strings.Join(shown, ", ")
		if len(names) > len(shown) {
			detail += ", …"
		}
		detail += ")"
	}
	detail += ", or read a declared property by its name."
	w.mayFail(r, detail, "%s fails when %s names no property of %s: the key is computed when it renders", pathPrefix(p, i+1), key, pathPrefix(p, i))
}

// guardBlank is a guard that unguard blanked, and where.
type guardBlank struct {
	i int
	g guard
}

// restoreGuards puts back the guards in w.guards[from:to] that unguard
// blanked since the log's mark, and keeps in the log the blanks below
// from, for the blocks around to put back theirs.
func (w *walker) restoreGuards(mark, from, to int) {
	kept := w.guardLog[:mark]
	for i := len(w.guardLog) - 1; i >= mark; i-- {
		if b := w.guardLog[i]; b.i >= from && b.i < to {
			w.guards[b.i] = b.g
		}
	}
	for _, b := range w.guardLog[mark:] {
		if b.i < from {
			kept = append(kept, b)
		}
	}
	w.guardLog = kept
}
