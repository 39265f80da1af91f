package strict

import (
	"fmt"
	"math"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// DefaultMaxNesting is the default limit on nested blocks and nested
// expressions. Real templates stay far below it; hostile ones get a
// diagnostic instead of exhausting the stack.
const DefaultMaxNesting = 500

// maxSourceBytes is the largest source Parse reads: spans hold 32-bit
// offsets.
const maxSourceBytes = math.MaxInt32

// ParseOptions configures Parse. The zero value is ready to use.
type ParseOptions struct {
	// MaxNesting limits nesting: blocks inside blocks, liquid tags inside
	// liquid tags, expressions inside brackets and ranges, and the number of
	// and/or operators in one condition. Going deeper is a syntax_error.
	// 0 means DefaultMaxNesting.
	MaxNesting int

	// compat reads the tags Shopify parses with regular expressions as
	// leniently as Shopify does (see Options.Compat).
	compat bool

	// lax accepts what Shopify's lax parser tolerates, with lax_syntax
	// warnings (see Options.Lax).
	lax bool

	// maxSource lowers maxSourceBytes (for tests); 0 means maxSourceBytes.
	maxSource int
}

// Parse parses a Liquid template. filename and start say where src lies in
// the file the user edits (start is the position of src's first byte; the
// zero Pos means the start of the file), so every range in the result and in
// the diagnostics points into that file. Parse reports every syntax problem
// it finds, recovering at the next tag, and always returns a template.
func Parse(src, filename string, start diag.Pos, opts ParseOptions) (*Template, diag.List) {
	return newParser(opts).parse(src, filename, start)
}

// newParser returns a parser for templates read with opts. One parser
// parses a template and then its partials, one after the other: its
// buffers serve them all.
func newParser(opts ParseOptions) *parser {
	p := &parser{
		maxDepth: opts.MaxNesting, compat: opts.compat, lax: opts.lax, maxSource: opts.maxSource,
		// Room for a typical tag's expression tokens and a few levels of
		// bodies, so that small templates do not grow them step by step.
		etoks: make([]etok, 0, 16), nodes: make([]Node, 0, 32),
	}
	if p.maxDepth <= 0 {
		p.maxDepth = DefaultMaxNesting
	}
	if p.maxSource <= 0 {
		p.maxSource = maxSourceBytes
	}
	return p
}

// parse parses one template (see Parse).
func (p *parser) parse(src, filename string, start diag.Pos) (*Template, diag.List) {
	if start.IsZero() {
		start = diag.StartPos
	}
	if len(src) > p.maxSource {
		at := diag.Range{Filename: filename, Start: start, End: start}
		return &Template{Filename: filename, Source: src, Start: start}, diag.List{diag.Errorf(codes.TemplateTooLarge, at,
			"the template is %d bytes; shea reads templates of up to %d bytes", len(src), p.maxSource)}
	}
	p.src, p.filename, p.pos = src, filename, newPosTable(src, filename, start)
	p.diags, p.depth, p.open, p.trimNext, p.tooDeep = nil, 0, p.open[:0], false, false
	p.nodes = p.nodes[:0]
	s := &stream{lex: &lexer{src: src}}
	body, stop := p.parseBody(s, nil)
	if !stop.none() {
		p.unexpected(stop)
	}
	return &Template{Filename: filename, Source: src, Start: start, Body: body}, p.diags
}

type parser struct {
	src      string
	filename string
	pos      *posTable
	diags    diag.List
	depth    int
	maxDepth int
	compat   bool
	lax      bool
	// maxSource is the largest source parse reads.
	maxSource int
	etoks     []etok     // the expression lexer's buffer
	ep        exprParser // the expression parser, reused
	nodes     []Node     // the stack bodies are parsed onto (see collect)
	// open are the blocks whose bodies are being parsed, innermost last.
	open []block
	// trimNext records a "-%}" or "-}}": the next text loses its leading
	// whitespace.
	trimNext bool
	// tooDeep is set once the nesting limit has been hit. The parse of the
	// stream was cut short there, so the blocks around it are left unclosed;
	// reporting each of them would only bury the one real problem.
	tooDeep bool
	// texts is room for text nodes, allocated a block at a time: a
	// template has many.
	texts []Text
}

// newText returns a new text node.
func (p *parser) newText(span Span, v string) *Text {
	if len(p.texts) == 0 {
		p.texts = make([]Text, 32)
	}
	n := &p.texts[0]
	p.texts = p.texts[1:]
	*n = Text{span, v}
	return n
}

// stream is a sequence of tokens being parsed, read as they are needed:
// the template's, or the lines of a {% liquid %} tag (liquid is then true).
type stream struct {
	lex *lexer // the template's tokens (nil for liquid lines)
	// The liquid lines still to read: src[pos:end].
	src      string
	pos, end int
	liquid   bool
}

func (s *stream) next() (token, bool) {
	if s.lex != nil {
		return s.lex.next()
	}
	return s.line()
}

// line returns the next non-blank line of a liquid tag as one tag token,
// as Liquid reads it: lines end at "\n", and each is "name markup" with
// name a word or "#".
func (s *stream) line() (token, bool) {
	for s.pos < s.end {
		end := strings.IndexByte(s.src[s.pos:s.end], '\n')
		if end < 0 {
			end = s.end
		} else {
			end += s.pos
		}
		ls := skipSpace(s.src, s.pos, end)
		le := end
		for le > ls && isSpace(s.src[le-1]) {
			le--
		}
		s.pos = end + 1
		if ls == le {
			continue
		}
		tok := token{kind: tokTag, start: ls, end: le}
		q := tagNameEnd(s.src, ls, le)
		if q == ls {
			tok.kind = tokBadTag
		} else {
			tok.nameStart, tok.nameEnd = ls, q
			tok.markStart, tok.markEnd = skipSpace(s.src, q, le), le
		}
		return tok, true
	}
	return token{}, false
}

// skip drops the rest of the stream.
func (s *stream) skip() {
	if s.lex != nil {
		s.lex.pos = len(s.lex.src)
		return
	}
	s.pos = s.end
}

func (p *parser) errorAt(code diag.Code, from, to int, format string, args ...any) *diag.Diagnostic {
	d := diag.Errorf(code, p.pos.rng(from, to), format, args...)
	p.diags = append(p.diags, d)
	return d
}

// warnLax reports markup read as Shopify's lax parser reads it.
func (p *parser) warnLax(from, to int, format string, args ...any) {
	p.diags = append(p.diags, diag.Warningf(codes.LaxSyntax, p.pos.rng(from, to), format, args...))
}

func (p *parser) text(t token) string   { return p.src[t.start:t.end] }
func (p *parser) name(t token) string   { return p.src[t.nameStart:t.nameEnd] }
func (p *parser) markup(t token) string { return p.src[t.markStart:t.markEnd] }
func (p *parser) tokSpan(t token) Span  { return p.pos.span(t.start, t.end) }
func (p *parser) nameSpan(t token) Span { return p.pos.span(t.nameStart, t.nameEnd) }

func (p *parser) tagOf(t token) Tag {
	return Tag{Span: p.tokSpan(t), Name: p.name(t), NameSpan: p.nameSpan(t)}
}

// block describes the block whose body is being parsed: the tag names that
// end the body (its end tag and its clause tags).
type block struct {
	name  string
	open  token
	stops []string
}

// literal returns a new literal node.
func (p *parser) literal(s Span, kind LiteralKind, v any) *Literal {
	return &Literal{s, kind, v}
}

// stopsAt reports whether name is one of the stop tags.
func stopsAt(stops []string, name string) bool {
	for _, s := range stops {
		if s == name {
			return true
		}
	}
	return false
}

// The stop tags of each block, shared by every parse: a block's body ends
// at its clause tags and its end tag, and an else clause at its end tag.
var (
	clauseStops = map[string][]string{
		"if":       {"elsif", "else", "endif"},
		"unless":   {"elsif", "else", "endunless"},
		"case":     {"when", "else", "endcase"},
		"for":      {"else", "endfor"},
		"tablerow": {"else", "endtablerow"},
	}
	endStops = map[string][]string{
		"for":       {"endfor"},
		"tablerow":  {"endtablerow"},
		"capture":   {"endcapture"},
		"ifchanged": {"endifchanged"},
	}
)

// parseBody parses nodes until a tag that b stops at, which it returns
// (nil at the end of the stream). b is nil for the top level of a stream.
func (p *parser) parseBody(s *stream, stops []string) (body []Node, stop token) {
	base := len(p.nodes)
	stop = p.parseNodes(s, stops)
	return p.collect(base), stop
}

// parseNodes parses nodes onto p.nodes until a tag in stops, which it
// returns (the zero token at the end of the stream).
func (p *parser) parseNodes(s *stream, stops []string) token {
	base := len(p.nodes)
	for {
		t, ok := s.next()
		if !ok {
			return token{}
		}
		if t.kind == tokTag || t.kind == tokOutput || t.kind == tokBadOutput {
			t = p.cutUnterminated(t, s)
		}
		switch t.kind {
		case tokText:
			v := p.src[t.start:t.end]
			if p.trimNext {
				v = strings.TrimLeftFunc(v, func(r rune) bool { return r < 0x80 && isStripSpace(byte(r)) })
			}
			p.trimNext = false
			p.nodes = append(p.nodes, p.newText(p.tokSpan(t), v))
		case tokOutput:
			p.trim(p.nodes[base:], t)
			out := p.parseOutput(t)
			p.nodes = append(p.nodes, out)
		case tokBadOutput:
			p.trim(p.nodes[base:], t)
			p.badOutput(t)
		case tokBadTag:
			p.trim(p.nodes[base:], t)
			p.badTag(t, s)
		case tokTag:
			p.trim(p.nodes[base:], t)
			name := p.name(t)
			if stopsAt(stops, name) {
				return t
			}
			if name == "liquid" {
				p.parseLiquid(t) // its statements join the body
				continue
			}
			if n := p.parseTag(t, s); n != nil {
				p.nodes = append(p.nodes, n)
			}
		}
	}
}

// collect returns the nodes parsed onto p.nodes since base, in a slice of
// their own, and pops them. Bodies are parsed onto one shared stack so that
// each costs one allocation of its exact size.
func (p *parser) collect(base int) []Node {
	n := len(p.nodes) - base
	if n == 0 {
		return nil
	}
	out := make([]Node, n)
	copy(out, p.nodes[base:])
	clear(p.nodes[base:])
	p.nodes = p.nodes[:base]
	return out
}

// trim applies the "{{-"/"{%-" of t to the text just before it and records
// its "-}}"/"-%}" for the text after it.
func (p *parser) trim(body []Node, t token) {
	if t.trimLeft && len(body) > 0 {
		if txt, ok := body[len(body)-1].(*Text); ok {
			txt.Value = strings.TrimRightFunc(txt.Value, func(r rune) bool { return r < 0x80 && isStripSpace(byte(r)) })
		}
	}
	p.trimNext = t.trimRight
}

func (p *parser) badOutput(t token) {
	text := p.text(t)
	switch {
	case strings.Contains(text[2:], "{%"):
		p.errorAt(codes.UnclosedBlock, t.start, t.start+2, "output is not closed with }} before the next tag")
	default:
		p.errorAt(codes.UnclosedBlock, t.start, t.start+2, "output is not closed with }}")
	}
}

// cutUnterminated finds an output or tag that lacks its closer: one whose
// content holds the "{{" or "{%" of a later output or tag, outside
// quotes, because the lexer ran on to the next closer it found (as
// Liquid's tokenizer does). It reports it once, at its opening delimiter,
// naming the missing closer, and recovers as the author most likely
// meant: the token ends at the end of its first line (a stray "%" or "}"
// there dropped), and lexing resumes after it, so that the tags it
// swallowed are read again and no diagnostic follows from the one missing
// closer. Lax parsing keeps Liquid's reading.
func (p *parser) cutUnterminated(t token, s *stream) token {
	if s.lex == nil || p.lax {
		return t
	}
	tag := p.src[t.start+1] == '%'
	from := t.start + 2
	if tag {
		if t.kind != tokTag || p.name(t) == "#" || p.name(t) == "liquid" {
			return t // an inline comment may hold anything, a liquid tag comments
		}
		from = t.nameEnd
	}
	k := innerDelim(p.src, from, t.end)
	if k < 0 {
		return t
	}
	// Only a token that runs past the end of its line: on one line, the
	// inner delimiter is more likely a typo inside the token than the
	// start of a new one (and Liquid reads no tag there either).
	nl := strings.IndexByte(p.src[from:k], '\n')
	if nl < 0 {
		return t
	}
	cut := from + nl
	closer, what, stray := "}}", "output", byte('}')
	if tag {
		closer, what, stray = "%}", "tag", '%'
	}
	d := p.errorAt(codes.UnclosedBlock, t.start, t.start+2, "%s is not closed with %s", what, closer)
	d.Detail = fmt.Sprintf("Close it with %s at the end of its line: without it, the %s runs on to the next %s, past the %q of a later line.",
		closer, what, closer, p.src[k:k+2])
	s.lex.pos = cut
	me := cut
	for me > from && isSpace(p.src[me-1]) {
		me--
	}
	if me > from && p.src[me-1] == stray {
		me--
	}
	for me > from && isSpace(p.src[me-1]) {
		me--
	}
	r := token{kind: tokOutput, start: t.start, end: cut, trimLeft: t.trimLeft, markStart: t.start + 2, markEnd: me}
	if t.trimLeft {
		r.markStart++
	}
	if tag {
		r.kind, r.nameStart, r.nameEnd = tokTag, t.nameStart, t.nameEnd
		r.markStart = skipSpace(p.src, t.nameEnd, me)
	}
	r.markStart = min(r.markStart, me)
	return r
}

// innerDelim returns the offset of the first "{{" or "{%" in src[from:to]
// outside a quoted string, or -1.
func innerDelim(src string, from, to int) int {
	for i := from; i+1 < to; i++ {
		switch c := src[i]; c {
		case '"', '\'':
			if j := strings.IndexByte(src[i+1:to], c); j >= 0 {
				i += j + 1
			}
		case '{':
			if d := src[i+1]; d == '{' || d == '%' {
				return i
			}
		}
	}
	return -1
}

func (p *parser) badTag(t token, s *stream) {
	if s.liquid {
		p.errorAt(codes.SyntaxError, t.start, t.end, "line of a liquid tag does not start with a tag name")
		return
	}
	text := p.text(t)
	if strings.HasPrefix(text, "{{") {
		// An output that ran into a "{%" with no "%}" after it.
		p.errorAt(codes.UnclosedBlock, t.start, t.start+2, "output is not closed with }} before the next tag")
		return
	}
	// "{%}" ends in "%}" only by sharing the "%" of its "{%".
	if len(text) < 4 || !strings.HasSuffix(text, "%}") {
		p.errorAt(codes.UnclosedBlock, t.start, t.start+2, "tag is not closed with %%}")
		return
	}
	p.errorAt(codes.SyntaxError, t.start, t.end, "tag has no name")
}

// unexpected reports a tag that no open block accepts.
func (p *parser) unexpected(t token) {
	name := p.name(t)
	var b *block
	if len(p.open) > 0 {
		b = &p.open[len(p.open)-1]
	}
	switch {
	case name == "else" || name == "elsif" || name == "when":
		p.errorAt(codes.UnexpectedTag, t.nameStart, t.nameEnd, "%q outside of a block that accepts it", name)
	case strings.HasPrefix(name, "end") && knownTags[name[3:]] == tagBlock:
		if b != nil {
			p.errorAt(codes.UnexpectedTag, t.nameStart, t.nameEnd, "%q does not close the open %q block", name, b.name).
				WithDetail("Close %q with {%% end%s %%} first.", b.name, b.name)
		} else {
			p.errorAt(codes.UnexpectedTag, t.nameStart, t.nameEnd, "%q has no open %q block to close", name, name[3:])
		}
	default:
		p.unknownTag(t)
	}
}

func (p *parser) unknownTag(t token) {
	name := p.name(t)
	d := p.errorAt(codes.UnknownTag, t.nameStart, t.nameEnd, "unknown tag %q", name)
	d.Detail = diag.DidYouMean(name, tagNames())
}

// parseLiquid parses the lines of a {% liquid %} tag into nodes.
func (p *parser) parseLiquid(t token) {
	s := &stream{src: p.src, pos: t.markStart, end: t.markEnd, liquid: true}
	saved := p.trimNext
	// A liquid tag may hold a liquid tag on one line; each level parses the
	// rest of the line again, so it counts as nesting.
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > p.maxDepth {
		p.errorAt(codes.SyntaxError, t.nameStart, t.nameEnd, "liquid tags are nested more than %d deep", p.maxDepth)
		p.tooDeep = true
		return
	}
	if stop := p.parseNodes(s, nil); !stop.none() {
		p.unexpected(stop)
	}
	p.trimNext = saved
}

// parseBlockBody parses the body of block b, reporting an unclosed block at
// the end of the stream.
func (p *parser) parseBlockBody(s *stream, b block) ([]Node, token) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > p.maxDepth {
		p.errorAt(codes.SyntaxError, b.open.start, b.open.end, "blocks are nested more than %d deep", p.maxDepth)
		// Skip the rest of the stream: deeper parsing would only repeat this.
		s.skip()
		p.tooDeep = true
		return nil, token{}
	}
	p.open = append(p.open, b)
	body, stop := p.parseBody(s, b.stops)
	p.open = p.open[:len(p.open)-1]
	if stop.none() && !p.tooDeep {
		d := p.errorAt(codes.UnclosedBlock, b.open.nameStart, b.open.nameEnd, "%q block is never closed", b.name)
		d.Detail = "Add {% end" + b.name + " %} where the block should end."
	}
	return body, stop
}

// skipBody consumes the tokens of a raw, comment or doc body up to its end
// tag. It returns the text before the end tag (for raw) and whether the end
// tag was found.
func (p *parser) skipBody(s *stream, open token, name string) (text string, closed bool) {
	end := "end" + name
	if s.liquid {
		nest := 0
		for {
			t, ok := s.next()
			if !ok {
				break
			}
			if t.kind != tokTag {
				continue
			}
			switch p.name(t) {
			case name:
				if name == "comment" {
					nest++
				}
			case end:
				if nest == 0 {
					return "", true
				}
				nest--
			}
		}
		p.errorAt(codes.UnclosedBlock, open.nameStart, open.nameEnd, "%q block is never closed", name)
		return "", false
	}
	var b strings.Builder
	nest := 0
	for {
		t, ok := s.next()
		if !ok {
			break
		}
		raw := p.text(t)
		switch name {
		case "comment":
			// Comments see well-formed tags only, and nest.
			if t.kind != tokTag {
				continue
			}
			switch p.name(t) {
			case "comment":
				nest++
			case "endcomment":
				if nest == 0 {
					p.trimNext = t.trimRight
					return "", true
				}
				nest--
			case "raw":
				p.skipBody(s, t, "raw")
			}
		default: // raw and doc: anything up to the end tag
			if at, ok := tagEndMatch(raw, end); ok {
				b.WriteString(raw[:at])
				p.trimNext = strings.HasSuffix(raw, "-%}")
				return b.String(), true
			}
			if name == "doc" {
				if _, nested := tagEndMatch(raw, "doc"); nested {
					p.errorAt(codes.SyntaxError, t.start, t.end, "doc blocks cannot be nested")
				}
			}
			b.WriteString(raw)
		}
	}
	d := p.errorAt(codes.UnclosedBlock, open.nameStart, open.nameEnd, "%q block is never closed", name)
	d.Detail = "Add {% " + end + " %} where the block should end."
	return "", false
}
