package lsp

import (
	"path/filepath"
	"strings"
	"testing"
)

func docPos(path string, p Position) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}, "position": p}
}

func TestCompletion(t *testing.T) {
	dir := fixture(t, "symphony")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	text := read(t, wf)
	c.open(wf, text)
	c.waitFor(wf, hasCode("unknown_filter")) // the check has run: the workflow's fields are known
	complete := func(text, marker string) map[string]CompletionItem {
		t.Helper()
		c.change(wf, 2, text)
		var l completionList
		c.call("textDocument/completion", docPos(wf, posOf(t, text, marker, 0)), &l)
		return labels(l.Items)
	}
	body := strings.Index(text, "Résumé")
	for _, tc := range []struct {
		name, insert, marker string
		want                 []string
		not                  []string
	}{
		{"issue fields", "{{ issue. }}", "{{ issue.", []string{"title", "identifier", "comments", "labels"}, []string{"author"}},
		{"if issue", "{% if issue.ti %}{% endif %}", "{% if issue.ti", []string{"title"}, nil},
		{"loop items", "{% for c in issue.comments %}{{ c. }}{% endfor %}", "{{ c.", []string{"author", "body"}, []string{"title"}},
		{"item by index", "{{ issue.comments[0]. }}", "comments[0].", []string{"author"}, nil},
		{"variables and locals", "{% assign who = issue.title %}{% capture note %}x{% endcapture %}{{  }}", "{{ ", []string{"issue", "attempt", "who", "note"}, nil},
		{"forloop", "{% for c in issue.comments %}{{ forloop. }}{% endfor %}", "forloop.", []string{"index", "first", "length"}, nil},
		{"filters", "{{ issue.title | up }}", "| up", []string{"upcase", "truncate", "default"}, []string{"title"}},
		{"tags", "{% f %}", "{% f", []string{"for", "if", "assign", "render"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := complete(text[:body]+tc.insert+"\n"+text[body:], tc.marker)
			for _, w := range tc.want {
				if _, ok := got[w]; !ok {
					t.Errorf("%q not offered; got %d items", w, len(got))
				}
			}
			for _, w := range tc.not {
				if _, ok := got[w]; ok {
					t.Errorf("%q offered", w)
				}
			}
		})
	}
	got := complete(text[:body]+"{{ issue.comments[0]. }}\n"+text[body:], "comments[0].")
	if it := got["author"]; it.Detail != "string" || it.Documentation == nil || it.Documentation.Value != "Who wrote the comment." {
		t.Errorf("author: %+v", it)
	}
	got = complete(text[:body]+"{{ issue.title | tr }}\n"+text[body:], "| tr")
	if d := got["truncate"].Detail; d != "filter truncate: 0 to 2 arguments" {
		t.Errorf("truncate: %q", d)
	}
	if d := got["replace_last"].Detail; d != "filter replace_last: 2 arguments" {
		t.Errorf("replace_last: %q", d)
	}
	// front matter keys of the symphony dialect
	fm := strings.Replace(text, "  kind: linear\n", "  kind: linear\n  pro\n", 1)
	got = complete(fm, "  pro")
	if _, ok := got["project_slug"]; !ok {
		t.Errorf("project_slug not offered under tracker: %v", got)
	}
	fm = strings.Replace(text, "tracker:\n", "pol\ntracker:\n", 1)
	got = complete(fm, "\npol")
	if _, ok := got["polling"]; !ok {
		t.Errorf("polling not offered at the top level")
	}
}

func TestContextSchemaOption(t *testing.T) {
	dir := fixture(t, "symphony")
	schema := filepath.Join(dir, "extra.json")
	writeFile(t, schema, `{"type":"object","properties":{"repo":{"type":"object","properties":{"name":{"type":"string","description":"Repository name."}}}}}`)
	c := start(t, nil, map[string]any{"contextSchema": schema})
	f := filepath.Join(dir, "loose.liquid")
	text := "{{ repo. }}{{ repo.nme }}"
	c.open(f, text)
	p := c.waitFor(f, hasCode("unknown_property"))
	if len(p.Diagnostics) != 2 || p.Diagnostics[0].Code != "syntax_error" || !strings.Contains(p.Diagnostics[1].Message, `Did you mean "repo.name"?`) {
		t.Errorf("%+v", p.Diagnostics) // "{{ repo. }}" is incomplete, "repo.nme" misspelt
	}
	var l completionList
	c.call("textDocument/completion", docPos(f, posOf(t, text, "{{ repo.", 0)), &l)
	if it, ok := labels(l.Items)["name"]; !ok || it.Documentation == nil || it.Documentation.Value != "Repository name." {
		t.Errorf("completion: %+v", l.Items)
	}
}

func TestHover(t *testing.T) {
	dir := fixture(t, "shea")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, ".shea/workflows/shea.md")
	team := filepath.Join(dir, ".shea/team/main-agent.md")
	text := read(t, team) + "{{ issue.title | truncate: 5 }}\n"
	c.open(wf, read(t, wf))
	c.open(team, text)
	c.waitFor(team, func(p publishDiagnosticsParams) bool { return p.Version != nil })
	hoverAt := func(path string, p Position) string {
		t.Helper()
		var h *hover
		c.call("textDocument/hover", docPos(path, p), &h)
		if h == nil {
			return ""
		}
		return h.Contents.Value
	}
	if got := hoverAt(team, posOf(t, text, "issue.ti", 0)); !strings.Contains(got, "**issue.title**: `string`") || !strings.Contains(got, "Declared by the shea profile at `https://shea.dev/schemas/shea-") {
		t.Errorf("field hover: %q", got)
	}
	text2 := text + "{% for c in issue.comments %}{{ c.author }}{% endfor %}\n"
	c.change(team, 2, text2)
	if got := hoverAt(team, posOf(t, text2, "c.aut", 0)); !strings.Contains(got, "**c.author**: `string`") || !strings.Contains(got, "Declared by the workflow (template_context.schema) at `") {
		t.Errorf("declared field hover: %q", got)
	}
	if got := hoverAt(team, posOf(t, text, "| trun", 0)); got != "`filter truncate: 0 to 2 arguments`" {
		t.Errorf("filter hover: %q", got)
	}
	got := hoverAt(team, posOf(t, text, "## Rul", 0))
	for _, w := range []string{"**## Rules**", "lane `main_agent`", "**workspace** layer", "**protected**"} {
		if !strings.Contains(got, w) {
			t.Errorf("section hover lacks %q: %q", w, got)
		}
	}
	if got := hoverAt(wf, posOf(t, read(t, wf), "  wor", 0)); !strings.Contains(got, "**composition.workspace**") {
		t.Errorf("front matter hover: %q", got)
	}
}

func TestDefinitionAndLinks(t *testing.T) {
	dir := fixture(t, "symphony")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	text := read(t, wf)
	c.open(wf, text)
	c.waitFor(wf, hasCode("unknown_filter"))
	var locs []Location
	c.call("textDocument/definition", docPos(wf, posOf(t, text, "render 'foo", 0)), &locs)
	if len(locs) != 1 || locs[0].URI != pathToURI(filepath.Join(dir, "footer.liquid")) {
		t.Errorf("partial definition: %+v", locs)
	}
	locs = nil
	c.call("textDocument/definition", docPos(wf, posOf(t, text, "{{ c.aut", 0)), &locs)
	want := posOf(t, text, "{% for ", 0)
	if len(locs) != 1 || locs[0].Range.Start != want {
		t.Errorf("local definition: %+v, want %+v", locs, want)
	}
	var links []documentLink
	c.call("textDocument/documentLink", map[string]any{"textDocument": map[string]any{"uri": pathToURI(wf)}}, &links)
	if len(links) != 1 || links[0].Target != pathToURI(filepath.Join(dir, "footer.liquid")) {
		t.Errorf("links: %+v", links)
	}
	// the shea workflow's front matter names its prompt files
	sdir := fixture(t, "shea")
	swf := filepath.Join(sdir, ".shea/workflows/shea.md")
	c.open(swf, read(t, swf))
	links = nil
	c.call("textDocument/documentLink", map[string]any{"textDocument": map[string]any{"uri": pathToURI(swf)}}, &links)
	var targets []string
	for _, l := range links {
		targets = append(targets, strings.TrimPrefix(l.Target, pathToURI(sdir)))
	}
	wantT := []string{"/.shea/prompts/main-agent.md", "/.shea/prompts/review-agent.md", "/.shea/prompts/merge-agent.md", "/.shea/team"}
	if strings.Join(targets, " ") != strings.Join(wantT, " ") {
		t.Errorf("links %v, want %v", targets, wantT)
	}
}

func TestCodeActions(t *testing.T) {
	dir := fixture(t, "symphony")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	text := read(t, wf)
	c.open(wf, text)
	p := c.waitFor(wf, hasCode("unknown_filter"))
	var acts []codeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(wf)},
		"range": rng(0, 0, 30, 0), "context": map[string]any{"diagnostics": p.Diagnostics}}, &acts)
	var got []string
	for _, a := range acts {
		for _, e := range a.Edit.Changes[pathToURI(wf)] {
			got = append(got, a.Title+" => "+e.NewText)
		}
	}
	want := []string{
		`Change to "project_slug" => project_slug`,
		"Disable unknown_config_key warnings in this workflow (shea: {disable: [unknown_config_key]}) => shea:\n  disable: [unknown_config_key]\n",
		`Change to "issue.title" => issue.title`,
		`Change to "upcase" => upcase`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// the disable edit goes before the closing ---
	for _, a := range acts {
		if strings.HasPrefix(a.Title, "Disable") {
			if e := a.Edit.Changes[pathToURI(wf)][0]; e.Range.Start != (Position{Line: 18}) {
				t.Errorf("disable edit at %+v", e.Range)
			}
		}
	}
}

func TestReplacementAndDisableEdit(t *testing.T) {
	for _, tc := range []struct{ old, sugg, want string }{
		{"issue.titel", "issue.title", "issue.title"},
		{"isue.id", "issue", "issue.id"},
		{"issue.titel.size", "issue.title", "issue.title.size"},
		{"upcse", "upcase", "upcase"},
	} {
		if got := replacement(tc.old, tc.sugg); got != tc.want {
			t.Errorf("replacement(%q, %q) = %q, want %q", tc.old, tc.sugg, got, tc.want)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"no front matter\n", "---\nshea:\n  disable: [x_code]\n---\n@0:0"},
		{"---\na: 1\n---\nbody\n", "shea:\n  disable: [x_code]\n@2:0"},
		{"---\nshea:\n  disable: [other]\n---\n", ", x_code@2:17"},
		{"---\nshea:\n  disable: []\n---\n", "x_code@2:12"},
		{"---\nshea:\n  disable:\n    - other\nb: 1\n---\n", "    - x_code\n@4:0"},
		{"---\nshea:\n  other: 1\n---\n", "  disable: [x_code]\n@2:0"},
	} {
		e, ok := disableEdit(tc.text, "x_code", encUTF16, false)
		got := e.NewText + "@" + itoa(e.Range.Start.Line) + ":" + itoa(e.Range.Start.Character)
		if !ok || got != tc.want {
			t.Errorf("disableEdit(%q) = %q, %v; want %q", tc.text, got, ok, tc.want)
		}
	}
	if _, ok := disableEdit("---\nshea:\n  disable: [x_code]\n---\n", "x_code", encUTF16, false); ok {
		t.Error("a listed code is added again")
	}
}

func TestSymbols(t *testing.T) {
	dir := fixture(t, "shea")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, ".shea/workflows/shea.md")
	team := filepath.Join(dir, ".shea/team/main-agent.md")
	c.open(wf, read(t, wf))
	c.open(team, read(t, team)+"```\n## not a heading\n```\n")
	c.waitFor(team, func(p publishDiagnosticsParams) bool { return p.Version != nil })
	var syms []documentSymbol
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": pathToURI(team)}}, &syms)
	var got []string
	for _, s := range syms {
		got = append(got, s.Name+" ["+s.Detail+"] "+itoa(s.Range.Start.Line)+"-"+itoa(s.Range.End.Line))
	}
	want := []string{
		"Rules [main_agent: replace, text from the workspace layer, protected] 4-7", // the workspace file replaces the core one
		"Style [main_agent: append, text from the workspace layer] 8-13",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("symbols:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A partial completes with the inputs of the lane that renders it: the
// workflow's declared fields included, with or without diagnostics.
func TestPartialCompletesWithLaneInputs(t *testing.T) {
	dir := fixture(t, "shea")
	c := start(t, nil, nil)
	partial := filepath.Join(dir, ".shea/team/checklist.md")
	for v, text := range []string{read(t, partial) + "{{ issue.identifier }}\n", read(t, partial) + "{{ issue.nope }}{{ issue. }}\n"} {
		if v == 0 {
			c.open(partial, text)
		} else {
			c.change(partial, v+1, text)
		}
		c.waitFor(partial, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == v+1 })
		var l completionList
		c.call("textDocument/completion", docPos(partial, posOf(t, text, "{{ issue.", 0)), &l)
		if _, ok := labels(l.Items)["comments"]; !ok {
			t.Errorf("text %d: comments not offered: %d items", v, len(l.Items))
		}
	}
}

// The did-you-mean of a variable and of a tag are quick fixes too, and a
// local's definition is its assign.
func TestVariableAndTagFixes(t *testing.T) {
	dir := canonical(t.TempDir())
	writeFile(t, filepath.Join(dir, ".git"), "gitdir: elsewhere\n")
	f := filepath.Join(dir, "p.liquid")
	text := "{% assign who = issue.title %}{{ isue.id }}{% iff true %}{% endif %}{{ who }}"
	c := start(t, nil, nil)
	c.open(f, text)
	p := c.waitFor(f, hasCode("unknown_tag"))
	var acts []codeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(f)},
		"range": rng(0, 0, 0, 99), "context": map[string]any{"diagnostics": p.Diagnostics}}, &acts)
	var got []string
	for _, a := range acts {
		got = append(got, a.Title+" => "+a.Edit.Changes[pathToURI(f)][0].NewText)
	}
	want := []string{`Change to "issue" => issue.id`, `Change to "if" => if`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions %q, want %q", got, want)
	}
	var locs []Location
	c.call("textDocument/definition", docPos(f, posOf(t, text, "{{ wh", 0)), &locs)
	if len(locs) != 1 || locs[0].Range != rng(0, 10, 0, 13) {
		t.Errorf("definition of who: %+v", locs)
	}
}
