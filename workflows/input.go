package workflows

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/jsondup"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workpad"
)

// maxInputBytes caps the size of an issue or values document.
const maxInputBytes = 16 << 20

// duplicateKeyDetail explains why a duplicate JSON key is an error.
const duplicateKeyDetail = "JSON parsers disagree about a key written twice (some keep the first value, some the last); write each key once."

// jsonDoc is a JSON document read for its values and the position of each.
type jsonDoc struct {
	raw  any   // decoded with json.Number
	tree *tree // positions by JSON pointer
}

// readJSON decodes data, a JSON document named filename; subject says
// what it is, with its verb, for messages ("the issue is"). A syntax
// error is a context_invalid diagnostic at the offending byte.
func readJSON(data []byte, filename, subject string) (*jsonDoc, *diag.Diagnostic) {
	if len(data) > maxInputBytes {
		return nil, diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "%s more than the %d-byte limit", subject, maxInputBytes)
	}
	src := newSource(filename, data)
	dec := json.NewDecoder(bytes.NewReader([]byte(src.text)))
	dec.UseNumber()
	var raw any
	err := dec.Decode(&raw)
	off := len(src.text)
	if err == nil {
		end := int(dec.InputOffset())
		if rest := strings.TrimLeft(src.text[end:], " \t\n"); rest != "" {
			err = errors.New("unexpected text after the JSON value")
			off = len(src.text) - len(rest)
		}
	}
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = int(se.Offset) - 1
		}
		off = max(0, min(off, len(src.text)))
		msg := err.Error()
		if strings.TrimSpace(src.text) == "" {
			msg = "the file is empty"
		}
		return nil, diag.Errorf(codes.ContextInvalid, src.rng(off, min(off+1, len(src.text))), "%s not valid JSON: %s", subject, msg)
	}
	// encoding/json keeps the last of two equal keys, other parsers the
	// first: refuse them, as the YAML loader does.
	if dup, found := jsondup.Find([]byte(src.text)); found {
		return nil, diag.Errorf(codes.ContextInvalid, src.rng(dup.Offset, dup.End), "duplicate key %q at %s", dup.Key, dup.Pointer).
			WithDetail("%s", duplicateKeyDetail)
	}
	// JSON is YAML: parse it again for the positions of its values.
	t, diags := parseYAML(src, 0, src.text)
	if diags.HasErrors() || t == nil {
		t = &tree{src: src, index: map[string]nodeRef{}}
	}
	return &jsonDoc{raw: raw, tree: t}, nil
}

// at returns the range of the value at pointer p (its key for a property,
// which is where a person looks), or of the nearest enclosing value.
func (d *jsonDoc) at(p string) diag.Range {
	if _, ok := d.tree.index[p]; ok {
		return d.tree.at(p)
	}
	for p != "" {
		p = p[:strings.LastIndexByte(p, '/')]
		if _, ok := d.tree.index[p]; ok {
			return d.tree.valueAt(p)
		}
	}
	return d.tree.valueAt("")
}

// DecodeIssue reads the issue a lane prompt is rendered for: one JSON
// object, checked against the profile's issue schema (what `shea schema
// issue` prints) before anything renders. filename names the data in
// diagnostics. Every problem is a context_invalid error at its place in the
// data, naming the JSON pointer of the offending value in the issue
// ("/title"), with the closest property name for an unknown one. On success
// the issue is returned as rendering values (objects keep their key order,
// integers stay integers), ready for LaneInput.Issue.
func DecodeIssue(data []byte, filename, dialect string) (map[string]any, diag.List) {
	schema, err := issueSchema(profileName(dialect))
	if err != nil {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "%v", err)}
	}
	return decodeIssue(data, filename, dialect, schema, nil)
}

// DecodeIssue reads the issue a lane prompt of this workflow is rendered
// for, as the package's DecodeIssue does, but against the workflow's own
// issue schema: the profile's, with the issue properties its
// template_context.schema and Options.ContextSchema add (a port's
// issue.comments) accepted and checked. Properties the schema does not
// declare are left out of the result instead of being errors (no template
// can read them: the static check rejects one that tries), so a runner may
// pass its tracker's issue as it is.
func (w *Workflow) DecodeIssue(data []byte, filename string) (map[string]any, diag.List) {
	if w.inputs == nil {
		return DecodeIssue(data, filename, w.Profile)
	}
	schema, err := w.inputs.IssueSchema()
	if err != nil {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "%v", err)}
	}
	return decodeIssue(data, filename, w.Profile, schema, w.issueVal)
}

// decodeIssue reads an issue and checks it against the issue input of
// schema; with keep non-nil, the properties keep does not declare are left
// out first.
func decodeIssue(data []byte, filename, dialect string, schema *strict.Schema, keep *strict.Members) (map[string]any, diag.List) {
	doc, d := readJSON(data, filename, "the issue is")
	if d != nil {
		return nil, diag.List{d}
	}
	if _, ok := doc.raw.(map[string]any); !ok {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, doc.at(""), "the issue must be a JSON object, not %s", jsonKind(doc.raw)).
			WithDetail("Pass the tracker issue itself, e.g. {\"id\": …, \"identifier\": …, \"title\": …}; `shea schema issue` prints its schema.")}
	}
	props := schema.Members("issue").Declared()
	var diags diag.List
	seen := map[string]bool{}
	add := func(ptr string, subject diag.Range, msg, detail string) {
		key := ptr + "\x00" + msg
		if seen[key] {
			return
		}
		seen[key] = true
		d := diag.Errorf(codes.ContextInvalid, subject, "the issue does not fit the %s issue schema at %s: %s", profileName(dialect), pointerOrRoot(ptr), msg)
		d.Detail = detail
		diags = append(diags, d)
	}
	// misspelt reports the undeclared properties that look like a
	// misspelling of a declared one (with keep, these alone are reported,
	// and only when the issue fails for another reason too: "titel" beside
	// a missing "title").
	var sugg diag.Suggester // bounds the did-you-mean work of one issue
	check := func(raw any, misspelt bool) {
		for _, p := range schema.Validate(map[string]any{"issue": raw}) {
			if p.Pointer != "/issue" && !strings.HasPrefix(p.Pointer, "/issue/") {
				continue // another input of the context, not the issue's business
			}
			ptr := strings.TrimPrefix(p.Pointer, "/issue")
			switch {
			case misspelt && !strings.HasPrefix(p.Message, "additionalProperties"):
			case strings.HasPrefix(p.Message, "missing properties"):
				for _, name := range quotedNames(p.Message) {
					add(ptr+"/"+escapePointer(name), doc.tree.valueAt(ptr), "required property "+strconv.Quote(name)+" is missing", "")
				}
			case strings.HasPrefix(p.Message, "additionalProperties"):
				for _, name := range quotedNames(p.Message) {
					detail := ""
					if ptr == "" {
						detail = sugg.DidYouMean(name, props)
					}
					if misspelt && detail == "" {
						continue
					}
					add(ptr+"/"+escapePointer(name), doc.at(ptr+"/"+escapePointer(name)), "property "+strconv.Quote(name)+" is not part of the issue", detail)
				}
			default:
				add(ptr, doc.tree.valueAt(ptr), p.Message, "")
			}
		}
	}
	if keep == nil {
		check(doc.raw, false)
	} else if check(pruneUndeclared(doc.raw, keep, 0), false); len(diags) > 0 {
		check(doc.raw, true)
	}
	if len(diags) > 0 {
		diags.Sort()
		return nil, diags
	}
	issue, err := render.DecodeJSONObject([]byte(doc.tree.src.text))
	if err != nil {
		rng := doc.at("")
		var de *render.DataError
		if errors.As(err, &de) && de.End > de.Offset {
			rng = doc.tree.src.rng(de.Offset, de.End)
		}
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, rng, "the issue cannot be read: %v", err)}
	}
	if keep != nil {
		issue = pruneUndeclared(issue, keep, 0).(map[string]any)
	}
	return issue, nil
}

// DecodeValues reads the values of workpad or evidence template id from
// JSON: one object whose members are strings, exactly the id's declared
// values (see workpad.Spec). filename names the data in diagnostics. Every
// problem is a context_invalid error at its place in the data: a value that
// is not a string, a declared value that is missing, a name the id does not
// declare (saying which templates do declare it).
func DecodeValues(data []byte, filename, id string) (map[string]string, diag.List) {
	spec, ok := workpad.Lookup(id)
	if !ok {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "unknown workpad template id %q", id).
			WithDetail("%s", diag.DidYouMean(id, workpad.IDs()))}
	}
	doc, d := readJSON(data, filename, "the values are")
	if d != nil {
		return nil, diag.List{d}
	}
	m, isMap := doc.raw.(map[string]any)
	if !isMap {
		return nil, diag.List{diag.Errorf(codes.ContextInvalid, doc.at(""), "the values must be a JSON object of strings, not %s", jsonKind(doc.raw))}
	}
	var diags diag.List
	out := make(map[string]string, len(m))
	for _, name := range sortedKeys(m) {
		ptr := "/" + escapePointer(name)
		if !spec.Has(name) {
			d := diag.Errorf(codes.ContextInvalid, doc.at(ptr), "value %q is not declared by template %s", name, id)
			var parts []string
			if ids := workpad.DeclaredBy(name); len(ids) > 0 {
				parts = append(parts, fmt.Sprintf("%q belongs to %s.", name, joinList(ids)))
			}
			if dym := diag.DidYouMean(name, spec.Values); dym != "" {
				parts = append(parts, dym)
			} else {
				parts = append(parts, id+" takes "+joinList(spec.Values)+".")
			}
			d.Detail = strings.Join(parts, " ")
			diags = append(diags, d)
			continue
		}
		s, isString := m[name].(string)
		if !isString {
			diags = append(diags, diag.Errorf(codes.ContextInvalid, doc.tree.valueAt(ptr), "value %q must be a string, not %s", name, jsonKind(m[name])).
				WithDetail("Workpad values are text: write numbers and booleans in quotes (\"3\", \"true\"), and lists packed as the template expects."))
			continue
		}
		out[name] = s
	}
	var missing []string
	for _, name := range spec.Values {
		if _, ok := m[name]; !ok {
			missing = append(missing, strconv.Quote(name))
		}
	}
	if len(missing) > 0 {
		noun := "value"
		if len(missing) > 1 {
			noun = "values"
		}
		diags = append(diags, diag.Errorf(codes.ContextInvalid, doc.tree.valueAt(""), "template %s needs the %s %s", id, noun, joinList(missing)).
			WithDetail("%s is rendered with exactly these values: %s.", id, strings.Join(spec.Values, ", ")))
	}
	if len(diags) > 0 {
		diags.Sort()
		return nil, diags
	}
	return out, nil
}

// joinList joins names as "a", "a and b", "a, b and c".
func joinList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// jsonKind names the JSON type of a decoded value, with its article.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number, float64, int64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
