package strict

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/diag"
)

// This file holds the helpers the package's tests share: a compact notation
// for ranges and diagnostics, a position oracle computed independently of
// posTable, a walker that visits every range in an AST, and a printer that
// renders an AST as short text that table tests compare by hand.

// rs formats a range as "line:col@byte-line:col@byte".
func rs(r diag.Range) string {
	return fmt.Sprintf("%d:%d@%d-%d:%d@%d", r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Line, r.End.Column, r.End.Byte)
}

// ds formats a diagnostic as "code range", the form table tests list.
func ds(d *diag.Diagnostic) string { return string(d.Code) + " " + rs(d.Subject) }

func dsAll(l diag.List) []string {
	out := make([]string, 0, len(l))
	for _, d := range l {
		out = append(out, ds(d))
	}
	return out
}

// oraclePos computes the position of byte offset off of src, where src's
// first byte is at start, by counting newlines: the slow, obvious way.
func oraclePos(src string, start diag.Pos, off int) diag.Pos {
	if start.IsZero() {
		start = diag.StartPos
	}
	p := start
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column++
		}
	}
	p.Byte = start.Byte + off
	return p
}

// rangeProblem returns "" when r is a well-formed range of src (which starts
// at start in file filename): Start <= End, both inside the source, and line
// and column agreeing with the byte offset. Otherwise it says what is wrong.
func rangeProblem(src, filename string, start diag.Pos, r diag.Range) string {
	if start.IsZero() {
		start = diag.StartPos
	}
	if r.Filename != filename {
		return fmt.Sprintf("filename %q, want %q", r.Filename, filename)
	}
	a, b := r.Start.Byte-start.Byte, r.End.Byte-start.Byte
	if a < 0 || b > len(src) || a > b {
		return fmt.Sprintf("range %s outside the source [%d,%d] or reversed", rs(r), start.Byte, start.Byte+len(src))
	}
	if want := oraclePos(src, start, a); r.Start != want {
		return fmt.Sprintf("start %+v, want %+v", r.Start, want)
	}
	if want := oraclePos(src, start, b); r.End != want {
		return fmt.Sprintf("end %+v, want %+v", r.End, want)
	}
	return ""
}

// within reports whether inner lies inside outer.
func within(inner, outer diag.Range) bool {
	return outer.Start.Byte <= inner.Start.Byte && inner.End.Byte <= outer.End.Byte
}

// visit calls fn for every range in the template: each node's span and the
// ranges of its parts, with the span of the tag or output that holds them
// (for a node itself, holder is its own span).
func visit(nodes []Node, fn func(what string, r, holder diag.Range)) {
	for _, n := range nodes {
		visitNode(n, fn)
	}
}

func visitNode(n Node, fn func(what string, r, holder diag.Range)) {
	h := n.Range()
	fn(fmt.Sprintf("%T", n), h, h)
	expr := func(e Expr) {
		if e != nil {
			visitExpr(e, h, fn)
		}
	}
	pipe := func(pl *Pipeline) {
		if pl == nil {
			return
		}
		fn("pipeline", pl.Range(), h)
		expr(pl.Value)
		for _, f := range pl.Filters {
			fn("filter "+f.Name, f.Range(), h)
			fn("filter name "+f.Name, f.NameSpan.Range(), h)
			for _, a := range f.Args {
				fn("arg", a.Range(), h)
				expr(a.Value)
			}
		}
	}
	tag := func(t Tag) { fn("tag name "+t.Name, t.NameSpan.Range(), h) }
	switch n := n.(type) {
	case *Output:
		pipe(n.Value)
	case *Assign:
		tag(n.Tag)
		fn("assign target", n.TargetSpan.Range(), h)
		pipe(n.Value)
	case *Capture:
		tag(n.Tag)
		if n.Target != "" {
			fn("capture target", n.TargetSpan.Range(), h)
		}
		visit(n.Body, fn)
	case *If:
		tag(n.Tag)
		for _, c := range n.Clauses {
			visitClause(c, fn)
		}
	case *Case:
		tag(n.Tag)
		expr(n.Subject)
		for _, c := range n.Clauses {
			visitClause(c, fn)
		}
	case *For:
		tag(n.Tag)
		fn("for var", n.VarSpan.Range(), h)
		expr(n.Collection)
		expr(n.Limit)
		expr(n.Offset)
		visit(n.Body, fn)
		visit(n.Else, fn)
	case *Tablerow:
		tag(n.Tag)
		fn("tablerow var", n.VarSpan.Range(), h)
		expr(n.Collection)
		expr(n.Cols)
		expr(n.Limit)
		expr(n.Offset)
		visit(n.Body, fn)
	case *Break:
		tag(n.Tag)
	case *Continue:
		tag(n.Tag)
	case *Cycle:
		tag(n.Tag)
		expr(n.Group)
		for _, v := range n.Values {
			expr(v)
		}
	case *Increment:
		tag(n.Tag)
		fn("counter", n.VarSpan.Range(), h)
	case *Echo:
		tag(n.Tag)
		pipe(n.Value)
	case *Raw:
		tag(n.Tag)
	case *Comment:
		tag(n.Tag)
	case *Ifchanged:
		tag(n.Tag)
		visit(n.Body, fn)
	case *Include:
		tag(n.Tag)
		expr(n.Name)
		expr(n.With)
		if n.Alias != "" {
			fn("alias", n.AliasSpan.Range(), h)
		}
		for _, a := range n.Args {
			fn("arg", a.Range(), h)
			expr(a.Value)
		}
	}
}

func visitClause(c *Clause, fn func(what string, r, holder diag.Range)) {
	h := c.Range()
	fn("clause "+c.Name, h, h)
	fn("tag name "+c.Name, c.NameSpan.Range(), h)
	if c.Cond != nil {
		visitExpr(c.Cond, h, fn)
	}
	for _, v := range c.Values {
		visitExpr(v, h, fn)
	}
	visit(c.Body, fn)
}

func visitExpr(e Expr, h diag.Range, fn func(what string, r, holder diag.Range)) {
	// Walk and/or chains iteratively: they nest to the right.
	for {
		fn(fmt.Sprintf("%T", e), e.Range(), h)
		switch x := e.(type) {
		case *RangeLit:
			visitExpr(x.Start, h, fn)
			visitExpr(x.End, h, fn)
		case *Path:
			if x.RootExpr != nil {
				visitExpr(x.RootExpr, h, fn)
			}
			fn("path root", x.RootSpan.Range(), h)
			for _, s := range x.Segments {
				fn("segment", s.Range(), h)
				if s.Index != nil {
					visitExpr(s.Index, h, fn)
				}
			}
		case *Compare:
			visitExpr(x.Left, h, fn)
			fn("operator", x.OpSpan.Range(), h)
			visitExpr(x.Right, h, fn)
		case *Logical:
			visitExpr(x.Left, h, fn)
			e = x.Right
			continue
		}
		return
	}
}

// dump renders nodes as compact text: tags as "name args [body]", outputs as
// "{{ … }}", text quoted. Ranges are left out; tests assert them separately.
func dump(nodes []Node) string {
	parts := make([]string, 0, len(nodes))
	for _, n := range nodes {
		parts = append(parts, dumpNode(n))
	}
	return strings.Join(parts, " ")
}

func bodyDump(nodes []Node) string { return "[" + dump(nodes) + "]" }

func dumpNode(n Node) string {
	switch n := n.(type) {
	case *Text:
		return strconv.Quote(n.Value)
	case *Output:
		if n.Value == nil {
			return "{{}}"
		}
		return "{{" + dumpPipe(n.Value) + "}}"
	case *Assign:
		return "assign " + n.Target + " = " + dumpPipe(n.Value)
	case *Capture:
		return "capture " + n.Target + " " + bodyDump(n.Body)
	case *If:
		var b strings.Builder
		for i, c := range n.Clauses {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(c.Name)
			if c.Cond != nil {
				b.WriteString(" " + dumpExpr(c.Cond))
			}
			b.WriteString(" " + bodyDump(c.Body))
		}
		return b.String()
	case *Case:
		var b strings.Builder
		b.WriteString("case " + dumpExpr(n.Subject))
		for _, c := range n.Clauses {
			b.WriteString(" " + c.Name)
			for i, v := range c.Values {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(" " + dumpExpr(v))
			}
			b.WriteString(" " + bodyDump(c.Body))
		}
		return b.String()
	case *For:
		s := "for " + n.Var + " in " + dumpExpr(n.Collection)
		if n.Reversed {
			s += " reversed"
		}
		if n.Limit != nil {
			s += " limit:" + dumpExpr(n.Limit)
		}
		if n.Offset != nil {
			s += " offset:" + dumpExpr(n.Offset)
		}
		if n.OffsetContinue {
			s += " offset:continue"
		}
		s += " " + bodyDump(n.Body)
		if n.HasElse {
			s += " else " + bodyDump(n.Else)
		}
		return s
	case *Tablerow:
		s := "tablerow " + n.Var + " in " + dumpExpr(n.Collection)
		for _, kv := range []struct {
			k string
			v Expr
		}{{"cols", n.Cols}, {"limit", n.Limit}, {"offset", n.Offset}} {
			if kv.v != nil {
				s += " " + kv.k + ":" + dumpExpr(kv.v)
			}
		}
		return s + " " + bodyDump(n.Body)
	case *Break:
		return "break"
	case *Continue:
		return "continue"
	case *Cycle:
		s := "cycle"
		if n.Group != nil {
			s += " " + dumpExpr(n.Group) + ":"
		}
		for i, v := range n.Values {
			if i > 0 {
				s += ","
			}
			s += " " + dumpExpr(v)
		}
		return s
	case *Increment:
		if n.Decrement {
			return "decrement " + n.Var
		}
		return "increment " + n.Var
	case *Echo:
		if n.Value == nil {
			return "echo"
		}
		return "echo " + dumpPipe(n.Value)
	case *Raw:
		return "raw " + strconv.Quote(n.Text)
	case *Comment:
		return "comment(" + n.Name + ")"
	case *Ifchanged:
		return "ifchanged " + bodyDump(n.Body)
	case *Include:
		s := n.Tag.Name + " " + dumpExpr(n.Name)
		if n.With != nil {
			if n.For {
				s += " for "
			} else {
				s += " with "
			}
			s += dumpExpr(n.With)
		}
		if n.Alias != "" {
			s += " as " + n.Alias
		}
		for _, a := range n.Args {
			s += " " + a.Name + ":" + dumpExpr(a.Value)
		}
		return s
	}
	return fmt.Sprintf("?%T", n)
}

func dumpPipe(pl *Pipeline) string {
	s := dumpExpr(pl.Value)
	for _, f := range pl.Filters {
		s += " | " + f.Name
		for i, a := range f.Args {
			if i == 0 {
				s += ": "
			} else {
				s += ", "
			}
			if a.Name != "" {
				s += a.Name + ": "
			}
			s += dumpExpr(a.Value)
		}
	}
	return s
}

func dumpExpr(e Expr) string {
	switch e := e.(type) {
	case *Literal:
		switch e.Kind {
		case LitNil:
			return "nil"
		case LitBlank:
			return "blank"
		case LitEmpty:
			return "empty"
		case LitString:
			return strconv.Quote(e.Value.(string))
		case LitFloat:
			return strconv.FormatFloat(e.Value.(float64), 'g', -1, 64) + "f"
		}
		return fmt.Sprint(e.Value)
	case *RangeLit:
		return "(" + dumpExpr(e.Start) + ".." + dumpExpr(e.End) + ")"
	case *Path:
		s := e.Root
		if e.RootExpr != nil {
			s = "[" + dumpExpr(e.RootExpr) + "]"
		}
		for _, seg := range e.Segments {
			switch {
			case seg.Index != nil:
				s += "[" + dumpExpr(seg.Index) + "]"
			case seg.Dot:
				s += "." + seg.Name
			default:
				s += "[" + strconv.Quote(seg.Name) + "]"
			}
		}
		return s
	case *Compare:
		return "(" + dumpExpr(e.Left) + " " + e.Op + " " + dumpExpr(e.Right) + ")"
	case *Logical:
		return "(" + dumpExpr(e.Left) + " " + e.Op + " " + dumpExpr(e.Right) + ")"
	}
	return fmt.Sprintf("?%T", e)
}

// testLaneContext compiles a profile's lane context from the profile
// package's embedded files (which import this package, so its tests cannot
// import them).
func testLaneContext(profile string) (*Schema, error) {
	ctx, err := os.ReadFile("../profile/schemas/" + profile + "-context.json")
	if err != nil {
		return nil, err
	}
	issue, err := os.ReadFile("../profile/schemas/" + profile + "-issue.json")
	if err != nil {
		return nil, err
	}
	return CompileSchema("https://shea.dev/schemas/"+profile+"-context.json", ctx,
		map[string][]byte{"https://shea.dev/schemas/" + profile + "-issue.json": issue})
}
