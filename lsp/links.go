package lsp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/workflows"
)

// definition answers go-to-definition: a partial's file from its name in
// include or render, a file a front matter value names, and a local name's
// binding (its assign, capture or for).
func (s *Server) definition(p textDocumentPositionParams) []Location {
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	off := v.conv.offset(p.Position)
	for _, l := range s.links(v) {
		a, b := v.conv.offset(l.Range.Start), v.conv.offset(l.Range.End)
		if off >= a && off <= b {
			return []Location{{URI: l.Target, Range: Range{}}}
		}
	}
	if _, _, ok := markup(v.text, off); !ok {
		return nil
	}
	word, at := wordAt(v.text, off)
	segs := splitPath(word)
	if len(segs) == 0 {
		return nil
	}
	if l, ok := findLocal(locals(v.text[:at]), segs[0]); ok {
		return []Location{{URI: v.uri, Range: Range{Start: v.conv.at(l.at), End: v.conv.at(l.at + len(l.name))}}}
	}
	return nil
}

func (s *Server) documentLinks(uri string) []documentLink {
	v, ok := s.viewOf(uri)
	if !ok {
		return []documentLink{}
	}
	out := s.links(v)
	if out == nil {
		out = []documentLink{}
	}
	return out
}

var (
	// a "key: value" line of front matter
	yamlValue = regexp.MustCompile(`(?m)^[ \t-]*[\w.-]+:[ \t]+(["']?)([^"'#\r\n]+?)(["']?)[ \t]*(?:#.*)?$`)
	// a list item "- value"
	yamlItem = regexp.MustCompile(`(?m)^[ \t]*-[ \t]+(["']?)([^"'#:\r\n]+?)(["']?)[ \t]*$`)
	// the name of an include or render tag
	partialName = regexp.MustCompile(`\{%-?\s*(?:render|include)\s+(['"])([^'"]+)['"]`)
)

// links finds the document links of a file: the files its front matter
// names (workflow files) and the partials its templates render.
func (s *Server) links(v *view) []documentLink {
	var out []documentLink
	dir := filepath.Dir(v.path)
	if end := frontMatterEnd(v.text); end > 0 && (isWorkflowName(v.path) || v.info.workflow != nil) {
		fm := v.text[:end]
		for _, re := range []*regexp.Regexp{yamlValue, yamlItem} {
			for _, m := range re.FindAllStringSubmatchIndex(fm, -1) {
				val := fm[m[4]:m[5]]
				if !looksLikePath(val) {
					continue
				}
				target := filepath.Join(dir, filepath.FromSlash(val))
				if st, err := os.Stat(target); err != nil || !st.Mode().IsRegular() && !st.IsDir() {
					continue
				}
				out = append(out, documentLink{
					Range:   Range{Start: v.conv.at(m[4]), End: v.conv.at(m[5])},
					Target:  pathToURI(canonical(target)),
					Tooltip: "open " + val,
				})
			}
		}
	}
	type resolved struct {
		target string
		ok     bool
	}
	seen := map[string]resolved{} // each name looked up once, however often it is rendered
	for _, m := range partialName.FindAllStringSubmatchIndex(v.text, -1) {
		name := v.text[m[4]:m[5]]
		r, done := seen[name]
		if !done {
			r.target, r.ok = s.resolvePartial(v, name)
			seen[name] = r
		}
		target, ok := r.target, r.ok
		if !ok {
			continue
		}
		out = append(out, documentLink{
			Range:   Range{Start: v.conv.at(m[4]), End: v.conv.at(m[5])},
			Target:  pathToURI(target),
			Tooltip: "partial " + name,
		})
	}
	return out
}

// looksLikePath reports whether a front matter value names a file or a
// directory: it has a slash or a file extension shea reads.
func looksLikePath(v string) bool {
	if strings.HasPrefix(v, "$") || strings.HasPrefix(v, "~") || strings.Contains(v, "://") {
		return false
	}
	if strings.Contains(v, "/") {
		return true
	}
	switch filepath.Ext(v) {
	case ".md", ".json", ".liquid", ".yaml", ".yml", ".txt":
		return true
	}
	return false
}

// resolvePartial finds a partial's file as the workflow looks it up: in
// the layers of its composed lanes (highest first), next to the workflow,
// and next to the file.
func (s *Server) resolvePartial(v *view, name string) (string, bool) {
	if !partials.Valid(name) {
		return "", false
	}
	var dirs []string
	if w := v.info.workflow; w != nil {
		for _, lane := range workflows.Lanes(w.Profile) {
			if ls, err := w.LaneSource(lane); err == nil {
				for i := len(ls.Layers) - 1; i >= 0; i-- {
					if d := ls.Layers[i].Dir; !strings.HasPrefix(d, "<") {
						dirs = append(dirs, d)
					}
				}
			}
		}
		dirs = append(dirs, filepath.Dir(w.Path))
	}
	dirs = append(dirs, filepath.Dir(v.path))
	for _, d := range dirs {
		for _, c := range partials.Candidates(name) {
			p := filepath.Join(d, filepath.FromSlash(c))
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return canonical(p), true
			}
		}
	}
	return "", false
}
