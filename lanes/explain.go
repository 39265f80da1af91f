package lanes

// Part says which piece of a composed lane a section belongs to. The pieces
// are assembled in the order of the constants.
type Part string

// The parts, in assembly order.
const (
	PartRole     Part = "role"     // roles/<name>.md
	PartTask     Part = "task"     // tasks/<name>.md
	PartFormat   Part = "format"   // formats/<name>.md
	PartLane     Part = "lane"     // the lane's prompt file
	PartTurn     Part = "turn"     // the lane's turn block (Composed.Turn), the user part
	PartContract Part = "contract" // a code-owned contract
)

// Origin is a place in a layer file.
type Origin struct {
	Layer string // LayerCore, LayerWorkspace, LayerProject, LayerTemplate, "contract", or LayerAblation
	File  string // file name as diagnostics give it
	Line  int    // from 1: the section's heading, or the file's first line
}

// Action is what one layer file did to a section.
type Action string

// The actions.
const (
	ActionBase    Action = "base"    // the lowest file with the name supplied the section
	ActionReplace Action = "replace" // a higher file replaced its text (a plain file, or an override with <!-- replace -->)
	ActionAppend  Action = "append"  // an override block appended to it
	ActionAdd     Action = "add"     // an override block that matched no section added it at the end
	ActionKeep    Action = "keep"    // a plain higher file repeated the protected section unchanged
	ActionRefuse  Action = "refuse"  // a higher file tried to replace or remove the protected section; it was kept
)

// Merge summarizes how a section's final text was decided, for the explain
// view.
type Merge string

// The merge kinds. A section's kind is, in this order of precedence:
// contract for code-owned text; protected when a higher layer's replacement
// or removal was refused; otherwise that of the highest layer file that
// changed it (replace, or append for an appended or added section); else
// part for a role, task or format section and base for a lane section.
const (
	MergeBase      Merge = "base"
	MergeReplace   Merge = "replace"
	MergeAppend    Merge = "append"
	MergeProtected Merge = "protected"
	MergePart      Merge = "part"
	MergeContract  Merge = "contract"
)

// SectionInfo explains one section of a composed prompt: where its text
// came from and what merged it. Composed.Sections lists them in output
// order.
type SectionInfo struct {
	Part     Part
	PartName string // the role, task or format name, the lane file name, or the contract id
	Heading  string // as written, without "## "; "" for the text before the first heading
	// Merge is how the section's text was decided (see the Merge
	// constants).
	Merge Merge
	// Protected reports that no higher layer may replace or remove the
	// section.
	Protected bool
	// Origin is the file whose text the section holds (appended text
	// aside): the lowest file for a base section, the replacing file
	// otherwise.
	Origin Origin
	// Steps lists every layer file that acted on the section, lowest
	// first.
	Steps []Step
	// Start and End are the section's byte range in Composed.Source
	// (half-open).
	Start, End int
}

// Step is one layer file's action on a section.
type Step struct {
	Origin
	Action Action
}

// mergeOf derives the explain view's merge kind of a section.
func mergeOf(part Part, steps []Step) Merge {
	if part == PartContract {
		return MergeContract
	}
	for _, s := range steps {
		if s.Action == ActionRefuse {
			return MergeProtected
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		switch steps[i].Action {
		case ActionReplace:
			return MergeReplace
		case ActionAppend, ActionAdd:
			return MergeAppend
		}
	}
	if part != PartLane && part != PartTurn {
		return MergePart
	}
	return MergeBase
}
