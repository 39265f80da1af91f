package strict

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/codes"
)

// exprKind classifies the tokens of tag markup and outputs.
type exprKind uint8

const (
	eEOS exprKind = iota
	eID
	eNumber
	eString
	eCompare // == != <> < > <= >= contains
	eDotDot
	ePipe
	eDot
	eColon
	eComma
	eLBracket
	eRBracket
	eLParen
	eRParen
	eDash
	eQuestion
	eLax // "&&", "=>" or "=": lexed only for lax markup (see Options.Lax)
)

var exprKindNames = [...]string{
	eEOS: "end of expression", eID: "identifier", eNumber: "number", eString: "string",
	eCompare: "comparison", eDotDot: `".."`, ePipe: `"|"`, eDot: `"."`, eColon: `":"`,
	eComma: `","`, eLBracket: `"["`, eRBracket: `"]"`, eLParen: `"("`, eRParen: `")"`,
	eDash: `"-"`, eQuestion: `"?"`, eLax: "lax markup",
}

type etok struct {
	kind       exprKind
	start, end int // offsets into the template source
	text       string
}

func (t etok) describe() string {
	switch t.kind {
	case eEOS:
		return "end of expression"
	case eID, eNumber, eString, eCompare, eLax:
		return fmt.Sprintf("%q", t.text)
	}
	return exprKindNames[t.kind]
}

// lexExpr tokenizes markup src[from:to] as Shopify Liquid's strict lexer
// does. It stops at the first character no token can start with and
// returns that error. With lax, "&&" (any run of "&"), "=>" and a lone "="
// are eLax tokens instead, for the parser to read as Shopify's lax parser
// does.
func lexExpr(src string, from, to int, toks []etok, lax bool) ([]etok, *lexError) {
	toks = toks[:0]
	i := from
	for {
		for i < to && isSpace(src[i]) {
			i++
		}
		if i >= to {
			break
		}
		c := src[i]
		start := i
		switch {
		case c == '.':
			if i+1 < to && src[i+1] == '.' {
				i += 2
				toks = append(toks, etok{eDotDot, start, i, ".."})
				continue
			}
			i++
			toks = append(toks, etok{eDot, start, i, "."})
		case c == '-':
			if i+1 < to && isDigit(src[i+1]) {
				i = scanNumber(src, i+1, to)
				toks = append(toks, etok{eNumber, start, i, src[start:i]})
				continue
			}
			i++
			toks = append(toks, etok{eDash, start, i, "-"})
		case c == '|' || c == ':' || c == ',' || c == '[' || c == ']' || c == '(' || c == ')' || c == '?':
			i++
			toks = append(toks, etok{specialKind(c), start, i, src[start:i]})
		case c == '=' || c == '!':
			if i+1 < to && src[i+1] == '=' {
				i += 2
				toks = append(toks, etok{eCompare, start, i, src[start:i]})
				continue
			}
			if lax && c == '=' {
				i++
				if i < to && src[i] == '>' {
					i++
				}
				toks = append(toks, etok{eLax, start, i, src[start:i]})
				continue
			}
			return toks, &lexError{start, fmt.Sprintf("unexpected character %q", c)}
		case c == '<':
			i++
			if i < to && (src[i] == '=' || src[i] == '>') {
				i++
			}
			toks = append(toks, etok{eCompare, start, i, src[start:i]})
		case c == '>':
			i++
			if i < to && src[i] == '=' {
				i++
			}
			toks = append(toks, etok{eCompare, start, i, src[start:i]})
		case c == '\'' || c == '"':
			j := strings.IndexByte(src[i+1:to], c)
			if j < 0 {
				return toks, &lexError{start, "unterminated string"}
			}
			i += j + 2
			toks = append(toks, etok{eString, start, i, src[start+1 : i-1]})
		case isDigit(c):
			i = scanNumber(src, i, to)
			if lax && i < to && (src[i] == '_' || 'a' <= src[i] && src[i] <= 'z' || 'A' <= src[i] && src[i] <= 'Z') {
				// Shopify's lax parser reads 1e3 as a variable of that
				// name (it is no integer or float of its patterns), and
				// 1.5e3 as the key 5e3 of the variable 1.
				if dot := strings.IndexByte(src[start:i], '.'); dot >= 0 {
					toks = append(toks, etok{eID, start, start + dot, src[start : start+dot]}, etok{eDot, start + dot, start + dot + 1, "."})
					start += dot + 1
				}
				for i < to && (isWordByte(src[i]) || src[i] == '-') {
					i++
				}
				toks = append(toks, etok{eID, start, i, src[start:i]})
				continue
			}
			if lax && i < to && src[i] == '.' && (len(toks) == 0 || toks[len(toks)-1].kind != eLParen) {
				// Outside a range's parentheses, Shopify's lax parser
				// reads digits and dots as one float, as Ruby's to_f
				// does (1. is 1.0, 1.5.3 and 1..3 are 1.5 and 1.0).
				for i < to && (isDigit(src[i]) || src[i] == '.') {
					i++
				}
				toks = append(toks, etok{eNumber, start, i, src[start:i]})
				continue
			}
			toks = append(toks, etok{eNumber, start, i, src[start:i]})
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			i++
			for i < to && (isWordByte(src[i]) || src[i] == '-') {
				i++
			}
			if i < to && src[i] == '?' {
				i++
			}
			word := src[start:i]
			if word == "contains" && (len(toks) == 0 || toks[len(toks)-1].kind != eDot) {
				toks = append(toks, etok{eCompare, start, i, word})
				continue
			}
			toks = append(toks, etok{eID, start, i, word})
		case lax && c == '&':
			for i < to && src[i] == '&' {
				i++
			}
			toks = append(toks, etok{eLax, start, i, src[start:i]})
		default:
			if c >= 0x80 {
				return toks, &lexError{start, "unexpected non-ASCII character"}
			}
			return toks, &lexError{start, fmt.Sprintf("unexpected character %q", c)}
		}
	}
	toks = append(toks, etok{kind: eEOS, start: to, end: to})
	return toks, nil
}

type lexError struct {
	at  int
	msg string
}

func specialKind(c byte) exprKind {
	switch c {
	case '|':
		return ePipe
	case ':':
		return eColon
	case ',':
		return eComma
	case '[':
		return eLBracket
	case ']':
		return eRBracket
	case '(':
		return eLParen
	case ')':
		return eRParen
	}
	return eQuestion
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scanNumber scans \d+(\.\d+)? from i (the first digit).
func scanNumber(src string, i, to int) int {
	for i < to && isDigit(src[i]) {
		i++
	}
	if i+1 < to && src[i] == '.' && isDigit(src[i+1]) {
		i++
		for i < to && isDigit(src[i]) {
			i++
		}
	}
	return i
}

// exprParser parses one piece of markup. Errors are recorded once: after the
// first, the parser returns placeholder values and the caller stops.
type exprParser struct {
	p    *parser
	toks []etok
	// from and to delimit the markup being parsed, in p.src.
	from, to int
	i        int
	err      bool
	// depth counts the expressions being parsed inside each other
	// (brackets, ranges); it is bounded by the parser's nesting limit.
	depth int
}

// newExprParser lexes src[from:to]; a lexing error is reported at once.
func (p *parser) newExprParser(from, to int) *exprParser {
	// The token buffer is reused: one piece of markup is parsed at a time.
	toks, lerr := lexExpr(p.src, from, to, p.etoks, p.lax)
	p.etoks = toks
	// The parser is reused too: like the tokens it reads, it is done with
	// before the next piece of markup is lexed.
	p.ep = exprParser{p: p, toks: toks, from: from, to: to}
	ep := &p.ep
	if lerr != nil {
		ep.fail(lerr.at, lerr.at+1, "%s", lerr.msg)
		ep.toks = append(toks, etok{kind: eEOS, start: to, end: to})
	}
	return ep
}

func (e *exprParser) peek() etok { return e.toks[e.i] }

func (e *exprParser) look(k exprKind, ahead int) bool {
	j := e.i + ahead
	return j < len(e.toks) && e.toks[j].kind == k
}

func (e *exprParser) next() etok {
	t := e.toks[e.i]
	if e.i < len(e.toks)-1 {
		e.i++
	}
	return t
}

// fail records a syntax error at source offsets [from, to).
func (e *exprParser) fail(from, to int, format string, args ...any) {
	if e.err {
		return
	}
	e.err = true
	if to <= from {
		to = from + 1
		if to > len(e.p.src) {
			to = len(e.p.src)
		}
	}
	d := e.p.errorAt(codes.SyntaxError, from, to, format, args...)
	if hint := arithmeticHint(e.p.src, e.from, e.to, from); hint != "" {
		d.Detail = hint
	}
}

func (e *exprParser) failTok(t etok, want string) {
	e.fail(t.start, t.end, "expected %s, found %s", want, t.describe())
}

func (e *exprParser) expect(k exprKind) (etok, bool) {
	t := e.peek()
	if t.kind != k {
		e.failTok(t, exprKindNames[k])
		return t, false
	}
	return e.next(), true
}

// acceptID consumes the identifier word if it is next.
func (e *exprParser) acceptID(word string) (etok, bool) {
	t := e.peek()
	if t.kind == eID && t.text == word {
		return e.next(), true
	}
	return t, false
}

// end expects the end of the markup.
func (e *exprParser) end() bool {
	if e.err {
		return false
	}
	t := e.peek()
	if t.kind != eEOS {
		e.fail(t.start, t.end, "unexpected %s", t.describe())
		return false
	}
	return true
}

func (e *exprParser) span(from, to int) Span { return e.p.pos.span(from, to) }

// expression parses a primary expression: a literal, a range, or a path.
func (e *exprParser) expression() Expr {
	t := e.peek()
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > e.p.maxDepth {
		e.fail(t.start, t.end, "expressions are nested more than %d deep", e.p.maxDepth)
		return e.p.literal(e.span(t.start, t.end), LitNil, nil)
	}
	switch t.kind {
	case eString:
		e.next()
		return e.p.literal(e.span(t.start, t.end), LitString, t.text)
	case eNumber:
		e.next()
		return e.number(t)
	case eLParen:
		e.next()
		start := e.expression()
		dots, ok := e.expect(eDotDot)
		if !ok {
			return start
		}
		e.laxRangeDot(dots)
		end := e.expression()
		close, _ := e.expect(eRParen)
		return &RangeLit{e.span(t.start, close.end), start, end}
	case eID:
		e.next()
		if isDigit(t.text[0]) {
			e.p.warnLax(t.start, t.end, "%q is not a number Liquid knows: Shopify's lax parser reads it as a variable (nil); strict mode rejects it", t.text)
		}
		segs := e.lookups()
		if len(segs) == 0 {
			if kind, v, ok := keyword(t.text); ok {
				return e.p.literal(e.span(t.start, t.end), kind, v)
			}
		}
		return &Path{Span: e.span(t.start, e.lastEnd(t.end)), Root: t.text, RootSpan: e.span(t.start, t.end), Segments: segs}
	case eLBracket:
		e.next()
		inner := e.expression()
		close, _ := e.expect(eRBracket)
		p := new(Path)
		p.RootSpan = e.span(t.start, close.end)
		if lit, ok := inner.(*Literal); ok && lit.Kind == LitString {
			p.Root = lit.Value.(string)
		} else {
			p.RootExpr = inner
		}
		p.Segments = e.lookups()
		p.Span = e.span(t.start, e.lastEnd(close.end))
		return p
	}
	e.failTok(t, "an expression")
	return e.p.literal(e.span(t.start, t.end), LitNil, nil)
}

// lastEnd is the end offset of the last consumed token, or def if none.
func (e *exprParser) lastEnd(def int) int {
	if e.i > 0 {
		if end := e.toks[e.i-1].end; end > def {
			return end
		}
	}
	return def
}

// lookups parses ".name" and "[expr]" segments.
func (e *exprParser) lookups() []*Segment {
	var segs []*Segment
	for !e.err {
		t := e.peek()
		switch t.kind {
		case eLBracket:
			e.next()
			inner := e.expression()
			close, _ := e.expect(eRBracket)
			s := new(Segment)
			s.Span = e.span(t.start, close.end)
			if lit, ok := inner.(*Literal); ok && lit.Kind == LitString {
				s.Name = lit.Value.(string)
			} else {
				s.Index = inner
			}
			segs = append(segs, s)
		case eDot:
			e.next()
			name, ok := e.expect(eID)
			if !ok {
				return segs
			}
			segs = append(segs, &Segment{Span: e.span(t.start, name.end), Name: name.text, Dot: true})
		default:
			return segs
		}
	}
	return segs
}

// keyword returns the literal a keyword stands for (nil, null, true, false,
// blank, empty); ok is false for any other word.
func keyword(word string) (kind LiteralKind, v any, ok bool) {
	switch word {
	case "nil", "null":
		return LitNil, nil, true
	case "true":
		return LitBool, true, true
	case "false":
		return LitBool, false, true
	case "blank":
		return LitBlank, "", true
	case "empty":
		return LitEmpty, "", true
	}
	return 0, nil, false
}

func (e *exprParser) number(t etok) Expr {
	r := e.span(t.start, t.end)
	if !strings.Contains(t.text, ".") {
		if n, err := strconv.ParseInt(t.text, 10, 64); err == nil {
			return e.p.literal(r, LitInt, n)
		}
		// Beyond int64: a *big.Int, whose digits print as Ruby's Bignum does.
		if n, ok := new(big.Int).SetString(t.text, 10); ok {
			return e.p.literal(r, LitInt, n)
		}
		e.fail(t.start, t.end, "invalid number %s", t.text)
	}
	if e.p.lax && (strings.HasSuffix(t.text, ".") || strings.Count(t.text, ".") > 1) {
		e.p.warnLax(t.start, t.end, "%q is not a number Liquid knows: Shopify's lax parser reads its leading digits as a float; strict mode rejects it", t.text)
		return e.p.literal(r, LitFloat, rubyToF(t.text))
	}
	f, err := strconv.ParseFloat(t.text, 64)
	if err != nil || math.IsInf(f, 0) {
		e.fail(t.start, t.end, "number %s is too large", t.text)
	}
	return e.p.literal(r, LitFloat, f)
}

// pipeline parses "expr | filter: args | …" up to the end of the markup.
func (e *exprParser) pipeline() *Pipeline {
	start := e.peek().start
	v := e.expression()
	pl := new(Pipeline)
	pl.Value = v
	e.filters(pl)
	for e.p.lax && e.laxWords() {
		e.filters(pl)
	}
	pl.Span = e.span(start, e.lastEnd(start))
	return pl
}

// filters parses "| filter: args" while a "|" is next.
func (e *exprParser) filters(pl *Pipeline) {
	for !e.err && e.peek().kind == ePipe {
		e.next()
		name, ok := e.expect(eID)
		if !ok {
			break
		}
		f := new(Filter)
		f.Name, f.NameSpan = name.text, e.span(name.start, name.end)
		if colon := e.peek(); colon.kind == eColon {
			e.next()
			if next := e.peek().kind; e.p.lax && (next == eEOS || next == ePipe) {
				e.p.warnLax(colon.start, colon.end, "a colon after filter %q with no arguments is ignored; strict mode rejects it", name.text)
			} else {
				f.Args = append(f.Args, e.argument())
				for !e.err && e.peek().kind == eComma && !e.laxTrailingCommas() {
					e.next()
					f.Args = append(f.Args, e.argument())
				}
			}
		}
		f.Span = e.span(name.start, e.lastEnd(name.end))
		pl.Filters = append(pl.Filters, f)
	}
}

// laxTrailingCommas consumes, in lax markup, commas after a filter's last
// argument (before "|" or the end), which Shopify's lax parser ignores.
func (e *exprParser) laxTrailingCommas() bool {
	if !e.p.lax {
		return false
	}
	j := e.i
	for e.toks[j].kind == eComma {
		j++
	}
	if k := e.toks[j].kind; k != eEOS && k != ePipe {
		return false
	}
	first, last := e.toks[e.i], e.toks[j-1]
	e.p.warnLax(first.start, last.end, "a trailing comma after the arguments of a filter is ignored; strict mode rejects it")
	e.i = j
	return true
}

// spaced reports whether whitespace precedes token t.
func (e *exprParser) spaced(t etok) bool { return t.start > 0 && isSpace(e.p.src[t.start-1]) }

// laxWords skips, in lax markup, words that follow a value or a filter's
// arguments up to the next "|" or the end, as Shopify's lax parser does
// ({{ x => y }} prints x), and reports whether it skipped any. It skips
// only what that parser provably ignores: simple words and symbols after a
// space, never strings, brackets, commas or colons (which that parser may
// read as filter arguments).
func (e *exprParser) laxWords() bool {
	t := e.peek()
	if e.err || t.kind == eEOS || !e.spaced(t) {
		return false
	}
	j := e.i
	for ; ; j++ {
		k := e.toks[j].kind
		if k != eID && k != eNumber && k != eCompare && k != eLax && k != eRParen && k != eRBracket &&
			k != eDot && k != eDotDot && k != eDash && k != eQuestion {
			break
		}
	}
	if j == e.i || e.toks[j].kind != eEOS && e.toks[j].kind != ePipe {
		return false
	}
	end := e.toks[j-1].end
	e.p.warnLax(t.start, end, "%q after the value is ignored; strict mode rejects it", e.p.src[t.start:end])
	e.i = j
	return true
}

// laxRangeDot skips, in lax markup, the third dot of "(1...5)", which
// Shopify's lax parser reads as (1..5). It accepts only the form that
// parser provably reads so: no spaces, and an integer after the dots.
func (e *exprParser) laxRangeDot(dots etok) {
	dot := e.peek()
	if !e.p.lax || dot.kind != eDot || dot.start != dots.end || !e.look(eNumber, 1) {
		return
	}
	if n := e.toks[e.i+1]; n.start != dot.end || strings.Contains(n.text, ".") || e.toks[e.i-2].end != dots.start {
		return
	}
	e.next()
	e.p.warnLax(dots.start, dot.end, `"..." is read as ".."; strict mode rejects it`)
}

// laxOperator skips, in lax markup, "&&" or "||" after a comparison and
// what follows up to the next and/or or the end: Shopify's lax parser
// reads "a && b" as the condition a.
func (e *exprParser) laxOperator() {
	t := e.peek()
	if !e.p.lax || e.err || !e.spaced(t) {
		return
	}
	switch {
	case t.kind == eLax && t.text[0] == '&':
	case t.kind == ePipe && e.look(ePipe, 1) && e.toks[e.i+1].start == t.end:
	default:
		return
	}
	j := e.i
	for ; ; j++ {
		k := e.toks[j]
		if k.kind == eID && (k.text == "and" || k.text == "or") {
			break
		}
		if k.kind != eID && k.kind != eNumber && k.kind != eString && k.kind != eCompare && k.kind != eLax &&
			k.kind != ePipe && k.kind != eDot {
			if k.kind != eEOS {
				return
			}
			break
		}
	}
	op := t.text
	if t.kind == ePipe {
		op = "||"
	}
	end := e.toks[j-1].end
	e.p.warnLax(t.start, end, "%q is not a Liquid operator: Shopify's lax parser ignores %q, so the condition tests only what comes before it; strict mode rejects it", op, e.p.src[t.start:end])
	e.i = j
}

// argument parses a positional argument or "name: expression".
func (e *exprParser) argument() *Arg {
	t := e.peek()
	a := new(Arg)
	if t.kind == eID && e.look(eColon, 1) {
		e.next()
		e.next()
		a.Name = t.text
	}
	a.Value = e.expression()
	a.Span = e.span(t.start, e.lastEnd(t.end))
	return a
}

// condition parses comparisons joined by and/or, grouped from the right. It
// reads the chain in a loop and then nests it, so a long chain costs no
// stack; a chain longer than the nesting limit is an error, because every
// consumer of the tree walks that nesting.
func (e *exprParser) condition() Expr {
	operands := []Expr{e.comparison()}
	e.laxOperator()
	var ops []etok
	for !e.err {
		t := e.peek()
		if t.kind != eID || t.text != "and" && t.text != "or" {
			break
		}
		if len(ops) == e.p.maxDepth {
			e.fail(t.start, t.end, "condition has more than %d and/or operators", e.p.maxDepth)
			break
		}
		e.next()
		ops = append(ops, t)
		operands = append(operands, e.comparison())
		e.laxOperator()
	}
	end := e.lastEnd(int(operands[0].span().to))
	c := operands[len(operands)-1]
	for i := len(ops) - 1; i >= 0; i-- {
		left := operands[i]
		c = &Logical{e.span(int(left.span().from), end), ops[i].text, left, c}
	}
	return c
}

func (e *exprParser) comparison() Expr {
	left := e.expression()
	t := e.peek()
	if t.kind != eCompare {
		return left
	}
	e.next()
	right := e.expression()
	return &Compare{e.span(int(left.span().from), e.lastEnd(t.end)), t.text, e.span(t.start, t.end), left, right}
}
