package main

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
)

// fromReport returns the mutants of src that a gremlins report lists as
// RUNNABLE (a dry run's covered mutants: `gremlins unleash --dry-run -o`),
// each made as gremlins makes it, so that a sample of them can be tested
// where testing all is too slow.
func fromReport(path string, src []byte) ([]mutant, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep report
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	toks := tokens(src)
	var ms []mutant
	for _, f := range rep.Files {
		for _, m := range f.Mutations {
			if m.Status != "RUNNABLE" {
				continue
			}
			t, ok := toks[[2]int{m.Line, m.Column}]
			if !ok {
				return nil, fmt.Errorf("%s: no operator at %d:%d for %s", path, m.Line, m.Column, m.Type)
			}
			to, ok := gremlinsMutant(m.Type, t.tok)
			if !ok {
				return nil, fmt.Errorf("%s: %s of %s at %d:%d is not a mutant casemut makes", path, m.Type, t.tok, m.Line, m.Column)
			}
			ms = append(ms, mutant{kind: m.Type, line: m.Line, col: m.Column, start: t.off, end: t.off + len(t.tok.String()), repl: to})
		}
	}
	return ms, nil
}

// opToken is an operator token of a source and its byte offset.
type opToken struct {
	tok token.Token
	off int
}

// tokens returns the operator tokens of src by line and column.
func tokens(src []byte) map[[2]int]opToken {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0)
	out := map[[2]int]opToken{}
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok.IsOperator() {
			p := fset.Position(pos)
			out[[2]int{p.Line, p.Column}] = opToken{tok, p.Offset}
		}
	}
}

// gremlinsMutant returns the text gremlins puts in place of tok for a
// mutant of the kind.
func gremlinsMutant(kind string, tok token.Token) (string, bool) {
	switch kind {
	case "INCREMENT_DECREMENT":
		switch tok {
		case token.INC:
			return "--", true
		case token.DEC:
			return "++", true
		}
	case "INVERT_NEGATIVES":
		if tok == token.SUB {
			return "+", true
		}
	default:
		for _, m := range operatorMutants(tok) {
			if m.kind == kind {
				return m.to.String(), true
			}
		}
	}
	return "", false
}
