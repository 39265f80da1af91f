package lanes

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// turnSchemas returns the inputs of a shea lane's turn block (issue,
// attempt, and run_context with the key "plan") and of its system part
// (issue only).
func turnSchemas(t *testing.T) (system, turn *strict.Schema) {
	t.Helper()
	lane, err := profile.LaneContext(profile.Shea)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := strict.CompileSchema("https://example.test/rc.json",
		[]byte(`{"properties": {"run_context": {"type": "object", "properties": {"plan": {"type": ["string", "null"]}}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	turn = lane.Extend(rc)
	return turn.Without("attempt", "run_context"), turn
}

func sampleIssue(t *testing.T) map[string]any {
	t.Helper()
	lane, err := profile.LaneContext(profile.Shea)
	if err != nil {
		t.Fatal(err)
	}
	return lane.Sample()["issue"].(map[string]any)
}

func TestTurnFile(t *testing.T) {
	for in, want := range map[string]string{"main-agent.md": "main-agent.turn.md", "prompts/x.md": "prompts/x.turn.md", "lane": "lane.turn.md"} {
		if got := TurnFile(in); got != want {
			t.Errorf("TurnFile(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTurnBlockComposes: the turn block is merged through the layers like
// the lane file, kept out of the system part, and absent when no layer has
// one.
func TestTurnBlockComposes(t *testing.T) {
	core := map[string]string{"lane.md": "# Lane\n\n## Rules\nr\n", "lane.turn.md": "## Request\nDo {{ issue.identifier }}.\n"}
	project := map[string]string{"lane.turn.md": "<!-- append -->\n## Override: Request\nAttempt {{ attempt }}.\n"}
	c, diags := compose(fsLayers(core, nil, project), Request{File: "lane.md", Lane: "main_agent"})
	mustNoErrors(t, diags)
	if c.Source != "# Lane\n\n## Rules\nr\n" {
		t.Errorf("system source %q", c.Source)
	}
	if c.Turn == nil {
		t.Fatal("no turn block")
	}
	if want := "## Request\nDo {{ issue.identifier }}.\n\nAttempt {{ attempt }}.\n"; c.Turn.Source != want {
		t.Errorf("turn source %q, want %q", c.Turn.Source, want)
	}
	if len(c.Turn.Files) != 2 || c.Turn.Files[1].Part != PartTurn || c.Turn.Files[1].Action != ActionAppend {
		t.Errorf("turn files %+v", c.Turn.Files)
	}
	if s := c.Turn.Sections; len(s) != 1 || s[0].Part != PartTurn || s[0].Merge != MergeAppend {
		t.Errorf("turn sections %+v", s)
	}

	c, diags = compose(fsLayers(lane("## A\na\n")), Request{File: "lane.md"})
	mustNoErrors(t, diags)
	if c.Turn != nil || len(diags) != 0 {
		t.Errorf("a lane without a turn block got one: %+v, %s", c.Turn, fmtDiags(diags))
	}

	_, diags = compose(fsLayers(map[string]string{"lane.md": "a\n", "lane.turn.md": " \n"}), Request{File: "lane.md"})
	if got := fmtDiags(diags); got != "error empty_template_file <core>/lane.turn.md\n" {
		t.Errorf("empty turn block: %s", got)
	}
}

// TestTurnStable: the system part reads the same for every attempt and run
// context; the user part shows them.
func TestTurnStable(t *testing.T) {
	system, turn := turnSchemas(t)
	files := map[string]string{
		"lane.md":      "# Lane {{ issue.identifier }}\n\n## Boundaries\n<!-- protected -->\nStay in scope.\n",
		"lane.turn.md": "Attempt {{ attempt | default: 0 }}.{% if run_context.plan %} Plan: {{ run_context.plan }}{% endif %}\n",
	}
	c, diags := compose(fsLayers(files), Request{File: "lane.md", Lane: "main_agent", Contracts: ContractsFor("main_agent")})
	mustNoErrors(t, diags)
	tpl, diags := c.CompileTurn(render.Options{}, system, turn)
	mustNoErrors(t, diags)
	issue := sampleIssue(t)
	var first string
	for i, rc := range []map[string]any{{"plan": nil}, {"plan": "split the parser"}, {"plan": "ship it", "other": "x"}} {
		for attempt := 1; attempt <= 3; attempt++ {
			sys, user, err := tpl.Render(context.Background(), map[string]any{"issue": issue, "attempt": int64(attempt), "run_context": rc})
			if err != nil {
				t.Fatal(err)
			}
			if first == "" {
				first = sys
			} else if sys != first {
				t.Errorf("system part differs at attempt %d, run context %d:\n%s\nvs\n%s", attempt, i, sys, first)
			}
			want := "Attempt " + string(rune('0'+attempt)) + "."
			if p, ok := rc["plan"].(string); ok {
				want += " Plan: " + p
			}
			if user != want+"\n" {
				t.Errorf("user part %q, want %q", user, want+"\n")
			}
		}
	}
	if !strings.Contains(first, "Assigned Lane Claim") || !strings.Contains(first, "Stay in scope.") {
		t.Errorf("system part lacks the contract or the lane text:\n%s", first)
	}
}

// TestTurnOnlyInputInSystemPart: reading attempt or run_context in the
// system part is an error at that file and line, with a hint; the same
// read in the turn block is fine.
func TestTurnOnlyInputInSystemPart(t *testing.T) {
	system, turn := turnSchemas(t)
	files := map[string]string{
		"lane.md":      "# Lane\n\nIssue {{ issue.identifier }}.\n{% if attempt %}Again.{% endif %}\n",
		"roles/x.md":   "## Role\n{{ run_context.plan }}\n",
		"lane.turn.md": "Attempt {{ attempt }}.\n",
	}
	c, diags := compose(fsLayers(files), Request{File: "lane.md", Lane: "main_agent", Role: "x"})
	mustNoErrors(t, diags)
	tpl, diags := c.CompileTurn(render.Options{}, system, turn)
	if tpl != nil {
		t.Fatal("compiled a system part that reads attempt")
	}
	if got, want := fmtDiags(diags), "error unknown_variable <core>/lane.md:4:7-4:14\nerror unknown_variable <core>/roles/x.md:2:4-2:20\n"; got != want {
		t.Fatalf("diagnostics:\n got %s\nwant %s", got, want)
	}
	for i, name := range []string{"attempt", "run_context"} {
		d := diags[i]
		if !strings.HasPrefix(d.Summary, name+" is a per-turn input") || !strings.Contains(d.Detail, "lane.turn.md") {
			t.Errorf("diagnostic %d: %s / %s", i, d.Summary, d.Detail)
		}
	}

	// Without a turn block there is no system part: the lane compiles
	// against the whole lane context as before.
	c, diags = compose(fsLayers(map[string]string{"lane.md": files["lane.md"]}), Request{File: "lane.md", Lane: "main_agent"})
	mustNoErrors(t, diags)
	if _, diags := c.Compile(render.Options{}, turn); diags.HasErrors() {
		t.Errorf("lane without turn block: %s", fmtDiags(diags))
	}
	if _, diags := c.CompileTurn(render.Options{}, system, turn); diags[0].Code != codes.MissingTemplateFile {
		t.Errorf("CompileTurn without a turn block: %s", fmtDiags(diags))
	}
}

// TestAblation: an ablated lane keeps its contracts and protected sections
// byte for byte and replaces every other layer text with the code-owned
// intent.
func TestAblation(t *testing.T) {
	system, turn := turnSchemas(t)
	files := map[string]string{
		"lane.md":      "# Lane\n\nLong editable guidance.\n\n## Boundaries\n<!-- protected -->\nNever merge.\n\n## Style\nBe terse.\n",
		"roles/r.md":   "## Role\nYou are careful.\n\n## Role rules\n<!-- governance -->\nNo secrets.\n",
		"lane.turn.md": "Editable turn wording for {{ issue.identifier }}.\n",
	}
	project := map[string]string{"lane.md": "<!-- append -->\n## Override: Boundaries\nNever force-push.\n"}
	req := Request{File: "lane.md", Lane: "main_agent", Role: "r", Contracts: ContractsFor("main_agent")}
	render2 := func(req Request) (string, string, *Composed) {
		t.Helper()
		c, diags := compose(fsLayers(files, nil, project), req)
		mustNoErrors(t, diags)
		tpl, diags := c.CompileTurn(render.Options{}, system, turn)
		mustNoErrors(t, diags)
		sys, user, err := tpl.Render(context.Background(), map[string]any{"issue": sampleIssue(t), "attempt": int64(2), "run_context": map[string]any{"plan": nil}})
		if err != nil {
			t.Fatal(err)
		}
		return sys, user, c
	}
	fullSys, fullUser, full := render2(req)
	req.Ablate = true
	ablSys, ablUser, abl := render2(req)

	// The protected sections and the contract, as the full render has
	// them, are in the ablated one unchanged (up to the blank lines that
	// separate them from the next section).
	var kept []string
	for _, s := range full.Sections {
		if s.Protected || s.Part == PartContract {
			kept = append(kept, strings.TrimRight(full.Source[s.Start:s.End], "\n"))
		}
	}
	var ablKept []string
	for _, s := range abl.Sections {
		if s.Protected || s.Part == PartContract {
			ablKept = append(ablKept, strings.TrimRight(abl.Source[s.Start:s.End], "\n"))
		}
	}
	if len(kept) != 3 || strings.Join(kept, "|") != strings.Join(ablKept, "|") {
		t.Errorf("kept sections differ:\nfull    %q\nablated %q", kept, ablKept)
	}
	claim := fullSys[strings.Index(fullSys, "## Assigned Lane Claim"):]
	if !strings.HasSuffix(ablSys, claim) {
		t.Errorf("ablated render does not end with the full render's contract %q:\n%s", claim, ablSys)
	}
	for _, text := range []string{"## Role rules\nNo secrets.\n", "## Boundaries\nNever merge.\n\nNever force-push.\n"} {
		if !strings.Contains(fullSys, text) || !strings.Contains(ablSys, text) {
			t.Errorf("%q is not in both renders", text)
		}
	}
	for _, text := range []string{"Long editable guidance", "Be terse", "You are careful", "# Lane"} {
		if !strings.Contains(fullSys, text) || strings.Contains(ablSys, text) {
			t.Errorf("%q: in full %v, in ablated %v", text, strings.Contains(fullSys, text), strings.Contains(ablSys, text))
		}
	}
	for _, file := range []string{"<ablation:main_agent>", "<ablation:turn>"} {
		if abl.SourceFunc()(file) == nil {
			t.Errorf("no source for %s, to quote under its diagnostics", file)
		}
	}
	issue := sampleIssue(t)
	if !strings.HasPrefix(ablSys, "Implement tracker issue "+issue["identifier"].(string)) {
		t.Errorf("ablated system part does not start with the intent:\n%s", ablSys)
	}
	if !strings.Contains(fullUser, "Editable turn wording") || ablUser != "This is attempt 2 on "+issue["identifier"].(string)+".\n" {
		t.Errorf("turn: full %q, ablated %q", fullUser, ablUser)
	}
}

// TestTurnOnlyInputInPartial: a partial included by the system part that
// reads attempt is reported at the partial's line, with the hint.
func TestTurnOnlyInputInPartial(t *testing.T) {
	system, turn := turnSchemas(t)
	files := map[string]string{
		"lane.md":      "Lane.\n{% include 'note' %}\n",
		"note.md":      "Note\n{{ attempt }}\n",
		"lane.turn.md": "Turn.\n",
	}
	c, diags := compose(fsLayers(files), Request{File: "lane.md", Lane: "main_agent"})
	mustNoErrors(t, diags)
	_, diags = c.CompileTurn(render.Options{}, system, turn)
	if got := fmtDiags(diags); !strings.HasPrefix(got, "error unknown_variable <core>/note.md:2:4") || !strings.HasPrefix(diags[0].Summary, "attempt is a per-turn input") {
		t.Errorf("got %s (%s)", got, diags[0].Summary)
	}
}
