package lanes

import "testing"

// TestMergeEveryProtectedSection checks every protected section of a layer,
// not only the first: a lower file with three protected sections (P1, P2,
// P3, among plain ones) under higher files that keep, replace or drop the
// later ones. Each protected section must stay, with its own text, in the
// place the merge rules give it, and each refused change is reported once.
// The expected texts and positions are worked out by hand from the rules
// of mergeReplace and mergeAppend.
func TestMergeEveryProtectedSection(t *testing.T) {
	// Lines: 1 ## A, 4 ## P1, 8 ## P2, 12 ## B, 15 ## P3.
	const core = "## A\na\n\n## P1\n<!-- protected -->\n1\n\n## P2\n<!-- protected -->\n2\n\n## B\nb\n\n## P3\n<!-- protected -->\n3\n"
	tests := []mergeCase{
		{
			name:   "a plain file repeats P1, replaces P2 and drops P3",
			layers: []string{core, "", "## P1\n1\n\n## P2\nevil\n\n## B\nB2\n"},
			want:   "## P1\n1\n\n## P2\n2\n\n## B\nB2\n\n## P3\n3\n",
			diags: "warning protected_section_override <project>/lane.md:4:1-4:6 → <core>/lane.md:8:1\n" +
				"warning protected_section_override <project>/lane.md:1:1-1:6 → <core>/lane.md:15:1\n",
		},
		{
			name:   "a plain file drops all three: each goes back after its predecessor",
			layers: []string{core, "", "## X\nx\n"},
			want:   "## X\nx\n\n## P1\n1\n\n## P2\n2\n\n## P3\n3\n",
			diags: "warning protected_section_override <project>/lane.md:1:1-1:5 → <core>/lane.md:4:1\n" +
				"warning protected_section_override <project>/lane.md:1:1-1:5 → <core>/lane.md:8:1\n" +
				"warning protected_section_override <project>/lane.md:1:1-1:5 → <core>/lane.md:15:1\n",
		},
		{
			name:   "a plain file replaces the 2nd and 3rd but keeps the 1st word for word",
			layers: []string{core, "## A\nA2\n\n## P1\n1\n\n## P3\nthree\n\n## P2\ntwo\n"},
			want:   "## A\nA2\n\n## P1\n1\n\n## P3\n3\n\n## P2\n2\n",
			diags: "warning protected_section_override <workspace>/lane.md:10:1-10:6 → <core>/lane.md:8:1\n" +
				"warning protected_section_override <workspace>/lane.md:7:1-7:6 → <core>/lane.md:15:1\n",
		},
		{
			name:   "an append file cannot replace the 2nd or 3rd, and may append to the 1st",
			layers: []string{core, "<!-- append -->\n## Override: P2\n<!-- replace -->\nx\n## Override: P3\n<!-- replace -->\ny\n## Override: P1\nmore\n"},
			want:   "## A\na\n\n## P1\n1\n\nmore\n\n## P2\n2\n\n## B\nb\n\n## P3\n3\n",
			diags: "warning protected_section_override <workspace>/lane.md:2:1-2:16 → <core>/lane.md:8:1\n" +
				"warning protected_section_override <workspace>/lane.md:5:1-5:16 → <core>/lane.md:15:1\n",
		},
		{
			// After the workspace the order is P1, P2, P3; the project file
			// puts P2 first, and P3 goes back after P2, its predecessor then.
			name:   "the 3rd protected section survives two plain layers that drop it",
			layers: []string{core, "## P1\n1\n\n## P2\n2\n", "## P2\n2\n\n## P1\n1\n"},
			want:   "## P2\n2\n\n## P3\n3\n\n## P1\n1\n",
			diags: "warning protected_section_override <workspace>/lane.md:1:1-1:6 → <core>/lane.md:15:1\n" +
				"warning protected_section_override <project>/lane.md:1:1-1:6 → <core>/lane.md:15:1\n",
		},
	}
	runMergeCases(t, tests)
}
