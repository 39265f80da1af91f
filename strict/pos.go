package strict

import (
	"sort"
	"strings"
	"sync"

	"github.com/sheaproject/shea/diag"
)

// posTable converts byte offsets in a source string to file positions. The
// source may be embedded in a larger file (a workflow body, a composed layer),
// so positions are relative to start, the file position of the source's first
// byte. The line starts are found on the first lookup: a template that
// checks clean never needs them.
type posTable struct {
	filename string
	start    diag.Pos
	src      string
	once     sync.Once
	lines    []int // offsets of the first byte of each line after the first
}

func newPosTable(src, filename string, start diag.Pos) *posTable {
	if start.IsZero() {
		start = diag.StartPos
	}
	return &posTable{filename: filename, start: start, src: src}
}

// lineStarts returns the offsets of the line starts, finding them once.
func (t *posTable) lineStarts() []int {
	t.once.Do(func() {
		t.lines = make([]int, 0, strings.Count(t.src, "\n"))
		for i := 0; i < len(t.src); i++ {
			if t.src[i] == '\n' {
				t.lines = append(t.lines, i+1)
			}
		}
	})
	return t.lines
}

// pos returns the file position of byte offset off of the source. Lookups
// are safe for concurrent use (the spans of a compiled template are
// resolved while it renders).
func (t *posTable) pos(off int) diag.Pos {
	// n is the number of line starts at or before off.
	lines := t.lineStarts()
	n := sort.Search(len(lines), func(i int) bool { return lines[i] > off })
	if n == 0 {
		return diag.Pos{Line: t.start.Line, Column: t.start.Column + off, Byte: t.start.Byte + off}
	}
	return diag.Pos{Line: t.start.Line + n, Column: off - lines[n-1] + 1, Byte: t.start.Byte + off}
}

// span returns the span of the source bytes [from, to).
func (t *posTable) span(from, to int) Span { return Span{t, int32(from), int32(to)} }

// rng returns the range of the source bytes [from, to).
func (t *posTable) rng(from, to int) diag.Range {
	return diag.Range{Filename: t.filename, Start: t.pos(from), End: t.pos(to)}
}
