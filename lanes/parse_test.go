package lanes

import (
	"testing"

	"github.com/sheaproject/shea/diag"
)

func TestHeadingTitle(t *testing.T) {
	tests := []struct {
		text  string
		title string
		ok    bool
	}{
		{"## Rules", "Rules", true},
		{"##\tRules  ", "Rules", true},
		{"   ## Rules", "Rules", true}, // up to three spaces
		{"    ## Rules", "", false},    // four is a code block
		{"## Rules ##", "Rules", true}, // closing sequence
		{"## Rules#", "Rules#", true},  // not a closing sequence
		{"## C# ##", "C#", true},       // closing sequence after a #
		{"## ##", "", true},            // only a closing sequence
		{"##", "", true},               // empty heading
		{"###  Sub", "", false},        // level three
		{"#Rules", "", false},          // level one, no space
		{"##Rules", "", false},         // no space
		{"# Rules", "", false},         // level one
		{"## Override: X", "Override: X", true},
	}
	for _, tt := range tests {
		title, ok := headingTitle(tt.text)
		if title != tt.title || ok != tt.ok {
			t.Errorf("headingTitle(%q) = %q, %v; want %q, %v", tt.text, title, ok, tt.title, tt.ok)
		}
	}
}

func TestIsDirective(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"<!-- append -->", true},
		{"  <!--APPEND-->  ", true},
		{"<!-- replace -->", true},
		{"<!-- protected -->", true},
		{"<!-- Governance -->", true},
		{"## Override: Rules", true},
		{"## override:Rules", true},
		{"## Override:", true},
		{"<!-- append --> text", false},
		{"<!-- appended -->", false},
		{"<!-- note -->", false},
		{"### Override: Rules", false},
		{"## Overrides: Rules", false},
		{"## Rules", false},
		{"<!--->", false},
	}
	for _, tt := range tests {
		if got := IsDirective(tt.text); got != tt.want {
			t.Errorf("IsDirective(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestClassifyFences(t *testing.T) {
	src := "## A\n```go\n## in\n```\n## B\n~~~~\n~~~\n<!-- append -->\n~~~~~\n<!-- append -->\n``` not `a` fence\n## C\n```\nunclosed\n## D\n"
	lines := splitLines(src, "f.md")
	classify(lines, true)
	var got []string
	for _, l := range lines {
		switch {
		case l.fenced:
			got = append(got, "F")
		case l.kind == lineHeading:
			got = append(got, "H:"+l.title)
		case l.kind == lineAppend:
			got = append(got, "append")
		default:
			got = append(got, "T")
		}
	}
	want := []string{"H:A", "F", "F", "F", "H:B", "F", "F", "F", "F", "append", "T", "H:C", "F", "F", "F"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}

func TestSplitLinesPositions(t *testing.T) {
	lines := splitLines("\ufeffa\r\nbc\n\nd", "f.md")
	want := []struct {
		text, eol string
		pos       diag.Pos
	}{
		{"a", "\r\n", diag.Pos{Line: 1, Column: 4, Byte: 3}},
		{"bc", "\n", diag.Pos{Line: 2, Column: 1, Byte: 6}},
		{"", "\n", diag.Pos{Line: 3, Column: 1, Byte: 9}},
		{"d", "", diag.Pos{Line: 4, Column: 1, Byte: 10}},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(lines), len(want))
	}
	for i, w := range want {
		if l := lines[i]; l.text != w.text || l.eol != w.eol || l.pos != w.pos {
			t.Errorf("line %d: %q %q %v, want %q %q %v", i, l.text, l.eol, l.pos, w.text, w.eol, w.pos)
		}
	}
}

func TestOverrideHeadingMapsTheName(t *testing.T) {
	f := parseLayerFile("<!-- append -->\n##  \u00a0OVERRIDE:   Big  Name ##\nx\n", "f.md", LayerProject)
	if len(f.blocks) != 1 {
		t.Fatalf("blocks: %d (%v)", len(f.blocks), f.diags)
	}
	h := overrideHeading(f.blocks[0])
	// "##  \u00a0OVERRIDE:   " is 2+2+2+9+3 = 18 bytes: the name starts at column 19.
	if h.prefix+h.text != "## Big  Name" || h.pos != (diag.Pos{Line: 2, Column: 19, Byte: 34}) || h.prefixPos.Line != 2 || h.prefixPos.Column != 1 {
		t.Errorf("heading %q at %v (prefix at %v)", h.prefix+h.text, h.pos, h.prefixPos)
	}
	// The line ending stays where it is in the file, after " ##".
	if got := h.eolPos(); got != (diag.Pos{Line: 2, Column: 31, Byte: 46}) {
		t.Errorf("line ending at %v, want 2:31 byte 46", got)
	}
}
