package strict

import (
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Truthiness traps. In Liquid only nil and false are false: an empty
// array, an empty string, 0 and an empty object are all true. So a
// condition on a value the schema says is an array ({% if issue.labels %})
// is true even when the array is empty, the classic Liquid trap behind an
// empty "## Labels" section; and a condition on a value the schema requires
// and never allows to be null or false is always true. Both are
// truthy_condition warnings at the operand, with the test that was likely
// meant (.size > 0, != empty, != 0). Only a bare operand of if, elsif or
// unless is looked at (alone, or joined by and/or); a comparison tests what
// it says. A value whose types the schema leaves open is not reported.

// condition checks the expression of an if, elsif or unless, as expr
// does, and reports each bare operand whose truth the schema decides.
func (w *walker) condition(e Expr) {
	for {
		l, ok := e.(*Logical)
		if !ok {
			break
		}
		w.operand(l.Left)
		e = l.Right
	}
	w.operand(e)
}

// operand checks one operand of a condition.
func (w *walker) operand(e Expr) {
	p, ok := e.(*Path)
	if c, isCmp := e.(*Compare); isCmp && c.Op == "" {
		p, ok = c.Left.(*Path)
	}
	sh := w.expr(e)
	if !ok || !w.hazardOK() {
		return
	}
	w.truthy(p, sh)
}

// truthy reports a condition on path p, of shape sh, that is true for
// every empty array or for every value the schema allows.
func (w *walker) truthy(p *Path, sh shape) {
	ts, ok := certainTypes(sh)
	if !ok || ts == 0 {
		return
	}
	name := pathString(p)
	switch {
	case ts&^tNull == tArray:
		d := diag.Warningf(codes.TruthyCondition, p.Range(), "the condition on %s is true even when the array is empty: an empty array is true in Liquid", name)
		d.Detail = "Test its size: " + name + ".size > 0 (false for nil too)."
		if !sh.maybeNil && ts&tNull == 0 {
			d.Detail = "Test its size: " + name + ".size > 0, or " + name + " != empty."
		}
		w.diags = append(w.diags, d)
	case !sh.maybeNil && ts&(tNull|tBoolean) == 0:
		what, test := "value", ""
		switch {
		case ts == tString:
			what, test = "string", "Test its text: "+name+" != empty (false for an empty string)."
		case ts&^(tInteger|tNumber) == 0:
			what, test = "number", "Compare it: "+name+" != 0, or "+name+" > 0."
		case ts == tObject:
			what, test = "object", "Test one of its properties, or drop the condition."
		}
		d := diag.Warningf(codes.TruthyCondition, p.Range(), "the condition on %s is always true: the schema makes it %s that is never nil or false (an empty string, 0 and an empty object are true in Liquid)", name, article(what))
		d.Detail = test
		if d.Detail == "" {
			d.Detail = "Compare it with the value meant, or drop the condition."
		}
		w.diags = append(w.diags, d)
	}
}

// certainTypes returns the JSON types a value of shape sh may have, when
// every schema node of the shape declares its types (a built-in value's
// kind counts); ok is false when the types are left open.
func certainTypes(sh shape) (ts typeSet, ok bool) {
	if sh.kind != "" || sh.fields != nil {
		return sh.types()
	}
	if len(sh.nodes) == 0 {
		return 0, false
	}
	for _, n := range sh.nodes {
		if len(n.Types) == 0 {
			return 0, false
		}
	}
	return sh.types()
}
