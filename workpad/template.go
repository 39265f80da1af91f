package workpad

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// Template is a workpad or evidence template compiled for one id. It is
// immutable and safe for concurrent use.
type Template struct {
	spec     Spec
	filename string
	tpl      *render.Template
}

// ID returns the template id the template was compiled for.
func (t *Template) ID() string { return t.spec.ID }

// Spec returns the id's declaration: its kind and value set.
func (t *Template) Spec() Spec {
	s := t.spec
	s.Values = append([]string(nil), s.Values...)
	return s
}

// Filename returns the file name diagnostics of this template use.
func (t *Template) Filename() string { return t.filename }

// Compile checks and compiles src as the template of id, strictly against
// exactly that id's value set: reading any other name is an
// unknown_variable error, whose detail says which templates declare the
// name and suggests the closest name this one declares.
//
// As Shea Symphony does, the body is trimmed on load (Unicode white space
// at both ends, and a leading byte order mark); diagnostics still point
// into the file, because start is advanced over what was trimmed. start
// is the position of src's first byte in filename; the zero Pos means the
// start of the file. A body that is empty once trimmed is an
// empty_template_file error: a workpad never renders as nothing.
//
// eng is the engine to compile with; nil means render.New(render.Options{}).
// Workpad templates are strict even with a compat engine: Compile then
// checks the names the template reads itself.
//
// Compile returns nil and the diagnostics when there is any error.
func Compile(eng *render.Engine, id, src, filename string, start diag.Pos) (*Template, diag.List) {
	return CompileWith(eng, nil, id, src, filename, start)
}

// CompileWith is Compile with the context schemas from CompileSchemas
// (nil compiles the id's schema on its own).
func CompileWith(eng *render.Engine, schemas Schemas, id, src, filename string, start diag.Pos) (*Template, diag.List) {
	if start.IsZero() {
		start = diag.StartPos
	}
	s, ok := Lookup(id)
	if !ok {
		d := diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: filename}, "unknown workpad template id %q", id)
		d.Detail = diag.DidYouMean(id, IDs())
		if d.Detail == "" {
			d.Detail = "The template ids are " + strings.Join(IDs(), ", ") + "."
		}
		return nil, diag.List{d}
	}
	body, start := trimBody(src, start)
	if body == "" {
		r := diag.Range{Filename: filename, Start: start, End: start}
		d := diag.Errorf(codes.EmptyTemplateFile, r, "template %s is empty", id).
			WithDetail("A workpad template must produce text; write the %s receipt, or remove the setting to use the default.", id)
		return nil, diag.List{d}
	}
	schema, err := schemas[id], error(nil)
	if schema == nil {
		schema, err = ContextSchema(id)
	}
	if err != nil {
		// The registry's own schemas always compile; this is a program error.
		d := diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: filename}, "context schema of %s: %v", id, err)
		return nil, diag.List{d}
	}
	if eng == nil {
		eng = render.New(render.Options{})
	}
	var diags diag.List
	if eng.Compat() {
		diags = checkNames(s, body, filename, start)
	}
	tpl, cdiags := eng.Compile(body, filename, start, schema)
	diags = append(diags, cdiags...)
	for _, d := range diags {
		if d.Code == codes.UnknownVariable {
			explainElsewhere(d, s)
		}
	}
	diags.Sort()
	if diags.HasErrors() {
		return nil, diags
	}
	return &Template{spec: s, filename: filename, tpl: tpl}, diags
}

// trimBody trims src as Shea Symphony trims a template body on load and
// returns the body with the position of its first byte.
func trimBody(src string, start diag.Pos) (string, diag.Pos) {
	rest := strings.TrimPrefix(src, "\ufeff")
	rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
	start = start.Advance(src[:len(src)-len(rest)])
	return strings.TrimRightFunc(rest, unicode.IsSpace), start
}

// checkNames reports, for a compat engine that does not check names, every
// external name the template reads that s does not declare.
func checkNames(s Spec, body, filename string, start diag.Pos) diag.List {
	an, diags := strict.Analyze(body, filename, start, nil)
	if diags.HasErrors() {
		return nil // the engine reports the syntax errors
	}
	var out diag.List
	for _, ref := range an.Variables {
		root := ref.Name
		if i := strings.IndexAny(root, ".["); i >= 0 {
			root = root[:i]
		}
		if s.Has(root) {
			continue
		}
		d := diag.Errorf(codes.UnknownVariable, ref.Range, "unknown variable %q", root)
		d.Detail = diag.DidYouMean(root, s.Values)
		out = append(out, d)
	}
	return out
}

// explainElsewhere adds to an unknown_variable diagnostic which templates
// declare the name, when some do. The checker's own detail (the closest
// name this template declares, or its inputs) is kept after it.
func explainElsewhere(d *diag.Diagnostic, s Spec) {
	name, ok := variableName(d.Summary)
	if !ok {
		return
	}
	ids := DeclaredBy(name)
	if len(ids) == 0 {
		if d.Detail == "" {
			d.Detail = fmt.Sprintf("Template %s has the values %s.", s.ID, strings.Join(s.Values, ", "))
		}
		return
	}
	detail := fmt.Sprintf("%q is a value of %s, not of %s.", name, joinIDs(ids), s.ID)
	if d.Detail != "" {
		detail += " " + d.Detail
	}
	d.Detail = detail
}

// variableName extracts the name from an unknown_variable summary, which
// reads `unknown variable "name"`.
func variableName(summary string) (string, bool) {
	const prefix = "unknown variable "
	if !strings.HasPrefix(summary, prefix) {
		return "", false
	}
	name, err := strconv.Unquote(summary[len(prefix):])
	return name, err == nil
}

// Render renders the template with values and trims white space from the
// end of the output, as Shea Symphony does.
//
// values must hold exactly the id's declared values: a missing one, or one
// the id does not declare, is a context_invalid error and nothing renders.
// Values are data: each is printed as the string it is, so a value holding
// "{{ x }}" or "{% if %}" appears in the output verbatim and is never
// evaluated. The untrusted free-text values (see Untrusted: errors,
// reasons, summaries, tool output, notes) are first passed through
// SanitizeText, always: their terminal escapes and control characters are
// removed and the secrets Redact knows are replaced with [REDACTED].
//
// On error the text is empty and the error is a *render.Error whose
// diagnostics say what went wrong (class template_render_error, or
// template_parse_error for the engine's own compile-time problems).
func (t *Template) Render(ctx context.Context, values map[string]string) (string, error) {
	if diags := checkValues(t.spec, t.filename, values); diags.HasErrors() {
		return "", &render.Error{Class: codes.ClassTemplateRender, Diagnostics: diags}
	}
	vars := make(map[string]any, len(values))
	for k, v := range values {
		switch Classify(k) {
		case FreeText:
			v = SanitizeText(v)
		case Packed:
			v = sanitizePacked(v, values["record_separator"], values["field_separator"])
		}
		vars[k] = v
	}
	out, err := t.tpl.Render(ctx, vars)
	if err != nil {
		return "", err
	}
	return strings.TrimRightFunc(out, unicode.IsSpace), nil
}
