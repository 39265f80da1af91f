package lsp

import (
	"strings"
	"unicode/utf8"

	"github.com/sheaproject/shea/diag"
)

// The position encodings of LSP 3.17: what a Position's character counts.
const (
	encUTF8  = "utf-8"
	encUTF16 = "utf-16" // the default, when the client offers no choice
	encUTF32 = "utf-32"
)

// chooseEncoding picks the encoding from the client's offer, in its order
// of preference; UTF-16 when it offers none shea knows.
func chooseEncoding(offered []string) string {
	for _, e := range offered {
		switch e {
		case encUTF8, encUTF16, encUTF32:
			return e
		}
	}
	return encUTF16
}

const bom = "\ufeff"

// lines splits text into its lines as both LSP and shea count them: "\n",
// "\r\n" and a lone "\r" end a line. Each entry is the byte offset where a
// line starts.
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineText returns line n (0-based) of text without its line break.
func lineText(text string, starts []int, n int) string {
	if n < 0 || n >= len(starts) {
		return ""
	}
	end := len(text)
	if n+1 < len(starts) {
		end = starts[n+1]
	}
	return strings.TrimRight(text[starts[n]:end], "\r\n")
}

// units counts the code units of s in the encoding.
func units(s, enc string) int {
	switch enc {
	case encUTF8:
		return len(s)
	case encUTF32:
		return utf8.RuneCountInString(s)
	}
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// bytesFor returns how many bytes of s hold the first n code units of the
// encoding (all of s when it is shorter; never inside a character).
func bytesFor(s string, n int, enc string) int {
	if enc == encUTF8 {
		if n >= len(s) {
			return len(s)
		}
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		return n
	}
	count := 0
	for i, r := range s {
		if count >= n {
			return i
		}
		if enc == encUTF16 && r >= 0x10000 {
			count += 2
		} else {
			count++
		}
	}
	return len(s)
}

// converter turns shea's positions (line and byte column from 1, a byte
// order mark not counted) into LSP positions of one text, and back.
type converter struct {
	text   string
	starts []int
	enc    string
	// bomUnits is what a leading byte order mark counts in the client's
	// positions: nothing in a file read from disk (editors drop it when
	// they open the file), one character in a buffer the client sent
	// with it.
	bomUnits int
}

// newConverter converts positions of a file read from disk.
func newConverter(text, enc string) *converter {
	return &converter{text: text, starts: lineStarts(text), enc: enc}
}

// newBufferConverter converts positions of a buffer the client sent.
func newBufferConverter(text, enc string) *converter {
	c := newConverter(text, enc)
	if strings.HasPrefix(text, bom) {
		c.bomUnits = units(bom, enc)
	}
	return c
}

// line returns line n (0-based), without a leading byte order mark.
func (c *converter) line(n int) string {
	l := lineText(c.text, c.starts, n)
	if n == 0 {
		l = strings.TrimPrefix(l, bom)
	}
	return l
}

// position converts a shea position; the zero Pos is the document's start.
func (c *converter) position(p diag.Pos) Position {
	if p.IsZero() {
		return Position{}
	}
	n := p.Line - 1
	if n >= len(c.starts) {
		n = len(c.starts) - 1
		return Position{Line: n, Character: units(c.line(n), c.enc)}
	}
	l := c.line(n)
	col := max(p.Column-1, 0)
	if col > len(l) {
		col = len(l)
	}
	lead := 0
	if n == 0 {
		lead = c.bomUnits
	}
	return Position{Line: n, Character: lead + units(l[:col], c.enc)}
}

// rng converts a shea range; an empty end is the start.
func (c *converter) rng(r diag.Range) Range {
	start := c.position(r.Start)
	end := start
	if !r.End.IsZero() {
		end = c.position(r.End)
	}
	return Range{Start: start, End: end}
}

// offset converts an LSP position to a byte offset in the text.
func (c *converter) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(c.starts) {
		return len(c.text)
	}
	start := c.starts[p.Line]
	l := lineText(c.text, c.starts, p.Line)
	char := max(p.Character, 0)
	if p.Line == 0 && strings.HasPrefix(l, bom) {
		start += len(bom)
		l = l[len(bom):]
		char = max(char-c.bomUnits, 0)
	}
	return start + bytesFor(l, char, c.enc)
}

// at converts a byte offset of the text to an LSP position.
func (c *converter) at(off int) Position {
	off = min(max(off, 0), len(c.text))
	// the last line starting at or before off
	lo, hi := 0, len(c.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if c.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	start := c.starts[lo]
	seg := c.text[start:off]
	lead := 0
	if lo == 0 && strings.HasPrefix(c.text, bom) {
		if off < len(bom) {
			return Position{} // before (or inside) the mark
		}
		seg, lead = c.text[len(bom):off], c.bomUnits
	}
	return Position{Line: lo, Character: lead + units(seg, c.enc)}
}

// applyChange applies one content change to text: the whole text when it
// has no range, else the range replaced.
func applyChange(text string, ch textDocumentContentChangeEvent, enc string) string {
	if ch.Range == nil {
		return ch.Text
	}
	c := newBufferConverter(text, enc)
	a, b := c.offset(ch.Range.Start), c.offset(ch.Range.End)
	if b < a {
		a, b = b, a
	}
	return text[:a] + ch.Text + text[b:]
}
