package workflows

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// lanesContext returns the inputs of the workflow's lane prompts: the
// profile's issue and attempt, extended by template_context.schema and then
// by Options.Context.
// laneBase is the profile's lane context schema, or why it did not compile.
type laneBase struct {
	schema *strict.Schema
	err    error
}

func (w *Workflow) lanesContext(lb laneBase) *strict.Schema {
	base, err := lb.schema, lb.err
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
	if w.bad[ptr] || w.bad["/template_context"] {
		return nil
	}
	return w.contextSchema(ptr)
}

// contextSchema compiles the context schema at config pointer ptr: an
// inline JSON Schema (a mapping) or the path of a JSON Schema file,
// relative to the workflow.
func (w *Workflow) contextSchema(ptr string) *strict.Schema {
	v, ok := lookupPointer(map[string]any(w.Config), ptr)
	if !ok {
		return nil
	}
	at := w.tree.valueAt(ptr)
	name := pointerPath(ptr)
	switch x := v.(type) {
	case map[string]any:
		doc, err := json.Marshal(x)
		if err != nil {
			w.errorf(diag.ConfigInvalid, at, "%s: %v", name, err)
			return nil
		}
		abs, _ := filepath.Abs(w.Path)
		// The name must not hold a fragment: the schema library panics on one.
		suffix := ".template_context.json"
		if ptr != "/template_context/schema" {
			suffix = "." + strings.NewReplacer("/", "_", "~", "_").Replace(ptr[1:]) + ".json"
		}
		s, err := compileSchemaSafely("file://"+filepath.ToSlash(abs)+suffix, doc)
		if err != nil {
			w.errorf(diag.ConfigInvalid, at, "%s is not a usable context schema: %v", name, schemaErr(err))
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
