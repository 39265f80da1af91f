package lanes

import (
	"testing"
)

// TestMergeRules pins every merge rule: each case composes lane.md from up
// to four layers (core, workspace, project, template; "" = no file) and
// compares the composed text and the diagnostics exactly.
func TestMergeRules(t *testing.T) {
	tests := []mergeCase{
		{
			name:   "a single file is kept, blank lines at either end dropped, a blank line put before a heading",
			layers: []string{"\n\n# T\n\nintro\n## A\na1\n\n\n## B\nb1\n\n"},
			want:   "# T\n\nintro\n\n## A\na1\n\n\n## B\nb1\n",
		},
		{
			name:   "a missing final newline is added",
			layers: []string{"## A\na"},
			want:   "## A\na\n",
		},
		{
			name:   "a plain higher file replaces the lower file whole",
			layers: []string{"# Core\n\n## A\na\n", "", "## B\nb\n"},
			want:   "## B\nb\n",
		},
		{
			name:   "the highest plain file wins",
			layers: []string{"## A\ncore\n", "## A\nworkspace\n", "## A\nproject\n", "## A\ntemplate\n"},
			want:   "## A\ntemplate\n",
		},
		{
			name:   "an override block is appended after the section's last line, one blank line apart",
			layers: []string{"## Rules\n- a\n- b\n\n## Next\nn\n", "", "<!-- append -->\n\n## Override: rules\n\n- c\n\n"},
			want:   "## Rules\n- a\n- b\n\n- c\n\n## Next\nn\n",
		},
		{
			name:   "headings match ignoring case, spacing and a closing run of #",
			layers: []string{"## Safe   Words ##\nw\n", "<!-- APPEND -->\n##   override:   SAFE words\nmore\n"},
			want:   "## Safe   Words ##\nw\n\nmore\n",
		},
		{
			name:   "<!-- replace --> in a block replaces the section's text and keeps its heading",
			layers: []string{"## Rules\n- a\n\n## Next\nn\n", "", "<!-- append -->\n## Override:   RULES  \n<!--replace-->\n- z\n"},
			want:   "## Rules\n- z\n\n## Next\nn\n",
		},
		{
			name:   "an unmatched override is added at the end under its own name",
			layers: []string{"## A\na\n", "", "<!-- append -->\n## Override: New Thing\nnew\n"},
			want:   "## A\na\n\n## New Thing\nnew\n",
		},
		{
			name:   "an append file with no lower file adds its blocks",
			layers: []string{"", "", "<!-- append -->\n## Override: X\nx\n"},
			want:   "## X\nx\n",
		},
		{
			name:   "blocks apply in order: replace then append",
			layers: []string{"## A\na\n", "<!-- append -->\n## Override: A\n<!-- replace -->\nr\n## Override: A\nplus\n"},
			want:   "## A\nr\n\nplus\n",
		},
		{
			name:   "an append file merges over the result of all lower layers",
			layers: []string{"## A\ncore\n", "## A\nworkspace\n", "<!-- append -->\n## Override: A\nproject\n"},
			want:   "## A\nworkspace\n\nproject\n",
		},
		{
			name:   "one-line comments may stand outside blocks in an append file",
			layers: []string{"## A\na\n", "<!-- tuned for team X -->\n<!-- append -->\n## Override: A\nb\n"},
			want:   "## A\na\n\nb\n",
		},
		{
			name:   "headings and directives inside a fence are text",
			layers: []string{"## A\n```md\n## B\n<!-- protected -->\n```\n", "<!-- append -->\n## Override: B\nb\n## Override: A\n<!-- replace -->\n~~~\n<!-- append -->\n~~~\n"},
			want:   "## A\n~~~\n<!-- append -->\n~~~\n\n## B\nb\n",
		},
		{
			name:   "CRLF line endings are kept",
			layers: []string{"## A\r\na\r\n", "<!-- append -->\r\n## Override: A\r\nb\r\n"},
			want:   "## A\r\na\r\n\nb\r\n",
		},
		{
			name:   "a byte order mark is skipped",
			layers: []string{"\ufeff## A\na\n"},
			want:   "## A\na\n",
		},

		// Protected sections.
		{
			name:   "the protected marker line is removed from the output",
			layers: []string{"## P\n<!-- protected -->\np\n"},
			want:   "## P\np\n",
		},
		{
			name:   "an override cannot replace a protected section",
			layers: []string{"## P\n<!-- protected -->\np\n\n## Q\nq\n", "", "<!-- append -->\n## Override: P\n<!-- replace -->\nevil\n"},
			want:   "## P\np\n\n## Q\nq\n",
			diags:  "warning protected_section_override <project>/lane.md:2:1-2:15 → <core>/lane.md:1:1\n",
		},
		{
			name:         "under StrictLayers the refusal is an error",
			layers:       []string{"## P\n<!-- protected -->\np\n\n## Q\nq\n", "", "<!-- append -->\n## Override: P\n<!-- replace -->\nevil\n"},
			strictLayers: true,
			want:         "## P\np\n\n## Q\nq\n",
			diags:        "error protected_section_override <project>/lane.md:2:1-2:15 → <core>/lane.md:1:1\n",
		},
		{
			name:   "appending to a protected section is allowed",
			layers: []string{"## P\n<!-- protected -->\np\n", "", "<!-- append -->\n## Override: P\nmore\n"},
			want:   "## P\np\n\nmore\n",
		},
		{
			name:   "a plain file that omits a protected section gets it back after its predecessor",
			layers: []string{"## A\na\n\n## P\n<!-- protected -->\np\n\n## B\nb\n", "", "## B\nB2\n\n## A\nA2\n"},
			want:   "## B\nB2\n\n## A\nA2\n\n## P\np\n",
			diags:  "warning protected_section_override <project>/lane.md:1:1-1:5 → <core>/lane.md:4:1\n",
		},
		{
			name:   "a protected first section goes back to the top",
			layers: []string{"# Title\n\n## P\n<!-- governance -->\np\n\n## A\na\n", "", "# New\n\n## X\nx\n"},
			want:   "# New\n\n## P\np\n\n## X\nx\n",
			diags:  "warning protected_section_override <project>/lane.md:1:1-1:6 → <core>/lane.md:3:1\n",
		},
		{
			name:   "a protected section whose predecessors are all gone goes to the end",
			layers: []string{"## A\na\n\n## P\n<!-- protected -->\np\n", "", "## X\nx\n"},
			want:   "## X\nx\n\n## P\np\n",
			diags:  "warning protected_section_override <project>/lane.md:1:1-1:5 → <core>/lane.md:4:1\n",
		},
		{
			name:   "consecutive protected sections keep their order",
			layers: []string{"## A\na\n\n## P1\n<!-- protected -->\n1\n\n## P2\n<!-- protected -->\n2\n", "## A\nA\n\n## Z\nz\n"},
			want:   "## A\nA\n\n## P1\n1\n\n## P2\n2\n\n## Z\nz\n",
			diags: "warning protected_section_override <workspace>/lane.md:1:1-1:5 → <core>/lane.md:4:1\n" +
				"warning protected_section_override <workspace>/lane.md:1:1-1:5 → <core>/lane.md:8:1\n",
		},
		{
			name:   "a plain file's section of the same heading gives way to the protected one, in its place",
			layers: []string{"## P\n<!-- protected -->\np\n\n## A\na\n", "", "## A\nA2\n\n## p\nmine\n"},
			want:   "## A\nA2\n\n## P\np\n",
			diags:  "warning protected_section_override <project>/lane.md:4:1-4:5 → <core>/lane.md:1:1\n",
		},
		{
			name:   "repeating a protected section word for word is not reported",
			layers: []string{"## P\n<!-- protected -->\np\n", "", "# Mine\n\n## P\np\n\n"},
			want:   "# Mine\n\n## P\np\n",
		},
		{
			name: "protection survives every later layer",
			layers: []string{"## P\n<!-- protected -->\np\n", "## W\nw\n", "<!-- append -->\n## Override: P\n<!-- replace -->\nx\n",
				"## T\nt\n"},
			want: "## P\np\n\n## T\nt\n",
			diags: "warning protected_section_override <workspace>/lane.md:1:1-1:5 → <core>/lane.md:1:1\n" +
				"warning protected_section_override <project>/lane.md:2:1-2:15 → <core>/lane.md:1:1\n" +
				"warning protected_section_override <template>/lane.md:1:1-1:5 → <core>/lane.md:1:1\n",
		},
		{
			name:   "an override block can protect the section it targets",
			layers: []string{"## A\na\n", "<!-- append -->\n## Override: A\n<!-- protected -->\nws\n", "## B\nb\n"},
			want:   "## A\na\n\nws\n\n## B\nb\n",
			diags:  "warning protected_section_override <project>/lane.md:1:1-1:5 → <workspace>/lane.md:2:1\n",
		},
		{
			name:   "a protected section added by an override is protected",
			layers: []string{"## A\na\n", "<!-- append -->\n## Override: G\n<!-- governance -->\ng\n", "<!-- append -->\n## Override: G\n<!-- replace -->\nno\n"},
			want:   "## A\na\n\n## G\ng\n",
			diags:  "warning protected_section_override <project>/lane.md:2:1-2:15 → <workspace>/lane.md:2:1\n",
		},

		// Misplaced directives.
		{
			name:   "an override heading in a plain file is an error",
			layers: []string{"## A\na\n## Override: A\nx\n"},
			want:   "## A\na\nx\n",
			diags:  "error config_invalid <core>/lane.md:3:1-3:15\n",
		},
		{
			name:   "<!-- replace --> outside a block is an error",
			layers: []string{"## A\n<!-- replace -->\na\n"},
			want:   "## A\na\n",
			diags:  "error config_invalid <core>/lane.md:2:1-2:17\n",
		},
		{
			name:   "<!-- protected --> before the first heading is an error",
			layers: []string{"<!-- protected -->\n## A\na\n"},
			want:   "## A\na\n",
			diags:  "error config_invalid <core>/lane.md:1:1-1:19\n",
		},
		{
			name:   "an append file without blocks appends its text to the end of the lower file (worca)",
			layers: []string{"# T\n\n## A\na\n\n## B\nb\n", "<!-- append -->\n\nOne more paragraph.\n"},
			want:   "# T\n\n## A\na\n\n## B\nb\n\nOne more paragraph.\n",
		},
		{
			name:   "text before the first block is appended to the end of the lower file, before the blocks act",
			layers: []string{"## A\na\n\n## B\nb\n", "<!-- append -->\n<!-- note -->\nstray\nmore\n## Override: A\nx\n## Override: C\nc\n"},
			want:   "## A\na\n\nx\n\n## B\nb\n\nstray\nmore\n\n## C\nc\n",
		},
		{
			name:   "free text over a lower file without headings extends its text",
			layers: []string{"intro\n", "<!-- append -->\nmore\n"},
			want:   "intro\n\nmore\n",
		},
		{
			name:   "a plain section before the first block is added at the end",
			layers: []string{"## A\na\n", "<!-- append -->\nstray\n## New\nn\n## Override: A\nx\n"},
			want:   "## A\na\n\nstray\n\nx\n\n## New\nn\n",
		},
		{
			name:   "a plain heading inside a block belongs to the block",
			layers: []string{"## A\na\n", "<!-- append -->\n## Override: A\nx\n\n## Example\ne\n## Override: Z\nz\n## Details\nd\n"},
			want:   "## A\na\n\nx\n\n## Example\ne\n\n## Z\nz\n## Details\nd\n",
		},
		{
			name:   "a plain heading that repeats a lower section is a warning, in a block or before one",
			layers: []string{"## A\na\n\n## B\nb\n", "<!-- append -->\n## B\nb2\n## Override: A\nx\n## b\ny\n"},
			want:   "## A\na\n\nx\n## b\ny\n\n## B\nb\n\n## B\nb2\n",
			diags:  "warning append_plain_heading <workspace>/lane.md:2:1-2:5 → <core>/lane.md:4:1\nwarning append_plain_heading <workspace>/lane.md:6:1-6:5 → <core>/lane.md:4:1\n",
		},
		{
			name:   "an override without a name is an error",
			layers: []string{"## A\na\n", "<!-- append -->\n## Override:\nx\n"},
			want:   "## A\na\n",
			diags:  "error config_invalid <workspace>/lane.md:2:1-2:13\n",
		},
		{
			name:   "an override of a section named Override: is an error",
			layers: []string{"## A\na\n", "<!-- append -->\n## Override: Override: A\nx\n"},
			want:   "## A\na\n",
			diags:  "error config_invalid <workspace>/lane.md:2:1-2:25\n",
		},
		{
			name:   "an empty layer file is an error and is skipped",
			layers: []string{"## A\na\n", " \n\n"},
			want:   "## A\na\n",
			diags:  "error empty_template_file <workspace>/lane.md\n",
		},
	}
	runMergeCases(t, tests)
}

// mergeCase is one composition of a lane file from up to four layers and
// what it must give.
type mergeCase struct {
	name         string
	layers       []string // core, workspace, project, template; "" = no file
	strictLayers bool
	want         string
	diags        string
}

// runMergeCases composes each case's layers and compares the composed text
// and the diagnostics exactly.
func runMergeCases(t *testing.T, tests []mergeCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			maps := make([]map[string]string, len(tt.layers))
			for i, text := range tt.layers {
				maps[i] = map[string]string{}
				if text != "" {
					maps[i]["lane.md"] = text
				}
			}
			c, diags := compose(fsLayers(maps...), Request{File: "lane.md", StrictLayers: tt.strictLayers})
			if c.Source != tt.want {
				t.Errorf("source:\n got %q\nwant %q", c.Source, tt.want)
			}
			if got := fmtDiags(diags); got != tt.diags {
				t.Errorf("diagnostics:\n got %s\nwant %s", got, tt.diags)
			}
		})
	}
}
