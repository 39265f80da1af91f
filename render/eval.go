package render

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// evalFn evaluates a compiled expression.
type evalFn func(st *state) (any, error)

// compiler turns syntax trees into evaluators.
type compiler struct {
	eng       *Engine
	t         *Template // the template being compiled, whose partials include tags render
	textBytes int       // the length of the literal text compiled so far
}

func (c *compiler) expr(e strict.Expr) evalFn {
	switch e := e.(type) {
	case *strict.Literal:
		v := literalValue(e)
		return func(*state) (any, error) { return v, nil }
	case *strict.RangeLit:
		return c.rangeLit(e)
	case *strict.Path:
		return c.path(e)
	case *strict.Compare:
		return c.compare(e)
	case *strict.Logical:
		return c.logical(e)
	}
	return func(*state) (any, error) { return nil, fmt.Errorf("unsupported expression %T", e) }
}

// operand is a compiled expression that is often a literal: a literal's
// value is held as it is, which spares a closure for it.
type operand struct {
	v    any    // the literal's value, when eval is nil
	eval evalFn // otherwise
}

func (c *compiler) operand(e strict.Expr) operand {
	if lit, ok := e.(*strict.Literal); ok {
		return operand{v: literalValue(lit)}
	}
	return operand{eval: c.expr(e)}
}

func (o *operand) get(st *state) (any, error) {
	if o.eval == nil {
		return o.v, nil
	}
	return o.eval(st)
}

// literalValue is the value of a literal.
func literalValue(e *strict.Literal) any {
	switch e.Kind {
	case strict.LitBlank:
		return blankValue{}
	case strict.LitEmpty:
		return emptyValue{}
	}
	return e.Value
}

// value evaluates an expression for use as a value: the keywords blank and
// empty become the empty string.
func value(v any) any {
	switch v.(type) {
	case blankValue, emptyValue:
		return ""
	}
	return v
}

func (c *compiler) rangeLit(e *strict.RangeLit) evalFn {
	if a, ok := e.Start.(*strict.Literal); ok {
		if b, ok := e.End.(*strict.Literal); ok && checkBoundText(literalValue(a), literalValue(b)) == nil {
			// Constant bounds: the range is made once, boxed once.
			var r any = newRange(literalBound(value(literalValue(a))), literalBound(value(literalValue(b))))
			return func(*state) (any, error) { return r, nil }
		}
	}
	lo, hi := c.expr(e.Start), c.expr(e.End)
	return func(st *state) (any, error) {
		a, err := lo(st)
		if err != nil {
			return nil, err
		}
		b, err := hi(st)
		if err != nil {
			return nil, err
		}
		if err := checkBoundText(a, b); err != nil {
			return nil, placeLimit(err, e)
		}
		lo, ok1 := rangeBound(value(a))
		hi, ok2 := rangeBound(value(b))
		if !ok1 || !ok2 {
			return nil, diag.Errorf(codes.RenderError, e.Range(), "invalid integer: a range's bounds must be integers, got (%s..%s)",
				rubyInspect(normalize(a)), rubyInspect(normalize(b)))
		}
		return newRange(lo, hi), nil
	}
}

// literalBound converts a literal range end to an integer as Ruby's to_i
// does (Liquid makes a range of constants once, when it parses): an int64,
// or a *big.Int beyond it.
func literalBound(v any) any {
	switch x := normalize(v).(type) {
	case int64:
		return x
	case *big.Int:
		return bigInteger(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return int64(0) // no literal is either; to_i would raise
		}
		if x > -1<<63 && x < 1<<63 {
			return int64(x)
		}
		n, _ := big.NewFloat(x).Int(nil)
		return bigInteger(n)
	case string:
		return leadingInteger(x)
	}
	return int64(0)
}

// rangeBound converts a range end computed while rendering as Liquid 5.4's
// RangeLookup does: an integer is itself, nil and strings go through Ruby's
// to_i, and anything else through Ruby's Integer() of its string form,
// which refuses a float ("1.5", "2.0"), a boolean or a collection (ok is
// false: Liquid's "invalid integer"). n is an int64, or a *big.Int beyond
// it.
func rangeBound(v any) (n any, ok bool) {
	switch x := normalize(v).(type) {
	case int64:
		return x, true
	case *big.Int:
		return bigInteger(x), true
	case nil:
		return int64(0), true
	case string:
		return leadingInteger(x), true
	}
	if !scalar(v) {
		return nil, false // the inspect form of a collection is never an integer
	}
	// A float, boolean or date: Integer() refuses its string form.
	i, ok := parseRubyInteger(strOf(v))
	return i, ok
}

// segment is a compiled path step.
type segment struct {
	key   any    // static key: a string name or an int64 index
	index evalFn // dynamic key
	dot   bool
	span  strict.Span // the step, whose end is where the path up to it ends
	// declared: the schema declares the key (strict.Segment.Declared);
	// keys: the keys it declares for a dynamic one (strict.Segment.Keys).
	declared bool
	keys     []string
	// open: the value may allow keys it does not declare, or its shape is
	// unknown to the checker (strict.Segment.Open); an absent key is nil.
	open bool
}

func (c *compiler) path(p *strict.Path) evalFn {
	segs := make([]segment, len(p.Segments))
	for i, s := range p.Segments {
		seg := segment{dot: s.Dot, span: s.Span, declared: s.Declared, keys: s.Keys, open: s.Open}
		switch {
		case s.Index != nil:
			if lit, ok := s.Index.(*strict.Literal); ok && (lit.Kind == strict.LitInt || lit.Kind == strict.LitString) {
				seg.key = lit.Value
			} else {
				seg.index = c.expr(s.Index)
			}
		default:
			seg.key = s.Name
		}
		segs[i] = seg
	}
	root := p.Root
	// A local the template binds reads as nil where no binding has run.
	local := p.Local
	var rootExpr evalFn
	if p.RootExpr != nil {
		rootExpr = c.expr(p.RootExpr)
	}
	return func(st *state) (any, error) {
		name := root
		if rootExpr != nil {
			k, err := rootExpr(st)
			if err != nil {
				return nil, err
			}
			if name, err = printedText(st.b, value(k)); err != nil {
				return nil, placeLimit(err, p)
			}
		}
		v, ok := st.lookup(name)
		start := 0
		if !ok && name == "self" && len(segs) == 0 && !st.strict {
			// self alone (newer Liquid) is the scope: passed to a render
			// partial, it lets the partial read the caller's variables.
			return scopeSnapshot(st), nil
		}
		if !ok && name == "self" && len(segs) > 0 {
			// self[key] (newer Liquid) is the variable named key: a
			// local or the data, whichever lookup finds first.
			key := segs[0].key
			if segs[0].index != nil {
				k, err := segs[0].index(st)
				if err != nil {
					return nil, err
				}
				key = normalize(value(k))
			}
			k, isName := key.(string)
			if !isName {
				return nil, nil
			}
			start = 1
			if v, ok = st.lookup(k); !ok {
				if st.strict && !st.t.schema.Has(k) && !local {
					r := p.Range()
					r.End = segs[0].span.Range().End
					return nil, missing(r, name, p, 1)
				}
				return nil, nil
			}
		}
		if !ok {
			// An input the schema declares may be left out (attempt on
			// the first run): it reads as nil.
			if st.strict && !st.t.schema.Has(name) && !(local && rootExpr == nil) {
				r := p.Range()
				r.End = p.RootSpan.Range().End
				return nil, missing(r, name, p, 0)
			}
			return nil, nil
		}
		for i := start; i < len(segs); i++ {
			s := &segs[i]
			if v == nil {
				return nil, nil // reading through null is fine
			}
			key := s.key
			if s.index != nil {
				k, err := s.index(st)
				if err != nil {
					return nil, err
				}
				key = normalize(value(k))
			}
			next, found := property(v, key, s.dot)
			if !found {
				// An array is indexed by integers: another index finds
				// nothing, which strict variables make an error in Ruby
				// Liquid 5.4 too (arr[true], arr[1.0], arr[nil]); an
				// integer beyond the end is nil.
				if st.strict && s.index != nil && isArray(v) && !isIntegerKey(key) {
					r := p.Range()
					r.End = s.span.Range().End
					return nil, missing(r, name, p, i+1).WithDetail("An array is indexed by integers; this index is %s (%s).", rubyInspect(key), rubyClass(key))
				}
				// A property the schema declares may be left out too.
				if st.strict && isObject(v) && !s.declared && !s.open && !s.declares(key) {
					r := p.Range()
					r.End = s.span.Range().End
					return nil, missing(r, name, p, i+1)
				}
				return nil, nil
			}
			v = next
		}
		return v, nil
	}
}

// isIntegerKey reports whether key, an index, is an integer.
func isIntegerKey(key any) bool {
	switch key.(type) {
	case int64, *big.Int:
		return true
	}
	return false
}

// scopeSnapshot returns the variables a lookup would find now, as an
// object: the data, then counters, assigns and block-scoped bindings, each
// hiding the ones before it, as lookup does.
func scopeSnapshot(st *state) *Map {
	m := NewMap()
	for _, k := range slices.Sorted(maps.Keys(st.vars)) {
		m.Set(k, st.vars[k])
	}
	for _, k := range slices.Sorted(maps.Keys(st.counters)) {
		m.Set(k, st.counters[k])
	}
	for _, k := range slices.Sorted(maps.Keys(st.assigns)) {
		m.Set(k, st.assigns[k].v)
	}
	for _, b := range st.scope {
		m.Set(b.name, b.val)
	}
	return m
}

// declares reports whether the schema declares key for a dynamic segment.
func (s *segment) declares(key any) bool {
	k, ok := key.(string)
	if !ok || len(s.keys) == 0 {
		return false
	}
	_, found := slices.BinarySearch(s.keys, k)
	return found
}

// missing is the runtime strictness error for a lookup that found nothing.
func missing(r diag.Range, root string, p *strict.Path, n int) *diag.Diagnostic {
	var b strings.Builder
	b.WriteString(root)
	for _, s := range p.Segments[:n] {
		switch {
		case s.Dot:
			b.WriteString("." + s.Name)
		case s.Index == nil:
			fmt.Fprintf(&b, "[%q]", s.Name)
		default:
			b.WriteString("[…]")
		}
	}
	if n == 0 {
		return diag.Errorf(codes.UnknownVariable, r, "variable %q is not defined when rendering", b.String())
	}
	return diag.Errorf(codes.UnknownVariable, r, "%q is missing from the data", b.String())
}

func (c *compiler) compare(e *strict.Compare) evalFn {
	left, right := c.operand(e.Left), c.operand(e.Right)
	op, opSpan := e.Op, e.OpSpan
	return func(st *state) (any, error) {
		a, err := left.get(st)
		if err != nil {
			return nil, err
		}
		b, err := right.get(st)
		if err != nil {
			return nil, err
		}
		switch op {
		case "==":
			return equalChecked(st.b, a, b)
		case "!=", "<>":
			eq, err := equalChecked(st.b, a, b)
			return !eq, err
		case "contains":
			ok, err := containsCharged(st.b, value(a), value(b))
			return ok, placeLimit(err, opSpan)
		}
		if isKeyword(a) || isKeyword(b) {
			return false, nil
		}
		ok, err := compare(op, a, b)
		if err != nil {
			return nil, diag.Errorf(codes.RenderError, opSpan.Range(), "%v", err)
		}
		return ok, nil
	}
}

// logical evaluates a chain of and/or as Liquid does: left to right,
// stopping at the first operand that decides the chain.
func (c *compiler) logical(e *strict.Logical) evalFn {
	type link struct {
		eval evalFn
		op   string // the operator after this operand; "" for the last
	}
	var chain []link
	for {
		chain = append(chain, link{c.expr(e.Left), e.Op})
		next, ok := e.Right.(*strict.Logical)
		if !ok {
			chain = append(chain, link{c.expr(e.Right), ""})
			break
		}
		e = next
	}
	return func(st *state) (any, error) {
		var res any
		for _, l := range chain {
			v, err := l.eval(st)
			if err != nil {
				return nil, err
			}
			res = v
			if l.op == "or" && truthy(value(v)) || l.op == "and" && !truthy(value(v)) {
				return res, nil
			}
		}
		return res, nil
	}
}

// filterCall is a compiled filter step.
type filterCall struct {
	name    string
	fn      FilterFunc // a caller's filter
	std     filterBody // a standard filter, when fn is nil
	args    []operand
	kwNames []string
	kwArgs  []operand
	span    strict.Span // the filter's name
	// arity is set, in compat mode, when the call passes a count of
	// arguments the filter does not take: Shopify fails only when it runs.
	arity string
}

// pipeline compiles "value | filter …".
func (c *compiler) pipeline(pl *strict.Pipeline) evalFn {
	val := c.expr(pl.Value)
	if len(pl.Filters) == 0 {
		return val
	}
	calls := make([]filterCall, len(pl.Filters))
	for i, f := range pl.Filters {
		fc := filterCall{name: f.Name, fn: c.eng.filters[f.Name], span: f.NameSpan}
		if fc.fn == nil {
			fc.std = c.eng.std[f.Name]
		}
		for _, a := range f.Args {
			if a.Name == "" {
				fc.args = append(fc.args, c.operand(a.Value))
			} else {
				fc.kwNames = append(fc.kwNames, a.Name)
				fc.kwArgs = append(fc.kwArgs, c.operand(a.Value))
			}
		}
		if c.eng.opts.Compat && (fc.fn != nil || fc.std != nil) {
			sig, ok := c.eng.sigs[f.Name]
			if !ok {
				sig, ok = strict.StandardFilter(f.Name)
			}
			if ok && !sig.Accepts(len(fc.args)) {
				fc.arity = fmt.Sprintf("takes %s, got %d", sig.CountArgs(), len(fc.args))
			}
		}
		calls[i] = fc
	}
	return func(st *state) (any, error) {
		v, err := val(st)
		if err != nil {
			return nil, err
		}
		v = value(v)
		for i := range calls {
			fc := &calls[i]
			if fc.fn == nil && fc.std == nil {
				continue // an unknown filter in compat mode returns its input
			}
			if fc.arity != "" {
				return nil, diag.Errorf(codes.RenderError, fc.span.Range(), "filter %q %s", fc.name, fc.arity)
			}
			base := len(st.args)
			for j := range fc.args {
				x, err := fc.args[j].get(st)
				if err != nil {
					st.args = st.args[:base]
					return nil, err
				}
				st.args = append(st.args, value(x))
			}
			var kw map[string]any
			if len(fc.kwArgs) > 0 {
				kw = make(map[string]any, len(fc.kwArgs))
				for j := range fc.kwArgs {
					x, err := fc.kwArgs[j].get(st)
					if err != nil {
						st.args = st.args[:base]
						return nil, err
					}
					kw[fc.kwNames[j]] = value(x)
				}
			}
			args := st.args[base:len(st.args):len(st.args)]
			var out any
			if fc.fn != nil {
				out, err = fc.fn(v, args, kw)
			} else {
				out, err = fc.std(st.b, v, args, kw)
			}
			st.args = st.args[:base]
			if err != nil {
				var le *strict.LimitError
				if errors.As(err, &le) {
					return nil, diag.Errorf(le.Code, fc.span.Range(), "filter %q: %s", fc.name, le.Msg)
				}
				return nil, diag.Errorf(codes.RenderError, fc.span.Range(), "filter %q: %v", fc.name, err)
			}
			v = out
		}
		return v, nil
	}
}
