package workflows

import (
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// A warning that only a smoke render finds is disabled like one found while
// loading; an error of a disabled code is kept.
func TestDropDisabledAppliesToEveryDiagnostic(t *testing.T) {
	w := &Workflow{disabled: map[diag.Code]bool{codes.LaxSyntax: true}}
	warn := diag.Errorf(codes.LaxSyntax, diag.Range{}, "a warning")
	warn.Severity = diag.Warning
	other := diag.Errorf(codes.UnknownConfigKey, diag.Range{}, "another warning")
	other.Severity = diag.Warning
	err := diag.Errorf(codes.LaxSyntax, diag.Range{}, "an error")
	got := w.dropDisabled(diag.List{warn, other, err})
	if len(got) != 2 || got[0] != other || got[1] != err {
		t.Errorf("dropDisabled = %v, want the other warning and the error", got)
	}
}
