package workflows

import (
	"fmt"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/lanes"
)

// LaneSource says where a lane's prompt comes from: what `shea render
// --explain` shows.
type LaneSource struct {
	// Lane is the lane key.
	Lane string
	// Kind is the source kind the readback reports: SourceComposed,
	// SourcePromptFile, SourceInlineFallback or SourceWorkflowBody.
	Kind string
	// Path is the readback's path: the file, or for a composed lane its
	// layer files, comma-separated.
	Path string
	// Loaded reports that the prompt's text was read (composed without
	// errors, for a composed lane). Bytes is its size; for a composed lane,
	// the size of what was composed, errors or not.
	Loaded bool
	Bytes  int
	// Layers are the layers of a composed lane that exist, lowest first.
	Layers []Layer
	// Sections explains each section of a composed lane, in output
	// order (see lanes.SectionInfo); Files lists the layer files used;
	// Contracts the code-owned contracts appended. All three are empty for
	// a lane that is not composed.
	Sections  []lanes.SectionInfo
	Files     []lanes.FileUse
	Contracts []lanes.Contract
	// TurnPath is the readback path of the lane's turn block (the user
	// part): its layer files, comma-separated, or for a lane that is not
	// composed the file beside its prompt file; TurnBytes is its size.
	// TurnSections and TurnFiles explain a composed lane's turn block the
	// way Sections and Files explain the rest. All are empty for a lane
	// without a turn block.
	TurnPath     string
	TurnSections []lanes.SectionInfo
	TurnFiles    []lanes.FileUse
	TurnBytes    int
}

// Layer is one layer of a composed lane.
type Layer struct {
	Name string // lanes.LayerCore, LayerWorkspace, LayerProject or LayerTemplate
	Dir  string // the directory as diagnostics name it; "<core>" for the built-in layer
}

// LaneSource describes the source of a lane's prompt. It returns an error
// wrapping ErrUnknownLane for a lane the workflow's profile does not have.
// It works on a workflow that loaded with errors, describing what could be
// read, unless not even its settings could be read (an *Error then).
func (w *Workflow) LaneSource(lane string) (*LaneSource, error) {
	if w.fatal {
		errs := w.diags.Errors()
		return nil, &Error{Workflow: w.Path, Class: codes.FailureClass(errs), Diagnostics: errs}
	}
	it, err := w.laneItem(lane)
	if err != nil {
		return nil, err
	}
	ls := &LaneSource{Lane: lane, Kind: it.kind, Path: it.display, Loaded: it.loaded}
	if it.loaded {
		ls.Bytes = it.bytes()
	}
	ls.TurnPath, ls.TurnBytes = it.turnDisplay()
	if c := it.composed; c != nil {
		// A composition with errors is still explained, as far as it
		// got: the explain view is how such errors are debugged.
		ls.Bytes = len(c.Source)
		ls.Sections = append([]lanes.SectionInfo(nil), c.Sections...)
		ls.Files = append([]lanes.FileUse(nil), c.Files...)
		ls.Contracts = append([]lanes.Contract(nil), c.Contracts...)
		ls.Layers = append([]Layer(nil), it.layers...)
		if t := c.Turn; t != nil {
			ls.TurnSections = append([]lanes.SectionInfo(nil), t.Sections...)
			ls.TurnFiles = append([]lanes.FileUse(nil), t.Files...)
			ls.TurnBytes = len(t.Source)
		}
	}
	return ls, nil
}

// laneItem finds a lane, or returns an error naming the lanes there are.
func (w *Workflow) laneItem(lane string) (*item, error) {
	for _, l := range w.lanes {
		if l.key == lane {
			return l, nil
		}
	}
	names := Lanes(w.Profile)
	err := fmt.Errorf("%w %q of a %s workflow (want %s)", ErrUnknownLane, lane, profileName(w.Profile), strings.Join(quoteAll(names), " or "))
	s := diag.Suggest(lane, names)
	for _, n := range names {
		if s == "" && lane != "" && strings.HasPrefix(n, lane+"_") {
			s = n // "review" for "review_agent"
		}
	}
	if s != "" {
		err = fmt.Errorf("%w; did you mean %q?", err, s)
	}
	return nil, err
}

func profileName(p string) string {
	if p == "" {
		return ProfileSymphony
	}
	return p
}

// SourceFunc returns the text of the files that composed lane prompts
// were assembled from, by the file names their diagnostics use, including
// shea's built-in core layer ("<core>/main-agent.md") and code-owned
// contracts ("<contract:ID>"), which exist on no disk. It returns nil for
// any other name. The CLI uses it to quote source lines under
// diagnostics.
func (w *Workflow) SourceFunc() diag.SourceFunc {
	var comps []*lanes.Composed
	for _, it := range w.lanes {
		if it.composed != nil && it.shared == nil {
			comps = append(comps, it.composed)
		}
	}
	return func(name string) []byte {
		for _, c := range comps {
			if b := c.SourceFunc()(name); b != nil {
				return b
			}
		}
		return nil
	}
}
