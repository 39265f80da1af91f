package strict

import "strings"

// tokenKind classifies the tokens of a template's top level.
type tokenKind uint8

const (
	tokText tokenKind = iota
	// tokOutput is a well-formed "{{ … }}".
	tokOutput
	// tokTag is a "{% … %}" whose name could be read.
	tokTag
	// tokBadOutput is a "{{" that never reaches "}}": it ends at a single "}",
	// at a "{%" tag inside it, or at the end of the source.
	tokBadOutput
	// tokBadTag is a "{%" with no "%}" after it, or whose content has no tag
	// name.
	tokBadTag
)

// token is one lexeme of a template, as offsets into the source. Offsets are
// half-open. For tags, name and markup are located inside the token; a tag's
// markup excludes the whitespace around it and the whitespace control
// dashes.
type token struct {
	kind       tokenKind
	start, end int
	// trimLeft and trimRight record "{{-"/"{%-" and "-}}"/"-%}".
	trimLeft, trimRight bool
	nameStart, nameEnd  int // tags: the tag name ("#" for inline comments)
	markStart, markEnd  int // outputs and tags: the markup
}

// none reports whether t is the zero token, which stands for no token (a
// real token is never empty).
func (t token) none() bool { return t.end == 0 }

// lexer splits a template into text, output and tag tokens the way Shopify
// Liquid 5's tokenizer does: a tag runs from "{%" to the first "%}" whatever
// lies between (strings are not special), and an output runs from "{{" to the
// first "}}", stopping early at a lone "}" or at a "{%" that starts a tag.
type lexer struct {
	src string
	pos int
}

// next returns the next token, or ok=false at the end of the source.
func (l *lexer) next() (tok token, ok bool) {
	if l.pos >= len(l.src) {
		return token{}, false
	}
	start := l.pos
	i := indexDelim(l.src, start)
	if i < 0 {
		l.pos = len(l.src)
		return token{kind: tokText, start: start, end: l.pos}, true
	}
	if i > start {
		l.pos = i
		return token{kind: tokText, start: start, end: i}, true
	}
	if l.src[i+1] == '%' {
		return l.tag(i, i+2), true
	}
	return l.output(i), true
}

// indexDelim returns the offset of the next "{{" or "{%" at or after from.
func indexDelim(s string, from int) int {
	for {
		j := strings.IndexByte(s[from:], '{')
		if j < 0 {
			return -1
		}
		j += from
		if j+1 < len(s) && (s[j+1] == '{' || s[j+1] == '%') {
			return j
		}
		from = j + 1
	}
}

// tag lexes a tag token that begins at start and whose content begins at
// from (after "{%", or inside an output that turned into a tag).
func (l *lexer) tag(start, from int) token {
	end := strings.Index(l.src[from:], "%}")
	if end < 0 {
		l.pos = len(l.src)
		return token{kind: tokBadTag, start: start, end: len(l.src)}
	}
	end += from + 2
	l.pos = end
	tok := token{kind: tokTag, start: start, end: end}
	if l.src[start+1] != '%' {
		// "{{ … {% … %}": Liquid lexes it as one token that is neither a
		// valid output nor a valid tag.
		tok.kind = tokBadOutput
		return tok
	}
	ms, me := start+2, end-2
	if ms < me && l.src[ms] == '-' {
		tok.trimLeft = true
		ms++
	}
	if me > ms && l.src[me-1] == '-' {
		tok.trimRight = true
		me--
	}
	// Liquid's FullToken: optional space, a name (\w+ or "#"), optional
	// space, then the markup.
	p := skipSpace(l.src, ms, me)
	q := tagNameEnd(l.src, p, me)
	if q == p {
		tok.kind = tokBadTag
		return tok
	}
	tok.nameStart, tok.nameEnd = p, q
	tok.markStart = skipSpace(l.src, q, me)
	// The markup ends at its last non-space byte, so that ranges over it
	// (an increment's counter, "takes no arguments") cover no padding.
	for me > tok.markStart && isSpace(l.src[me-1]) {
		me--
	}
	tok.markEnd = me
	return tok
}

// output lexes a "{{" token starting at start.
func (l *lexer) output(start int) token {
	p := start + 2
	for p < len(l.src) {
		c := l.src[p]
		if c != '}' && c != '{' {
			p++
			continue
		}
		if p+1 >= len(l.src) {
			break
		}
		d := l.src[p+1]
		if c == '}' {
			if d == '}' {
				end := p + 2
				l.pos = end
				tok := token{kind: tokOutput, start: start, end: end, markStart: start + 2, markEnd: p}
				if tok.markStart < tok.markEnd && l.src[tok.markStart] == '-' {
					tok.trimLeft = true
					tok.markStart++
				}
				// In "{{-}}" one dash trims both sides, as in Liquid.
				if tok.markEnd > start+2 && l.src[tok.markEnd-1] == '-' {
					tok.trimRight = true
					tok.markEnd = max(tok.markEnd-1, tok.markStart)
				}
				return tok
			}
			// A lone "}" ends the token, which is then malformed.
			l.pos = p + 1
			return token{kind: tokBadOutput, start: start, end: p + 1}
		}
		if d == '%' {
			return l.tag(start, p+2)
		}
		p++
	}
	l.pos = len(l.src)
	return token{kind: tokBadOutput, start: start, end: len(l.src)}
}

func skipSpace(s string, i, end int) int {
	for i < end && isSpace(s[i]) {
		i++
	}
	return i
}

// isSpace is Ruby's \s: space, \t, \n, \v, \f, \r.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// isStripSpace is what Ruby's String#strip removes: \s and NUL.
func isStripSpace(c byte) bool { return isSpace(c) || c == 0 }

func isWordByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// tagEndMatch reports whether the raw text of a token contains a tag named
// name, the way Liquid's raw, doc and comment bodies find their end tag
// ("FullTokenPossiblyInvalid": anything, then "{%", optional "-" and space,
// the name, then anything up to "%}"). It returns the offset, within the
// token, of the "{%" that starts the tag.
func tagEndMatch(tok string, name string) (at int, ok bool) {
	if !strings.HasSuffix(tok, "%}") {
		return 0, false
	}
	// The tag starts at the last "{%" whose name is followed by space or the
	// end of the markup; Ruby's greedy (.*) finds the last one.
	for from := len(tok); ; {
		i := strings.LastIndex(tok[:from], "{%")
		if i < 0 {
			return 0, false
		}
		p := i + 2
		if p < len(tok) && tok[p] == '-' {
			p++
		}
		p = skipSpace(tok, p, len(tok))
		q := p
		for q < len(tok) && isWordByte(tok[q]) {
			q++
		}
		if q > p {
			// The greedy (.*) settles on this "{%"; Ruby's greedy (\w+)
			// takes the whole word, so a longer word is another tag.
			return i, tok[p:q] == name
		}
		from = i
	}
}

// tagNameEnd returns the end of the tag name that starts src[from:to]: "#"
// or a run of word bytes, as Liquid's FullToken reads it; from when there
// is none. Tags and the lines of a liquid tag name their tag alike.
func tagNameEnd(src string, from, to int) int {
	if from < to && src[from] == '#' {
		return from + 1
	}
	q := from
	for q < to && isWordByte(src[q]) {
		q++
	}
	return q
}
