package diag

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Severity says whether a diagnostic fails the input (Error) or only informs
// (Warning).
type Severity int

// The severities, from most to least severe.
const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalText writes the severity as "error" or "warning".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error" or "warning".
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Code is a stable snake_case identifier of a kind of problem, such as
// "unknown_field". The caller defines its codes and what each means; the
// writers name a diagnostic's code with it, and JSONOptions and SARIFRule
// let the caller say more about a code.
type Code string

// Related is a secondary range that explains a diagnostic, such as the lower
// layer a protected section came from.
type Related struct {
	Message string `json:"message"`
	Range   Range  `json:"range"`
}

// Diagnostic is one problem found in user input.
type Diagnostic struct {
	Severity Severity
	Code     Code
	Summary  string // one line, no trailing period
	Detail   string // optional; suggestions ("Did you mean …?") go here
	Subject  Range  // what the diagnostic is about; Start.IsZero() when no position is known
	Related  []Related
	Stack    string // the goroutine stack of an internal_error; empty otherwise
}

// Error makes a diagnostic usable as an error value: "file:line:col: summary [code]".
func (d *Diagnostic) Error() string {
	var b strings.Builder
	if loc := d.Subject.String(); loc != "" {
		b.WriteString(loc)
		b.WriteString(": ")
	}
	b.WriteString(d.Summary)
	if d.Code != "" {
		b.WriteString(" [")
		b.WriteString(string(d.Code))
		b.WriteString("]")
	}
	return b.String()
}

// Errorf builds an error diagnostic.
func Errorf(code Code, subject Range, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: Error, Code: code, Subject: subject, Summary: fmt.Sprintf(format, args...)}
}

// Warningf builds a warning diagnostic.
func Warningf(code Code, subject Range, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: Warning, Code: code, Subject: subject, Summary: fmt.Sprintf(format, args...)}
}

// WithDetail sets the detail and returns d, for chaining.
func (d *Diagnostic) WithDetail(format string, args ...any) *Diagnostic {
	d.Detail = fmt.Sprintf(format, args...)
	return d
}

// List is a list of diagnostics. The zero value is an empty list.
type List []*Diagnostic

// Append adds diagnostics, skipping nils, and returns the list.
func (l List) Append(ds ...*Diagnostic) List {
	for _, d := range ds {
		if d != nil {
			l = append(l, d)
		}
	}
	return l
}

// HasErrors reports whether any diagnostic in the list is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns only the error diagnostics.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Err returns nil when the list holds no errors, and otherwise an error
// wrapping the whole list (see AsList).
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return listError{l}
}

// Sort orders the list by file, then position, then code, keeping the
// relative order of equal diagnostics.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Subject, l[j].Subject
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Start.Byte != b.Start.Byte {
			return a.Start.Byte < b.Start.Byte
		}
		if a.Start.Line != b.Start.Line {
			return a.Start.Line < b.Start.Line
		}
		return l[i].Code < l[j].Code
	})
}

// Error joins the diagnostics one per line.
func (l List) Error() string {
	parts := make([]string, len(l))
	for i, d := range l {
		parts[i] = d.Error()
	}
	return strings.Join(parts, "\n")
}

// Full returns the diagnostics one per line as Error does, each followed
// by its detail (where the suggestion is) and its related ranges, indented
// by four spaces: WriteText's form without the severity and the quoted
// source line.
func (l List) Full() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
		for _, line := range strings.Split(d.Detail, "\n") {
			if line != "" {
				b.WriteString("\n    ")
				b.WriteString(line)
			}
		}
		for _, r := range d.Related {
			b.WriteString("\n    ")
			b.WriteString(r.Range.String())
			b.WriteString(": ")
			b.WriteString(r.Message)
		}
	}
	return b.String()
}

type listError struct{ list List }

// Error prints every error in full, suggestions included (see Full).
func (e listError) Error() string { return e.list.Errors().Full() }

// Unwrap exposes each error diagnostic to errors.Is and errors.As.
func (e listError) Unwrap() []error {
	out := make([]error, 0, len(e.list))
	for _, d := range e.list.Errors() {
		out = append(out, d)
	}
	return out
}

// AsList recovers the diagnostics from an error returned by List.Err or from
// a single *Diagnostic. It returns nil when err carries none.
func AsList(err error) List {
	if err == nil {
		return nil
	}
	var le listError
	if errors.As(err, &le) {
		return le.list
	}
	var d *Diagnostic
	if errors.As(err, &d) {
		return List{d}
	}
	return nil
}
