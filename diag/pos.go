package diag

import "fmt"

// Pos is a position in a source file.
type Pos struct {
	Line   int `json:"line"`   // from 1
	Column int `json:"column"` // from 1, in bytes
	Byte   int `json:"byte"`   // from 0
}

// StartPos is the position of the first byte of a file.
var StartPos = Pos{Line: 1, Column: 1, Byte: 0}

// IsZero reports whether p is the zero value (no position known).
func (p Pos) IsZero() bool { return p.Line == 0 }

// Before reports whether p lies strictly before q.
func (p Pos) Before(q Pos) bool {
	if p.Byte != q.Byte {
		return p.Byte < q.Byte
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}

// Advance returns the position after s, when s starts at p.
func (p Pos) Advance(s string) Pos {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column++
		}
	}
	p.Byte += len(s)
	return p
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// Range is a half-open span of a named file: Start is its first byte and End
// is one past its last.
type Range struct {
	Filename string `json:"filename"`
	Start    Pos    `json:"start"`
	End      Pos    `json:"end"`
}

// String formats the range's start as file:line:col.
func (r Range) String() string {
	if r.Start.IsZero() {
		return r.Filename
	}
	if r.Filename == "" {
		return r.Start.String()
	}
	return r.Filename + ":" + r.Start.String()
}

// Contains reports whether p lies within r.
func (r Range) Contains(p Pos) bool {
	return r.Start.Byte <= p.Byte && p.Byte < r.End.Byte
}
