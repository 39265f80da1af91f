package strict

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sheaproject/shea/internal/jsonpointer"
	"io"
	"math/big"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Schema declares the external inputs of a template: the top-level
// variables it may read and, through JSON Schema, the shape of each.
// A Schema is immutable and safe for concurrent use.
type Schema struct {
	props    map[string]*jsonschema.Schema
	order    []string // input names in declaration order
	required map[string]bool
	// declareIn says where the template's inputs are declared, for the
	// errors on what it does not declare (DeclaredIn); "" says nothing.
	declareIn string
	memo      flatMemo // shared by the checks that use the schema
	// matrix holds SampleMatrix's contexts, made once (matrixMade), and
	// matrixNote the bounds it reached (see Matrix).
	matrixMu   sync.Mutex
	matrixMade bool
	matrix     []SampleInput
	matrixNote string
}

// SchemaError is a schema that does not compile.
type SchemaError struct {
	Name string
	Err  error
}

func (e *SchemaError) Error() string { return fmt.Sprintf("schema %s: %v", e.Name, e.Err) }
func (e *SchemaError) Unwrap() error { return e.Err }

// CompileSchema compiles a JSON Schema document (draft 2020-12 unless its
// $schema says otherwise) that describes a template's inputs as an object:
// its properties are the inputs, its required list the inputs that must be
// supplied. $ref may point within the document or at resources passed in
// refs (name → document); nothing is ever loaded from the network or the
// file system.
func CompileSchema(name string, doc []byte, refs map[string][]byte) (*Schema, error) {
	c, err := newCompiler(name, doc, refs)
	if err != nil {
		return nil, err
	}
	root, err := c.Compile(name)
	if err != nil {
		return nil, &SchemaError{name, err}
	}
	var raw struct {
		Properties json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(doc, &raw)
	return schemaFrom(name, root, raw.Properties)
}

// newCompiler returns a compiler holding doc as name and the refs, and
// loading nothing else.
func newCompiler(name string, doc []byte, refs map[string][]byte) (*jsonschema.Compiler, error) {
	// The schema library compiles in time quadratic in the subschemas of
	// a document (each one compiled lists every other), and its check of
	// the metaschema concatenates a location string per level, so a deep
	// schema costs the cube of its depth (a chain of 1,000 nested objects:
	// 45 s of CPU). Nothing in it can be stopped, so a document past
	// maxSchemaObjects objects or maxSchemaDepth levels is refused first.
	n, depth := 0, 0
	for _, b := range append([][]byte{doc}, refValues(refs)...) {
		o, d := countObjects(b)
		n, depth = n+o, max(depth, d)
	}
	if n > maxSchemaObjects {
		return nil, &SchemaError{name, fmt.Errorf("the schema holds %d objects, more than the %d a context schema may have", n, maxSchemaObjects)}
	}
	if depth > maxSchemaDepth {
		return nil, &SchemaError{name, fmt.Errorf("the schema nests objects and arrays %d levels deep, more than the %d a context schema may have", depth, maxSchemaDepth)}
	}
	c := jsonschema.NewCompiler()
	c.ExtractAnnotations = true
	// format is asserted (date-time, date, uri, email, …), in every draft.
	c.AssertFormat = true
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("schema reference %q is not an embedded resource", u)
	}
	for ref, b := range refs {
		if err := c.AddResource(ref, bytes.NewReader(b)); err != nil {
			return nil, &SchemaError{ref, err}
		}
	}
	if err := c.AddResource(name, bytes.NewReader(doc)); err != nil {
		return nil, &SchemaError{name, err}
	}
	return c, nil
}

// schemaFrom builds a Schema from a compiled object schema; rawProps is its
// "properties" object as written, which gives the inputs their order.
func schemaFrom(name string, root *jsonschema.Schema, rawProps json.RawMessage) (*Schema, error) {
	s := &Schema{props: map[string]*jsonschema.Schema{}, required: map[string]bool{}}
	for _, n := range flatten(root) {
		for _, k := range n.Required {
			s.required[k] = true
		}
		for k, v := range n.Properties {
			if _, dup := s.props[k]; !dup {
				s.props[k] = v
			}
		}
	}
	if len(s.props) == 0 && !isObjectSchema(root) {
		return nil, &SchemaError{name, errors.New("a context schema must describe an object whose properties are the template's inputs")}
	}
	s.order = orderNames(s.props, keyOrder(rawProps))
	return s, nil
}

// CompileSchemaSet compiles one JSON Schema document that holds several
// context schemas as definitions ("definitions" in draft-07, "$defs" in
// later drafts) and returns a Schema for each of the given definition
// names. The document is checked against its metaschema once, so a set
// costs about what one schema does.
func CompileSchemaSet(name string, doc []byte, defs []string) (map[string]*Schema, error) {
	if strings.Contains(name, "#") {
		return nil, &SchemaError{name, errors.New("a schema name cannot contain #")}
	}
	c, err := newCompiler(name, doc, nil)
	if err != nil {
		return nil, err
	}
	type def struct {
		Properties json.RawMessage `json:"properties"`
	}
	var raw struct {
		Defs        map[string]def `json:"$defs"`
		Definitions map[string]def `json:"definitions"`
	}
	if err := json.Unmarshal(doc, &raw); err != nil {
		return nil, &SchemaError{name, err}
	}
	out := make(map[string]*Schema, len(defs))
	for _, d := range defs {
		keyword, found := "definitions", raw.Definitions
		if _, ok := found[d]; !ok {
			keyword, found = "$defs", raw.Defs
		}
		ref := name + "#/" + keyword + "/" + escapePointer(d)
		root, err := c.Compile(ref)
		if err != nil {
			return nil, &SchemaError{ref, err}
		}
		s, err := schemaFrom(ref, root, found[d].Properties)
		if err != nil {
			return nil, err
		}
		out[d] = s
	}
	return out, nil
}

func isObjectSchema(s *jsonschema.Schema) bool {
	for _, n := range flatten(s) {
		for _, t := range n.Types {
			if t == "object" {
				return true
			}
		}
	}
	return false
}

// keyOrder returns the keys of a JSON object in document order.
func keyOrder(obj json.RawMessage) []string {
	if len(obj) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return keys
		}
	}
	return keys
}

func orderNames(props map[string]*jsonschema.Schema, order []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range order {
		if _, ok := props[k]; ok && !seen[k] {
			out = append(out, k)
			seen[k] = true
		}
	}
	var rest []string
	for k := range props {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// Extend returns a schema with the inputs of s and those of ext; where both
// declare an input, ext's declaration wins. Either may be nil.
func (s *Schema) Extend(ext *Schema) *Schema {
	if s == nil {
		return ext
	}
	if ext == nil {
		return s
	}
	out := &Schema{props: map[string]*jsonschema.Schema{}, required: map[string]bool{}}
	for _, in := range []*Schema{s, ext} {
		for k, v := range in.props {
			out.props[k] = v
		}
		for k := range in.required {
			out.required[k] = true
		}
	}
	out.order = append(append([]string(nil), s.order...), ext.order...)
	out.order = orderNames(out.props, out.order)
	out.declareIn = cmp.Or(ext.declareIn, s.declareIn)
	return out
}

// Without returns a schema with the inputs of s except names.
func (s *Schema) Without(names ...string) *Schema {
	if s == nil {
		return nil
	}
	out := &Schema{props: map[string]*jsonschema.Schema{}, required: map[string]bool{}, declareIn: s.declareIn}
	for _, k := range s.order {
		if !slices.Contains(names, k) {
			out.props[k] = s.props[k]
			out.required[k] = s.required[k]
			out.order = append(out.order, k)
		}
	}
	return out
}

// Names returns the input names in declaration order.
func (s *Schema) Names() []string {
	if s == nil {
		return nil
	}
	return append([]string(nil), s.order...)
}

// Has reports whether name is a declared input.
func (s *Schema) Has(name string) bool {
	if s == nil {
		return false
	}
	_, ok := s.props[name]
	return ok
}

// RequiredInputs returns the inputs that must be supplied, in declaration
// order.
func (s *Schema) RequiredInputs() []string {
	var out []string
	for _, name := range s.Names() {
		if s.required[name] {
			out = append(out, name)
		}
	}
	return out
}

// Required reports whether input name must be supplied.
func (s *Schema) Required(name string) bool { return s != nil && s.required[name] }

// shape returns what the checker knows of input name.
func (s *Schema) shape(name string) shape { return schemaShape(s.input(name), &s.memo) }

// input returns the JSON Schema of input name, or nil.
func (s *Schema) input(name string) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	return s.props[name]
}

// ContextProblem is one way a rendering context fails its schema.
type ContextProblem struct {
	Pointer string // JSON pointer into the context, e.g. "/issue/title"
	Message string // what was expected
}

// Validate checks a rendering context (decoded-JSON values: maps, slices,
// strings, json.Number or float64, bool, nil) against the inputs: every
// required input must be present and every declared input must match its
// schema. Inputs the schema does not declare are allowed; the checker has
// already ensured that the template does not read them.
func (s *Schema) Validate(ctx map[string]any) []ContextProblem {
	if s == nil {
		return nil
	}
	var out []ContextProblem
	for _, name := range s.order {
		v, ok := ctx[name]
		if !ok {
			if s.required[name] {
				out = append(out, ContextProblem{"/" + escapePointer(name), "required input is missing"})
			}
			continue
		}
		if err := s.props[name].Validate(v); err != nil {
			var ve *jsonschema.ValidationError
			if errors.As(err, &ve) {
				for _, leaf := range leaves(ve) {
					out = append(out, ContextProblem{"/" + escapePointer(name) + leaf.InstanceLocation, message(leaf, v)})
				}
				continue
			}
			out = append(out, ContextProblem{"/" + escapePointer(name), err.Error()})
		}
	}
	return out
}

// leaves returns the innermost causes of a validation error, which name the
// precise location and expectation.
func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	var out []*jsonschema.ValidationError
	seen := map[string]bool{}
	for _, c := range ve.Causes {
		for _, l := range leaves(c) {
			key := l.InstanceLocation + "\x00" + l.Message
			if !seen[key] {
				seen[key] = true
				out = append(out, l)
			}
		}
	}
	return out
}

// message returns a leaf's message, naming an integral number an integer:
// the library calls every number "number" when a type does not match
// ("expected string, but got number" for 3), though JSON Schema has an
// integer type and the schema may allow it. v is the input the leaf's
// instance location points into.
func message(leaf *jsonschema.ValidationError, v any) string {
	const got = ", but got number"
	if !strings.HasSuffix(leaf.KeywordLocation, "/type") || !strings.HasSuffix(leaf.Message, got) {
		return leaf.Message
	}
	x, ok := at(v, leaf.InstanceLocation)
	if !ok {
		return leaf.Message
	}
	if r, ok := new(big.Rat).SetString(fmt.Sprint(x)); ok && r.IsInt() {
		return strings.TrimSuffix(leaf.Message, got) + ", but got integer"
	}
	return leaf.Message
}

// at returns the value a JSON pointer names in a decoded JSON value.
func at(v any, pointer string) (any, bool) { return jsonpointer.Lookup(v, pointer) }

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// maxSchemaObjects caps the JSON objects (schemas and subschemas) of a
// context schema and its references, and maxSchemaDepth how deeply they
// nest objects and arrays, so that compiling one stays well inside a
// check's 10 s: the costliest shapes accepted (4,998 properties; 80
// chains of 30 nested objects) take about 0.5 s of CPU time on the
// project's 2-core test machine, 2.8 s of wall time at a load average of
// 21 (BenchmarkCompileSchemaLimits), where 8,000 properties took 1.3 s of
// CPU and a chain of 1,000 nested objects 45 s.
const (
	maxSchemaObjects = 5_000
	maxSchemaDepth   = 64
)

// refValues returns the documents of refs.
func refValues(refs map[string][]byte) [][]byte {
	out := make([][]byte, 0, len(refs))
	for _, b := range refs {
		out = append(out, b)
	}
	return out
}

// countObjects counts the '{' of a JSON document outside its strings, and
// the deepest nesting of its objects and arrays, in one pass.
func countObjects(b []byte) (objects, depth int) {
	inString, level := false, 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			if c == '{' {
				objects++
			}
			level++
			depth = max(depth, level)
		case c == '}' || c == ']':
			level--
		}
	}
	return objects, depth
}
