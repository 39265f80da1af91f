package lsp

import (
	"regexp"
	"slices"
	"strings"

	"github.com/sheaproject/shea/internal/fsroot"
)

var didYouMean = regexp.MustCompile(`Did you mean "([^"]+)"\?`)

// codeActions offers, for the diagnostics in the request's context, each
// did-you-mean as a quick fix, and for a warning the workflow setting that
// turns its code off (shea: {disable: [code]}).
func (s *Server) codeActions(p codeActionParams) []codeAction {
	out := []codeAction{}
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok {
		return out
	}
	disabled := map[string]bool{}
	for _, d := range p.Context.Diagnostics {
		if d.Source != "" && d.Source != "shea" {
			continue
		}
		var sugg []string
		if d.Data != nil {
			sugg = d.Data.Suggestions
		}
		if len(sugg) == 0 {
			for _, m := range didYouMean.FindAllStringSubmatch(d.Message, -1) {
				sugg = append(sugg, m[1])
			}
		}
		a, b := v.conv.offset(d.Range.Start), v.conv.offset(d.Range.End)
		if a > b || b > len(v.text) {
			continue
		}
		old := v.text[a:b]
		for i, sg := range sugg {
			out = append(out, codeAction{
				Title:       "Change to \"" + sg + "\"",
				Kind:        "quickfix",
				Diagnostics: []Diagnostic{d},
				IsPreferred: i == 0 && len(sugg) == 1,
				Edit:        workspaceEdit{Changes: map[string][]textEdit{v.uri: {{Range: d.Range, NewText: replacement(old, sg)}}}},
			})
		}
		if d.Severity == 2 && d.Code != "" && !disabled[d.Code] {
			if act, ok := s.disableAction(v, d); ok {
				disabled[d.Code] = true
				out = append(out, act)
			}
		}
	}
	return out
}

// replacement is the text that puts a suggestion in place of what a
// diagnostic's range holds: a suggested path ("issue.title") replaces as
// many segments as it has ("issue.titel.size" → "issue.title.size").
func replacement(old, suggestion string) string {
	if !strings.Contains(old, ".") {
		return suggestion
	}
	n := strings.Count(suggestion, ".") + 1
	segs := strings.SplitN(old, ".", n+1)
	if len(segs) <= n {
		return suggestion
	}
	return suggestion + "." + segs[n]
}

// disableAction adds a warning's code to shea.disable in the front matter
// of the workflow the file belongs to.
func (s *Server) disableAction(v *view, d Diagnostic) (codeAction, bool) {
	wpath := v.path
	if !isWorkflowName(v.path) {
		if v.info.workflow == nil {
			return codeAction{}, false
		}
		wpath = canonical(v.info.workflow.Path)
	}
	text := ""
	uri := pathToURI(wpath)
	if doc, ok := s.docs.get(wpath); ok {
		text, uri = doc.text, doc.uri
	} else if b, err := fsroot.ReadPath(wpath, MaxDocumentBytes); err == nil {
		text = string(b)
	} else {
		return codeAction{}, false
	}
	_, open := s.docs.get(wpath)
	edit, ok := disableEdit(text, d.Code, s.encoding(), open)
	if !ok {
		return codeAction{}, false
	}
	return codeAction{
		Title:       "Disable " + d.Code + " warnings in this workflow (shea: {disable: [" + d.Code + "]})",
		Kind:        "quickfix",
		Diagnostics: []Diagnostic{d},
		Edit:        workspaceEdit{Changes: map[string][]textEdit{uri: {edit}}},
	}, true
}

var flowList = regexp.MustCompile(`^(\s*disable:\s*\[)([^\]]*)\]`)

// disableEdit is the edit that adds code to shea.disable in a workflow's
// text (a client's buffer, or a file read from disk); ok is false when
// it is listed already.
func disableEdit(text, code, enc string, buffer bool) (textEdit, bool) {
	conv := newConverter(text, enc)
	if buffer {
		conv = newBufferConverter(text, enc)
	}
	starts := conv.starts
	insert := func(off int, s string) textEdit {
		p := conv.at(off)
		return textEdit{Range: Range{Start: p, End: p}, NewText: s}
	}
	nl := "\n"
	if strings.Contains(text, "\r\n") {
		nl = "\r\n"
	}
	end := frontMatterEnd(text)
	if end < 0 {
		return insert(0, "---"+nl+"shea:"+nl+"  disable: ["+code+"]"+nl+"---"+nl), true
	}
	endLine := conv.at(end).Line
	shea := -1
	for i := 1; i < endLine; i++ {
		if strings.HasPrefix(strings.TrimRight(lineText(text, starts, i), " "), "shea:") {
			shea = i
			break
		}
	}
	if shea < 0 {
		return insert(end, "shea:"+nl+"  disable: ["+code+"]"+nl), true
	}
	for i := shea + 1; i < endLine; i++ {
		l := lineText(text, starts, i)
		if l != "" && l[0] != ' ' && l[0] != '\t' {
			break // the next top-level key
		}
		if m := flowList.FindStringSubmatchIndex(l); m != nil {
			items := strings.Split(l[m[4]:m[5]], ",")
			for _, it := range items {
				if strings.Trim(strings.TrimSpace(it), `"'`) == code {
					return textEdit{}, false
				}
			}
			sep := ", "
			if strings.TrimSpace(l[m[4]:m[5]]) == "" {
				sep = ""
			}
			return insert(starts[i]+m[5], sep+code), true
		}
		if strings.TrimSpace(l) == "disable:" {
			indent := strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " "))+2)
			var listed []string
			j := i + 1
			for ; j < endLine; j++ {
				item := strings.TrimSpace(lineText(text, starts, j))
				if !strings.HasPrefix(item, "- ") {
					break
				}
				listed = append(listed, strings.Trim(strings.TrimPrefix(item, "- "), `"' `))
			}
			if slices.Contains(listed, code) {
				return textEdit{}, false
			}
			return insert(starts[j], indent+"- "+code+nl), true
		}
	}
	return insert(starts[shea+1], "  disable: ["+code+"]"+nl), true
}
