package profile

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Inputs are the inputs of a profile's lane prompts as one JSON Schema
// document: the profile's issue and attempt, plus whatever extensions
// declared. An Inputs is immutable; Extend returns a new one.
type Inputs struct {
	profile string
	doc     *object // self-contained but for the $defs extensions brought
	schema  *strict.Schema
}

// LaneInputs returns the profile's own lane-prompt inputs, ready to be
// extended.
func LaneInputs(profile string) (*Inputs, error) {
	if err := checkName(profile); err != nil {
		return nil, err
	}
	doc, err := contextDoc(profile)
	if err != nil {
		return nil, err
	}
	s, err := LaneContext(profile)
	if err != nil {
		return nil, err
	}
	return &Inputs{profile: profile, doc: doc, schema: s}, nil
}

// Extend merges the profile's lane-prompt inputs with fragment, a JSON
// Schema of a context object whose properties are extra inputs (what a
// workflow's template_context.schema or the CLI's --context-schema holds).
// See (*Inputs).Extend for the rules. name is the fragment's file name, for
// diagnostics and for the compiled schema's identity.
func Extend(profile string, fragment []byte, name string) (*strict.Schema, diag.List) {
	in, err := LaneInputs(profile)
	if err != nil {
		return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: name}, "%v", err)}
	}
	out, diags := in.Extend(fragment, name)
	if out == nil {
		return nil, diags
	}
	return out.Schema(), diags
}

// Profile returns the profile the inputs extend.
func (in *Inputs) Profile() string { return in.profile }

// Schema returns the compiled context schema of the inputs.
func (in *Inputs) Schema() *strict.Schema { return in.schema }

// Document returns the inputs as one JSON Schema document.
func (in *Inputs) Document() []byte { return encodeJSON(in.doc) }

// IssueSchema returns the schema of the issue alone, as a context schema
// with the single input "issue" (see the package function IssueSchema), with
// the properties extensions added to it.
func (in *Inputs) IssueSchema() (*strict.Schema, error) {
	doc := clone(in.doc).(*object)
	props := newObject()
	props.set("issue", doc.obj("properties").vals["issue"])
	doc.set("properties", props)
	doc.set("required", []any{"issue"})
	return strict.CompileSchema("https://shea.dev/schemas/"+in.profile+"-issue-input.json", encodeJSON(doc), nil)
}

// Extend merges fragment, a JSON Schema (any draft; 2020-12 when its
// $schema does not say) of a context object whose properties are extra
// inputs, into in and returns the result; name is the fragment's file
// name, for diagnostics. Nothing is replaced:
//
//   - an input in is lacking is added (a top-level name such as repo);
//   - an input both declare is merged: properties the fragment declares are
//     added to the object (issue.comments to the issue model), recursively,
//     also into array items (issue.blocked_by's items) and through the
//     fragment's local $refs; required lists are joined; other keywords are
//     the profile's where it has them, else the fragment's;
//   - a type the fragment declares that allows none of the profile's types
//     for the same value (issue.title as an integer) is a config_invalid
//     error naming both;
//   - the fragment's $defs and definitions come along, so its local $refs
//     keep working, and a $ref to a profile's issue schema by its $id
//     (IssueID) resolves.
//
// On error the result is nil.
func (in *Inputs) Extend(fragment []byte, name string) (*Inputs, diag.List) {
	m, ext, root, diags := in.extension(fragment, name)
	if root == nil {
		return nil, diags
	}
	return in.extend(m, ext, root)
}

// extension decodes a context schema and resolves its root, as Extend and
// ReplaceIssue read it; root is nil when it cannot be used, and diags say
// why.
func (in *Inputs) extension(fragment []byte, name string) (m *merger, ext, root *object, diags diag.List) {
	fail := func(format string, args ...any) (*merger, *object, *object, diag.List) {
		return nil, nil, nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: name}, format, args...)}
	}
	v, err := decodeJSON(fragment)
	if err != nil {
		return fail("the context schema is not valid JSON: %v", err)
	}
	ext, ok := v.(*object)
	if !ok {
		return fail("the context schema must be a JSON object")
	}
	m = &merger{ext: ext, profile: in.profile, name: name}
	root = m.resolve(ext, "")
	if root == nil {
		return nil, nil, nil, m.diags
	}
	if root.obj("properties") == nil && !hasType(root, "object") {
		return fail("a context schema must describe an object whose properties are the template's inputs")
	}
	return m, ext, root, nil
}

// extend merges the resolved extension root (of the schema ext, read by m)
// into a copy of the inputs.
func (in *Inputs) extend(m *merger, ext, root *object) (*Inputs, diag.List) {
	fail := func(format string, args ...any) (*Inputs, diag.List) {
		return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: m.name}, format, args...)}
	}
	doc := clone(in.doc).(*object)
	doc.del("$id")
	if s, ok := ext.vals["$schema"]; ok {
		doc.set("$schema", s)
	} else {
		doc.set("$schema", "https://json-schema.org/draft/2020-12/schema")
	}
	m.merge(doc, root, "")
	for _, k := range []string{"$defs", "definitions"} {
		defs, ok := ext.vals[k].(*object)
		if !ok {
			continue
		}
		have := doc.obj(k)
		if have == nil {
			have = newObject()
			doc.set(k, have)
		}
		for _, d := range defs.keys {
			if _, dup := have.vals[d]; dup {
				m.errorf("%s/%s is declared twice (an earlier context schema declares it too)", k, d)
				continue
			}
			have.set(d, clone(defs.vals[d]))
		}
	}
	if len(m.diags) > 0 {
		return nil, m.diags
	}
	r, err := refs()
	if err != nil {
		return fail("internal error: %v", err)
	}
	s, err := compileSafely(m.name, encodeJSON(doc), r)
	if err != nil {
		return fail("the context schema merged with the %s profile's inputs does not compile: %v", in.profile, schemaErr(err))
	}
	return &Inputs{profile: in.profile, doc: doc, schema: s}, nil
}

// compileSafely compiles a schema, turning a panic of the schema library
// into an error.
func compileSafely(name string, doc []byte, refs map[string][]byte) (s *strict.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	if strings.Contains(name, "#") {
		name = strings.ReplaceAll(name, "#", "%23") // the schema library panics on a fragment
	}
	return strict.CompileSchema(name, doc, refs)
}

// schemaErr drops the schema name a *strict.SchemaError repeats.
func schemaErr(err error) error {
	if se, ok := err.(*strict.SchemaError); ok {
		return se.Err
	}
	return err
}

// merger merges an extension's schema nodes into the profile's.
type merger struct {
	ext     *object // the fragment, for its local $refs
	profile string
	name    string
	diags   diag.List
}

func (m *merger) errorf(format string, args ...any) {
	m.diags = append(m.diags, diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: m.name}, format, args...))
}

// resolve follows n's local $refs in the fragment; it returns nil (and
// reports why) when n cannot be merged.
func (m *merger) resolve(n *object, at string) *object {
	for i := 0; ; i++ {
		ref, ok := n.vals["$ref"].(string)
		if !ok {
			return n
		}
		if ref == IssueID(m.profile) && at == "issue" {
			return newObject() // the profile's own issue: nothing to add
		}
		if !strings.HasPrefix(ref, "#") || i > 32 {
			m.errorf("%s is a $ref to %q, which cannot be merged into the %s profile's %s; declare its properties here or in this schema's $defs", where(at), ref, m.profile, where(at))
			return nil
		}
		t, err := pointer(m.ext, ref[1:])
		if err != nil {
			m.errorf("%s: %v", where(at), err)
			return nil
		}
		next, ok := t.(*object)
		if !ok {
			m.errorf("%s: $ref %q does not point at a schema object", where(at), ref)
			return nil
		}
		n = next
	}
}

// merge merges the extension node e into the profile's node b, in place.
// at is the dotted path of the value, for messages ("issue.labels[]").
func (m *merger) merge(b, e *object, at string) {
	if at != "" {
		if e = m.resolve(e, at); e == nil {
			return
		}
		if _, ok := b.vals["$ref"]; ok {
			m.errorf("internal error: %s is still a $ref", at)
			return
		}
		if bt, et := types(b), types(e); len(bt) > 0 && len(et) > 0 && !overlap(bt, et) {
			m.errorf("%s is declared %s here, but the %s profile declares it %s", at, strings.Join(et, " or "), m.profile, strings.Join(bt, " or "))
			return
		}
	}
	for _, k := range e.keys {
		ev := e.vals[k]
		switch k {
		case "$ref", "$id", "$schema", "type":
			continue
		case "$defs", "definitions":
			if at == "" {
				continue // Extend brings the fragment's own
			}
			if _, have := b.vals[k]; !have {
				b.set(k, clone(ev))
			}
		case "properties":
			eps, ok := ev.(*object)
			if !ok {
				continue
			}
			bps := b.obj("properties")
			if bps == nil {
				bps = newObject()
				b.set("properties", bps)
			}
			for _, p := range eps.keys {
				ep, ok := eps.vals[p].(*object)
				if !ok {
					if _, have := bps.vals[p]; !have {
						bps.set(p, clone(eps.vals[p])) // true or false
					}
					continue
				}
				if bp, have := bps.vals[p].(*object); have {
					m.merge(bp, ep, join(at, p))
					continue
				}
				if _, have := bps.vals[p]; !have {
					bps.set(p, clone(ep))
				}
			}
		case "items":
			ei, ok := ev.(*object)
			if bi := b.obj("items"); ok && bi != nil {
				m.merge(bi, ei, at+"[]")
			} else if _, have := b.vals["items"]; !have {
				b.set("items", clone(ev))
			}
		case "required":
			req, _ := b.vals["required"].([]any)
			seen := map[any]bool{}
			for _, r := range req {
				seen[r] = true
			}
			added, _ := ev.([]any)
			for _, r := range added {
				if !seen[r] {
					seen[r] = true
					req = append(req, r)
				}
			}
			b.set("required", req)
		default:
			if _, have := b.vals[k]; !have {
				b.set(k, clone(ev))
			}
		}
	}
	if _, have := b.vals["type"]; !have {
		if t, ok := e.vals["type"]; ok {
			b.set("type", clone(t))
		}
	}
}

func join(at, p string) string {
	if at == "" {
		return p
	}
	return at + "." + p
}

func where(at string) string {
	if at == "" {
		return "the schema"
	}
	return at
}

// types returns the JSON types a schema node declares, sorted.
func types(n *object) []string {
	var out []string
	switch t := n.vals["type"].(type) {
	case string:
		out = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	sort.Strings(out)
	return out
}

func hasType(n *object, t string) bool {
	for _, x := range types(n) {
		if x == t {
			return true
		}
	}
	return false
}

// overlap reports whether two type lists allow a common value (an integer
// is a number).
func overlap(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y || x == "number" && y == "integer" || x == "integer" && y == "number" {
				return true
			}
		}
	}
	return false
}
