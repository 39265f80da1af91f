package render

import (
	"sort"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// ValidateContext checks vars against the template's schema (nothing in
// compat mode, or without a schema): every required input present, every
// declared input of the declared shape. Go values are checked as FromGo
// presents them (and rendered so too). Problems are context_invalid errors naming the JSON
// pointer.
func (t *Template) ValidateContext(vars map[string]any) diag.List {
	_, diags := t.contextOf(vars)
	return diags
}

// contextOf converts vars to the value model and validates them. Without
// a schema (compat mode) the values are read as they are, by reflection,
// which lets a compat template render a Go value that contains itself.
func (t *Template) contextOf(vars map[string]any) (map[string]any, diag.List) {
	if t.schema == nil {
		return vars, nil
	}
	conv, err := fromGoVars(vars)
	if err != nil {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, diag.Range{}, "context cannot be rendered: %v", err)}
	}
	diags := t.validateContext(conv)
	for _, d := range diags {
		addGoHint(d, vars, conv)
	}
	return conv, diags
}

// addGoHint gives a context_invalid error about a whole input that came
// from a Go struct (missing or undeclared properties) a detail naming the
// struct's type and the keys encoding/json gave its fields.
func addGoHint(d *diag.Diagnostic, vars, conv map[string]any) {
	if d.Detail != "" {
		return
	}
	for k, v := range vars {
		if strings.Contains(d.Summary, " at /"+escapeToken(k)+": ") {
			d.Detail = GoObjectHint(v, conv[k])
			return
		}
	}
}

// validateContext validates vars, which are in the value model.
func (t *Template) validateContext(vars map[string]any) diag.List {
	if t.schema == nil {
		return nil
	}
	// The schema, compiled once with the template's, is checked by the
	// JSON Schema library against the declared inputs in JSON form.
	plain := make(map[string]any, len(vars))
	for k, v := range vars {
		if t.schema.Has(k) {
			plain[k] = toJSON(v)
		}
	}
	problems := t.schema.Validate(plain)
	// Report in pointer order, and at most maxProblems.
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Pointer < problems[j].Pointer })
	if len(problems) > maxProblems {
		problems = problems[:maxProblems]
	}
	var out diag.List
	for _, p := range problems {
		out = append(out, diag.Errorf(codes.ContextInvalid, diag.Range{}, "context does not fit the template's schema at %s: %s", pointerOrRoot(p.Pointer), p.Message))
	}
	return out
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// maxProblems bounds the problems one validation reports.
const maxProblems = 50
