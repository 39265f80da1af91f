package lanes

import (
	"strings"
	"testing"
)

func TestEnvelopes(t *testing.T) {
	var got []string
	for _, e := range Envelopes() {
		got = append(got, e.Readback())
	}
	want := []string{
		"runtime_envelope=assigned_lane_claim lane=main,merge backend=all source=code:claim/render_prompt_with_claim purpose=typed claim identity and run evidence",
		"runtime_envelope=codex_app_server_handoff_boundary lane=main backend=codex app-server source=backend_prompts.codex_app_server purpose=Markdown-owned app-server child-turn boundary",
		"runtime_envelope=automatic_headless_review_boundary lane=review backend=configured review backend source=backend_prompts.automatic_review[_structured] purpose=Markdown-owned review behavior with code-owned protocol validation",
		"runtime_envelope=claude_code_review_boundary lane=review backend=claude-code source=backend_prompts.claude_code_review purpose=Markdown-owned Claude behavior with code-owned JSON Schema",
		"runtime_envelope=merge_conflict_repair_boundary lane=merge backend=merge agent source=backend_prompts.merge_repair purpose=Markdown behavior rendered with typed conflict facts",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestContractsFor(t *testing.T) {
	for lane, field := range map[string]string{"main_agent": `"Main Agent"`, "merge": `"Merging Agent"`, "review_agent": ""} {
		cs := ContractsFor(lane)
		if field == "" {
			if len(cs) != 0 {
				t.Errorf("%s: %d contracts, want none", lane, len(cs))
			}
			continue
		}
		if len(cs) != 1 || cs[0].ID != "assigned_lane_claim" || !strings.Contains(cs[0].Text, field) {
			t.Errorf("%s: %+v, want the claim contract naming %s", lane, cs, field)
		}
	}
}

// TestContractsCannotBeOverridden: a contract comes after every layer's
// text, a layer's override of its heading only adds a section to the lane,
// and the contract's own text is not read for directives.
func TestContractsCannotBeOverridden(t *testing.T) {
	k := Contract{ID: "markers", Text: "## Markers\n<!-- replace -->\nEnd with DONE.\n"}
	c, diags := compose(fsLayers(lane("## A\na\n"), lane("<!-- append -->\n## Override: Markers\n<!-- replace -->\nnothing\n")),
		Request{File: "lane.md", Contracts: []Contract{k, {ID: "listed"}}})
	mustNoErrors(t, diags)
	want := "## A\na\n\n## Markers\nnothing\n\n## Markers\n<!-- replace -->\nEnd with DONE.\n"
	if c.Source != want {
		t.Errorf("got %q\nwant %q", c.Source, want)
	}
	last := c.Sections[len(c.Sections)-1]
	if last.Part != PartContract || last.Merge != MergeContract || last.Origin.File != "<contract:markers>" || last.Start != strings.LastIndex(want, "## Markers") || last.End != len(want) {
		t.Errorf("contract section %+v", last)
	}
	if len(c.Contracts) != 2 || c.Contracts[1].ID != "listed" {
		t.Errorf("contracts %+v, want both, the text-less one listed", c.Contracts)
	}
}
