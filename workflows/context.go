package workflows

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
)

// laneContext returns the lane inputs of a profile (compiled once per
// process by package profile).
func laneContext(dialect string) (*strict.Schema, error) { return profile.LaneContext(dialect) }

// issueSchema returns the issue schema of a profile (compiled once per
// process by package profile).
func issueSchema(dialect string) (*strict.Schema, error) { return profile.IssueSchema(dialect) }

// lanesContext returns the inputs of the workflow's lane prompts: the
// profile's issue and attempt, extended (see profile.Inputs.Extend) by
// template_context.schema and then by Options.ContextSchema; a schema whose
// issue model is IssueModelReplace (template_context.issue_model,
// Options.IssueModel) replaces the issue instead (profile.Inputs.ReplaceIssue).
func (w *Workflow) lanesContext() *strict.Schema {
	in, err := profile.LaneInputs(w.Profile)
	if err != nil {
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "internal error: lane context: %v", err)
		return nil
	}
	tcReplace := w.replaceIssue()
	if doc, name, at, ok := w.templateContext(); ok {
		merge := in.Extend
		if tcReplace {
			merge = in.ReplaceIssue
		}
		if im := w.cfg.templateContext.issueModel; !im.set || valid(w, im) {
			// (an issue_model of no known value is its own error)
			w.warnNarrowing(doc, at, tcReplace)
		}
		ext, diags := merge(doc, name)
		for _, d := range diags {
			d.Subject = at
			d.Summary = "template_context.schema is not a usable context schema: " + d.Summary
		}
		w.diags = append(w.diags, diags...)
		if ext != nil {
			in = ext
		}
	}
	if w.opts.IssueModel == IssueModelReplace && len(w.opts.ContextSchema) == 0 {
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "Options.IssueModel is replace, but Options.ContextSchema is empty: there is no issue model to replace the profile's with")
	}
	if len(w.opts.ContextSchema) > 0 {
		name := w.opts.ContextSchemaName
		if name == "" {
			name = "context schema"
		}
		merge := in.Extend
		if w.opts.IssueModel == IssueModelReplace {
			merge = in.ReplaceIssue
		}
		ext, diags := merge(w.opts.ContextSchema, name)
		w.diags = append(w.diags, diags...)
		if ext != nil {
			in = ext
		}
	}
	w.inputs = in
	return in.Schema()
}

// The ways a context schema's issue meets the profile's issue model:
// template_context.issue_model for template_context.schema,
// Options.IssueModel for Options.ContextSchema.
const (
	// IssueModelExtend adds the schema's issue properties to the
	// profile's issue model (the default): a runner's extra fields become
	// readable, and every field of the profile's model stays readable.
	IssueModelExtend = "extend"
	// IssueModelReplace makes the schema's issue the whole issue model:
	// the runner states what it sends, so a template reading a field of
	// the profile's model the runner never sends (the symphony issue's
	// assignee_id) is an error, not nil at every render. The schema must
	// declare issue.
	IssueModelReplace = "replace"
)

// replaceIssue reports whether template_context.issue_model is replace;
// replace without template_context.schema is a config_invalid error.
func (w *Workflow) replaceIssue() bool {
	tc := w.cfg.templateContext
	f := tc.issueModel
	if !valid(w, f) || f.val != IssueModelReplace {
		return false
	}
	if !tc.schema.set {
		w.errorf(codes.ConfigInvalid, w.tree.valueAt(f.ptr), "template_context.issue_model is replace, but there is no template_context.schema to replace the issue model with").Detail =
			"Declare the runner's issue model under template_context.schema (its properties.issue), or remove issue_model."
	}
	return true
}

// templateContext reads template_context.schema: an inline JSON Schema (a
// mapping) or the path of a JSON Schema file, relative to the workflow. It
// returns the document, the name it goes by and where the setting is.
func (w *Workflow) templateContext() (doc []byte, name string, at diag.Range, ok bool) {
	tc := w.cfg.templateContext
	f := tc.schema
	if !f.set || w.bad[f.ptr] || w.bad[tc.ptr] {
		return nil, "", diag.Range{}, false
	}
	return w.schemaDoc(f.ptr, f.raw)
}

// schemaDoc reads the JSON Schema setting v at config pointer ptr: inline
// (a mapping) or the path of a JSON Schema file, relative to the workflow.
func (w *Workflow) schemaDoc(ptr string, v any) (doc []byte, name string, at diag.Range, ok bool) {
	at = w.tree.valueAt(ptr)
	switch x := v.(type) {
	case map[string]any: // a JSON Schema: free-form, marshalled as written
		doc, err := json.Marshal(x)
		if err != nil {
			w.errorf(codes.ConfigInvalid, at, "%s: %v", pointerPath(ptr), err)
			return nil, "", at, false
		}
		abs, _ := filepath.Abs(w.Path)
		suffix := ".template_context.json"
		if ptr != "/template_context/schema" {
			suffix = "." + strings.NewReplacer("/", "_", "~", "_").Replace(ptr[1:]) + ".json"
		}
		return doc, "file://" + filepath.ToSlash(abs) + suffix, at, true
	case string:
		canon, err := w.root.Resolve(w.absDir, x)
		if err != nil {
			w.refError(err, at, "context schema", x)
			return nil, "", at, false
		}
		b, err := w.root.ReadFile(canon, MaxFileBytes)
		if err != nil {
			w.refError(err, at, "context schema", x)
			return nil, "", at, false
		}
		return b, "file://" + filepath.ToSlash(canon), at, true
	}
	return nil, "", at, false
}

// reviewStructuredSchema is the inputs of the automatic_review_structured
// backend fragment, compiled once per process on first use.
var reviewStructuredSchema = sync.OnceValues(func() (*strict.Schema, error) { return builtinSchema("backend-review-structured") })

// builtinSchema compiles one of the embedded fragment schemas.
func builtinSchema(name string) (*strict.Schema, error) {
	doc, err := schemaFiles.ReadFile("schemas/" + name + ".json")
	if err != nil {
		return nil, err
	}
	s, err := strict.CompileSchema("https://shea.dev/schemas/"+name+".json", doc, nil)
	if err != nil {
		return nil, fmt.Errorf("built-in schema %s: %w", name, err)
	}
	return s, nil
}

// warnNarrowing reports, for a template_context.schema that extends the
// profile's inputs, the additionalProperties: false that would narrow them
// if it held: merged, it does not (every field of the profile's issue
// stays readable), which an author may not expect. at is where the schema
// is written; an inline schema's keyword has its own place.
func (w *Workflow) warnNarrowing(doc []byte, at diag.Range, replace bool) {
	var s struct {
		AdditionalProperties *bool `json:"additionalProperties"`
		Properties           map[string]struct {
			AdditionalProperties *bool `json:"additionalProperties"`
		} `json:"properties"`
	}
	if json.Unmarshal(doc, &s) != nil {
		return // the schema's own errors are reported where it is compiled
	}
	closed := func(b *bool) bool { return b != nil && !*b }
	place := func(ptr string) diag.Range {
		if _, inline := w.tree.index["/template_context/schema"+ptr]; inline {
			return w.tree.valueAt("/template_context/schema" + ptr)
		}
		return at
	}
	if issue, ok := s.Properties["issue"]; ok && closed(issue.AdditionalProperties) && !replace {
		d := diag.Warningf(codes.NarrowingIgnored, place("/properties/issue/additionalProperties"),
			"template_context.schema closes the issue (additionalProperties: false), but it extends the profile's issue model: the profile's fields stay readable")
		d.Detail = "Set template_context.issue_model: replace to make the schema's issue the whole issue model, or drop additionalProperties: false to extend the profile's."
		w.diags = append(w.diags, d)
	}
	if closed(s.AdditionalProperties) {
		d := diag.Warningf(codes.NarrowingIgnored, place("/additionalProperties"),
			"template_context.schema closes the inputs (additionalProperties: false), but it extends the profile's: issue and attempt stay inputs")
		d.Detail = "The profile's inputs are always the lane's; the schema adds names beside them. Drop additionalProperties: false here."
		w.diags = append(w.diags, d)
	}
}
