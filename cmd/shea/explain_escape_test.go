package main

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/workflows"
)

// TestExplainEscapes: render --explain prints headings and file names
// from layer files; a raw OSC sequence or ESC[2J in them reached the
// terminal. They go through the escaping of diagnostics.
func TestExplainEscapes(t *testing.T) {
	hostile := "x\x1b]0;owned\x07\x1b[2J\u009b\r\n"
	ls := &workflows.LaneSource{
		Lane: "review_agent", Kind: workflows.SourceComposed, Path: "p" + hostile,
		Layers: []workflows.Layer{{Name: lanes.LayerProject, Dir: "d" + hostile}},
		Files:  []lanes.FileUse{{File: "f" + hostile}},
		Sections: []lanes.SectionInfo{{
			Part: lanes.PartLane, PartName: "review" + hostile, Heading: "Scope" + hostile,
			Origin: lanes.Origin{Layer: lanes.LayerProject, File: "o" + hostile, Line: 1},
			Steps:  []lanes.Step{{Origin: lanes.Origin{Layer: lanes.LayerCore, File: "s" + hostile}}, {Origin: lanes.Origin{Layer: lanes.LayerProject, File: "t" + hostile}}},
		}},
	}
	var b strings.Builder
	if err := writeExplain(&b, ls); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.ContainsAny(out, "\x1b\x07\r\u009b") {
		t.Errorf("control characters reached the output:\n%q", out)
	}
	esc := `x\x1b]0;owned\a\x1b[2J\u009b\r\n`
	for _, want := range []string{"## Scope" + esc, "o" + esc + ":1", "s" + esc + ":0", "t" + esc, "lane review" + esc, "d" + esc} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Each printed line is one line of the explanation: the escaped
	// newlines in the names did not break any.
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "x") || strings.HasPrefix(line, "0;owned") {
			t.Errorf("a name broke a line: %q", line)
		}
	}
}
