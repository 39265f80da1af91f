package workflows

import (
	"slices"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// trackerKinds returns the tracker kinds shea knows: the enum of Shea
// Symphony's config schema (github_project_v2, linear, memory), linear
// being Symphony's own adapter too.
func trackerKinds() []string {
	cs, err := sheaConfigSchema()
	if err != nil {
		return nil // the embedded schema is tested
	}
	return cs.enumAt(cs.name + "#/properties/tracker/properties/kind/enum")
}

// checkTrackerKind warns where a Symphony workflow's tracker.kind is a
// near miss of a kind shea knows (lienar for linear): the spec leaves
// the kinds to the runner, and ports add their own, so another kind is
// not reported. A shea workflow's kind is checked by its config schema's
// enum, an error with the same suggestion.
func (w *Workflow) checkTrackerKind() {
	kind := w.cfg.trackerKind
	if w.Profile == ProfileShea || !valid(w, kind) {
		return
	}
	known := trackerKinds()
	if slices.Contains(known, kind.val) {
		return
	}
	hint := diag.DidYouMean(kind.val, known)
	if hint == "" {
		return
	}
	w.diags = append(w.diags, diag.Warningf(codes.UnknownTrackerKind, w.tree.valueAt(kind.ptr), "unknown tracker kind %q", kind.val).
		WithDetail("%s\nA port's own kind is fine: turn this off with shea: {disable: [unknown_tracker_kind]}.", hint))
}
