package workflows

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// TemplateOptions say what a template compiled by CompileTemplate reads
// and how it renders.
type TemplateOptions struct {
	// Profile gives the template the lane prompts' inputs of a dialect:
	// ProfileSymphony or ProfileShea (issue and attempt, as a workflow's
	// lane prompts have them). "" gives it none: a standalone template
	// reads only what ContextSchema declares, or without one, the names
	// Data holds.
	Profile string
	// ContextSchema is a JSON Schema of a context object whose properties
	// are the template's inputs; with a Profile it is merged into the
	// profile's inputs as template_context.schema is (see
	// profile.Inputs.Extend). ContextSchemaName names it in diagnostics.
	ContextSchema     []byte
	ContextSchemaName string
	// IssueModel says how ContextSchema's issue meets the Profile's issue
	// model, as Options.IssueModel does for a workflow: IssueModelExtend
	// ("" too) or IssueModelReplace.
	IssueModel string
	// Data, when neither Profile nor ContextSchema is set, declares the
	// inputs by example: each name it holds, and within objects and arrays
	// each key it holds, as deep as it goes (values of any type). Reading
	// any other name is an error, as with strict variables in Shopify
	// Liquid and LiquidJS. Nil, with neither, declares no inputs.
	Data map[string]any
	// Filename names the template in diagnostics ("<template>" when
	// empty); Start is the position of the source's first byte in it (the
	// zero Pos is the start of the file).
	Filename string
	Start    diag.Pos
	// PartialsDir is the directory {% render %} and {% include %} read
	// partials from; "" means none.
	PartialsDir string
	// Limits bound rendering, as Options.Limits does for a workflow.
	Limits render.Limits
	// GoValues say how Render reads Go values, as Options.GoValues does
	// for a workflow.
	GoValues render.GoOptions
	// Compat renders as Shopify Liquid does, without strictness: no inputs
	// are declared or checked, and Profile, ContextSchema and Data are
	// not read.
	Compat bool
}

// Template is a compiled template, safe for concurrent use: one compiled
// from a string by CompileTemplate, or one of a workflow's, by name
// (Workflow.Template).
type Template struct {
	tpl      *render.Template
	filename string
	issueVal *strict.Members
	lane     bool
	warnings diag.List
	goValues render.GoOptions

	// A workflow's template: the workflow, the name it renders under and
	// its item.
	wf   *Workflow
	name string
	it   *item
}

// CompileTemplate compiles src, a template given as a string (a runner's
// built-in default, a prompt edited at run time, a test's template),
// without a workflow file: with the inputs opts declare, checked on every
// branch as a workflow's templates are. The text is compiled exactly as
// given (a workflow trims its templates; this does not). On failure it
// returns an *Error holding every diagnostic, whose Class is
// template_parse_error for malformed syntax and template_render_error for
// an unknown variable, property or filter, as Gate's; Template.Render
// fails with the same type. A runner that has loaded a workflow compiles
// with Workflow.Compile instead, which also gives the workflow's
// template_context.schema.
func CompileTemplate(src string, opts TemplateOptions) (*Template, error) {
	filename := opts.Filename
	if filename == "" {
		filename = "<template>"
	}
	fail := func(l diag.List) error {
		return &Error{Workflow: filename, Class: codes.FailureClass(l), Diagnostics: l}
	}
	var schema *strict.Schema
	var diags diag.List
	if !opts.Compat {
		if schema, diags = TemplateInputs(opts); diags.HasErrors() {
			return nil, fail(diags)
		}
	}
	eopts := render.Options{Limits: opts.Limits, Compat: opts.Compat}
	if opts.PartialsDir != "" {
		eopts.Partials = partials.NewDir(opts.PartialsDir)
	}
	tr := diag.Range{Filename: filename, Start: opts.Start, End: opts.Start}
	tpl, cdiags := compileGuarded(tr, func() (*render.Template, diag.List) {
		return render.New(eopts).Compile(src, filename, opts.Start, schema)
	})
	diags = append(diags, cdiags...)
	if diags.HasErrors() || tpl == nil {
		return nil, fail(diags)
	}
	t := &Template{tpl: tpl, filename: filename, lane: opts.Profile != "" && !opts.Compat, warnings: diags, goValues: opts.GoValues}
	if t.lane {
		t.issueVal = issueMembers(schema)
	}
	return t, nil
}

// TemplateInputs returns the inputs opts declare (Compat aside): the
// schema CompileTemplate checks a template against, for a caller that
// checks with strict.Check itself (shea check).
func TemplateInputs(opts TemplateOptions) (*strict.Schema, diag.List) {
	filename := opts.Filename
	if filename == "" {
		filename = "<template>"
	}
	name := opts.ContextSchemaName
	if name == "" {
		name = "context schema"
	}
	switch {
	case opts.IssueModel != "" && opts.IssueModel != IssueModelExtend && opts.IssueModel != IssueModelReplace:
		d := diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: filename}, "unknown issue model %q", opts.IssueModel)
		d.Detail = diag.DidYouMean(opts.IssueModel, []string{IssueModelExtend, IssueModelReplace})
		return nil, diag.List{d}
	case opts.IssueModel == IssueModelReplace && (opts.Profile == "" || len(opts.ContextSchema) == 0):
		return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: filename}, "IssueModel is replace, which needs a Profile whose issue model ContextSchema replaces")}
	case opts.Profile != "" && len(opts.ContextSchema) > 0 && opts.IssueModel == IssueModelReplace:
		in, err := profile.LaneInputs(opts.Profile)
		if err != nil {
			return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: filename}, "%v", err)}
		}
		out, diags := in.ReplaceIssue(opts.ContextSchema, name)
		if out == nil {
			return nil, diags
		}
		return out.Schema(), diags
	case opts.Profile != "" && len(opts.ContextSchema) > 0:
		return profile.Extend(opts.Profile, opts.ContextSchema, name)
	case opts.Profile != "":
		s, err := profile.LaneContext(opts.Profile)
		if err != nil {
			return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: filename}, "%v", err)}
		}
		return s, nil
	case len(opts.ContextSchema) > 0:
		s, err := strict.CompileSchema(name, opts.ContextSchema, nil)
		if err != nil {
			return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: name}, "not a usable context schema: %v", err)}
		}
		return s, nil
	}
	ds := &dataSchemas{}
	schema := ds.of(opts.Data, 0)
	if ds.over {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "the data cannot declare inputs: it holds an object of more than %d keys, or more than %d values to describe", maxDataSchemaKeys, maxDataSchemas).
			WithDetail("Data declares its inputs by example only up to that size (a context schema holds at most 5,000 objects); declare them with --context-schema (a JSON Schema) instead.")}
	}
	doc, _ := json.Marshal(schema)
	s, err := strict.CompileSchema("data", doc, nil)
	if err != nil {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "the data cannot declare inputs: %v", err)}
	}
	return s, nil
}

// maxDataSchemaDepth bounds how deep dataSchema describes data; deeper
// values are of any shape.
const maxDataSchemaDepth = 64

// Bounds on the schema data declares. An object of more keys than
// strict's 5,000 schema objects cannot be declared (each key is one), and
// is refused before a schema is built for each of them (for the 1.6 million
// keys of a 16 MB object that took gigabytes); the schemas built for the
// values, and for the items of each array before they are merged, are
// bounded too.
const (
	maxDataSchemaKeys = 5_000
	maxDataSchemas    = 1_000_000
)

// dataSchemas builds the schema data declares; built counts the schemas
// it made, and once past maxDataSchemas, or on an object of more than
// maxDataSchemaKeys keys, it makes no more (over is then true).
type dataSchemas struct {
	built int
	over  bool
}

// of returns a JSON Schema that declares what v holds: an object's keys
// (and no others), an array's items (the keys of all its objects).
func (ds *dataSchemas) of(v any, depth int) map[string]any {
	if ds.built++; ds.built > maxDataSchemas {
		ds.over = true
	}
	if depth > maxDataSchemaDepth || ds.over {
		return map[string]any{}
	}
	var keys []string
	var get func(string) any
	switch x := v.(type) {
	case *render.Map:
		keys, get = x.Keys(), func(k string) any { e, _ := x.Get(k); return e }
	case map[string]any:
		for k := range x {
			keys = append(keys, k)
		}
		get = func(k string) any { return x[k] }
	case []any:
		items := map[string]any{}
		for i, e := range x {
			if ds.over {
				break
			}
			s := ds.of(e, depth+1)
			if i == 0 {
				items = s
				continue
			}
			items = mergeDataSchemas(items, s)
		}
		return map[string]any{"type": "array", "items": items}
	default:
		return map[string]any{}
	}
	if len(keys) > maxDataSchemaKeys {
		ds.over = true
		return map[string]any{}
	}
	props := make(map[string]any, len(keys))
	for _, k := range keys {
		props[k] = ds.of(get(k), depth+1)
	}
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

// mergeDataSchemas returns a schema that admits what a and b describe:
// two object schemas give the union of their properties, two array
// schemas the merge of their items, anything else any value.
func mergeDataSchemas(a, b map[string]any) map[string]any {
	if a["type"] != b["type"] || a["type"] == nil {
		return map[string]any{}
	}
	// a and b are dataSchema's: an array's items and an object's
	// properties are schemas it built (a nil map merges to any value).
	if a["type"] == "array" {
		ai, _ := a["items"].(map[string]any)
		bi, _ := b["items"].(map[string]any)
		return map[string]any{"type": "array", "items": mergeDataSchemas(ai, bi)}
	}
	pa, _ := a["properties"].(map[string]any)
	pb, _ := b["properties"].(map[string]any)
	props := make(map[string]any, len(pa)+len(pb))
	for k, v := range pa {
		props[k] = v
	}
	for k, v := range pb {
		if w, ok := props[k]; ok {
			ws, _ := w.(map[string]any)
			vs, _ := v.(map[string]any)
			props[k] = mergeDataSchemas(ws, vs)
		} else {
			props[k] = v
		}
	}
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

// Render renders the template for in: the issue may be a Go value (read
// as render.FromGo says; with a Profile, its undeclared properties are left
// out), Extra holds the other inputs. It returns the whole text, or "" and
// an *Error. A workflow's template renders as Workflow.RenderLane renders
// its name.
func (t *Template) Render(ctx context.Context, in LaneInput) (string, error) {
	if t.wf != nil {
		return t.wf.RenderLane(ctx, t.name, in)
	}
	vars, err := inputVars(in, t.issueVal, t.filename, t.lane, t.goValues)
	if err == nil {
		return t.RenderData(ctx, vars)
	}
	diags := renderDiagnostics(err, t.filename)
	return "", &Error{Workflow: t.filename, Class: codes.FailureClass(diags), Diagnostics: diags}
}

// RenderData renders the template with vars, its inputs by name (decoded
// JSON or Go values, read as render.FromGo says). It returns the whole
// text, or "" and an *Error.
func (t *Template) RenderData(ctx context.Context, vars map[string]any) (string, error) {
	if t.wf != nil {
		return t.renderData(ctx, vars)
	}
	out, err := renderGuarded(t.filename, func() (string, error) { return t.tpl.Render(ctx, vars) })
	if err == nil {
		return out, nil
	}
	diags := renderDiagnostics(err, t.filename)
	return "", &Error{Workflow: t.filename, Class: codes.FailureClass(diags), Diagnostics: diags}
}

// Compiled returns the compiled template, for a caller that renders it
// with another engine too (shea render --engine osteele); nil for a
// workflow's composed lane or lane with a turn block, which are more than
// one template.
func (t *Template) Compiled() *render.Template { return t.tpl }

// Warnings returns the warnings found when the template was compiled (for
// a workflow's template, those in its file).
func (t *Template) Warnings() diag.List { return slices.Clone(t.warnings) }
