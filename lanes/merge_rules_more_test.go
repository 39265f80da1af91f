package lanes

import (
	"strings"
	"testing"
)

// TestMergePlacesAndReports covers merge rules the table in merge_test.go
// leaves open; the expected texts are worked out by hand from the rules in
// mergeReplace, mergeAppend and plainHeadingDiags.
func TestMergePlacesAndReports(t *testing.T) {
	tests := []mergeCase{
		{
			// P2's predecessor in core is A (plain), so P2 goes back after
			// the project's A, not after the kept P1 the project put later.
			name:   "a dropped protected section follows its plain predecessor, not an earlier kept section",
			layers: []string{"## P1\n<!-- protected -->\n1\n\n## A\na\n\n## P2\n<!-- protected -->\n2\n", "", "## A\nA2\n\n## P1\n1\n"},
			want:   "## A\nA2\n\n## P2\n2\n\n## P1\n1\n",
			diags:  "warning protected_section_override <project>/lane.md:1:1-1:5 → <core>/lane.md:8:1\n",
		},
		{
			name:   "appending to an empty section adds no blank line before the text",
			layers: []string{"## A\n\n## B\nb\n", "<!-- append -->\n## Override: A\nx\n"},
			want:   "## A\nx\n\n## B\nb\n",
		},
		{
			name:   "a plain heading repeating the lower file's first section is reported",
			layers: []string{"## A\na\n", "<!-- append -->\n## A\nmore\n"},
			want:   "## A\na\n\n## A\nmore\n",
			diags:  "warning append_plain_heading <workspace>/lane.md:2:1-2:5 → <core>/lane.md:1:1\n",
		},
	}
	runMergeCases(t, tests)
}

// TestAppendPlainHeadingSaysWhere checks the detail of append_plain_heading:
// a plain heading before the first block is appended to the end of the
// lower file; one inside a block belongs to that block.
func TestAppendPlainHeadingSaysWhere(t *testing.T) {
	maps := []map[string]string{
		lane("## A\na\n\n## B\nb\n"),
		lane("<!-- append -->\n## B\nb2\n## Override: A\nx\n## B\ny\n"),
	}
	_, diags := compose(fsLayers(maps...), Request{File: "lane.md"})
	if len(diags) != 2 {
		t.Fatalf("want 2 diagnostics, got:\n%s", fmtDiags(diags))
	}
	wants := []string{"are appended to the end of the lower file", "belong to the block \"## Override: A\""}
	for i, want := range wants {
		if !strings.Contains(diags[i].Detail, want) {
			t.Errorf("diagnostic %d (%s): detail %q lacks %q", i, diags[i].Subject, diags[i].Detail, want)
		}
	}
}
