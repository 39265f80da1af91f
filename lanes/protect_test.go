package lanes

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
)

// TestLinePieces: the pieces of a line are its text between its Liquid
// parts, trimmed, blank pieces left out; Liquid left open runs to the end
// of the range.
func TestLinePieces(t *testing.T) {
	for line, want := range map[string][]string{
		"Never merge.":                               {"Never merge."},
		"  Never merge {{ x }} yourself.  ":          {"Never merge", "yourself."},
		"{{ a }}{{ b }}":                             nil,
		"a {% assign x = 1 %} b {{- y -}}c":          {"a", "b", "c"},
		"{ JSON } and {x}":                           {"{ JSON } and {x}"},
		"a {{ x":                                     {"a"},
		"a {% render 'p' %} b {% # note %}":          {"a", "b"},
		"Ask {{ who | default: \"a }} b\" }} first.": {"Ask", "b\" }} first."},
	} {
		var got []string
		for _, ln := range protectedLines(line, 0, len(line)) {
			for _, p := range ln.pieces {
				got = append(got, line[p[0]:p[1]])
			}
		}
		if !cmp.Equal(got, want) {
			t.Errorf("pieces of %q = %q, want %q", line, got, want)
		}
	}
}

// TestProtectedLines: the lines of a section that must render are those
// outside its own blocks, without a block tag on them, with some text.
func TestProtectedLines(t *testing.T) {
	src := "## Limits of {{ x }}\nPlain.\n{% if a %}\nInside {{ y }}.\n{% endif %}\n{% assign z = 1 %}\nAfter {{ z }} end.\nA {% if b %}b{% endif %} c\n\n" +
		"{% liquid\n  assign w = 2\n  echo w\n%} Then.\n{{ x\n  | upcase }} Last.\n{%- if c -%}\n{% endif %}\nEnd.\n"
	var got []string
	for _, ln := range protectedLines(src, 0, len(src)) {
		var pieces []string
		for _, p := range ln.pieces {
			pieces = append(pieces, src[p[0]:p[1]])
		}
		got = append(got, src[ln.start:ln.end]+" => "+strings.Join(pieces, "|"))
	}
	want := []string{"## Limits of {{ x }} => ## Limits of", "Plain. => Plain.", "After {{ z }} end. => After|end.",
		"%} Then. => Then.", "  | upcase }} Last. => Last.", "End. => End."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCheckRenderedTemplated: a protected section with Liquid on every
// line is found in the output by its pieces, in order; a missing piece,
// or pieces out of order, is reported at the block a higher layer opened
// around the section, or at the line when there is none.
func TestCheckRenderedTemplated(t *testing.T) {
	core := "## Scope\nAll.\n\n## Limits of {{ id }}\n<!-- protected -->\nNever merge {{ id }} yourself.\n"
	for _, tt := range []struct {
		name, project, out string
		want               string // the first diagnostic as fmtDiags writes it, "" for none
	}{
		{"rendered", "", "## Scope\nAll.\n\n## Limits of #12\nNever merge #12 yourself.\n", ""},
		{"a piece missing", "", "## Scope\nAll.\n\n## Limits of #12\nNever merge #12.\n",
			"error protected_section_override <core>/lane.md:6:1-6:31"},
		{"out of order", "", "## Limits of #12\nyourself. Never merge #12\n",
			"error protected_section_override <core>/lane.md:6:1-6:31"},
		{"hidden by a condition", "<!-- append -->\n## Override: Scope\n{% if false %}\n\n## Override: Trailer\n{% endif %}\n", "## Scope\nAll.\n\n",
			"error protected_section_override <project>/lane.md:3:1-3:15 → <core>/lane.md:4:1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			maps := []map[string]string{lane(core), {}, {}}
			if tt.project != "" {
				maps[2] = lane(tt.project)
			}
			c, diags := compose(fsLayers(maps...), Request{File: "lane.md", Name: "composed.md"})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			l := c.CheckRendered(tt.out)
			got := ""
			if len(l) > 0 {
				got = fmtDiags(l[:1])
			}
			if tt.want == "" && got != "" || tt.want != "" && !strings.HasPrefix(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			for _, d := range l {
				if d.Code != codes.ProtectedSectionOverride || !strings.Contains(d.Summary, `"Limits of {{ id }}"`) {
					t.Errorf("diagnostic %s: %s", d.Code, d.Summary)
				}
			}
		})
	}
}
