package workflows

import (
	"sort"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// This file decodes the front matter, once the profile's schema has
// checked it, into the typed settings of its dialect: symphonyConfig for a
// Symphony workflow, sheaConfig (which extends it) for a shea one. The
// loader reads these fields and nothing else: Workflow.Config, the plain
// values, is for callers.
//
// The settings are decoded from the YAML nodes. Each keeps the JSON pointer
// of its value, the name the schema check reports a failure by (w.bad[ptr])
// and the one tree.at (the key) and tree.valueAt (the value) place a
// diagnostic with, so a setting is reported where the schema check reports
// it: an alias's key for a value reached through it, for example. A lenient
// workflow goes on loading past the schema's errors, so a value of the
// wrong type is recorded, not fatal: a field says whether its key is
// written (set), whether its value has the type shea reads (ok), and holds
// the value as written (raw) for messages ("not a list").

// place is where a setting is written: the JSON pointer of its value and
// its node (nil when the key is not written).
type place struct {
	t   *tree
	ptr string
	n   *yaml.Node
}

// top is the place of the whole front matter.
func (t *tree) top() place {
	if t == nil {
		return place{}
	}
	return place{t: t, n: t.root}
}

// node returns the node of p, aliases followed; nil when p is not written.
func (p place) node() *yaml.Node {
	n := p.n
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i <= maxAliasChain; i++ {
		n = n.Alias
	}
	if n != nil && n.Kind == yaml.AliasNode {
		return nil
	}
	return n
}

// maxAliasChain bounds the aliases followed from one node; an alias can
// only name an anchor written before it, so real chains are short.
const maxAliasChain = 200

// kind returns the YAML kind of p's value; 0 when p is not written.
func (p place) kind() yaml.Kind {
	if n := p.node(); n != nil {
		return n.Kind
	}
	return 0
}

// value returns p's value as plain values (as Workflow.Config holds
// them), nil when p is not written.
func (p place) value() any {
	if p.n == nil {
		return nil
	}
	c := &converter{t: p.t}
	return c.convert(p.n, p.ptr, nil, 0, true)
}

// fields returns the places of the entries of a mapping, by key; nil when
// p holds no mapping. Merge keys (<<) are resolved as the converter
// resolves them: the mapping's own keys first, then each merged mapping's
// in order, an earlier one winning.
func (p place) fields() map[string]place {
	n := p.node()
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	nodes := map[string]*yaml.Node{}
	mergeEntries(nodes, n, 0)
	out := make(map[string]place, len(nodes))
	for k, v := range nodes {
		out[k] = place{t: p.t, ptr: p.ptr + "/" + escapePointer(k), n: v}
	}
	return out
}

// key returns the place of the entry name of a mapping (not written when
// p holds no mapping or the mapping has no such key).
func (p place) key(name string) place {
	if f, ok := p.fields()[name]; ok {
		return f
	}
	return place{t: p.t, ptr: p.ptr + "/" + escapePointer(name)}
}

// items returns the places of the items of a sequence; nil when p holds
// no sequence.
func (p place) items() []place {
	n := p.node()
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]place, len(n.Content))
	for i, item := range n.Content {
		out[i] = place{t: p.t, ptr: p.ptr + "/" + strconv.Itoa(i), n: item}
	}
	return out
}

// mergeEntries adds to out the entries of mapping n that out does not
// hold yet: its own, then those of the mappings its merge keys name.
// parseYAML has rejected merge cycles and bad merges; depth still bounds
// the recursion.
func mergeEntries(out map[string]*yaml.Node, n *yaml.Node, depth int) {
	if depth > maxAliasChain {
		return
	}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			merges = append(merges, v)
			continue
		}
		k = place{n: k}.node()
		if k == nil || k.Kind != yaml.ScalarNode {
			continue
		}
		if _, ok := out[k.Value]; !ok {
			out[k.Value] = v
		}
	}
	for _, m := range merges {
		for _, src := range mergeSources(m) {
			if src.Kind == yaml.MappingNode {
				mergeEntries(out, src, depth+1)
			}
		}
	}
}

// field is one typed setting.
type field[T any] struct {
	ptr string // JSON pointer of the value in the front matter
	set bool   // the key is written (its value may be null)
	ok  bool   // set, and the value has type T
	val T      // the value, when ok
	raw any    // the value as written, for messages
}

// decodeStrings decodes each item of the list at p as a string field;
// nil when p is no list.
func decodeStrings(p place) []field[string] {
	var out []field[string]
	for _, item := range p.items() {
		out = append(out, decodeField[string](item))
	}
	return out
}

// decodeField decodes the setting at p.
func decodeField[T any](p place) field[T] {
	f := field[T]{ptr: p.ptr, set: p.n != nil}
	if f.set {
		f.raw = p.value()
		f.val, f.ok = f.raw.(T)
	}
	return f
}

// null reports whether the key is written with no value (null).
func (f field[T]) null() bool { return f.set && f.raw == nil }

// section is a setting whose value should be a mapping of settings.
type section struct {
	ptr   string
	set   bool // the key is written
	isMap bool // its value is a mapping
	raw   any  // the value as written, for messages
}

func decodeSection(p place) section {
	s := section{ptr: p.ptr, set: p.n != nil, isMap: p.kind() == yaml.MappingNode}
	if s.set && !s.isMap {
		s.raw = p.value()
	}
	return s
}

// fileMap is a mapping of names to file paths: prompts (the lanes),
// backend_prompts (the fragments), workpad_templates (the template ids).
type fileMap struct {
	section
	keys  []string                 // the names written, sorted
	files map[string]field[string] // by name
}

func decodeFileMap(p place) fileMap {
	m := fileMap{section: decodeSection(p), files: map[string]field[string]{}}
	// The entries are the mapping's own free-form keys.
	for k, e := range p.fields() {
		m.keys = append(m.keys, k)
		m.files[k] = decodeField[string](e)
	}
	sort.Strings(m.keys)
	return m
}

// has reports whether the mapping names key.
func (m fileMap) has(key string) bool {
	_, ok := m.files[key]
	return ok
}

// entryPtr is the JSON pointer of the entry key, written or not.
func (m fileMap) entryPtr(key string) string { return m.ptr + "/" + escapePointer(key) }

// compositionSettings is the composition key of a shea workflow.
type compositionSettings struct {
	section
	workspace, project, template field[string]
	// parts is composition.parts, and lanes its entries
	// composition.parts.<lane>, by lane.
	parts section
	lanes map[string]partSettings
}

// partSettings are the parts composition.parts.<lane> names.
type partSettings struct {
	section
	// byAxis holds role, task and format, by name.
	byAxis map[string]field[string]
}

// partAxes are the keys of composition.parts.<lane>, in the order the
// parts are assembled.
var partAxes = [...]string{"role", "task", "format"}

func decodeComposition(p place) compositionSettings {
	c := compositionSettings{
		section:   decodeSection(p),
		workspace: decodeField[string](p.key("workspace")),
		project:   decodeField[string](p.key("project")),
		template:  decodeField[string](p.key("template")),
		lanes:     map[string]partSettings{},
	}
	parts := p.key("parts")
	c.parts = decodeSection(parts)
	for _, lane := range Lanes(ProfileShea) {
		lp := parts.key(lane)
		ps := partSettings{section: decodeSection(lp), byAxis: map[string]field[string]{}}
		for _, k := range partAxes {
			ps.byAxis[k] = decodeField[string](lp.key(k))
		}
		c.lanes[lane] = ps
	}
	return c
}

// resourceSettings is the resources key of a shea workflow.
type resourceSettings struct {
	section
	manifest field[string]
	// enabledGroups is resources.enabled_groups; groups holds its entries
	// when it is a list.
	enabledGroups field[[]any]
	groups        []field[string]
}

func decodeResources(p place) resourceSettings {
	r := resourceSettings{
		section:       decodeSection(p),
		manifest:      decodeField[string](p.key("manifest")),
		enabledGroups: decodeField[[]any](p.key("enabled_groups")),
		groups:        decodeStrings(p.key("enabled_groups")),
	}
	return r
}

// ownSettings is shea's own key, shea:, in either dialect.
type ownSettings struct {
	section
	disable       field[[]any]
	disabled      []field[string] // the entries of disable, when it is a list
	engine        field[string]
	lenientConfig field[bool]
	emptyBody     field[string] // EmptyBodyError or EmptyBodyRunnerDefault
}

func decodeOwn(p place) ownSettings {
	s := ownSettings{
		section:       decodeSection(p),
		disable:       decodeField[[]any](p.key("disable")),
		engine:        decodeField[string](p.key("engine")),
		lenientConfig: decodeField[bool](p.key("lenient_config")),
		emptyBody:     decodeField[string](p.key("empty_body")),
		disabled:      decodeStrings(p.key("disable")),
	}
	return s
}

// templateContextSettings is template_context, in either dialect.
type templateContextSettings struct {
	section
	// schema is a JSON Schema (a mapping, free-form) or the path of one;
	// templates a list of runner template declarations, each a string or
	// a mapping (see declaredTemplates), decoded into decls.
	schema    field[any]
	templates field[[]any]
	decls     []templateDecl
	// issueModel is IssueModelExtend or IssueModelReplace: how schema's
	// issue meets the profile's issue model.
	issueModel field[string]
}

func decodeTemplateContext(p place) templateContextSettings {
	s := templateContextSettings{
		section:    decodeSection(p),
		schema:     decodeField[any](p.key("schema")),
		templates:  decodeField[[]any](p.key("templates")),
		issueModel: decodeField[string](p.key("issue_model")),
	}
	for _, e := range p.key("templates").items() {
		s.decls = append(s.decls, decodeTemplateDecl(e))
	}
	return s
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

func decodeTemplateDecl(p place) templateDecl {
	d := templateDecl{ptr: p.ptr, path: decodeField[string](p), strs: map[string]field[string]{}}
	d.raw = d.path.raw
	entries := p.fields()
	d.isMap = entries != nil
	for k := range entries {
		d.keys = append(d.keys, k)
	}
	sort.Strings(d.keys)
	for _, k := range []string{"value", "file", "name"} {
		d.strs[k] = decodeField[string](p.key(k))
	}
	d.schema = decodeField[any](p.key("schema"))
	return d
}

// symphonyConfig are the settings the loader reads from a Symphony
// workflow; the shea dialect's extend them (sheaConfig).
type symphonyConfig struct {
	tracker     section
	trackerKind field[string]
	// workspaceRoot is a path, or null for the default.
	workspaceRoot   field[string]
	templateContext templateContextSettings
	shea            ownSettings
}

// sheaConfig are the settings the loader reads from a shea workflow: the
// Symphony ones and the shea dialect's own, which only its config schema
// accepts.
type sheaConfig struct {
	symphonyConfig
	// The main lane's backend: main_lane.backend, else the legacy
	// agent.backend or backend.kind.
	mainLaneBackend, agentBackend, backendKind field[string]

	prompts, backendPrompts, workpadTemplates fileMap
	composition                               compositionSettings
	resources                                 resourceSettings
}

func decodeSymphony(t *tree) symphonyConfig {
	top := t.top()
	tracker := top.key("tracker")
	return symphonyConfig{
		tracker:         decodeSection(tracker),
		trackerKind:     decodeField[string](tracker.key("kind")),
		workspaceRoot:   decodeField[string](top.key("workspace").key("root")),
		templateContext: decodeTemplateContext(top.key("template_context")),
		shea:            decodeOwn(top.key("shea")),
	}
}

// decodeConfig decodes the settings of profile's dialect from the front
// matter t. A Symphony workflow's config leaves the shea dialect's
// settings unset.
func decodeConfig(profile string, t *tree) sheaConfig {
	c := sheaConfig{symphonyConfig: decodeSymphony(t)}
	if profile != ProfileShea {
		return c
	}
	top := t.top()
	c.mainLaneBackend = decodeField[string](top.key("main_lane").key("backend"))
	c.agentBackend = decodeField[string](top.key("agent").key("backend"))
	c.backendKind = decodeField[string](top.key("backend").key("kind"))
	c.prompts = decodeFileMap(top.key("prompts"))
	c.backendPrompts = decodeFileMap(top.key("backend_prompts"))
	c.workpadTemplates = decodeFileMap(top.key("workpad_templates"))
	c.composition = decodeComposition(top.key("composition"))
	c.resources = decodeResources(top.key("resources"))
	return c
}
