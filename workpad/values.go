package workpad

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// schemaBase prefixes the $id of the generated value-set schemas.
const schemaBase = "https://shea.dev/schemas/workpad/"

// SchemaDocument returns the JSON Schema (draft-07) of an id's values:
// an object whose properties are exactly the declared values, in registry
// order, each a required string, and nothing else.
func SchemaDocument(id string) ([]byte, error) {
	s, ok := Lookup(id)
	if !ok {
		return nil, unknownIDError(id)
	}
	return stringsSchemaDocument(schemaBase+id+".json", "Values of the "+id+" "+string(s.Kind)+" template", s.Values), nil
}

// ContextSchema returns the id's context schema: every declared value is a
// required string, and no other input exists.
func ContextSchema(id string) (*strict.Schema, error) {
	s, ok := Lookup(id)
	if !ok {
		return nil, unknownIDError(id)
	}
	return strict.StringInputs(s.Values)
}

// Schemas are the context schemas of every template id, compiled together
// (see CompileSchemas).
type Schemas map[string]*strict.Schema

// CompileSchemas returns the context schema of every id, built together
// (see strict.StringInputSets), for callers that compile many templates,
// such as validate: they pass the result to CompileWith.
func CompileSchemas() (Schemas, error) {
	sets := make(map[string][]string, len(specs))
	for _, s := range specs {
		sets[s.ID] = s.Values
	}
	out, err := strict.StringInputSets(sets)
	return Schemas(out), err
}

// stringsSchemaDocument writes an object schema whose properties, in the
// given order, are required strings. The order of the document is the
// order strict.Schema.Names reports.
func stringsSchemaDocument(id, title string, names []string) []byte {
	var b bytes.Buffer
	q := func(s string) string {
		out, _ := json.Marshal(s) // a string always marshals
		return string(out)
	}
	fmt.Fprintf(&b, "{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\",\n  \"$id\": %s,\n", q(id))
	fmt.Fprintf(&b, "  \"title\": %s,\n  \"type\": \"object\",\n  \"properties\": {", q(title))
	for i, n := range names {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n    %s: {\"type\": \"string\"}", q(n))
	}
	b.WriteString("\n  },\n  \"required\": [")
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(q(n))
	}
	b.WriteString("],\n  \"additionalProperties\": false\n}\n")
	return b.Bytes()
}

// SmokeValues returns the values validate renders an id with, the same
// sample values Shea Symphony's validate uses: every declared value is
// "smoke_<name>", except
//
//	findings         "Confirmed\x1fSmoke finding\x1fSmoke evidence" (one record, three fields)
//	changed_files    "src/lib.rs"
//	record_separator "\x1e"
//	field_separator  "\x1f"
//
// It returns nil for an unknown id.
func SmokeValues(id string) map[string]string {
	s, ok := Lookup(id)
	if !ok {
		return nil
	}
	out := make(map[string]string, len(s.Values))
	for _, name := range s.Values {
		switch name {
		case "findings":
			out[name] = "Confirmed\x1fSmoke finding\x1fSmoke evidence"
		case "changed_files":
			out[name] = "src/lib.rs"
		case "record_separator":
			out[name] = "\x1e"
		case "field_separator":
			out[name] = "\x1f"
		default:
			out[name] = "smoke_" + name
		}
	}
	return out
}

// checkValues reports, as context_invalid diagnostics, every declared value
// missing from values and every value the spec does not declare. The
// diagnostics are about the data, so their subject is the template file
// with no position.
func checkValues(s Spec, filename string, values map[string]string) diag.List {
	var out diag.List
	subject := diag.Range{Filename: filename}
	for _, name := range s.Values {
		if _, ok := values[name]; !ok {
			out = append(out, diag.Errorf(codes.ContextInvalid, subject,
				"missing value %q of template %s", name, s.ID).
				WithDetail("Template %s is rendered with exactly these values: %s.", s.ID, strings.Join(s.Values, ", ")))
		}
	}
	var extra []string
	for name := range values {
		if !s.Has(name) {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		d := diag.Errorf(codes.ContextInvalid, subject, "value %q is not declared by template %s", name, s.ID)
		d.Detail = elsewhereDetail(name, s)
		out = append(out, d)
	}
	return out
}

// elsewhereDetail explains a name outside s's value set: which templates
// declare it, and the closest name s does declare.
func elsewhereDetail(name string, s Spec) string {
	var parts []string
	if ids := DeclaredBy(name); len(ids) > 0 {
		parts = append(parts, fmt.Sprintf("%q is a value of %s, not of %s.", name, joinIDs(ids), s.ID))
	}
	if dym := diag.DidYouMean(name, s.Values); dym != "" {
		parts = append(parts, dym)
	} else {
		parts = append(parts, fmt.Sprintf("Template %s has the values %s.", s.ID, strings.Join(s.Values, ", ")))
	}
	return strings.Join(parts, " ")
}

// joinIDs names a list of template ids: "a", "a and b", "a, b and c".
func joinIDs(ids []string) string {
	switch len(ids) {
	case 0:
		return ""
	case 1:
		return "template " + ids[0]
	}
	return "templates " + strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

func unknownIDError(id string) error {
	if s := diag.Suggest(id, IDs()); s != "" {
		return fmt.Errorf("workpad: unknown template id %q (did you mean %q?)", id, s)
	}
	return fmt.Errorf("workpad: unknown template id %q", id)
}
