package lanes

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/render"
)

// FuzzProtectedLiquid merges a protected section with higher layers that
// wrap text in Liquid (comments, conditions, captures, raw) and checks:
//   - a layer whose comment opens before a protected section is reported
//     (protected_section_override), and then the section's heading is
//     indeed missing from what renders;
//   - whenever the composed template renders and a line of a protected
//     section is missing from the output, CheckRendered reports it; when
//     every line is there, it reports nothing.
func FuzzProtectedLiquid(f *testing.F) {
	for _, s := range [][2]string{
		{"<!-- append -->\n## Override: Scope\n{% comment %}\n", "<!-- append -->\n## Override: Trailer\n{% endcomment %}\n"},
		{"<!-- append -->\n## Override: Scope\n{%- comment -%}\n\n## Override: Tail\n{%- endcomment -%}\n", ""},
		{"<!-- append -->\n## Override: Scope\n{% if false %}\n", "<!-- append -->\n## Override: Trailer\n{% endif %}\n"},
		{"<!-- append -->\n## Override: Scope\n{% raw %}{% comment %}{% endraw %}\n", ""},
		{"<!-- append -->\n## Override: Scope\n{% capture x %}\n", "<!-- append -->\n## Override: Z\n{% endcapture %}{{ x }}\n"},
		{"## Scope\nmine\n", "<!-- append -->\n## Override: Limits\n{% comment %}x{% endcomment %}\n"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, ws, proj string) {
		core := "## Scope\nAll.\n\n## Limits\n<!-- protected -->\nNever merge.\nKeep the tests.\nAsk {{ who | default: \"a reviewer\" }} first.\n"
		maps := []map[string]string{{"lane.md": core}, {}, {}}
		if ws != "" {
			maps[1]["lane.md"] = ws
		}
		if proj != "" {
			maps[2]["lane.md"] = proj
		}
		c, diags := compose(fsLayers(maps...), Request{File: "lane.md", Name: "composed.md"})
		commented := false
		for _, d := range diags {
			if d.Code == codes.ProtectedSectionOverride && strings.Contains(d.Summary, "this comment removes") {
				commented = true
			}
		}
		tpl, cdiags := c.Compile(render.Options{Compat: true, Limits: render.Limits{Timeout: 200e6}}, nil)
		if tpl == nil || cdiags.HasErrors() {
			return
		}
		out, err := tpl.Render(context.Background(), map[string]any{})
		if err != nil {
			return
		}
		if commented && strings.Count(out, "Never merge.") >= strings.Count(c.Source, "Never merge.") {
			t.Fatalf("a comment was reported around the protected section, but it rendered:\n%s\n---\n%s", c.Source, out)
		}
		missing := false
		for _, s := range c.Sections {
			if !s.Protected {
				continue
			}
			for _, ln := range protectedLines(c.Source, s.Start, s.End) {
				// Each piece, found after the one before (written out
				// here, not with reaches).
				rest := out
				for _, p := range ln.pieces {
					i := strings.Index(rest, c.Source[p[0]:p[1]])
					if i < 0 {
						missing = true
						break
					}
					rest = rest[i+p[1]-p[0]:]
				}
			}
		}
		if got := len(c.CheckRendered(out)) > 0; got != missing {
			t.Fatalf("CheckRendered reports %v, a required line missing %v:\n%s\n---\n%s", got, missing, c.Source, out)
		}
		if !strings.Contains(out, "Never merge.") && !missing {
			t.Fatalf("the protected text is gone and nothing is reported:\n%s\n---\n%s", c.Source, out)
		}
	})
}
