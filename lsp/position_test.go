package lsp

import (
	"testing"

	"github.com/sheaproject/shea/diag"
)

// shea's columns never count a byte order mark. A file read from disk is
// shown by an editor without it; a buffer the client sent with the mark
// counts it as one character (three bytes in UTF-8).
func TestByteOrderMark(t *testing.T) {
	text := "\ufeff{{ nope }}\nx"
	at := diag.Pos{Line: 1, Column: 4, Byte: 6} // "nope", as shea reports it
	for _, tc := range []struct {
		buffer bool
		enc    string
		want   int
	}{
		{false, encUTF16, 3},
		{true, encUTF16, 4},
		{true, encUTF32, 4},
		{true, encUTF8, 6},
		{false, encUTF8, 3},
	} {
		c := newConverter(text, tc.enc)
		if tc.buffer {
			c = newBufferConverter(text, tc.enc)
		}
		p := c.position(at)
		if p != (Position{0, tc.want}) {
			t.Errorf("buffer=%v %s: %+v, want character %d", tc.buffer, tc.enc, p, tc.want)
		}
		if off := c.offset(p); off != 6 {
			t.Errorf("buffer=%v %s: offset %d, want 6", tc.buffer, tc.enc, off)
		}
		if back := c.at(6); back != p {
			t.Errorf("buffer=%v %s: at(6) = %+v", tc.buffer, tc.enc, back)
		}
		if c.at(0) != (Position{}) {
			t.Errorf("buffer=%v %s: at(0) = %+v", tc.buffer, tc.enc, c.at(0))
		}
	}
}

// A change applies at the client's positions; a range past the end of a
// line or of the text is clamped.
func TestApplyChange(t *testing.T) {
	for _, tc := range []struct {
		text string
		r    Range
		ins  string
		want string
	}{
		{"a🎉b\nc", rng(0, 3, 0, 4), "X", "a🎉X\nc"},
		{"a🎉b\r\nc", rng(1, 0, 1, 1), "d", "a🎉b\r\nd"},
		{"ab", rng(0, 1, 0, 99), "", "a"},
		{"ab", rng(5, 0, 6, 0), "!", "ab!"},
		{"\ufeffab", rng(0, 1, 0, 2), "X", "\ufeffXb"},
	} {
		r := tc.r
		if got := applyChange(tc.text, textDocumentContentChangeEvent{Range: &r, Text: tc.ins}, encUTF16); got != tc.want {
			t.Errorf("applyChange(%q, %+v, %q) = %q, want %q", tc.text, tc.r, tc.ins, got, tc.want)
		}
	}
}
