package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
)

// mutant is one change to a file's text: the bytes [start, end) replaced by
// repl. Line and column (from 1, in bytes) place it for the report.
type mutant struct {
	kind       string
	line, col  int
	start, end int
	repl       string
}

// apply returns src with the mutant's change made.
func (m mutant) apply(src []byte) []byte {
	out := make([]byte, 0, len(src)-(m.end-m.start)+len(m.repl))
	out = append(out, src[:m.start]...)
	out = append(out, m.repl...)
	return append(out, src[m.end:]...)
}

// opMutant is one of gremlins' mutants of a binary operator.
type opMutant struct {
	kind string
	to   token.Token
}

// operatorMutants returns the gremlins mutants of a binary operator.
func operatorMutants(op token.Token) []opMutant {
	switch op {
	case token.LSS:
		return []opMutant{{"CONDITIONALS_BOUNDARY", token.LEQ}, {"CONDITIONALS_NEGATION", token.GEQ}}
	case token.LEQ:
		return []opMutant{{"CONDITIONALS_BOUNDARY", token.LSS}, {"CONDITIONALS_NEGATION", token.GTR}}
	case token.GTR:
		return []opMutant{{"CONDITIONALS_BOUNDARY", token.GEQ}, {"CONDITIONALS_NEGATION", token.LEQ}}
	case token.GEQ:
		return []opMutant{{"CONDITIONALS_BOUNDARY", token.GTR}, {"CONDITIONALS_NEGATION", token.LSS}}
	case token.EQL:
		return []opMutant{{"CONDITIONALS_NEGATION", token.NEQ}}
	case token.NEQ:
		return []opMutant{{"CONDITIONALS_NEGATION", token.EQL}}
	case token.LAND:
		return []opMutant{{"INVERT_LOGICAL", token.LOR}}
	case token.LOR:
		return []opMutant{{"INVERT_LOGICAL", token.LAND}}
	case token.ADD:
		return []opMutant{{"ARITHMETIC_BASE", token.SUB}}
	case token.SUB:
		return []opMutant{{"ARITHMETIC_BASE", token.ADD}}
	case token.MUL:
		return []opMutant{{"ARITHMETIC_BASE", token.QUO}}
	case token.QUO, token.REM:
		return []opMutant{{"ARITHMETIC_BASE", token.MUL}}
	}
	return nil
}

// findMutants parses src (named filename for positions) and returns the
// mutants of its case clauses in the order of their positions.
func findMutants(filename string, src []byte) ([]mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	at := func(kind string, p token.Pos, start, end int, repl string) mutant {
		pos := fset.Position(p)
		return mutant{kind: kind, line: pos.Line, col: pos.Column, start: start, end: end, repl: repl}
	}
	var ms []mutant
	ast.Inspect(f, func(n ast.Node) bool {
		cc, ok := n.(*ast.CaseClause)
		if !ok || len(cc.List) == 0 {
			return true
		}
		if len(cc.List) == 1 {
			ms = append(ms, at("CASE_REMOVE_CLAUSE", cc.Case, off(cc.Pos()), off(cc.End()), ""))
		} else {
			for i, e := range cc.List {
				// Remove the expression with the comma after it, or,
				// for the last, with the comma before it.
				start, end := off(e.Pos()), 0
				if i+1 < len(cc.List) {
					end = off(cc.List[i+1].Pos())
				} else {
					start, end = off(cc.List[i-1].End()), off(e.End())
				}
				ms = append(ms, at("CASE_REMOVE_EXPR", e.Pos(), start, end, ""))
			}
		}
		for _, e := range cc.List {
			ast.Inspect(e, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BinaryExpr:
					for _, to := range operatorMutants(x.Op) {
						o := off(x.OpPos)
						ms = append(ms, at(to.kind, x.OpPos, o, o+len(x.Op.String()), to.to.String()))
					}
				case *ast.UnaryExpr:
					if x.Op == token.SUB {
						o := off(x.OpPos)
						ms = append(ms, at("INVERT_NEGATIVES", x.OpPos, o, o+1, "+"))
					}
				}
				return true
			})
		}
		return true
	})
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].start < ms[j].start })
	return ms, nil
}
