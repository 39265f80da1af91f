package lanes

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

// TestReplacedIntroRelatesOnlyToText checks when the text before the first
// heading of a plain higher file points back at the lower file's: only when
// the lower file had text there. An error in the higher intro then carries
// a related range at the lower file's first line; over a lower file that
// starts with a heading (a blank intro) it carries none, since nothing was
// replaced.
func TestReplacedIntroRelatesOnlyToText(t *testing.T) {
	tests := []struct {
		name string
		core string
		want string // "file:line:col code [→ related file:line:col]"
	}{
		{
			name: "a lower file with no intro",
			core: "## Issue\n{{ issue.title }}\n",
			want: "proj:lane.md:1:4 unknown_variable",
		},
		{
			name: "a lower file whose intro is blank lines only",
			core: "\n\n## Issue\n{{ issue.title }}\n",
			want: "proj:lane.md:1:4 unknown_variable",
		},
		{
			name: "a lower file with intro text",
			core: "Intro.\n\n## Issue\n{{ issue.title }}\n",
			want: "proj:lane.md:1:4 unknown_variable → core:lane.md:1:1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ls := diagLayers(t, tt.core, "", "{{ isue }}\n\n## Issue\n{{ issue.title }}\n", nil)
			c, diags := Compose(ls, Request{File: "lane.md"})
			mustNoErrors(t, diags)
			_, diags = c.Compile(render.Options{}, sheaSchema(t))
			if got := shortDiags(ls, diags); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// shortDiags formats diagnostics one per line as "file:line:col code",
// then " → file:line:col" for each related range, with each file named
// relative to its layer (core:, ws:, proj:).
func shortDiags(ls Layers, l diag.List) string {
	short := func(file string) string {
		switch {
		case strings.HasPrefix(file, "<core>/"):
			return "core:" + strings.TrimPrefix(file, "<core>/")
		case strings.HasPrefix(file, ls.Workspace+string(filepath.Separator)):
			return "ws:" + filepath.ToSlash(strings.TrimPrefix(file, ls.Workspace+string(filepath.Separator)))
		case strings.HasPrefix(file, ls.Project+string(filepath.Separator)):
			return "proj:" + filepath.ToSlash(strings.TrimPrefix(file, ls.Project+string(filepath.Separator)))
		}
		return file
	}
	var got []string
	for _, d := range l {
		s := short(d.Subject.Filename) + ":" + d.Subject.Start.String() + " " + string(d.Code)
		for _, r := range d.Related {
			s += " → " + short(r.Range.Filename) + ":" + r.Range.Start.String()
		}
		got = append(got, s)
	}
	return strings.Join(got, "\n")
}

// TestMergePlacesAfterPlainTwin covers a lower file with a protected and a
// plain section of one heading. A protected section the higher file drops
// goes back after its predecessor in the lower file; when that predecessor
// is the plain one, it is found as the higher file's section of that
// heading that is not a kept protected one, never the protected twin. The
// expected texts follow by hand from the rules in mergeReplace and indexOf.
func TestMergePlacesAfterPlainTwin(t *testing.T) {
	const core = "## A\n<!-- protected -->\np\n\n## A\nq\n\n## P2\n<!-- protected -->\n2\n"
	tests := []mergeCase{
		{
			// The first A of the workspace repeats the protected A word for
			// word (kept, no report); its second A replaces the plain A.
			// P2 followed the plain A in core, so it follows the
			// workspace's second A, not the protected A at the top.
			name:   "the predecessor is the plain twin, later in the higher file",
			layers: []string{core, "## A\np\n\n## X\nx\n\n## A\nq2\n"},
			want:   "## A\np\n\n## X\nx\n\n## A\nq2\n\n## P2\n2\n",
			diags:  "warning protected_section_override <workspace>/lane.md:1:1-1:5 → <core>/lane.md:8:1\n",
		},
		{
			// No plain A is left, so P2 goes after the kept protected A,
			// its predecessor's predecessor in core.
			name:   "the plain twin is gone: after the kept protected section",
			layers: []string{core, "## X\nx\n\n## A\np\n\n## Y\ny\n"},
			want:   "## X\nx\n\n## A\np\n\n## P2\n2\n\n## Y\ny\n",
			diags:  "warning protected_section_override <workspace>/lane.md:1:1-1:5 → <core>/lane.md:8:1\n",
		},
	}
	runMergeCases(t, tests)
}
