package lanes

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestProtectedLinesOfBlocksOpenedBefore: a line of a protected section
// that continues a block opened before it ({% else %}, {% elsif %},
// {% when %}, or the block's end) belongs to that block and need not
// render; a line's edges are trimmed of every kind of space; a line may
// end in a lone brace, which opens no Liquid.
func TestProtectedLinesOfBlocksOpenedBefore(t *testing.T) {
	src := "{% else %} A.\n{% elsif b %} B.\n{% when 1 %} C.\n{% endfor %} D.\n\t\v\f Spaced \r\f\v\t\nUse {\nPlain.\n"
	var got []string
	for _, ln := range protectedLines(src, 0, len(src)) {
		var pieces []string
		for _, p := range ln.pieces {
			pieces = append(pieces, src[p[0]:p[1]])
		}
		got = append(got, strings.Join(pieces, "|"))
	}
	if want := []string{"Spaced", "Use {", "Plain."}; !cmp.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}

// TestCheckRenderedEachBlock: a protected section inside any Liquid block
// a higher layer opens before it and closes after it (each block tag of
// Liquid) is reported, when it does not render, at that block's opening
// tag; and a section that renders at the very start of the prompt is
// found there.
func TestCheckRenderedEachBlock(t *testing.T) {
	const scope = "<!-- append -->\n## Override: Scope\n"
	for open, end := range map[string]string{
		"{% unless true %}": "{% endunless %}", "{% for x in empty %}": "{% endfor %}", "{% case 1 %}": "{% endcase %}",
		"{% capture c %}": "{% endcapture %}", "{% tablerow x in empty %}": "{% endtablerow %}", "{% doc %}": "{% enddoc %}",
		"{% ifchanged %}": "{% endifchanged %}", "{% comment %}": "{% endcomment %}", "{% raw %}": "{% endraw %}", "{% if false %}": "{% endif %}",
	} {
		project := scope + open + "\n\n## Override: Trailer\n" + end + "\n"
		c, _ := compose(fsLayers(lane(hiddenCore), nil, lane(project)), Request{File: "lane.md", Name: "composed.md"})
		l := c.CheckRendered("## Scope\nAll.\n")
		want := "<project>/lane.md:3:1-3:" + strconv.Itoa(len(open)+1)
		if len(l) != 1 || l[0].Subject.String()+"-"+l[0].Subject.End.String() != want {
			t.Errorf("%s … %s: %s, want one diagnostic at %s", open, end, fmtDiags(l), want)
		}
	}

	c, diags := compose(fsLayers(lane(hiddenCore), nil, nil), Request{File: "lane.md", Name: "composed.md"})
	mustNoErrors(t, diags)
	if l := c.CheckRendered("## Limits of #1\nNever merge #1 yourself.\n## Scope\nAll.\n"); len(l) > 0 {
		t.Errorf("a protected section at the start of the prompt: %s", fmtDiags(l))
	}
}
