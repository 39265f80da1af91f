package workflows

import (
	"sort"
	"strconv"
)

// This file decodes the front matter once, after it is read, into the
// typed settings the loader acts on. Nothing else reads the plain values
// by path: the loader reads these fields. Each field keeps the JSON
// pointer of its value, so a diagnostic about it is placed with
// w.tree.at(f.ptr) (the key) or w.tree.valueAt(f.ptr) (the value), and
// w.bad[f.ptr] says whether the schema check failed it.
//
// The schema check (checkConfig) runs on the plain values, and a lenient
// workflow goes on loading past its errors; so a field records whether its
// value is written at all (set), whether it has the type shea reads (ok),
// and the value as written (raw), which messages describe ("not a list").

// field is one typed setting.
type field[T any] struct {
	ptr string // JSON pointer of the value in the front matter
	set bool   // the key is written (its value may be null)
	ok  bool   // set, and the value has type T
	val T      // the value, when ok
	raw any    // the value as written, for messages
}

// fieldAt decodes the value at pointer ptr of the plain front matter
// values root.
func fieldAt[T any](root any, ptr string) field[T] {
	f := field[T]{ptr: ptr}
	f.raw, f.set = lookupPointer(root, ptr)
	if f.set {
		f.val, f.ok = f.raw.(T)
	}
	return f
}

// fileMap is a mapping of names to file paths: prompts (the lanes),
// backend_prompts (the fragments), workpad_templates (the template ids).
type fileMap struct {
	ptr   string
	set   bool // the key is written
	isMap bool // its value is a mapping
	raw   any
	keys  []string                 // the names written, sorted
	files map[string]field[string] // by name
}

func fileMapAt(root any, ptr string) fileMap {
	m := fileMap{ptr: ptr, files: map[string]field[string]{}}
	m.raw, m.set = lookupPointer(root, ptr)
	// The entries of a mapping are its own free-form keys, read here once.
	entries, isMap := m.raw.(map[string]any)
	m.isMap = isMap
	for k := range entries {
		m.keys = append(m.keys, k)
		m.files[k] = fieldAt[string](root, ptr+"/"+escapePointer(k))
	}
	sort.Strings(m.keys)
	return m
}

// has reports whether the mapping names key.
func (m fileMap) has(key string) bool {
	_, ok := m.files[key]
	return ok
}

// compositionSettings is the composition key of a shea workflow.
type compositionSettings struct {
	ptr                          string
	set, isMap                   bool
	workspace, project, template field[string]
	// parts holds composition.parts.<lane>.<role|task|format>, by lane
	// then part.
	parts map[string]map[string]field[string]
}

// resourceSettings is the resources key of a shea workflow.
type resourceSettings struct {
	ptr        string
	set, isMap bool
	raw        any
	manifest   field[string]
	// enabledGroups is resources.enabled_groups; groups holds its entries
	// when it is a list.
	enabledGroups field[[]any]
	groups        []field[string]
}

// sheaSettings is shea's own key, shea:, in either dialect.
type sheaSettings struct {
	ptr           string
	isMap         bool
	disable       field[[]any]
	disabled      []field[string] // the entries of disable, when it is a list
	engine        field[string]
	lenientConfig field[bool]
}

// settings are the front matter's settings the loader acts on. Most are
// settings of both dialects; prompts is read by both (as evidence of the
// shea dialect by a symphony workflow), while composition, resources,
// backend_prompts, workpad_templates and the backend keys are the shea
// dialect's, which its config schema alone accepts.
type settings struct {
	trackerKind   field[string]
	workspaceRoot field[any] // a string, or null for the default
	// The main lane's backend: main_lane.backend, else the legacy
	// agent.backend or backend.kind.
	mainLaneBackend, agentBackend, backendKind field[string]

	// Shea evidence keys (see sheaEvidence).
	mainLane, reviewLane, mergeLane field[any]

	prompts, backendPrompts, workpadTemplates fileMap
	composition                               compositionSettings
	resources                                 resourceSettings
	shea                                      sheaSettings

	// template_context.schema is a JSON Schema (a mapping, free-form) or
	// the path of one; template_context.templates a list of runner
	// template declarations, each a string or a mapping (see
	// declaredTemplates).
	contextSchema    field[any]
	contextTemplates field[[]any]
	templates        []templateDecl // its entries, when it is a list
}

// templateDecl is one entry of template_context.templates: a value path
// (a string), or a mapping of value, file, name and schema.
type templateDecl struct {
	ptr   string
	raw   any
	path  field[string] // the entry itself, when it is a string
	isMap bool
	keys  []string                 // the keys of a mapping entry, sorted
	strs  map[string]field[string] // its value, file and name
	// schema is a JSON Schema (a mapping, free-form) or the path of one.
	schema field[any]
}

func templateDeclAt(root any, ptr string) templateDecl {
	d := templateDecl{ptr: ptr, path: fieldAt[string](root, ptr), strs: map[string]field[string]{}}
	d.raw = d.path.raw
	entry, isMap := d.raw.(map[string]any)
	d.isMap = isMap
	for k := range entry {
		d.keys = append(d.keys, k)
	}
	sort.Strings(d.keys)
	for _, k := range []string{"value", "file", "name"} {
		d.strs[k] = fieldAt[string](root, ptr+"/"+k)
	}
	d.schema = fieldAt[any](root, ptr+"/schema")
	return d
}

// decodeSettings decodes the plain front matter values once.
func decodeSettings(root any) settings {
	s := settings{
		trackerKind:      fieldAt[string](root, "/tracker/kind"),
		workspaceRoot:    fieldAt[any](root, "/workspace/root"),
		mainLaneBackend:  fieldAt[string](root, "/main_lane/backend"),
		agentBackend:     fieldAt[string](root, "/agent/backend"),
		backendKind:      fieldAt[string](root, "/backend/kind"),
		mainLane:         fieldAt[any](root, "/main_lane"),
		reviewLane:       fieldAt[any](root, "/review_lane"),
		mergeLane:        fieldAt[any](root, "/merge_lane"),
		prompts:          fileMapAt(root, "/prompts"),
		backendPrompts:   fileMapAt(root, "/backend_prompts"),
		workpadTemplates: fileMapAt(root, "/workpad_templates"),
		contextSchema:    fieldAt[any](root, "/template_context/schema"),
		contextTemplates: fieldAt[[]any](root, "/template_context/templates"),
	}
	for i := range s.contextTemplates.val {
		s.templates = append(s.templates, templateDeclAt(root, "/template_context/templates/"+strconv.Itoa(i)))
	}

	c := &s.composition
	c.ptr = "/composition"
	comp := fieldAt[map[string]any](root, c.ptr)
	c.set, c.isMap = comp.set, comp.ok
	c.workspace = fieldAt[string](root, "/composition/workspace")
	c.project = fieldAt[string](root, "/composition/project")
	c.template = fieldAt[string](root, "/composition/template")
	c.parts = map[string]map[string]field[string]{}
	for _, lane := range Lanes(ProfileShea) {
		c.parts[lane] = map[string]field[string]{}
		for _, k := range []string{"role", "task", "format"} {
			c.parts[lane][k] = fieldAt[string](root, "/composition/parts/"+lane+"/"+k)
		}
	}

	r := &s.resources
	r.ptr = "/resources"
	res := fieldAt[map[string]any](root, r.ptr)
	r.set, r.isMap, r.raw = res.set, res.ok, res.raw
	r.manifest = fieldAt[string](root, "/resources/manifest")
	r.enabledGroups = fieldAt[[]any](root, "/resources/enabled_groups")
	for i := range r.enabledGroups.val {
		r.groups = append(r.groups, fieldAt[string](root, "/resources/enabled_groups/"+strconv.Itoa(i)))
	}

	sh := &s.shea
	sh.ptr = "/shea"
	sh.isMap = fieldAt[map[string]any](root, sh.ptr).ok
	sh.disable = fieldAt[[]any](root, "/shea/disable")
	for i := range sh.disable.val {
		sh.disabled = append(sh.disabled, fieldAt[string](root, "/shea/disable/"+strconv.Itoa(i)))
	}
	sh.engine = fieldAt[string](root, "/shea/engine")
	sh.lenientConfig = fieldAt[bool](root, "/shea/lenient_config")
	return s
}
