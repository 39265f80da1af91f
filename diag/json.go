package diag

import (
	"encoding/json"
	"io"
)

// jsonDiagnostic is the wire form of a diagnostic. Its field names are a
// contract shared by every --format json output of the CLI.
type jsonDiagnostic struct {
	Severity Severity `json:"severity"`
	Code     Code     `json:"code"`
	Class    Class    `json:"class"`
	Summary  string   `json:"summary"`
	Detail   string   `json:"detail,omitempty"`
	// Suggestions are the names the detail suggests instead (see
	// Diagnostic.Suggestions); an empty array when there are none.
	Suggestions []string  `json:"suggestions"`
	Range       *Range    `json:"range,omitempty"`
	Related     []Related `json:"related,omitempty"`
	Stack       string    `json:"stack,omitempty"`
}

// MarshalJSON writes the diagnostic in its wire form.
func (d *Diagnostic) MarshalJSON() ([]byte, error) {
	jd := jsonDiagnostic{Severity: d.Severity, Code: d.Code, Class: d.Code.Class(), Summary: d.Summary, Detail: d.Detail, Suggestions: d.Suggestions(), Related: d.Related, Stack: d.Stack}
	if jd.Suggestions == nil {
		jd.Suggestions = []string{}
	}
	if !d.Subject.Start.IsZero() || d.Subject.Filename != "" {
		r := d.Subject
		jd.Range = &r
	}
	return json.Marshal(jd)
}

// UnmarshalJSON reads the wire form back.
func (d *Diagnostic) UnmarshalJSON(b []byte) error {
	var jd jsonDiagnostic
	if err := json.Unmarshal(b, &jd); err != nil {
		return err
	}
	*d = Diagnostic{Severity: jd.Severity, Code: jd.Code, Summary: jd.Summary, Detail: jd.Detail, Related: jd.Related, Stack: jd.Stack}
	if jd.Range != nil {
		d.Subject = *jd.Range
	}
	return nil
}

// MarshalJSON writes the list as a JSON array, never null.
func (l List) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]*Diagnostic(l))
}

// WriteJSON writes {"diagnostics":[…]} followed by a newline.
func WriteJSON(w io.Writer, l List) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics List `json:"diagnostics"`
	}{l})
}
