package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// nullInside returns the path of a JSON null inside v, a result decoded
// from JSON, or "" when it has none. A result may be null as a whole where
// LSP allows it (hover, definition), but a list or an object it holds is
// never null: Neovim 0.7 fails on completion items of null.
func nullInside(v any, path string) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				return path + "." + k
			}
			if p := nullInside(x, path+"."+k); p != "" {
				return p
			}
		}
	case []any:
		for i, x := range v {
			p := path + "[" + itoa(i) + "]"
			if x == nil {
				return p
			}
			if p := nullInside(x, p); p != "" {
				return p
			}
		}
	}
	return ""
}

// Every request answers, at every position of documents of each kind (a
// workflow with an unknown front matter key, a lane prompt, a partial),
// with a result of its type: a list where LSP asks for one, never null,
// and nothing null inside.
func TestResultsAreNeverNullWhereAListIsAsked(t *testing.T) {
	dir := fixture(t, "symphony")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	text := read(t, wf)
	// a blank line under a key no schema knows (completion answered
	// items: null there)
	text = strings.Replace(text, "template_context:", "bogus:\n  \ntemplate_context:", 1)
	footer := filepath.Join(dir, "footer.liquid")
	c.open(wf, text)
	c.open(footer, read(t, footer))
	c.waitFor(wf, hasCode("unknown_filter"))
	lists := map[string]bool{"textDocument/completion": true, "textDocument/documentLink": true,
		"textDocument/documentSymbol": true, "textDocument/codeAction": true}
	ask := func(method string, params any) {
		t.Helper()
		var raw json.RawMessage
		c.call(method, params, &raw)
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		if v == nil && lists[method] {
			t.Errorf("%s %v: null", method, params)
		}
		if method == "textDocument/completion" {
			if items := v.(map[string]any)["items"]; items == nil {
				t.Errorf("%s %v: items null", method, params)
			}
		}
		if p := nullInside(v, "result"); p != "" {
			t.Errorf("%s %v: null at %s", method, params, p)
		}
	}
	for _, path := range []string{wf, footer} {
		ask("textDocument/documentLink", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}})
		ask("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}})
		doc := text
		if path == footer {
			doc = read(t, footer)
		}
		for n, line := range strings.Split(doc, "\n") {
			for ch := 0; ch <= len([]rune(line)); ch++ {
				p := Position{Line: n, Character: ch}
				for _, m := range []string{"textDocument/completion", "textDocument/hover", "textDocument/definition"} {
					ask(m, docPos(path, p))
				}
				ask("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)},
					"range": Range{Start: p, End: p}, "context": map[string]any{"diagnostics": []any{}}})
			}
		}
	}
}
