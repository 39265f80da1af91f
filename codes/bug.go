package codes

import (
	"fmt"
	"runtime/debug"

	"github.com/sheaproject/shea/diag"
)

// Bug is the internal_error diagnostic for a panic recovered at a public
// entry point: what was being done (e.g. "rendering"), the value the panic
// carried, and the stack of the goroutine that recovered it. Call it from
// the deferred function that called recover, so the stack shows where the
// panic happened.
//
// A recovered value that is already an internal_error diagnostic (a panic
// passed on from another goroutine) comes back as it is.
func Bug(subject diag.Range, doing string, recovered any) *diag.Diagnostic {
	if d, ok := recovered.(*diag.Diagnostic); ok && d.Code == InternalError {
		return d
	}
	return &diag.Diagnostic{
		Severity: diag.Error,
		Code:     InternalError,
		Subject:  subject,
		Summary:  fmt.Sprintf("internal error while %s: %v", doing, recovered),
		Detail:   "This is a bug in shea, not in your files; please report it. SHEA_DEBUG=1 or --format json shows the stack.",
		Stack:    string(debug.Stack()),
	}
}
