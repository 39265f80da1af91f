package strict

import (
	"sort"
	"strings"

	"github.com/sheaproject/shea/strict/diag"
)

// posTable converts byte offsets in a source string to file positions. The
// source may be embedded in a larger file (a workflow body, a composed layer),
// so positions are relative to start, the file position of the source's first
// byte.
type posTable struct {
	filename string
	start    diag.Pos
	lines    []int // offsets of the first byte of each line after the first
}

func newPosTable(src, filename string, start diag.Pos) *posTable {
	if start.IsZero() {
		start = diag.StartPos
	}
	t := &posTable{filename: filename, start: start, lines: make([]int, 0, strings.Count(src, "\n"))}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// pos returns the file position of byte offset off of the source. The
// table does not change once built, so lookups are safe for concurrent use
// (the spans of a compiled template are resolved while it renders).
func (t *posTable) pos(off int) diag.Pos {
	// n is the number of line starts at or before off.
	n := sort.Search(len(t.lines), func(i int) bool { return t.lines[i] > off })
	if n == 0 {
		return diag.Pos{Line: t.start.Line, Column: t.start.Column + off, Byte: t.start.Byte + off}
	}
	return diag.Pos{Line: t.start.Line + n, Column: off - t.lines[n-1] + 1, Byte: t.start.Byte + off}
}

// span returns the span of the source bytes [from, to).
func (t *posTable) span(from, to int) Span { return Span{t, int32(from), int32(to)} }

// rng returns the range of the source bytes [from, to).
func (t *posTable) rng(from, to int) diag.Range {
	return diag.Range{Filename: t.filename, Start: t.pos(from), End: t.pos(to)}
}
