package diag

import (
	"encoding/json"
	"io"
)

// JSONOptions configures the wire form of diagnostics (List.JSON,
// WriteJSON).
type JSONOptions struct {
	// Class, when set, names the class the caller files a code under
	// (for one, the error classes of a specification its users branch
	// on), written as "class" after "code". Nil writes no "class".
	Class func(Code) string
}

// jsonDiagnostic is the wire form of a diagnostic. Its field names are a
// contract shared by every JSON output of a caller.
type jsonDiagnostic struct {
	Severity Severity `json:"severity"`
	Code     Code     `json:"code"`
	Class    string   `json:"class,omitempty"`
	Summary  string   `json:"summary"`
	Detail   string   `json:"detail,omitempty"`
	// Suggestions are the names the detail suggests instead (see
	// Diagnostic.Suggestions); an empty array when there are none.
	Suggestions []string  `json:"suggestions"`
	Range       *Range    `json:"range,omitempty"`
	Related     []Related `json:"related,omitempty"`
	Stack       string    `json:"stack,omitempty"`
}

func (d *Diagnostic) wire(opts JSONOptions) jsonDiagnostic {
	jd := jsonDiagnostic{Severity: d.Severity, Code: d.Code, Summary: d.Summary, Detail: d.Detail, Suggestions: d.Suggestions(), Related: d.Related, Stack: d.Stack}
	if opts.Class != nil {
		jd.Class = opts.Class(d.Code)
	}
	if jd.Suggestions == nil {
		jd.Suggestions = []string{}
	}
	if !d.Subject.Start.IsZero() || d.Subject.Filename != "" {
		r := d.Subject
		jd.Range = &r
	}
	return jd
}

// MarshalJSON writes the diagnostic in its wire form, without a class
// (List.JSON writes one).
func (d *Diagnostic) MarshalJSON() ([]byte, error) {
	return json.Marshal(d.wire(JSONOptions{}))
}

// UnmarshalJSON reads the wire form back; a "class" is ignored.
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

// MarshalJSON writes the list as a JSON array, never null, without
// classes (List.JSON writes them).
func (l List) MarshalJSON() ([]byte, error) {
	return l.JSON(JSONOptions{}).MarshalJSON()
}

// JSON returns the list's wire form as opts configures it: a value that
// marshals as a JSON array, never null. A struct field of this type
// writes the list with classes where a List field could not.
func (l List) JSON(opts JSONOptions) json.Marshaler { return jsonList{l, opts} }

type jsonList struct {
	l    List
	opts JSONOptions
}

func (j jsonList) MarshalJSON() ([]byte, error) {
	out := make([]*jsonDiagnostic, len(j.l))
	for i, d := range j.l {
		if d != nil {
			jd := d.wire(j.opts)
			out[i] = &jd
		}
	}
	return json.Marshal(out)
}

// WriteJSON writes {"diagnostics":[…]} followed by a newline.
func WriteJSON(w io.Writer, l List, opts JSONOptions) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics json.Marshaler `json:"diagnostics"`
	}{l.JSON(opts)})
}
