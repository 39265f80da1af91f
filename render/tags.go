package render

import (
	"errors"
	"math"
	"math/big"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

func (c *compiler) assign(n *strict.Assign) simpleFn {
	eval, name := c.pipeline(n.Value), n.Target
	built := len(n.Value.Filters) > 0 // filters build new values
	return func(st *state, _ *writer) error {
		v, err := eval(st)
		if err != nil {
			return err
		}
		v = value(v)
		return st.assign(name, v, built, n)
	}
}

func (c *compiler) increment(n *strict.Increment) simpleFn {
	name, dec := n.Var, n.Decrement
	return func(st *state, w *writer) error {
		if st.counters == nil {
			st.counters = map[string]int64{}
		}
		v := st.counters[name]
		if dec {
			v--
			st.counters[name] = v
		} else {
			st.counters[name] = v + 1
		}
		err := w.writeString(itoa64(v))
		return err
	}
}

// cycleHasVariable reports whether a cycle's values include anything but a
// literal.
func cycleHasVariable(vals []strict.Expr) bool {
	for _, v := range vals {
		if _, ok := v.(*strict.Literal); !ok {
			return true
		}
	}
	return false
}

func (c *compiler) cycle(n *strict.Cycle) simpleFn {
	vals := make([]evalFn, len(n.Values))
	for i, v := range n.Values {
		vals[i] = c.expr(v)
	}
	var group evalFn
	if n.Group != nil {
		group = c.expr(n.Group)
	}
	implicit := n.Implicit
	if group == nil && cycleHasVariable(n.Values) {
		// Liquid names an unnamed cycle by its values' text, and a
		// variable's text is unique to the tag, so each such tag counts
		// on its own: {% cycle x, 'b' %}{% cycle x, 'b' %} gives "aa".
		// Literal-only cycles with the same values share a counter.
		implicit = "\x01" + n.Range().String()
	}
	return func(st *state, w *writer) error {
		key := implicit
		if group != nil {
			g, err := group(st)
			if err != nil {
				return err
			}
			s, err := printedText(st.b, value(g))
			if err != nil {
				return placeLimit(err, n)
			}
			key = "\x00" + s
		}
		if st.cycles == nil {
			st.cycles = map[string]int{}
		}
		i := st.cycles[key]
		if i < len(vals) {
			v, err := vals[i](st)
			if err != nil {
				return err
			}
			s, err := printedText(st.b, value(v))
			if err != nil {
				return placeLimit(err, n)
			}
			if err := w.writeString(s); err != nil {
				return err
			}
		}
		i++
		if i >= len(vals) {
			i = 0
		}
		st.cycles[key] = i
		return nil
	}
}

func (c *compiler) ifBlock(n *strict.If) blockFn {
	conds := make([]evalFn, len(n.Clauses))
	for i, cl := range n.Clauses {
		if cl.Cond != nil {
			conds[i] = c.expr(cl.Cond)
		}
	}
	unless := n.Unless
	return func(st *state, w *writer, cl []body) error {
		for i, cond := range conds {
			if cond == nil {
				return cl[i].render(st, w)
			}
			v, err := cond(st)
			if err != nil {
				return err
			}
			t := truthy(value(v))
			if i == 0 && unless {
				t = !t
			}
			if t {
				return cl[i].render(st, w)
			}
		}
		return nil
	}
}

func (c *compiler) caseBlock(n *strict.Case) blockFn {
	subject := c.expr(n.Subject)
	type clause struct {
		values []evalFn // nil for else
	}
	whens := make([]clause, len(n.Clauses))
	for i, cl := range n.Clauses {
		if cl.Values == nil {
			continue
		}
		whens[i].values = make([]evalFn, len(cl.Values))
		for j, v := range cl.Values {
			whens[i].values[j] = c.expr(v)
		}
	}
	return func(st *state, w *writer, cl []body) error {
		matched := false
		for i, when := range whens {
			if when.values == nil {
				if !matched {
					if err := cl[i+1].render(st, w); err != nil {
						return err
					}
				}
				continue
			}
			for _, ve := range when.values {
				// Each value is a condition of its own, as in Liquid,
				// where "when a, b" is two: the subject is evaluated for
				// each, after what the clauses before it assigned, and a
				// matching value renders the clause again. The subject is
				// a value: blank and empty there are the empty string,
				// while in a when they keep their meaning ({% case empty
				// %}{% when empty %} matches).
				s, err := subject(st)
				if err != nil {
					return err
				}
				v, err := ve(st)
				if err != nil {
					return err
				}
				if equal(value(s), v) {
					matched = true
					if err := cl[i+1].render(st, w); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
}

// loopBounds evaluates a loop's offset and limit.
func loopBound(st *state, eval evalFn, at ranger, what string) (int64, bool, error) {
	if eval == nil {
		return 0, false, nil
	}
	v, err := eval(st)
	if err != nil {
		return 0, false, err
	}
	v = value(v)
	if v == nil {
		return 0, false, nil
	}
	n, err := toInteger(v)
	if err != nil {
		if b, ok := normalize(v).(*big.Int); ok {
			return 0, false, diag.Errorf(codes.RenderError, at.Range(), "for-loop %s %s is beyond the 64-bit integers", what, diag.Shorten(b.String()))
		}
		return 0, false, diag.Errorf(codes.RenderError, at.Range(), "for-loop %s must be an integer, got %s", what, rubyInspect(normalize(v)))
	}
	return n, true, nil
}

// tablerowBound evaluates a tablerow's offset, limit or cols. Liquid 5.4
// converts them with Ruby's to_i, so in compat mode "2x" is 2, "foo" is 0
// and 1.5 is 1; strict mode keeps them an error, like for's bounds.
func tablerowBound(st *state, eval evalFn, at ranger, what string) (int64, bool, error) {
	if st.strict || eval == nil {
		return loopBound(st, eval, at, what)
	}
	v, err := eval(st)
	if err != nil {
		return 0, false, err
	}
	switch x := normalize(value(v)).(type) {
	case nil:
		return 0, false, nil
	case string:
		return rubyToI(x), true, nil
	case float64:
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
		case x >= math.MaxInt64: // Ruby's to_i makes a Bignum: saturate
			return math.MaxInt64, true, nil
		case x <= math.MinInt64:
			return math.MinInt64, true, nil
		default:
			return int64(x), true, nil
		}
	}
	return loopBound(st, eval, at, what)
}

// rubyToI is Ruby's String#to_i: the integer at the start of s after
// whitespace (a sign, digits, single underscores between digits), or 0.
// Values beyond int64 saturate.
func rubyToI(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' && i > 0 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if n > (math.MaxInt64-int64(c-'0'))/10 {
			n = math.MaxInt64
			break
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		return -n
	}
	return n
}

// loopEnd returns where a loop starting at from stops: from plus the limit,
// and whether there is a limit at all (without one, or with a nil limit, the
// loop runs to the end). A negative limit, or one that ends before from,
// gives an empty loop, as in Liquid.
func loopEnd(st *state, limit evalFn, from int64, at ranger) (int64, bool, error) {
	v, ok, err := loopBound(st, limit, at, "limit")
	if err != nil || !ok {
		return 0, false, err
	}
	return satAdd(from, v), true, nil
}

// satAdd adds, saturating at the ends of int64.
func satAdd(a, b int64) int64 {
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return math.MaxInt64
	case a < 0 && b < 0 && s >= 0:
		return math.MinInt64
	}
	return s
}

// loopOption compiles a loop's limit, offset or cols: nil when the tag has
// none.
func (c *compiler) loopOption(e strict.Expr) evalFn {
	if e == nil {
		return nil
	}
	return c.expr(e)
}

func (c *compiler) forBlock(n *strict.For) blockFn {
	coll := c.expr(n.Collection)
	limit, offset := c.loopOption(n.Limit), c.loopOption(n.Offset)
	name, reversed, cont, hasElse := n.Var, n.Reversed, n.OffsetContinue, n.HasElse
	key := n.Var + "-" + c.source(n.Collection)
	rng, tag := n, &n.NameSpan
	bounds := c.inputBounds(n.Collection)
	return func(st *state, w *writer, cl []body) error {
		cv, err := coll(st)
		if err != nil {
			return err
		}
		var from int64
		if cont {
			from = st.offset(key)
		} else if v, ok, err := loopBound(st, offset, rng, "offset"); err != nil {
			return err
		} else if ok {
			from = v
		}
		to, bounded, err := loopEnd(st, limit, from, rng)
		if err != nil {
			return err
		}
		seq := seqOf(value(cv)).slice(from, to, bounded)
		st.setOffset(key, from+int64(seq.n))
		if seq.n == 0 {
			if hasElse {
				return cl[1].render(st, w)
			}
			return nil
		}
		fl := &loopObject{name: key, length: int64(seq.n)}
		if len(st.loops) > 0 {
			fl.parent = st.loops[len(st.loops)-1]
		}
		st.loops = append(st.loops, fl)
		st.push(name, nil)
		st.push("forloop", fl)
		defer func() {
			st.popN(2)
			st.loops = st.loops[:len(st.loops)-1]
		}()
		for i := 0; i < seq.n; i++ {
			if err := st.tick(tag); err != nil {
				return loopLimitHint(st, err, bounds, seq.n)
			}
			j := i
			if reversed {
				j = seq.n - 1 - i
			}
			st.set(name, seq.at(j))
			fl.index0 = int64(i)
			err := cl[0].render(st, w)
			if err != nil && !errors.Is(err, errBreak) && !errors.Is(err, errContinue) {
				return loopLimitHint(st, err, bounds, seq.n)
			}
			if errors.Is(err, errBreak) || i == seq.n-1 {
				// Liquid counts each item after its body, the last and
				// one a break ends on too: a forloop assigned to a
				// variable reads index 4 of 3 after the loop.
				fl.index0++
				break
			}
		}
		return nil
	}
}

// source returns an expression's text as written, which names the loops
// that share an "offset: continue" position.
func (c *compiler) source(e strict.Expr) string { return strict.ExprText(e) }

func (c *compiler) tablerow(n *strict.Tablerow) blockFn {
	coll := c.expr(n.Collection)
	cols, limit, offset := c.loopOption(n.Cols), c.loopOption(n.Limit), c.loopOption(n.Offset)
	name, rng, tag := n.Var, n, &n.NameSpan
	bounds := c.inputBounds(n.Collection)
	return func(st *state, w *writer, cl []body) error {
		cv, err := coll(st)
		if err != nil {
			return err
		}
		cv = value(cv)
		if cv == nil || cv == false {
			// Liquid renders nothing, not even the row, for a nil or
			// false collection.
			return nil
		}
		from, _, err := tablerowBound(st, offset, rng, "offset")
		if err != nil {
			return err
		}
		lim, bounded, err := tablerowBound(st, limit, rng, "limit")
		if err != nil {
			return err
		}
		if limit != nil && !bounded {
			// Liquid's tablerow takes a nil limit as 0 (nil.to_i),
			// unlike for, where it means no limit.
			bounded = true
		}
		seq := seqOf(cv).slice(from, satAdd(from, lim), bounded)
		// Without cols a row holds every cell (current Shopify, which the
		// golden suite follows; Liquid 5.4 takes 0, so its col_last is
		// never true); cols: nil is 0 in both.
		ncols := int64(seq.n)
		if v, ok, err := tablerowBound(st, cols, rng, "cols"); err != nil {
			return err
		} else if ok || cols != nil {
			ncols = v
		}
		if err := w.writeString("<tr class=\"row1\">\n"); err != nil {
			return err
		}
		tl := &loopObject{table: true, length: int64(seq.n), cols: ncols, row: 1, col: 1}
		st.push(name, nil)
		st.push("tablerowloop", tl)
		defer st.popN(2)
		for i := 0; i < seq.n; i++ {
			if err := st.tick(tag); err != nil {
				return loopLimitHint(st, err, bounds, seq.n)
			}
			st.set(name, seq.at(i))
			if err := w.writeString("<td class=\"col" + itoa64(tl.col) + "\">"); err != nil {
				return err
			}
			err := cl[0].render(st, w)
			if err != nil && !errors.Is(err, errBreak) && !errors.Is(err, errContinue) {
				return loopLimitHint(st, err, bounds, seq.n)
			}
			if err := w.writeString("</td>"); err != nil {
				return err
			}
			if errors.Is(err, errBreak) {
				break
			}
			if tl.col == tl.cols && tl.index0 != tl.length-1 {
				if err := w.writeString("</tr>\n<tr class=\"row" + itoa64(tl.row+1) + "\">"); err != nil {
					return err
				}
			}
			tl.next()
		}
		err = w.writeString("</tr>\n")
		return err
	}
}

func (c *compiler) capture(n *strict.Capture) blockFn {
	name, rng := n.Target, n
	return func(st *state, w *writer, cl []body) error {
		buf := writer{b: st.b}
		err := cl[0].render(st, &buf)
		if err != nil && !errors.Is(err, errBreak) && !errors.Is(err, errContinue) {
			return err
		}
		s := buf.buf.String()
		if err := st.assign(name, s, true, rng); err != nil {
			return err
		}
		return err
	}
}

func (c *compiler) ifchanged(n *strict.Ifchanged) blockFn {
	return func(st *state, w *writer, cl []body) error {
		buf := writer{b: st.b}
		if err := cl[0].render(st, &buf); err != nil {
			return err
		}
		s := buf.buf.String()
		if st.changed != nil && *st.changed == s {
			return nil
		}
		st.changed = &s
		err := w.writeString(s)
		return err
	}
}
