package lsp

import (
	"sort"
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

// converter turns shea's positions into LSP positions of one text, and
// back. shea counts positions two ways, and each names its byte offset in
// the file (Byte): in a workflow file (its front matter and body) every
// line break counts ("\n", "\r\n" and a lone "\r") and the first line's
// columns start after a byte order mark; in every other template (a
// partial, a layer file, a lane prompt) only "\n" ends a line and the
// columns count bytes from the line's start, the mark's included. The
// converter goes by the byte offset when it agrees with the line and
// column in either way, and by the line and column otherwise.
type converter struct {
	text   string
	starts []int // where each line starts, as LSP counts lines
	enc    string
	// bomUnits is what a leading byte order mark counts in the client's
	// positions: nothing in a file read from disk (editors drop it when
	// they open the file), one character in a buffer the client sent
	// with it.
	bomUnits int

	nl    []int  // where each line starts when only "\n" ends one; built on first use
	marks []mark // code units counted at intervals of the text; built on first use
}

// A mark is the count of code units in text[:at].
type mark struct{ at, units int }

// markEvery is the distance between marks: converting a position on a
// long line counts at most this many bytes.
const markEvery = 1024

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

// count returns the code units of text[from:to], from being where a
// character starts: in time bounded by markEvery, however long the line.
func (c *converter) count(from, to int) int {
	if c.enc == encUTF8 {
		return to - from
	}
	if to-from <= 2*markEvery {
		return units(c.text[from:to], c.enc)
	}
	return c.prefix(to) - c.prefix(from)
}

// prefix returns the code units of text[:off].
func (c *converter) prefix(off int) int {
	if c.marks == nil {
		c.marks = []mark{{0, 0}}
		n, next := 0, markEvery
		for i, r := range c.text {
			if i >= next {
				c.marks = append(c.marks, mark{i, n})
				next = i + markEvery
			}
			if c.enc == encUTF16 && r >= 0x10000 {
				n += 2
			} else {
				n++
			}
		}
	}
	i := sort.Search(len(c.marks), func(i int) bool { return c.marks[i].at > off }) - 1
	m := c.marks[max(i, 0)]
	return m.units + units(c.text[m.at:off], c.enc)
}

// lineOf returns the index of the last of starts at or before off.
func lineOf(starts []int, off int) int {
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
}

// byteOf returns the byte offset of a shea position, when its Byte agrees
// with its line and column in one of shea's two ways of counting them.
func (c *converter) byteOf(p diag.Pos) (int, bool) {
	b := p.Byte
	if b < 0 || b > len(c.text) {
		return 0, false
	}
	if c.nl == nil {
		c.nl = []int{0}
		for i := 0; i < len(c.text); i++ {
			if c.text[i] == '\n' {
				c.nl = append(c.nl, i+1)
			}
		}
	}
	if i := lineOf(c.nl, b); i+1 == p.Line && b-c.nl[i]+1 == p.Column {
		return b, true // only "\n" ends a line, the mark is counted
	}
	j := lineOf(c.starts, b)
	col := b - c.starts[j]
	if j == 0 && strings.HasPrefix(c.text, bom) {
		col -= len(bom)
	}
	if j+1 == p.Line && col+1 == p.Column {
		return b, true // every line break counts, the mark is not
	}
	return 0, false
}

// position converts a shea position; the zero Pos is the document's start.
func (c *converter) position(p diag.Pos) Position {
	if p.IsZero() {
		return Position{}
	}
	if b, ok := c.byteOf(p); ok {
		return c.at(b)
	}
	n := p.Line - 1
	if n >= len(c.starts) {
		n = len(c.starts) - 1
		l := c.line(n)
		end := c.starts[n] + len(lineText(c.text, c.starts, n))
		return Position{Line: n, Character: c.count(end-len(l), end)}
	}
	l := c.line(n)
	from := c.starts[n]
	lead := 0
	if n == 0 && strings.HasPrefix(c.text, bom) {
		from, lead = len(bom), c.bomUnits
	}
	col := min(max(p.Column-1, 0), len(l))
	for col > 0 && col < len(l) && !utf8.RuneStart(l[col]) {
		col--
	}
	return Position{Line: n, Character: lead + c.count(from, from+col)}
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
	lo := lineOf(c.starts, off)
	start, lead := c.starts[lo], 0
	if lo == 0 && strings.HasPrefix(c.text, bom) {
		if off < len(bom) {
			return Position{} // before (or inside) the mark
		}
		start, lead = len(bom), c.bomUnits
	}
	return Position{Line: lo, Character: lead + c.count(start, off)}
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
