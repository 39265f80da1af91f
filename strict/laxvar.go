package strict

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Shopify's lax reading of an output: the markup of {{ }}, echo and the
// value of assign, as Liquid 5.4's Variable#lax_parse reads it with
// regular expressions. That parser never fails: it takes the first quoted
// fragment as the value, everything after the first "|" as filters, the
// first word of each filter as its name and whatever follows a ":" or ","
// as its arguments, and ignores the rest. Compat mode uses it, with a
// lax_syntax warning, only for markup the strict parser rejects.

// The patterns of Liquid's lexicon, in RE2 syntax. \w is ASCII in both.
const (
	rxQuoted   = `"[^"]*"|'[^']*'`
	rxFragment = `(?:` + rxQuoted + `|(?:[^\s,|'"]|` + rxQuoted + `)+)`
)

type laxRegexps struct {
	markup, fragment, filterMarkup, filterParser, word, filterArgs, tagAttr, varParser, rangeLit, integer, float *regexp.Regexp
}

var laxRx = sync.OnceValue(func() *laxRegexps {
	return &laxRegexps{
		markup:       regexp.MustCompile(`(?s)(` + rxFragment + `)(.*)`),
		fragment:     regexp.MustCompile(rxFragment),
		filterMarkup: regexp.MustCompile(`(?s)\|\s*(.*)`),
		filterParser: regexp.MustCompile(`(?:\s+|` + rxFragment + `|,)+`),
		word:         regexp.MustCompile(`\w+`),
		filterArgs:   regexp.MustCompile(`(?::|,)\s*((?:\w+\s*:\s*)?` + rxFragment + `)`),
		tagAttr:      regexp.MustCompile(`^(\w[\w-]*)\s*:\s*(` + rxFragment + `)$`),
		varParser:    regexp.MustCompile(`\[[^\]]+\]|[\w-]+\??`),
		rangeLit:     regexp.MustCompile(`^\(\s*(\S+)\s*\.\.\s*(\S+)\s*\)$`),
		integer:      regexp.MustCompile(`^-?\d+$`),
		float:        regexp.MustCompile(`^-?\d[\d.]+$`),
	}
})

// laxPipeline reads src[from:to] as Shopify's lax parser reads an output.
// It returns nil when that parser finds no value at all (the output prints
// nothing).
func (p *parser) laxPipeline(from, to int) *Pipeline {
	rx := laxRx()
	markup := p.src[from:to]
	m := rx.markup.FindStringSubmatchIndex(markup)
	if m == nil {
		return nil
	}
	pl := &Pipeline{Span: p.pos.span(from, to)}
	pl.Value = p.laxExpr(markup[m[2]:m[3]], from+m[2], 0)
	rest, restAt := markup[m[4]:m[5]], from+m[4]
	fm := rx.filterMarkup.FindStringSubmatchIndex(rest)
	if fm == nil {
		return pl
	}
	filters, filtersAt := rest[fm[2]:fm[3]], restAt+fm[2]
	for _, loc := range rx.filterParser.FindAllStringIndex(filters, -1) {
		f := filters[loc[0]:loc[1]]
		at := filtersAt + loc[0]
		w := rx.word.FindStringIndex(f)
		if w == nil {
			continue
		}
		flt := &Filter{Span: p.pos.span(at, at+len(f)), Name: f[w[0]:w[1]], NameSpan: p.pos.span(at+w[0], at+w[1])}
		for _, a := range rx.filterArgs.FindAllStringSubmatchIndex(f, -1) {
			arg, argAt := f[a[2]:a[3]], at+a[2]
			if kw := rx.tagAttr.FindStringSubmatchIndex(arg); kw != nil {
				flt.Args = append(flt.Args, &Arg{Span: p.pos.span(argAt, argAt+len(arg)), Name: arg[kw[2]:kw[3]],
					Value: p.laxExpr(arg[kw[4]:kw[5]], argAt+kw[4], 0)})
				continue
			}
			flt.Args = append(flt.Args, &Arg{Span: p.pos.span(argAt, argAt+len(arg)), Value: p.laxExpr(arg, argAt, 0)})
		}
		pl.Filters = append(pl.Filters, flt)
	}
	return pl
}

// laxExpr reads one fragment as Liquid 5.4's Expression.parse does: a
// quoted string, an integer, a range, a float (Ruby's to_f of digits and
// dots), a keyword, or else a variable lookup.
func (p *parser) laxExpr(s string, at, depth int) Expr {
	trimmed := strings.TrimLeft(s, " \t\n\v\f\r")
	at += len(s) - len(trimmed)
	s = strings.TrimRight(trimmed, " \t\n\v\f\r")
	span := p.pos.span(at, at+len(s))
	if depth > p.maxDepth {
		return p.literal(span, LitNil, nil)
	}
	rx := laxRx()
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return p.literal(span, LitString, s[1:len(s)-1])
	}
	switch {
	case rx.integer.MatchString(s):
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return p.literal(span, LitInt, n)
		}
		n, _ := new(big.Int).SetString(s, 10)
		return p.literal(span, LitInt, n)
	case rx.rangeLit.MatchString(s):
		m := rx.rangeLit.FindStringSubmatchIndex(s)
		return &RangeLit{span, p.laxExpr(s[m[2]:m[3]], at+m[2], depth+1), p.laxExpr(s[m[4]:m[5]], at+m[4], depth+1)}
	case rx.float.MatchString(s):
		return p.literal(span, LitFloat, rubyToF(s))
	}
	switch s {
	case "", "nil", "null":
		return p.literal(span, LitNil, nil)
	case "true", "false":
		return p.literal(span, LitBool, s == "true")
	case "blank", "empty":
		// Liquid 5.4's Expression reads both as the empty string here.
		return p.literal(span, LitString, "")
	}
	return p.laxLookup(s, at, depth)
}

// rubyToF is Ruby's String#to_f of digits and dots: the leading number
// (1.2.3 is 1.2, 1. is 1.0).
func rubyToF(s string) float64 {
	end, dot := 0, false
	for end < len(s) {
		c := s[end]
		if c == '-' && end == 0 || c >= '0' && c <= '9' {
			end++
			continue
		}
		if c == '.' && !dot && end+1 < len(s) && s[end+1] >= '0' && s[end+1] <= '9' {
			dot = true
			end++
			continue
		}
		break
	}
	f, _ := strconv.ParseFloat(s[:end], 64)
	return f
}

// laxLookup reads a variable as Liquid 5.4's VariableLookup does: the
// pieces are bracketed expressions and runs of word characters and hyphens
// (with an optional "?"); everything else between them is ignored. The
// first piece is the root; a markup with no piece reads nil.
func (p *parser) laxLookup(s string, at, depth int) Expr {
	locs := laxRx().varParser.FindAllStringIndex(s, -1)
	span := p.pos.span(at, at+len(s))
	if len(locs) == 0 {
		return p.literal(span, LitNil, nil)
	}
	path := &Path{Span: span}
	for i, loc := range locs {
		piece := s[loc[0]:loc[1]]
		pspan := p.pos.span(at+loc[0], at+loc[1])
		bracketed := piece[0] == '['
		var inner Expr
		if bracketed {
			inner = p.laxExpr(piece[1:len(piece)-1], at+loc[0]+1, depth+1)
		}
		if i == 0 {
			path.RootSpan = pspan
			switch {
			case !bracketed:
				path.Root = piece
			case isStringLit(inner):
				path.Root = inner.(*Literal).Value.(string)
			default:
				path.RootExpr = inner
			}
			continue
		}
		seg := &Segment{Span: pspan}
		switch {
		case !bracketed:
			seg.Name, seg.Dot = piece, true
		case isStringLit(inner):
			seg.Name = inner.(*Literal).Value.(string)
		default:
			seg.Index = inner
		}
		path.Segments = append(path.Segments, seg)
	}
	return path
}

func isStringLit(e Expr) bool {
	l, ok := e.(*Literal)
	return ok && l.Kind == LitString
}

// pipelineOrLax parses output markup src[from:to] strictly and, in lax
// markup, falls back to Shopify's lax reading when the strict parser
// rejects it: the errors of the strict attempt are dropped and one
// lax_syntax warning says what happened. ok is false when the strict parse
// failed and there is no fallback.
func (p *parser) pipelineOrLax(from, to int) (pl *Pipeline, ok bool) {
	mark := len(p.diags)
	e := p.newExprParser(from, to)
	if e.peek().kind != eEOS {
		pl = e.pipeline()
	}
	if e.end() || !p.lax {
		return pl, !e.err
	}
	p.diags = p.diags[:mark]
	p.warnLax(from, to, "Shopify's lax parser reads this markup with its own rules; strict mode rejects it")
	return p.laxPipeline(from, to), true
}
