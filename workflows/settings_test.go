package workflows

import (
	"testing"
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
	s := decodeSettings(tr.value)

	if k := s.trackerKind; !k.set || k.ok || k.raw != int64(7) {
		t.Errorf("tracker.kind = %+v, want set, not a string, raw 7", k)
	}
	if r := s.workspaceRoot; !r.set || r.raw != nil {
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
	if role := c.parts["merge_agent"]["role"]; !role.ok || role.val != "reviewer" || role.ptr != "/composition/parts/merge_agent/role" {
		t.Errorf("composition.parts.merge_agent.role = %+v", role)
	}
	if c.parts["main_agent"]["role"].set {
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
	s := decodeSettings(nil)
	if s.trackerKind.set || s.prompts.set || s.composition.set || s.resources.set || s.shea.isMap || s.contextSchema.set {
		t.Errorf("settings of no front matter = %+v", s)
	}
	if sheaEvidence(s) != "" || detectProfile(s) != ProfileSymphony {
		t.Errorf("no front matter detected as %s", detectProfile(s))
	}
}
