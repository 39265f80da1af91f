// Package diag holds diagnostics: positions, ranges, diagnostic values, the
// lists every library function returns, the writers that print them and
// the did-you-mean suggestions. It knows no product: the codes a caller
// reports, what each means and how they are grouped belong to the caller
// (shea's are in package codes, one level up).
//
// A problem in user input is never a Go error. It is a *Diagnostic with a
// severity, a stable snake_case Code, a one-line Summary, an optional Detail
// (where suggestions go), the Subject range it is about and any Related ranges
// (for example the lower layer a protected section came from). Functions that
// read user input return (T, List); List.Err is nil when the list holds no
// errors, so warnings never fail a caller.
//
// Positions say their units: Line and Column count from 1 and Column counts
// bytes; Byte counts from 0. A Range is half-open: Start is the first byte of
// the subject and End is one past its last byte.
//
// The writers render a list for people (WriteText, with the source line and a
// caret, quoted in constant time however long the line, and control
// characters escaped; the caret sits at the display column, a wide character
// counting two, while file:line:col keeps the byte column; optionally
// grouping one mistake made in many places, showing a long detail (or a
// long line of one) once, and adding a caller's hint line under each
// diagnostic), for programs (WriteJSON and List.JSON, whose field names are a
// contract, one entry per place, with the class a caller's function gives
// each code) and for code-scanning services (WriteSARIF, SARIF 2.1.0, with
// the rules a caller describes its codes by). Suggest picks the did-you-mean
// candidate every "unknown X" diagnostic offers; DidYouMean writes it into
// the detail, and Diagnostic.Suggestions reads it back for the JSON
// "suggestions" list.
package diag
