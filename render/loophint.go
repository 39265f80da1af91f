package render

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A loop over a range whose bound an input gives, (1..issue.priority), runs
// as many times as the data says: a loop_limit error there gets a hint to
// bound the input in its schema, or the loop.

// inputBound is a bound of a loop's range literal that is a path, such as
// issue.priority: its text as written, its root and its compiled lookup.
type inputBound struct {
	text, root string
	eval       evalFn
}

// inputBounds returns the bounds of a loop's collection that are paths,
// when it is a range literal: the bounds that may come from an input.
func (c *compiler) inputBounds(coll strict.Expr) []inputBound {
	r, ok := coll.(*strict.RangeLit)
	if !ok {
		return nil
	}
	var out []inputBound
	for _, e := range []strict.Expr{r.Start, r.End} {
		if p, ok := e.(*strict.Path); ok && p.RootExpr == nil {
			out = append(out, inputBound{text: strict.ExprText(p), root: p.Root, eval: c.path(p)})
		}
	}
	return out
}

// isInput reports whether name is read from the render's inputs: no
// block variable, assign, capture or counter binds it.
func (st *state) isInput(name string) bool {
	for i := len(st.scope) - 1; i >= 0; i-- {
		if st.scope[i].name == name {
			return false
		}
	}
	if _, ok := st.assigns[name]; ok {
		return false
	}
	if _, ok := st.counters[name]; ok {
		return false
	}
	_, ok := st.vars[name]
	return ok
}

// loopLimitHint adds to err, when it is a loop_limit error without a
// detail, the hint for a loop of n iterations, more than the limit of a
// whole render on its own, over a range with bounds: the bound an
// input gives that is farthest from 0, and the schema keyword that bounds
// it (maximum, or minimum for a negative one).
func loopLimitHint(st *state, err error, bounds []inputBound, n int) error {
	var d *diag.Diagnostic
	if len(bounds) == 0 || n <= st.b.limits.MaxLoopIterations || !errors.As(err, &d) || d.Code != codes.LoopLimit || d.Detail != "" {
		return err
	}
	var best *inputBound
	var bestV *big.Int
	for i, b := range bounds {
		if !st.isInput(b.root) {
			continue
		}
		v, verr := b.eval(st)
		if verr != nil {
			continue
		}
		bv, ok := rangeBound(value(v))
		if !ok {
			continue
		}
		var x *big.Int
		switch n := bv.(type) {
		case int64:
			x = big.NewInt(n)
		case *big.Int:
			x = n
		default:
			continue
		}
		if best == nil || x.CmpAbs(bestV) > 0 {
			best, bestV = &bounds[i], x
		}
	}
	if best != nil {
		keyword := "maximum"
		if bestV.Sign() < 0 {
			keyword = "minimum"
		}
		d.Detail = fmt.Sprintf("%s, an input, is %s here: give it a %q in its schema, or bound the loop with limit:.", best.text, bestV, keyword)
	}
	return err
}
