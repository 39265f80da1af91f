package lsp

import (
	"strings"
	"testing"
	"unicode/utf8"

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

// On a line longer than the marks' interval, positions count the same as
// counting the line from its start: for every offset of a 10 KB line of
// one-, two-, three- and four-byte characters, both ways, in each
// encoding.
func TestLongLinePositions(t *testing.T) {
	text := "\ufeffx\n" + strings.Repeat("aé日🎉", 1000) + "\rend"
	for _, enc := range []string{encUTF8, encUTF16, encUTF32} {
		c := newBufferConverter(text, enc)
		line, start, char := 1, 5, 0 // after "\ufeffx\n"
		for off := 5; off <= len(text); off++ {
			if off > start && off <= len(text) {
				switch text[off-1] {
				case '\r':
					line, start, char = line+1, off, 0
				default:
					if utf8.RuneStart(text[off-1]) {
						r, _ := utf8.DecodeRuneInString(text[off-1:])
						char += units(string(r), enc)
					}
				}
			}
			if off < len(text) && !utf8.RuneStart(text[off]) {
				continue
			}
			want := Position{Line: line, Character: char}
			if got := c.at(off); got != want {
				t.Fatalf("%s: at(%d) = %+v, want %+v", enc, off, got, want)
			}
			if back := c.offset(want); back != off {
				t.Fatalf("%s: offset(%+v) = %d, want %d", enc, want, back, off)
			}
		}
	}
}
