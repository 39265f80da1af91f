package profile

import (
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/sheaproject/shea/strict"
)

// The workflow dialects shea reads, each with its own lane-prompt inputs.
const (
	// Symphony is OpenAI Symphony's WORKFLOW.md: inputs issue (the
	// normalized Issue) and attempt.
	Symphony = "symphony"
	// Shea is Shea Symphony's workflow: inputs issue (TrackerIssue) and
	// attempt.
	Shea = "shea"
)

//go:embed schemas/*.json
var schemaFiles embed.FS

// Names returns the profile names.
func Names() []string { return []string{Symphony, Shea} }

// IssueID returns the $id of a profile's issue schema, by which a context
// schema may refer to it ({"$ref": "https://shea.dev/schemas/shea-issue.json"}).
func IssueID(profile string) string { return "https://shea.dev/schemas/" + profile + "-issue.json" }

func checkName(profile string) error {
	if profile != Symphony && profile != Shea {
		return fmt.Errorf("unknown profile %q (want %q or %q)", profile, Symphony, Shea)
	}
	return nil
}

// Document returns a profile's JSON Schema, self-contained (it refers to
// nothing, so it can be pasted into another schema, or saved and named by
// $ref, as is): kind "issue" is the issue model lane prompts receive as
// issue, kind "context" the lane-prompt inputs (issue and attempt).
func Document(kind, profile string) ([]byte, error) {
	if err := checkName(profile); err != nil {
		return nil, err
	}
	var doc *object
	var err error
	switch kind {
	case "issue":
		doc, err = issueDoc(profile)
	case "context":
		doc, err = contextDoc(profile)
	default:
		return nil, fmt.Errorf("unknown schema %q (want \"issue\" or \"context\")", kind)
	}
	if err != nil {
		return nil, err
	}
	return encodeJSON(doc), nil
}

// issueDoc returns the embedded issue schema with its $defs inlined.
func issueDoc(profile string) (*object, error) {
	b, err := schemaFiles.ReadFile("schemas/" + profile + "-issue.json")
	if err != nil {
		return nil, err
	}
	v, err := decodeJSON(b)
	if err != nil {
		return nil, fmt.Errorf("embedded issue schema of %s: %w", profile, err)
	}
	doc, ok := v.(*object)
	if !ok {
		return nil, fmt.Errorf("embedded issue schema of %s is not an object", profile)
	}
	out, err := inlineRefs(doc, doc, nil)
	if err != nil {
		return nil, fmt.Errorf("embedded issue schema of %s: %w", profile, err)
	}
	o := out.(*object)
	o.del("$defs")
	o.del("definitions")
	return o, nil
}

// contextDoc returns the embedded lane context schema with the issue
// schema inlined.
func contextDoc(profile string) (*object, error) {
	b, err := schemaFiles.ReadFile("schemas/" + profile + "-context.json")
	if err != nil {
		return nil, err
	}
	v, err := decodeJSON(b)
	if err != nil {
		return nil, fmt.Errorf("embedded context schema of %s: %w", profile, err)
	}
	doc, ok := v.(*object)
	if !ok {
		return nil, fmt.Errorf("embedded context schema of %s is not an object", profile)
	}
	issue, err := issueDoc(profile)
	if err != nil {
		return nil, err
	}
	issue.del("$schema")
	issue.del("$id")
	props := doc.obj("properties")
	if props == nil {
		return nil, fmt.Errorf("embedded context schema of %s has no properties", profile)
	}
	props.set("issue", issue)
	return doc, nil
}

// inlineRefs returns v with every local $ref ("#/…") replaced by a copy of
// what it points to in root. open lists the refs being inlined, so that a
// recursive schema is an error rather than an endless copy.
func inlineRefs(v any, root *object, open []string) (any, error) {
	switch x := v.(type) {
	case *object:
		if ref, ok := x.vals["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
			for _, o := range open {
				if o == ref {
					return nil, fmt.Errorf("$ref %q is recursive and cannot be inlined", ref)
				}
			}
			target, err := pointer(root, ref[1:])
			if err != nil {
				return nil, err
			}
			res, err := inlineRefs(clone(target), root, append(open, ref))
			if err != nil {
				return nil, err
			}
			t, ok := res.(*object)
			if !ok {
				return nil, fmt.Errorf("$ref %q does not point at a schema object", ref)
			}
			// Keywords beside the $ref (description, …) stay.
			for _, k := range x.keys {
				if k != "$ref" {
					e, err := inlineRefs(x.vals[k], root, open)
					if err != nil {
						return nil, err
					}
					t.set(k, e)
				}
			}
			return t, nil
		}
		out := &object{keys: append([]string(nil), x.keys...), vals: make(map[string]any, len(x.vals))}
		for k, e := range x.vals {
			if k == "$defs" || k == "definitions" {
				out.vals[k] = clone(e)
				continue
			}
			c, err := inlineRefs(e, root, open)
			if err != nil {
				return nil, err
			}
			out.vals[k] = c
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			c, err := inlineRefs(e, root, open)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	return v, nil
}

// pointer resolves a JSON pointer ("/$defs/blocker") in root.
func pointer(root *object, p string) (any, error) {
	var v any = root
	if p == "" {
		return v, nil
	}
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("$ref \"#%s\" is not a JSON pointer", p)
	}
	for _, tok := range strings.Split(p[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		o, ok := v.(*object)
		if !ok {
			return nil, fmt.Errorf("$ref \"#%s\" not found", p)
		}
		if v, ok = o.vals[tok]; !ok {
			return nil, fmt.Errorf("$ref \"#%s\" not found", p)
		}
	}
	return v, nil
}

// refs are the documents a context schema may name by $id: each profile's
// self-contained issue schema.
func refs() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, p := range Names() {
		b, err := Document("issue", p)
		if err != nil {
			return nil, err
		}
		out[IssueID(p)] = b
	}
	return out, nil
}

// Each profile's lane context is compiled once per process.
var (
	symphonyContext = sync.OnceValues(func() (*strict.Schema, error) { return compileLaneContext(Symphony) })
	sheaContext     = sync.OnceValues(func() (*strict.Schema, error) { return compileLaneContext(Shea) })
)

func compileLaneContext(profile string) (*strict.Schema, error) {
	doc, err := Document("context", profile)
	if err != nil {
		return nil, err
	}
	return strict.CompileSchema("https://shea.dev/schemas/"+profile+"-context.json", doc, nil)
}

// LaneContext returns the context schema of a profile's lane prompts:
// issue and attempt.
func LaneContext(profile string) (*strict.Schema, error) {
	switch profile {
	case Symphony:
		return symphonyContext()
	case Shea:
		return sheaContext()
	}
	return nil, checkName(profile)
}

// Each profile's issue schema is compiled once per process.
var (
	symphonyIssue = sync.OnceValues(func() (*strict.Schema, error) { return compileIssueSchema(Symphony) })
	sheaIssue     = sync.OnceValues(func() (*strict.Schema, error) { return compileIssueSchema(Shea) })
)

// IssueSchema returns the schema of a profile's issue as a context schema
// with the single input "issue", for validating an issue on its own.
func IssueSchema(profile string) (*strict.Schema, error) {
	switch profile {
	case Symphony:
		return symphonyIssue()
	case Shea:
		return sheaIssue()
	}
	return nil, checkName(profile)
}

func compileIssueSchema(profile string) (*strict.Schema, error) {
	issue, err := issueDoc(profile)
	if err != nil {
		return nil, err
	}
	issue.del("$schema")
	issue.del("$id")
	props := newObject()
	props.set("issue", issue)
	doc := newObject()
	doc.set("$schema", "http://json-schema.org/draft-07/schema#")
	doc.set("type", "object")
	doc.set("required", []any{"issue"})
	doc.set("properties", props)
	return strict.CompileSchema("https://shea.dev/schemas/"+profile+"-issue-input.json", encodeJSON(doc), nil)
}
