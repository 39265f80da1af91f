package workflows

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// The profiles' lane inputs (issue and attempt), each compiled once per
// process on first use.
var (
	symphonyLaneContext = sync.OnceValues(func() (*strict.Schema, error) { return strict.LaneContext(ProfileSymphony) })
	sheaLaneContext     = sync.OnceValues(func() (*strict.Schema, error) { return strict.LaneContext(ProfileShea) })
)

// laneContext returns the lane inputs of a profile.
func laneContext(profile string) (*strict.Schema, error) {
	if profile == ProfileShea {
		return sheaLaneContext()
	}
	return symphonyLaneContext()
}

// The profiles' issue schemas (DecodeIssue's), each compiled once per
// process on first use.
var (
	symphonyIssueSchema = sync.OnceValues(func() (*strict.Schema, error) { return strict.IssueSchema(ProfileSymphony) })
	sheaIssueSchema     = sync.OnceValues(func() (*strict.Schema, error) { return strict.IssueSchema(ProfileShea) })
)

// issueSchema returns the issue schema of a profile.
func issueSchema(profile string) (*strict.Schema, error) {
	switch profile {
	case ProfileSymphony:
		return symphonyIssueSchema()
	case ProfileShea:
		return sheaIssueSchema()
	}
	return strict.IssueSchema(profile) // an unknown profile: strict's error
}

// lanesContext returns the inputs of the workflow's lane prompts: the
// profile's issue and attempt, extended by template_context.schema and then
// by Options.Context.
func (w *Workflow) lanesContext() *strict.Schema {
	base, err := laneContext(w.Profile)
	if err != nil {
		w.errorf(diag.ConfigInvalid, diag.Range{Filename: w.Path}, "internal error: lane context: %v", err)
		return nil
	}
	if ext := w.templateContext(); ext != nil {
		base = base.Extend(ext)
	}
	return base.Extend(w.opts.Context)
}

// templateContext compiles template_context.schema: an inline JSON Schema
// (a mapping) or the path of a JSON Schema file, relative to the workflow.
func (w *Workflow) templateContext() *strict.Schema {
	const ptr = "/template_context/schema"
	v, ok := lookupPointer(map[string]any(w.Config), ptr)
	if !ok || w.bad[ptr] || w.bad["/template_context"] {
		return nil
	}
	at := w.tree.valueAt(ptr)
	switch x := v.(type) {
	case map[string]any:
		doc, err := json.Marshal(x)
		if err != nil {
			w.errorf(diag.ConfigInvalid, at, "template_context.schema: %v", err)
			return nil
		}
		abs, _ := filepath.Abs(w.Path)
		// The name must not hold a fragment: the schema library panics on one.
		s, err := compileSchemaSafely("file://"+filepath.ToSlash(abs)+".template_context.json", doc)
		if err != nil {
			w.errorf(diag.ConfigInvalid, at, "template_context.schema is not a usable context schema: %v", schemaErr(err))
			return nil
		}
		return s
	case string:
		canon, err := w.root.Resolve(w.absDir, x)
		if err != nil {
			w.refError(err, at, "context schema", x)
			return nil
		}
		b, err := w.root.ReadFile(canon, MaxFileBytes)
		if err != nil {
			w.refError(err, at, "context schema", x)
			return nil
		}
		s, err := compileSchemaSafely("file://"+filepath.ToSlash(canon), b)
		if err != nil {
			w.errorf(diag.ConfigInvalid, at, "context schema %s is not a usable context schema: %v", x, schemaErr(err))
			return nil
		}
		return s
	}
	return nil
}

// compileSchemaSafely compiles a user's context schema, turning a panic of
// the schema library into an error.
func compileSchemaSafely(name string, doc []byte) (s *strict.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return strict.CompileSchema(name, doc, nil)
}

// schemaErr drops the schema name a *strict.SchemaError repeats.
func schemaErr(err error) error {
	var se *strict.SchemaError
	if errors.As(err, &se) {
		return se.Err
	}
	return err
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
