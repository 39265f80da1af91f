package lsp

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workflows"
)

// view is one document as the language features see it: its text, the
// converter for the client's encoding, and what the last check learned.
type view struct {
	path string
	uri  string
	text string
	conv *converter
	info *fileInfo
}

// viewOf returns the view of a document: the open buffer, else the file.
func (s *Server) viewOf(uri string) (*view, bool) {
	path, ok := uriToPath(uri)
	if !ok {
		return nil, false
	}
	v := &view{path: path, uri: uri}
	if d, ok := s.docs.get(path); ok {
		v.text = d.text
		v.conv = newBufferConverter(v.text, s.encoding())
	} else if b, err := fsroot.ReadPath(path, MaxDocumentBytes); err == nil {
		v.text = string(b)
		v.conv = newConverter(v.text, s.encoding())
	} else {
		return nil, false
	}
	s.checker.mu.Lock()
	v.info = s.checker.infos[path]
	s.checker.mu.Unlock()
	if v.info == nil {
		v.info = &fileInfo{schema: s.checker.standaloneSchema()}
	}
	return v, true
}

func (c *checker) standaloneSchema() *strict.Schema {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.standalone
}

// dialect is the profile whose front matter keys a file has.
func (v *view) dialect() string {
	if v.info.workflow != nil && v.info.workflow.Profile != "" {
		return v.info.workflow.Profile
	}
	if isWorkflowName(v.path) && strings.Contains(v.path, "/.shea/") {
		return workflows.ProfileShea
	}
	return workflows.ProfileSymphony
}

// inFrontMatter reports whether off lies in the file's front matter (of a
// workflow file).
func (v *view) inFrontMatter(off int) bool {
	if !isWorkflowName(v.path) && (v.info.workflow == nil || canonical(v.info.workflow.Path) != v.path) {
		return false
	}
	end := frontMatterEnd(v.text)
	return end >= 0 && off < end && off > 3
}

// configSchemas holds each profile's front matter schema, compiled once.
var configSchemas sync.Map // profile → *strict.Schema

func configSchema(dialect string) *strict.Schema {
	if s, ok := configSchemas.Load(dialect); ok {
		return s.(*strict.Schema)
	}
	b, err := workflows.ConfigSchema(dialect)
	if err != nil {
		return nil
	}
	s, err := strict.CompileSchema("https://shea.dev/schemas/"+dialect+"-config.json", b, nil)
	if err != nil {
		return nil
	}
	configSchemas.Store(dialect, s)
	return s
}

// completion answers textDocument/completion. Its items are a list, empty
// when there is nothing to offer, never null (Neovim 0.7 fails on null).
func (s *Server) completion(p textDocumentPositionParams) completionList {
	out := s.complete(p)
	if out.Items == nil {
		out.Items = []CompletionItem{}
	}
	return out
}

func (s *Server) complete(p textDocumentPositionParams) completionList {
	var out completionList
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok {
		return out
	}
	off := v.conv.offset(p.Position)
	if v.inFrontMatter(off) {
		out.Items = frontMatterCompletions(v, off)
		return out
	}
	kind, start, ok := markup(v.text, off)
	if !ok {
		return out
	}
	inner := v.text[start:off]
	trimmed := strings.TrimLeft(inner, " \t\r\n")
	// a tag name
	if kind == "{%" && !strings.ContainsAny(trimmed, " \t\r\n") && isIdent(trimmed) {
		for _, name := range strict.TagNames() {
			if name == "#" {
				continue
			}
			out.Items = append(out.Items, CompletionItem{Label: name, Kind: kindKeyword, Detail: "tag"})
		}
		for _, name := range []string{"else", "elsif", "when", "endif", "endfor", "endunless", "endcase", "endcapture", "endcomment", "endraw", "endtablerow"} {
			out.Items = append(out.Items, CompletionItem{Label: name, Kind: kindKeyword, Detail: "tag"})
		}
		return out
	}
	// a filter after |
	if i := strings.LastIndex(inner, "|"); i >= 0 {
		after := strings.TrimLeft(inner[i+1:], " ")
		if isIdent(after) {
			out.Items = filterCompletions()
			return out
		}
	}
	typed := pathBefore(v.text, off)
	segs := splitPath(typed)
	if strings.HasSuffix(typed, ".") || typed == "" {
		segs = append(segs, "")
	}
	ls := locals(v.text[:off])
	if len(segs) <= 1 {
		out.Items = variableCompletions(v.info.schema, ls)
		return out
	}
	parent := segs[:len(segs)-1]
	if parent[0] == "forloop" || parent[0] == "tablerowloop" {
		for _, f := range forloopFields {
			out.Items = append(out.Items, CompletionItem{Label: f, Kind: kindProperty, Detail: parent[0] + " property"})
		}
		return out
	}
	for _, f := range v.info.schema.Fields(schemaPath(parent, ls)) {
		out.Items = append(out.Items, fieldItem(f))
	}
	return out
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

// typeText shows a field's types: "string | null", "array of object".
func typeText(f strict.Field) string {
	if len(f.Types) == 0 {
		return "any"
	}
	var parts []string
	for _, t := range f.Types {
		if t == "array" && len(f.ItemTypes) > 0 {
			t = "array of " + strings.Join(f.ItemTypes, " | ")
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " | ")
}

func fieldItem(f strict.Field) CompletionItem {
	it := CompletionItem{Label: f.Name, Kind: kindField, Detail: typeText(f)}
	if f.Description != "" {
		it.Documentation = &markupContent{Kind: "markdown", Value: f.Description}
	}
	return it
}

func variableCompletions(schema *strict.Schema, ls []local) []CompletionItem {
	var items []CompletionItem
	for _, f := range schema.Fields(nil) {
		it := fieldItem(f)
		it.Kind = kindVariable
		items = append(items, it)
	}
	seen := map[string]bool{}
	for i := len(ls) - 1; i >= 0; i-- {
		l := ls[i]
		if seen[l.name] {
			continue
		}
		seen[l.name] = true
		items = append(items, CompletionItem{Label: l.name, Kind: kindVariable, Detail: "local (" + l.kind + ")"})
		if l.kind == "for" && !seen["forloop"] {
			seen["forloop"] = true
			items = append(items, CompletionItem{Label: "forloop", Kind: kindVariable, Detail: "loop state"})
		}
	}
	return items
}

func filterCompletions() []CompletionItem {
	sigs := strict.StandardFilters()
	names := make([]string, 0, len(sigs))
	for n := range sigs {
		names = append(names, n)
	}
	sort.Strings(names)
	items := make([]CompletionItem, 0, len(names))
	for _, n := range names {
		items = append(items, CompletionItem{Label: n, Kind: kindFunction, Detail: filterSignature(n, sigs[n])})
	}
	return items
}

// filterSignature shows a filter's arity: "truncate: 0 to 2 arguments".
func filterSignature(name string, sig strict.FilterSig) string {
	var args string
	switch {
	case sig.Max < 0:
		args = fmt.Sprintf("%d or more arguments", sig.Min)
	case sig.Min == sig.Max && sig.Min == 0:
		args = "no arguments"
	case sig.Min == sig.Max && sig.Min == 1:
		args = "1 argument"
	case sig.Min == sig.Max:
		args = fmt.Sprintf("%d arguments", sig.Min)
	default:
		args = fmt.Sprintf("%d to %d arguments", sig.Min, sig.Max)
	}
	if len(sig.Keywords) > 0 {
		args += "; keywords: " + strings.Join(sig.Keywords, ", ")
	}
	return "filter " + name + ": " + args
}

func frontMatterCompletions(v *view, off int) []CompletionItem {
	line := v.text[strings.LastIndexByte(v.text[:off], '\n')+1 : off]
	if strings.Contains(line, ":") {
		return nil // a value, not a key
	}
	parents, _ := yamlKeyPath(v.text, off)
	var items []CompletionItem
	for _, f := range configSchema(v.dialect()).Fields(parents) {
		it := fieldItem(f)
		it.Kind = kindProperty
		items = append(items, it)
	}
	return items
}

// extraSchema compiles a --context-schema equivalent for the profile.
var _ = profile.Extend
