package workflows

import (
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// applyDisable drops the warnings whose code the workflow's own
// shea.disable setting lists, such as unknown_config_key for the keys of
// a Symphony port that shea does not know:
//
//	shea:
//	  disable: [unknown_config_key]
//
// Errors are never dropped. A listed name that is not a diagnostic code is
// a config_invalid error at its place, with the closest code. The set is
// kept on w, and Validate applies it again to what its smoke renders find.
func (w *Workflow) applyDisable() {
	sh := w.cfg.shea
	if !sh.isMap || !sh.disable.ok {
		return // a value of the wrong type is reported by the schema check
	}
	off := map[diag.Code]bool{}
	for _, f := range sh.disabled {
		if !f.ok {
			continue
		}
		name := f.val
		if _, known := codes.Lookup(diag.Code(name)); !known {
			d := diag.Errorf(codes.ConfigInvalid, w.tree.valueAt(f.ptr), "shea.disable: unknown diagnostic code %q", name)
			d.Detail = diag.DidYouMean(name, codes.Names())
			if d.Detail == "" {
				d.Detail = "shea explain lists the codes."
			}
			w.diags = append(w.diags, d)
			continue
		}
		off[diag.Code(name)] = true
	}
	w.disabled = off
	w.diags = w.dropDisabled(w.diags)
}

// dropDisabled returns l without the warnings the workflow disables.
func (w *Workflow) dropDisabled(l diag.List) diag.List {
	if len(w.disabled) == 0 {
		return l
	}
	var kept diag.List
	for _, d := range l {
		if d.Severity == diag.Warning && w.disabled[d.Code] {
			continue
		}
		kept = append(kept, d)
	}
	return kept
}
