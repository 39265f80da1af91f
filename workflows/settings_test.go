package workflows

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

// TestDecodeSettings checks that each typed setting says whether its key
// is written, whether its value has the type shea reads, and where it is.
func TestDecodeSettings(t *testing.T) {
	const front = `tracker:
  kind: 7
workspace:
  root: null
prompts:
  main_agent: prompts/main.md
  review_agent: [a]
composition:
  parts:
    merge_agent:
      role: reviewer
resources:
  manifest: ../resources.v1.json
  enabled_groups: [docs, 3]
shea:
  disable: [unknown_config_key]
  engine: osteele
  lenient_config: "yes"
`
	text := "---\n" + front + "---\nbody\n"
	src := newSource("w.md", []byte(text))
	tr, diags := parseYAML(src, 4, front)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	s := decodeConfig(ProfileShea, tr)

	if k := s.trackerKind; !k.set || k.ok || k.raw != int64(7) {
		t.Errorf("tracker.kind = %+v, want set, not a string, raw 7", k)
	}
	if r := s.workspaceRoot; !r.set || !r.null() || r.ok {
		t.Errorf("workspace.root = %+v, want set to null", r)
	}
	if s.mainLaneBackend.set || s.agentBackend.set || s.backendKind.set {
		t.Errorf("backend keys set in a front matter without them")
	}
	if p := s.prompts; !p.isMap || !p.has("main_agent") || p.has("merge_agent") || len(p.keys) != 2 {
		t.Errorf("prompts = %+v", p)
	}
	if f := s.prompts.files["main_agent"]; !f.ok || f.val != "prompts/main.md" || f.ptr != "/prompts/main_agent" {
		t.Errorf("prompts.main_agent = %+v", f)
	}
	if f := s.prompts.files["review_agent"]; f.ok || !f.set {
		t.Errorf("prompts.review_agent (a list) = %+v, want set, not ok", f)
	}
	if s.backendPrompts.set || s.workpadTemplates.set {
		t.Errorf("backend_prompts or workpad_templates set")
	}
	c := s.composition
	if !c.set || !c.isMap || c.workspace.set {
		t.Errorf("composition = %+v", c)
	}
	if role := c.lanes["merge_agent"].byAxis["role"]; !role.ok || role.val != "reviewer" || role.ptr != "/composition/parts/merge_agent/role" {
		t.Errorf("composition.parts.merge_agent.role = %+v", role)
	}
	if c.lanes["main_agent"].byAxis["role"].set {
		t.Errorf("composition.parts.main_agent.role set")
	}
	r := s.resources
	if !r.isMap || !r.manifest.ok || r.manifest.val != "../resources.v1.json" || !r.enabledGroups.ok || len(r.groups) != 2 {
		t.Fatalf("resources = %+v", r)
	}
	if g := r.groups[1]; g.ok || g.raw != int64(3) || g.ptr != "/resources/enabled_groups/1" {
		t.Errorf("resources.enabled_groups[1] = %+v", g)
	}
	sh := s.shea
	if !sh.isMap || len(sh.disabled) != 1 || sh.disabled[0].val != "unknown_config_key" || !sh.engine.ok || sh.engine.val != "osteele" {
		t.Errorf("shea = %+v", sh)
	}
	if lc := sh.lenientConfig; !lc.set || lc.ok {
		t.Errorf("shea.lenient_config (a string) = %+v, want set, not a bool", lc)
	}

	// The pointer a field keeps places it in the file.
	rng := tr.valueAt(s.resources.groups[1].ptr)
	if got := text[rng.Start.Byte:rng.End.Byte]; got != "3" {
		t.Errorf("range of resources.enabled_groups[1] holds %q, want \"3\"", got)
	}
	rng = tr.at(s.shea.engine.ptr)
	if got := text[rng.Start.Byte:rng.End.Byte]; got != "engine" {
		t.Errorf("key range of shea.engine holds %q, want \"engine\"", got)
	}
}

// TestDecodeSettingsEmpty checks the settings of an empty front matter.
func TestDecodeSettingsEmpty(t *testing.T) {
	for _, tr := range []*tree{nil, {index: map[string]nodeRef{}}} {
		s := decodeConfig(ProfileShea, tr)
		if s.trackerKind.set || s.prompts.set || s.composition.set || s.resources.set || s.shea.isMap || s.templateContext.schema.set {
			t.Errorf("settings of no front matter = %+v", s)
		}
		if sheaEvidence(tr) != "" || detectProfile(tr) != ProfileSymphony {
			t.Errorf("no front matter detected as %s", detectProfile(tr))
		}
	}
}

// TestDecodeConfigDialects: a Symphony workflow's config holds the
// settings both dialects read and leaves the shea dialect's unset, even
// when the front matter writes them; a shea workflow's holds both.
func TestDecodeConfigDialects(t *testing.T) {
	const front = "tracker: {kind: memory}\nworkspace: {root: ws}\nmain_lane: {backend: codex}\nprompts: {main_agent: m.md}\nresources: {manifest: r.json}\nshea: {engine: osteele}\n"
	tr, diags := parseYAML(newSource("w.md", []byte(front)), 0, front)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, profile := range []string{ProfileSymphony, ProfileShea} {
		c := decodeConfig(profile, tr)
		if !c.trackerKind.ok || c.trackerKind.val != "memory" || !c.workspaceRoot.ok || c.workspaceRoot.val != "ws" || c.shea.engine.val != "osteele" {
			t.Errorf("%s: the common settings are %+v", profile, c.symphonyConfig)
		}
		shea := c.mainLaneBackend.set || c.prompts.set || c.resources.set
		if shea != (profile == ProfileShea) {
			t.Errorf("%s: shea dialect settings decoded: %v", profile, shea)
		}
	}
}

// TestDecodeConfigYAMLForms: values reached through an alias or a merge
// key are decoded, with the pointer the schema check reports them by, and
// the position tree.at gives that pointer (the alias's key, or the mapping
// that merges them in).
func TestDecodeConfigYAMLForms(t *testing.T) {
	const front = `x-tracker: &t {kind: linear}
x-res: &r
  manifest: m.json
tracker: *t
resources:
  <<: *r
  enabled_groups: [docs]
shea:
  disable: [&c unknown_config_key, *c]
`
	text := "---\n" + front + "---\n"
	tr, diags := parseYAML(newSource("w.md", []byte(text)), 4, front)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c := decodeConfig(ProfileShea, tr)
	if k := c.trackerKind; !k.ok || k.val != "linear" || k.ptr != "/tracker/kind" {
		t.Errorf("tracker.kind through an alias = %+v", k)
	}
	if m := c.resources.manifest; !m.ok || m.val != "m.json" || m.ptr != "/resources/manifest" {
		t.Errorf("resources.manifest merged in = %+v", m)
	}
	if g := c.resources.groups; len(g) != 1 || g[0].val != "docs" {
		t.Errorf("resources.enabled_groups = %+v", g)
	}
	if d := c.shea.disabled; len(d) != 2 || d[1].val != "unknown_config_key" || d[1].ptr != "/shea/disable/1" {
		t.Errorf("shea.disable = %+v", d)
	}
	for _, tt := range []struct{ ptr, want string }{
		{c.trackerKind.ptr, "tracker"},          // inside an alias: the alias's key
		{c.resources.manifest.ptr, "resources"}, // merged in: the mapping that merges
		{c.resources.groups[0].ptr, "docs"},     // written in place
		{c.shea.disabled[1].ptr, "*"},           // an alias item: the alias (its first byte)
	} {
		rng := tr.at(tt.ptr)
		if got := text[rng.Start.Byte:rng.End.Byte]; got != tt.want {
			t.Errorf("at(%s) holds %q, want %q", tt.ptr, got, tt.want)
		}
	}
}

// TestPlaceMirrorsConverter: walking the YAML nodes with place (merge keys
// and aliases resolved by fields and items) yields the plain values the
// converter built, key for key.
func TestPlaceMirrorsConverter(t *testing.T) {
	docs := []string{
		"a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  y: 3\n",
		"a: &a {x: 1}\nb: &b {x: 2, z: 4}\nc:\n  <<: [*a, *b]\n  w: 0\n",
		"a: &a\n  x: 1\n  <<: {y: 2, x: 5}\nb:\n  <<: *a\n  l: [*a, {<<: *a, x: 9}]\n",
		"k: &k key\n*k : 1\nm: {? [a] : 1}\n",
	}
	for _, doc := range docs {
		tr, diags := parseYAML(newSource("w.md", []byte(doc)), 0, doc)
		if diags.HasErrors() {
			continue // a document the converter rejects is never decoded
		}
		if diff := cmp.Diff(tr.value, placeValues(tr.top())); diff != "" {
			t.Errorf("%q: place walk differs from the converter (-converter +place):\n%s", doc, diff)
		}
	}
}

// placeValues builds the plain values of p by walking its nodes with
// fields and items, as the decoding of the settings does.
func placeValues(p place) any {
	if f := p.fields(); f != nil {
		out := map[string]any{}
		for k, e := range f {
			out[k] = placeValues(e)
		}
		return out
	}
	if p.kind() == yaml.SequenceNode {
		out := []any{}
		for _, e := range p.items() {
			out = append(out, placeValues(e))
		}
		return out
	}
	return p.value()
}
