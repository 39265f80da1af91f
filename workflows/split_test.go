package workflows

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

func TestSplitSymphony(t *testing.T) {
	tests := []struct {
		name, text string
		want       Split
	}{
		{"no front matter", "Hello\n", Split{Body: "Hello", BodyStart: 0}},
		{"empty file", "", Split{}},
		{"front matter and body", "---\na: 1\n---\n\nBody\n", Split{HasFrontMatter: true, Closed: true, Front: "a: 1", FrontStart: 4, Body: "Body", BodyStart: 14}},
		{"several lines", "---\na: 1\nb: 2\n---\nx", Split{HasFrontMatter: true, Closed: true, Front: "a: 1\nb: 2", FrontStart: 4, Body: "x", BodyStart: 18}},
		{"empty block", "---\n---\nBody", Split{HasFrontMatter: true, Closed: true, Front: "", FrontStart: 4, Body: "Body", BodyStart: 8}},
		{"only the opening line", "---", Split{HasFrontMatter: true, FrontStart: 3, BodyStart: 3}},
		{"opening line and newline", "---\n", Split{HasFrontMatter: true, FrontStart: 4, BodyStart: 4}},
		{"no closing line", "---\na: 1\nHello", Split{HasFrontMatter: true, Front: "a: 1\nHello", FrontStart: 4, BodyStart: 14}},
		{"closing at the end", "---\na: 1\n---", Split{HasFrontMatter: true, Closed: true, Front: "a: 1", FrontStart: 4, BodyStart: 12}},
		// Only a line that is exactly --- opens or closes the block.
		{"opening with a space", "--- \na: 1\n---\nx", Split{Body: "--- \na: 1\n---\nx"}},
		{"four dashes do not close", "---\na: 1\n----\n---\nx", Split{HasFrontMatter: true, Closed: true, Front: "a: 1\n----", FrontStart: 4, Body: "x", BodyStart: 18}},
		{"indented dashes do not open", " ---\na: 1\n---\n", Split{Body: "---\na: 1\n---", BodyStart: 1}},
		{"body trimmed of unicode space", "---\n---\n\u00a0 x \u2003\n", Split{HasFrontMatter: true, Closed: true, FrontStart: 4, Body: "x", BodyStart: 11}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, SplitSymphony(tt.text)); diff != "" {
				t.Errorf("SplitSymphony(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestSplitShea(t *testing.T) {
	tests := []struct {
		name, text string
		want       Split
	}{
		{"no front matter", "Hello\n", Split{Body: "Hello"}},
		{"front matter and body", "---\na: 1\n---\n\nBody\n", Split{HasFrontMatter: true, Closed: true, Front: "a: 1", FrontStart: 4, Body: "Body", BodyStart: 14}},
		{"empty block", "---\n---\nBody", Split{HasFrontMatter: true, Closed: true, FrontStart: 4, Body: "Body", BodyStart: 8}},
		{"only delimiters", "---\n---", Split{HasFrontMatter: true, Closed: true, FrontStart: 4, BodyStart: 7}},
		// Without "---\n" at the start, a text that trims to --- is empty.
		{"a lone delimiter", "  ---  \n", Split{FrontStart: 8, BodyStart: 8}},
		{"delimiter without newline", "---", Split{FrontStart: 3, BodyStart: 3}},
		{"no closing line", "---\na: 1\nHello", Split{HasFrontMatter: true, Front: "a: 1\nHello", FrontStart: 4, BodyStart: 14}},
		// Any line starting with --- closes; the rest of that line is body.
		{"four dashes close", "---\na: 1\n----\nBody", Split{HasFrontMatter: true, Closed: true, Front: "a: 1", FrontStart: 4, Body: "-\nBody", BodyStart: 12}},
		{"dashes and text close", "---\na: 1\n--- yes\nBody", Split{HasFrontMatter: true, Closed: true, Front: "a: 1", FrontStart: 4, Body: "yes\nBody", BodyStart: 13}},
		{"closing at the end", "---\na: 1\n---", Split{HasFrontMatter: true, Closed: true, Front: "a: 1", FrontStart: 4, BodyStart: 12}},
		{"opening with a space is body", "--- \na: 1\n---\nx", Split{Body: "--- \na: 1\n---\nx"}},
		{"dashes without newline after opening", "---\n---x\nBody", Split{HasFrontMatter: true, Front: "---x\nBody", FrontStart: 4, BodyStart: 13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, splitShea(tt.text)); diff != "" {
				t.Errorf("splitShea(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestSourcePositions(t *testing.T) {
	// "a\r\nbc\rd\ne": lines a, bc, d, e; a BOM first.
	orig := bom + "a\r\nbc\rd\ne"
	s := newSource("f", []byte(orig))
	if s.text != "a\nbc\nd\ne" {
		t.Fatalf("normalised text = %q", s.text)
	}
	for _, tt := range []struct {
		off  int
		want string // line:col@byte
	}{
		{0, "1:1@3"}, // after the BOM
		{1, "1:2@4"}, // the CR of CRLF
		{2, "2:1@6"},
		{3, "2:2@7"},
		{5, "3:1@9"},
		{7, "4:1@11"},
		{8, "4:2@12"}, // end of file
	} {
		p := s.pos(tt.off)
		if got := p.String() + "@" + strconv.Itoa(p.Byte); got != tt.want {
			t.Errorf("pos(%d) = %s, want %s", tt.off, got, tt.want)
		}
		if c := s.text[min(tt.off, len(s.text)-1)]; tt.off < len(s.text) && c != '\n' && orig[p.Byte] != c {
			t.Errorf("pos(%d): byte %d of the file is %q, not %q", tt.off, p.Byte, orig[p.Byte], c)
		}
	}
}

// FuzzSplit checks the invariants of both splits on any text: the parts
// are the normalised text's bytes at their offsets, the body is trimmed,
// the front matter never holds the delimiter line that closed it, and the
// positions of both parts map to bytes of the original file holding the
// same characters.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"", "---", "---\n", "---\n---", "---\n---\n", "---\na: 1\n---\nbody", "---\r\na: 1\r\n---\r\nbody\r\n",
		"\ufeff---\na: 1\n---\nbody", "---\na\n----\nb", "  ---  ", "--- \nx\n---\ny", "a\rb\rc", "---\n\n---\n\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, orig []byte) {
		src := newSource("f", orig)
		for name, sp := range map[string]Split{"symphony": SplitSymphony(src.text), "shea": splitShea(src.text)} {
			if sp.FrontStart < 0 || sp.FrontStart+len(sp.Front) > len(src.text) || src.text[sp.FrontStart:sp.FrontStart+len(sp.Front)] != sp.Front {
				t.Fatalf("%s: front %q is not the text at %d", name, sp.Front, sp.FrontStart)
			}
			if sp.BodyStart < 0 || sp.BodyStart+len(sp.Body) > len(src.text) || src.text[sp.BodyStart:sp.BodyStart+len(sp.Body)] != sp.Body {
				t.Fatalf("%s: body %q is not the text at %d", name, sp.Body, sp.BodyStart)
			}
			if strings.TrimFunc(sp.Body, unicode.IsSpace) != sp.Body {
				t.Fatalf("%s: body %q is not trimmed", name, sp.Body)
			}
			if !sp.HasFrontMatter && (sp.Front != "" || sp.Closed) {
				t.Fatalf("%s: front matter without an opening line: %+v", name, sp)
			}
			if sp.Body != "" && sp.HasFrontMatter && sp.BodyStart < sp.FrontStart+len(sp.Front) {
				t.Fatalf("%s: body starts inside the front matter: %+v", name, sp)
			}
			for _, off := range []int{sp.FrontStart, sp.BodyStart} {
				if off >= len(src.text) {
					continue
				}
				p := src.pos(off)
				if p.Byte < 0 || p.Byte >= len(orig) {
					t.Fatalf("%s: offset %d maps to byte %d of %d", name, off, p.Byte, len(orig))
				}
				c := src.text[off]
				if c != '\n' && orig[p.Byte] != c {
					t.Fatalf("%s: offset %d (%q) maps to byte %d (%q)", name, off, c, p.Byte, orig[p.Byte])
				}
				if c == '\n' && orig[p.Byte] != '\n' && orig[p.Byte] != '\r' {
					t.Fatalf("%s: line break at %d maps to byte %d (%q)", name, off, p.Byte, orig[p.Byte])
				}
				if q := src.fix(p); q != p {
					t.Fatalf("%s: fix(%v) = %v", name, p, q)
				}
			}
		}
	})
}
