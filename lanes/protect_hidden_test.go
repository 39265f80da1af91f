package lanes

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
)

// hiddenCore is a core lane whose second section is protected and has
// Liquid on its heading and body.
const hiddenCore = "## Scope\nAll.\n\n## Limits of {{ id }}\n<!-- protected -->\nNever merge {{ id }} yourself.\n"

// TestComposeRefusesHiddenProtected pins the composition-time check: a
// protected section that a higher layer puts inside a {% comment %} or a
// {% raw %} block (closed after the section, or never closed) is refused
// when the lane is composed, at the tag that opened the block, before any
// render; a block the layer closes before the section, a comment tag
// inside raw, or a stray {% endcomment %} is no such block.
func TestComposeRefusesHiddenProtected(t *testing.T) {
	const scope = "<!-- append -->\n## Override: Scope\n"
	const trailer = "\n## Override: Trailer\n"
	for _, tt := range []struct {
		name, project string
		want          string // fmtDiags of the diagnostics; "" for none
		summary       string // in the first diagnostic's summary
	}{
		{"a comment around it", scope + "{% comment %}\n" + trailer + "{% endcomment %}\n",
			"error protected_section_override <project>/lane.md:3:1-3:14 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a comment never closed", scope + "{% comment %}\n",
			"error protected_section_override <project>/lane.md:3:1-3:14 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a trimmed comment", scope + "{%- comment -%}\n" + trailer + "{%- endcomment -%}\n",
			"error protected_section_override <project>/lane.md:3:1-3:16 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a raw block never closed", scope + "{% raw %}\n",
			"error protected_section_override <project>/lane.md:3:1-3:10 → <core>/lane.md:4:1\n", "this raw block keeps protected section"},
		{"a raw block around it", scope + "{% raw %}\n" + trailer + "{% endraw %}\n",
			"error protected_section_override <project>/lane.md:3:1-3:10 → <core>/lane.md:4:1\n", "this raw block keeps protected section"},
		{"nested comments, the outer still open", scope + "{% comment %}{% comment %}x{% endcomment %}\n" + trailer + "{% endcomment %}\n",
			"error protected_section_override <project>/lane.md:3:1-3:14 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a comment opened after a stray endcomment", scope + "{% endcomment %}\n{% comment %}\n" + trailer + "{% endcomment %}\n",
			"error protected_section_override <project>/lane.md:4:1-4:14 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a comment right after another tag", scope + "{% assign x = 1 %}{% comment %}\n" + trailer + "{% endcomment %}\n",
			"error protected_section_override <project>/lane.md:3:19-3:32 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a comment closed before it", scope + "{% comment %}note{% endcomment %}\n", "", ""},
		{"a comment without spaces closed before it", scope + "{%comment%}note{%endcomment%}\n", "", ""},
		{"a comment without spaces around it", scope + "{%comment%}\n" + trailer + "{%endcomment%}\n",
			"error protected_section_override <project>/lane.md:3:1-3:12 → <core>/lane.md:4:1\n", "this comment removes protected section"},
		{"a raw block closed before it", scope + "{% raw %}{{ x }}{% endraw %}\n", "", ""},
		{"a comment tag inside raw", scope + "{% raw %}{% comment %}{% endraw %}\n", "", ""},
		{"a raw tag inside a closed comment", scope + "{% comment %}{% raw %}{% endraw %}{% endcomment %}\n", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := compose(fsLayers(lane(hiddenCore), nil, lane(tt.project)), Request{File: "lane.md", Name: "composed.md"})
			if got := fmtDiags(diags); got != tt.want {
				t.Fatalf("diagnostics:\n%s\nwant:\n%s", got, tt.want)
			}
			if tt.want == "" {
				return
			}
			d := diags[0]
			if d.Code != codes.ProtectedSectionOverride || !strings.Contains(d.Summary, tt.summary) || !strings.Contains(d.Summary, `"Limits of {{ id }}"`) {
				t.Errorf("summary %q, want it to say %q of \"Limits of {{ id }}\"", d.Summary, tt.summary)
			}
		})
	}
}

// TestCheckRenderedNamesTheOpenBlock pins where a protected section missing
// from the rendered prompt is reported: at the Liquid block still open
// around it, where tags inside a closed {% raw %} or {% comment %} are
// text and open or close nothing; at the missing line when no block is
// open.
func TestCheckRenderedNamesTheOpenBlock(t *testing.T) {
	const scope = "<!-- append -->\n## Override: Scope\n"
	const trailer = "\n## Override: Trailer\n{% endif %}\n"
	const out = "## Scope\nAll.\n" // the protected section did not render
	for _, tt := range []struct {
		name, project string
		want          string // the first diagnostic's subject
	}{
		{"an if", scope + "{% if false %}\n" + trailer, "<project>/lane.md:3:1-3:15"},
		{"an if after a closed raw holding an if", scope + "{% raw %}{% if a %}{% endraw %}\n{% if false %}\n" + trailer, "<project>/lane.md:4:1-4:15"},
		{"an endif inside raw closes nothing", scope + "{% if false %}{% raw %}{% endif %}{% endraw %}\n" + trailer, "<project>/lane.md:3:1-3:15"},
		{"an endif inside a comment closes nothing", scope + "{% if false %}\n{% comment %}{% endif %}{% endcomment %}\n" + trailer, "<project>/lane.md:3:1-3:15"},
		{"an if after a closed comment", scope + "{% comment %}x{% endcomment %}\n{% if false %}\n" + trailer, "<project>/lane.md:4:1-4:15"},
		{"an if after a closed nested comment", scope + "{% comment %}{% comment %}{% endcomment %}{% if a %}{% endcomment %}\n{% if false %}\n" + trailer, "<project>/lane.md:4:1-4:15"},
		{"a stray endif opens nothing", scope + "{% endif %}\n", "<core>/lane.md:4:1-4:22"}, // the heading, the first line missing
		{"no block: the line", "<!-- append -->\n## Override: Scope\nMore.\n", "<core>/lane.md:4:1-4:22"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, diags := compose(fsLayers(lane(hiddenCore), nil, lane(tt.project)), Request{File: "lane.md", Name: "composed.md"})
			mustNoErrors(t, diags)
			l := c.CheckRendered(out)
			if len(l) != 1 {
				t.Fatalf("CheckRendered: %d diagnostics, want 1:\n%s", len(l), fmtDiags(l))
			}
			if got := l[0].Subject.String() + "-" + l[0].Subject.End.String(); got != tt.want {
				t.Errorf("reported at %s, want %s:\n%s", got, tt.want, fmtDiags(l))
			}
		})
	}
}
