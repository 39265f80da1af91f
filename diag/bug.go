package diag

import (
	"fmt"
	"runtime/debug"
)

// Bug is the internal_error diagnostic for a panic recovered at a public
// entry point: what was being done (e.g. "rendering"), the value the panic
// carried, and the stack of the goroutine that recovered it. Call it from
// the deferred function that called recover, so the stack shows where the
// panic happened.
//
// A recovered value that is already an internal_error diagnostic (a panic
// passed on from another goroutine) comes back as it is.
func Bug(subject Range, doing string, recovered any) *Diagnostic {
	if d, ok := recovered.(*Diagnostic); ok && d.Code == InternalError {
		return d
	}
	return &Diagnostic{
		Severity: Error,
		Code:     InternalError,
		Subject:  subject,
		Summary:  fmt.Sprintf("internal error while %s: %v", doing, recovered),
		Detail:   "This is a bug in shea, not in your files; please report it. SHEA_DEBUG=1 or --format json shows the stack.",
		Stack:    string(debug.Stack()),
	}
}
