package workflows

import (
	"sort"

	"github.com/sheaproject/shea/diag"
)

// source is a workflow file as both dialects read it: line breaks
// normalised to "\n" and a leading byte order mark dropped. It converts
// positions in the normalised text back to positions in the original
// bytes, which is what every diagnostic must point at.
//
// Normalising only ever changes line breaks (CRLF and a lone CR become LF)
// and the first three bytes (a BOM), so the text of each line is the same
// in both forms: a line and column in the normalised text are the same line
// and column of the original, and only the byte offset needs converting.
// The column of the first line counts from after the BOM.
type source struct {
	filename string
	orig     []byte
	text     string // normalised
	// normStarts and origStarts are the offsets of the first byte of each
	// line in text and in orig.
	normStarts []int
	origStarts []int
}

const bom = "\uFEFF"

func newSource(filename string, orig []byte) *source {
	s := &source{filename: filename, orig: orig}
	i := 0
	if len(orig) >= 3 && string(orig[:3]) == bom {
		i = 3
	}
	buf := make([]byte, 0, len(orig)-i)
	s.normStarts = append(s.normStarts, 0)
	s.origStarts = append(s.origStarts, i)
	for i < len(orig) {
		c := orig[i]
		switch c {
		case '\r':
			buf = append(buf, '\n')
			i++
			if i < len(orig) && orig[i] == '\n' {
				i++
			}
		case '\n':
			buf = append(buf, '\n')
			i++
		default:
			buf = append(buf, c)
			i++
			continue
		}
		s.normStarts = append(s.normStarts, len(buf))
		s.origStarts = append(s.origStarts, i)
	}
	s.text = string(buf)
	return s
}

// line returns the 0-based line holding normalised offset off.
func (s *source) line(off int) int {
	return sort.Search(len(s.normStarts), func(i int) bool { return s.normStarts[i] > off }) - 1
}

// pos returns the position of normalised offset off.
func (s *source) pos(off int) diag.Pos {
	off = max(0, min(off, len(s.text)))
	l := s.line(off)
	col := off - s.normStarts[l]
	return diag.Pos{Line: l + 1, Column: col + 1, Byte: s.origStarts[l] + col}
}

// rng returns the range of normalised offsets [from, to).
func (s *source) rng(from, to int) diag.Range {
	return diag.Range{Filename: s.filename, Start: s.pos(from), End: s.pos(to)}
}

// lineRange returns the range of the text of 1-based line n, without its
// line break, starting at its first non-blank byte.
func (s *source) lineRange(n int) diag.Range {
	if n < 1 {
		n = 1
	}
	if n > len(s.normStarts) {
		n = len(s.normStarts)
	}
	start := s.normStarts[n-1]
	end := len(s.text)
	if n < len(s.normStarts) {
		end = s.normStarts[n] - 1
	}
	from := start
	for from < end && (s.text[from] == ' ' || s.text[from] == '\t') {
		from++
	}
	if from == end {
		from = start
	}
	return s.rng(from, end)
}

// fix converts a position computed in the normalised text (a diagnostic of
// a template compiled from it) to the original bytes. Only the line and
// column are read.
func (s *source) fix(p diag.Pos) diag.Pos {
	if p.IsZero() || p.Line > len(s.origStarts) {
		return p
	}
	p.Byte = s.origStarts[p.Line-1] + p.Column - 1
	return p
}

// fixRange converts a range in the normalised text of this file.
func (s *source) fixRange(r diag.Range) diag.Range {
	if r.Filename != s.filename {
		return r
	}
	r.Start = s.fix(r.Start)
	r.End = s.fix(r.End)
	return r
}

// fixList converts every range of the diagnostics that refers to this file,
// in place, and returns the list.
func (s *source) fixList(l diag.List) diag.List {
	if !s.changed() {
		return l
	}
	for _, d := range l {
		d.Subject = s.fixRange(d.Subject)
		for i := range d.Related {
			d.Related[i].Range = s.fixRange(d.Related[i].Range)
		}
	}
	return l
}

// changed reports whether normalising moved any byte.
func (s *source) changed() bool { return len(s.text) != len(s.orig) }
