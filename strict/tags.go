package strict

import (
	"sort"
	"strings"

	"github.com/sheaproject/shea/codes"
)

type tagKind uint8

const (
	tagSimple tagKind = iota + 1
	tagBlock
)

// knownTags are the tags of Shopify Liquid 5, by kind. The clause and end
// tags of blocks (else, elsif, when, endif, …) are not tags of their own.
var knownTags = map[string]tagKind{
	"assign": tagSimple, "break": tagSimple, "continue": tagSimple, "cycle": tagSimple,
	"decrement": tagSimple, "echo": tagSimple, "increment": tagSimple, "include": tagSimple,
	"render": tagSimple, "liquid": tagSimple, "#": tagSimple,
	"capture": tagBlock, "case": tagBlock, "comment": tagBlock, "doc": tagBlock, "for": tagBlock,
	"if": tagBlock, "ifchanged": tagBlock, "raw": tagBlock, "tablerow": tagBlock, "unless": tagBlock,
}

// tagNames lists every tag name a template may use, for suggestions.
func tagNames() []string {
	names := make([]string, 0, len(knownTags)+8)
	for n := range knownTags {
		if n != "#" {
			names = append(names, n)
		}
	}
	names = append(names, "else", "elsif", "when", "endif", "endfor", "endunless", "endcase", "endcapture")
	sort.Strings(names)
	return names
}

// TagNames returns the names of the tags shea knows, sorted.
func TagNames() []string {
	var names []string
	for n := range knownTags {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (p *parser) parseOutput(t token) Node {
	o := new(Output)
	o.Span = p.tokSpan(t)
	o.Value, _ = p.pipelineOrLax(t.markStart, t.markEnd)
	return o
}

// parseTag parses a tag other than liquid and the stop tags of the
// enclosing block. It returns nil when the tag produced only diagnostics.
func (p *parser) parseTag(t token, s *stream) Node {
	name := p.name(t)
	tag := p.tagOf(t)
	switch name {
	case "#":
		// Every line of an inline comment must start with "#".
		// Blank lines are skipped in one step: scanning them once per
		// line would be quadratic in a run of empty lines.
		m := p.markup(t)
		for i := strings.IndexByte(m, '\n'); i >= 0; {
			rest := strings.TrimLeft(m[i+1:], " \t\r\v\f\n")
			if rest == "" {
				break
			}
			j := len(m) - len(rest) // where the next line's text starts
			if rest[0] != '#' {
				p.errorAt(codes.SyntaxError, t.markStart+j, t.markStart+j+1, "every line of an inline comment must start with #")
				break
			}
			next := strings.IndexByte(m[j:], '\n')
			if next < 0 {
				break
			}
			i = j + next
		}
		return &Comment{tag}
	case "comment":
		p.skipBody(s, t, "comment")
		return &Comment{tag}
	case "doc":
		if t.markStart < t.markEnd {
			p.errorAt(codes.SyntaxError, t.markStart, t.markEnd, "doc takes no arguments")
		}
		p.skipBody(s, t, "doc")
		return &Comment{tag}
	case "raw":
		if t.markStart < t.markEnd {
			p.errorAt(codes.SyntaxError, t.markStart, t.markEnd, "raw takes no arguments")
		}
		text, _ := p.skipBody(s, t, "raw")
		return &Raw{tag, text}
	case "assign":
		return p.parseAssign(t, tag)
	case "capture":
		return p.parseCapture(t, tag, s)
	case "if", "unless":
		return p.parseIf(t, tag, s)
	case "case":
		return p.parseCase(t, tag, s)
	case "for":
		return p.parseFor(t, tag, s)
	case "tablerow":
		return p.parseTablerow(t, tag, s)
	case "break", "continue":
		p.noMarkup(t)
		if name == "break" {
			return &Break{tag}
		}
		return &Continue{tag}
	case "cycle":
		return p.parseCycle(t, tag)
	case "increment", "decrement":
		m := strings.TrimSpace(p.markup(t))
		if m == "" {
			p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "%s needs a variable name", name)
			return nil
		}
		return &Increment{Tag: tag, Var: m, VarSpan: p.pos.span(t.markStart, t.markEnd), Decrement: name == "decrement"}
	case "echo":
		n := &Echo{Tag: tag}
		n.Value, _ = p.pipelineOrLax(t.markStart, t.markEnd)
		return n
	case "ifchanged":
		p.noMarkup(t)
		body, _ := p.parseBlockBody(s, block{name: name, open: t, stops: endStops["ifchanged"]})
		return &Ifchanged{tag, body}
	case "include", "render":
		return p.parseInclude(t, tag)
	}
	p.unexpected(t)
	return nil
}

// noMarkup reports markup on break, continue and ifchanged. Shopify ignores
// it, and so does compat mode.
func (p *parser) noMarkup(t token) {
	if t.markStart < t.markEnd && !p.compat {
		p.errorAt(codes.SyntaxError, t.markStart, t.markEnd, "%s takes no arguments", p.name(t))
	}
}

// variableName scans a name that assign and capture bind: word characters
// and hyphens, as Liquid's VariableSignature allows (without its dots and
// brackets, which Liquid would treat as part of a flat name).
func variableNameEnd(src string, i, end int) int {
	for i < end && (isWordByte(src[i]) || src[i] == '-') {
		i++
	}
	return i
}

func (p *parser) parseAssign(t token, tag Tag) Node {
	ms, me := t.markStart, t.markEnd
	ne := variableNameEnd(p.src, ms, me)
	eq := skipSpace(p.src, ne, me)
	if ne == ms || eq >= me || p.src[eq] != '=' {
		at := ms
		if ne > ms {
			at = eq
		}
		p.errorAt(codes.SyntaxError, at, min(at+1, max(me, at+1)), "assign needs the form: assign name = value")
		return nil
	}
	n := &Assign{Tag: tag, Target: p.src[ms:ne], TargetSpan: p.pos.span(ms, ne)}
	if skipSpace(p.src, eq+1, me) >= me && !p.lax {
		p.errorAt(codes.SyntaxError, eq, eq+1, "assign needs a value after =")
		return nil
	}
	var ok bool
	if n.Value, ok = p.pipelineOrLax(eq+1, me); !ok {
		return nil
	}
	if n.Value == nil {
		// Shopify's lax parser assigns nil when it finds no value.
		n.Value = &Pipeline{Span: p.pos.span(eq+1, me), Value: p.literal(p.pos.span(eq+1, me), LitNil, nil)}
	}
	return n
}

func (p *parser) parseCapture(t token, tag Tag, s *stream) Node {
	ms, me := t.markStart, t.markEnd
	n := &Capture{Tag: tag}
	switch {
	case ms < me && (p.src[ms] == '\'' || p.src[ms] == '"'):
		q := strings.IndexByte(p.src[ms+1:me], p.src[ms])
		if q < 0 {
			p.errorAt(codes.SyntaxError, ms, me, "unterminated string")
			ms = me // one problem, one diagnostic
			break
		}
		n.Target, n.TargetSpan = p.src[ms+1:ms+1+q], p.pos.span(ms, ms+q+2)
		ms = ms + q + 2
	default:
		ne := variableNameEnd(p.src, ms, me)
		n.Target, n.TargetSpan = p.src[ms:ne], p.pos.span(ms, ne)
		if ne == ms {
			p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "capture needs a variable name")
			ne = me // one problem, one diagnostic
		}
		ms = ne
	}
	// Shopify's regexp takes the first name and ignores the rest; so does
	// compat mode.
	if rest := skipSpace(p.src, ms, me); rest < me && !p.compat {
		p.errorAt(codes.SyntaxError, rest, me, "unexpected %q after the capture variable", p.src[rest:me])
	}
	n.Body, _ = p.parseBlockBody(s, block{name: "capture", open: t, stops: endStops["capture"]})
	return n
}

func (p *parser) parseCondition(t token) Expr {
	e := p.newExprParser(t.markStart, t.markEnd)
	if e.peek().kind == eEOS && !e.err {
		p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "%s needs a condition", p.name(t))
		return &Literal{Span: p.nameSpan(t), Kind: LitNil}
	}
	c := e.condition()
	e.end()
	return c
}

func (p *parser) parseIf(t token, tag Tag, s *stream) Node {
	name := p.name(t)
	n := &If{Tag: tag, Unless: name == "unless"}
	b := block{name: name, open: t, stops: clauseStops[name]}
	var few [4]*Clause
	clauses := few[:0]
	cl := p.clause(tag, p.parseCondition(t))
	for {
		var stop token
		cl.Body, stop = p.parseBlockBody(s, b)
		clauses = append(clauses, cl)
		if stop.none() || p.name(stop) == "end"+name {
			break
		}
		ct := p.tagOf(stop)
		if p.name(stop) == "elsif" {
			cl = p.clause(ct, p.parseCondition(stop))
		} else {
			cl = p.clause(ct, nil)
		}
	}
	n.Clauses = make([]*Clause, len(clauses))
	copy(n.Clauses, clauses)
	n.Blank = clausesBlank(n.Clauses)
	return n
}

// clause returns a new clause.
func (p *parser) clause(tag Tag, cond Expr) *Clause {
	return &Clause{Tag: tag, Cond: cond}
}

func (p *parser) parseCase(t token, tag Tag, s *stream) Node {
	n := &Case{Tag: tag}
	e := p.newExprParser(t.markStart, t.markEnd)
	if e.peek().kind == eEOS && !e.err {
		p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "case needs a value to compare")
		n.Subject = &Literal{Span: p.nameSpan(t), Kind: LitNil}
	} else {
		n.Subject = e.expression()
		if !p.compat {
			e.end() // Shopify's default mode ignores the rest
		}
	}
	b := block{name: "case", open: t, stops: clauseStops["case"]}
	// Anything before the first when is parsed for errors and dropped, as
	// Liquid does; it still counts for the block's blankness (Liquid's
	// parse_body), so {{ x }} there makes an else of spaces print.
	pre, stop := p.parseBlockBody(s, b)
	var few [4]*Clause
	clauses := few[:0]
	for !stop.none() && p.name(stop) != "endcase" {
		cl := p.clause(p.tagOf(stop), nil)
		if p.name(stop) == "when" {
			cl.Values = p.parseWhen(stop)
		}
		cl.Body, stop = p.parseBlockBody(s, b)
		clauses = append(clauses, cl)
	}
	if len(clauses) > 0 {
		n.Clauses = make([]*Clause, len(clauses))
		copy(n.Clauses, clauses)
	}
	n.Blank = bodyBlank(pre) && clausesBlank(n.Clauses)
	return n
}

// parseWhen parses "when a, b or c".
func (p *parser) parseWhen(t token) []Expr {
	e := p.newExprParser(t.markStart, t.markEnd)
	if e.peek().kind == eEOS && !e.err {
		p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "when needs a value")
		return nil
	}
	var vals []Expr
	for {
		vals = append(vals, e.expression())
		if e.err {
			return vals
		}
		if _, ok := e.acceptID("or"); ok {
			continue
		}
		if e.peek().kind == eComma {
			e.next()
			continue
		}
		break
	}
	if p.compat {
		return vals // Shopify's default mode ignores the rest
	}
	e.end()
	return vals
}

// loopTag says what a loop tag's header accepts after "var in
// collection"; both take limit: and offset:.
type loopTag struct {
	label    string // the tag in "unknown … attribute"
	reversed bool   // "reversed" may follow the collection
	cont     bool   // "offset: continue"
	cols     bool   // cols:
	// lenient: an unknown attribute is read as "name: value" before it is
	// reported, and compat mode, as Shopify's TagAttributes scan does,
	// skips what is not a "name: value" pair and ignores unknown names.
	lenient bool
}

// loopHeader is a loop tag's parsed header.
type loopHeader struct {
	Var                 string
	VarSpan             Span
	Collection          Expr
	Reversed            bool
	Limit, Offset, Cols Expr
	OffsetContinue      bool
}

// parseLoopHeader parses the markup of a for or tablerow tag. It returns
// false when the header is too broken to build the loop (no variable, no
// "in"). The lax markup of a for loop is read strictly first, as outputs
// are: only a header the strict parser rejects is read by the lax rules,
// which read some strict headers differently (limit:1offset:1 is limit 1
// and offset 1 to the strict parser, one word "1offset" to the lax one).
// A tablerow header has no strict reading in Shopify: its pattern reads
// it in every mode.
func (p *parser) parseLoopHeader(t token, lt loopTag) (loopHeader, bool) {
	if !p.lax || lt.lenient {
		return p.loopHeader(t, lt)
	}
	mark := len(p.diags)
	p.lax = false
	h, ok := p.loopHeader(t, lt)
	p.lax = true
	if ok && !p.diags[mark:].HasErrors() {
		return h, true
	}
	p.diags = p.diags[:mark]
	return p.loopHeader(t, lt)
}

func (p *parser) loopHeader(t token, lt loopTag) (loopHeader, bool) {
	var h loopHeader
	e := p.newExprParser(t.markStart, t.markEnd)
	v, ok := e.expect(eID)
	if !ok {
		return h, false
	}
	h.Var, h.VarSpan = v.text, e.span(v.start, v.end)
	if in, ok := e.acceptID("in"); !ok {
		e.failTok(in, `"in"`)
		return h, false
	}
	h.Collection = e.expression()
	if lt.reversed {
		_, h.Reversed = e.acceptID("reversed")
	}
	scan := lt.lenient && p.compat
	for !e.err && (e.peek().kind == eComma || e.peek().kind == eID || scan && e.peek().kind != eEOS) {
		if e.peek().kind == eComma {
			e.next()
			continue
		}
		if scan && !e.atPair() {
			e.next()
			continue
		}
		if p.lax && lt.reversed && e.peek().kind == eID && !e.look(eColon, 1) {
			// Shopify's lax parser reads reversed only right after the
			// collection; elsewhere it, like any word that is not
			// "name: value", is ignored.
			w := e.next()
			what := "is ignored"
			if w.text == "reversed" {
				what = "does not reverse the loop"
			}
			p.warnLax(w.start, w.end, "%q after the loop's attributes %s in Shopify's lax parser; strict mode rejects it", w.text, what)
			continue
		}
		attr := e.next()
		known := attr.text == "limit" || attr.text == "offset" || attr.text == "cols" && lt.cols
		if !known && !lt.lenient {
			e.fail(attr.start, attr.end, "unknown %s attribute %q", lt.label, attr.text)
			break
		}
		if _, ok := e.expect(eColon); !ok {
			break
		}
		if !known && scan {
			// Shopify never reads the value of an attribute it does not
			// know: its first token is skipped, and the scan skips the
			// rest up to the next "name: value" pair, as its pattern does
			// ({% tablerow x in y a: b. %} renders).
			if e.peek().kind != eEOS {
				e.next()
			}
			continue
		}
		if attr.text == "offset" && lt.cont {
			if _, ok := e.acceptID("continue"); ok {
				h.OffsetContinue, h.Offset = true, nil
				continue
			}
		}
		val := e.expression()
		switch {
		case attr.text == "limit":
			h.Limit = val
		case attr.text == "offset":
			h.Offset, h.OffsetContinue = val, false
		case attr.text == "cols" && lt.cols:
			h.Cols = val
		case !p.compat:
			e.fail(attr.start, attr.end, "unknown %s attribute %q", lt.label, attr.text)
		}
	}
	e.end()
	return h, true
}

func (p *parser) parseFor(t token, tag Tag, s *stream) Node {
	h, ok := p.parseLoopHeader(t, loopTag{label: "for-loop", reversed: true, cont: true})
	if !ok {
		return p.skipLoop(t, s, "for")
	}
	n := &For{Tag: tag, Var: h.Var, VarSpan: h.VarSpan, Collection: h.Collection,
		Limit: h.Limit, Offset: h.Offset, OffsetContinue: h.OffsetContinue, Reversed: h.Reversed}
	b := block{name: "for", open: t, stops: clauseStops["for"]}
	body, stop := p.parseBlockBody(s, b)
	n.Body = body
	if !stop.none() && p.name(stop) == "else" {
		n.HasElse = true
		b.stops = endStops["for"]
		n.Else, _ = p.parseBlockBody(s, b)
	}
	n.Blank = bodyBlank(n.Body) && bodyBlank(n.Else)
	return n
}

// skipLoop parses the body of a loop whose header is broken, so that the
// rest of the template is still checked.
func (p *parser) skipLoop(t token, s *stream, name string) Node {
	b := block{name: name, open: t, stops: clauseStops[name]}
	_, stop := p.parseBlockBody(s, b)
	if !stop.none() && p.name(stop) == "else" {
		b.stops = endStops[name]
		p.parseBlockBody(s, b)
	}
	return nil
}

func (p *parser) parseTablerow(t token, tag Tag, s *stream) Node {
	h, ok := p.parseLoopHeader(t, loopTag{label: "tablerow", cols: true, lenient: true})
	if !ok {
		return p.skipLoop(t, s, "tablerow")
	}
	n := &Tablerow{Tag: tag, Var: h.Var, VarSpan: h.VarSpan, Collection: h.Collection,
		Cols: h.Cols, Limit: h.Limit, Offset: h.Offset}
	n.Body, _ = p.parseBlockBody(s, block{name: "tablerow", open: t, stops: endStops["tablerow"]})
	return n
}

func (p *parser) parseCycle(t token, tag Tag) Node {
	n := &Cycle{Tag: tag}
	e := p.newExprParser(t.markStart, t.markEnd)
	if e.peek().kind == eEOS && !e.err {
		p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "cycle needs at least one value")
		return nil
	}
	first := e.expression()
	valuesStart := t.markStart
	if e.peek().kind == eColon {
		colon := e.next()
		n.Group = first
		valuesStart = colon.end
	} else {
		n.Values = append(n.Values, first)
		e.skipCompat(p.compat)
		if e.peek().kind == eComma {
			e.next()
		} else {
			e.end()
			n.Implicit = strings.TrimSpace(p.src[valuesStart:t.markEnd])
			p.laxCycleValues(n, valuesStart, t.markEnd)
			return n
		}
	}
	for !e.err {
		if p.compat && (e.peek().kind == eComma || e.peek().kind == eEOS) {
			// An empty part between commas: Shopify reads no value there.
			if e.peek().kind == eEOS {
				break
			}
			e.next()
			continue
		}
		n.Values = append(n.Values, e.expression())
		e.skipCompat(p.compat)
		if e.peek().kind != eComma {
			break
		}
		e.next()
	}
	e.end()
	n.Implicit = strings.TrimSpace(p.src[valuesStart:t.markEnd])
	p.laxCycleValues(n, valuesStart, t.markEnd)
	return n
}

// laxCycleValues reads, in lax markup, a cycle's values as Shopify's lax
// parser does where that differs from the strict reading: it splits the
// markup at every comma, even one inside quotes ('b,c' is the variables b
// and c), reads the first fragment of each part, and drops the values
// that read as nil (a literal nil is no value of the cycle).
func (p *parser) laxCycleValues(n *Cycle, from, to int) {
	if !p.lax {
		return
	}
	differs := false
	for _, v := range n.Values {
		if l, ok := v.(*Literal); ok && (l.Kind == LitNil || l.Kind == LitString && strings.Contains(l.Value.(string), ",")) {
			differs = true
		}
	}
	if !differs {
		return
	}
	var vals []Expr
	at := from
	for _, part := range strings.Split(p.src[from:to], ",") {
		if loc := laxRx().fragment.FindStringIndex(part); loc != nil {
			v := p.laxExpr(part[loc[0]:loc[1]], at+loc[0], 0)
			if l, ok := v.(*Literal); !ok || l.Kind != LitNil {
				vals = append(vals, v)
			}
		}
		at += len(part) + 1
	}
	n.Values = vals
	p.warnLax(from, to, "Shopify's lax parser splits a cycle's values at every comma, even in quotes, and drops nil values; strict mode reads them as written")
}

// atPair reports whether "name: value" comes next, as Shopify's
// TagAttributes pattern matches it: a name, a colon and the start of a
// value.
func (e *exprParser) atPair() bool {
	if e.peek().kind != eID || !e.look(eColon, 1) || e.i+2 >= len(e.toks) {
		return false
	}
	switch e.toks[e.i+2].kind {
	case eID, eNumber, eString, eLBracket, eLParen:
		return true
	}
	return false
}

// skipCompat skips, in compat mode, what follows a cycle value up to the
// next comma: Shopify splits the markup at commas and reads one expression
// from each part.
func (e *exprParser) skipCompat(compat bool) {
	for compat && !e.err && e.peek().kind != eComma && e.peek().kind != eEOS {
		e.next()
	}
}

func (p *parser) parseInclude(t token, tag Tag) Node {
	n := &Include{Tag: tag, Render: p.name(t) == "render"}
	e := p.newExprParser(t.markStart, t.markEnd)
	if e.peek().kind == eEOS && !e.err {
		p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "%s needs the name of a partial", tag.Name)
		return nil
	}
	nameTok := e.peek()
	n.Name = e.expression()
	if lit, ok := n.Name.(*Literal); n.Render && (!ok || lit.Kind != LitString) {
		e.fail(nameTok.start, e.lastEnd(nameTok.end), "render needs the partial's name as a quoted string")
		return nil
	}
	// "with", "for" and "as" followed by a colon are keyword arguments of
	// those names, as in Liquid: {% render 'p' with: 1 %}.
	for _, kw := range []string{"with", "for"} {
		if e.look(eColon, 1) {
			break
		}
		if _, ok := e.acceptID(kw); ok {
			n.With, n.For = e.expression(), kw == "for"
			break
		}
	}
	if !e.look(eColon, 1) {
		if _, ok := e.acceptID("as"); ok {
			if a, ok := e.expect(eID); ok {
				n.Alias, n.AliasSpan = a.text, e.span(a.start, a.end)
			}
		}
	}
	for !e.err && e.peek().kind != eEOS {
		if e.peek().kind == eComma {
			e.next()
			continue
		}
		k := e.peek()
		if k.kind != eID || !e.look(eColon, 1) || p.compat && !e.atPair() {
			if p.compat {
				// Shopify's include and render scan the markup for
				// "name: value" pairs and skip whatever else is there.
				e.next()
				continue
			}
			e.failTok(k, "a keyword argument (name: value)")
			break
		}
		n.Args = append(n.Args, e.argument())
	}
	if e.err {
		return nil
	}
	return n
}
