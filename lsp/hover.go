package lsp

import (
	"fmt"
	"strings"

	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workflows"
)

func (s *Server) hover(p textDocumentPositionParams) *hover {
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	off := v.conv.offset(p.Position)
	if v.inFrontMatter(off) {
		return frontMatterHover(v, off)
	}
	if h := sectionHover(v, p.Position.Line); h != nil {
		return h
	}
	kind, start, ok := markupAround(v.text, off)
	if !ok {
		return nil
	}
	word, at := wordAt(v.text, off)
	if word == "" {
		return nil
	}
	if at < start { // "{%-" read as a word
		return nil
	}
	rng := &Range{Start: v.conv.at(at), End: v.conv.at(at + len(word))}
	before := strings.TrimRight(v.text[start:at], " \t")
	if strings.HasSuffix(before, "|") {
		if sig, ok := strict.StandardFilters()[word]; ok {
			return &hover{Contents: markdown("`" + filterSignature(word, sig) + "`"), Range: rng}
		}
		return nil
	}
	if kind == "{%" && strings.TrimLeft(before, "- \t\r\n") == "" {
		return &hover{Contents: markdown("Liquid tag `" + word + "`"), Range: rng}
	}
	// the path up to the segment under the cursor
	end := off
	for end < len(v.text) && isIdentChar(v.text[end]) {
		end++
	}
	segs := splitPath(v.text[at:end])
	if len(segs) == 0 {
		return nil
	}
	ls := locals(v.text[:at])
	if l, ok := findLocal(ls, segs[0]); ok && len(segs) == 1 {
		line := v.conv.at(l.at).Line + 1
		text := fmt.Sprintf("**%s**: local, bound by `%s` on line %d", segs[0], l.kind, line)
		if l.from != "" {
			text += " from `" + l.from + "`"
		}
		return &hover{Contents: markdown(text), Range: rng}
	}
	path := schemaPath(segs, ls)
	f, ok := v.info.schema.Lookup(path)
	if !ok {
		return nil
	}
	f.Location = declaredWhere(v, path, f.Location)
	return &hover{Contents: markdown(fieldText(strings.Join(segs, "."), f)), Range: rng}
}

// declaredWhere says where a field is declared: by the profile (its own
// schema's location), or by the workflow or contextSchema, whose fields
// are merged into a schema of their own.
func declaredWhere(v *view, path []string, merged string) string {
	if v.info.workpad != "" {
		return "by the workpad template " + v.info.workpad + "'s values"
	}
	base, err := profile.LaneContext(v.dialect())
	if err == nil {
		if f, ok := base.Lookup(path); ok && f.Location != "" {
			return "by the " + v.dialect() + " profile at `" + f.Location + "`"
		}
	}
	if v.info.workflow != nil {
		return "by the workflow (template_context.schema) at `" + merged + "`"
	}
	return "by contextSchema at `" + merged + "`"
}

// markupAround is markup for hover: the cursor may sit inside a closed
// tag.
func markupAround(text string, off int) (string, int, bool) {
	return markup(text, off)
}

func markdown(s string) markupContent { return markupContent{Kind: "markdown", Value: s} }

// fieldText describes a declared field: type, description, declaration.
func fieldText(name string, f strict.Field) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: `%s`", name, typeText(f))
	if f.Description != "" {
		b.WriteString("\n\n" + f.Description)
	}
	if f.Location != "" {
		b.WriteString("\n\nDeclared " + f.Location)
	}
	return b.String()
}

func frontMatterHover(v *view, off int) *hover {
	parents, key := yamlKeyPath(v.text, off)
	key = strings.TrimSpace(key)
	if key == "" {
		return nil
	}
	f, ok := configSchema(v.dialect()).Lookup(append(parents, key))
	if !ok {
		return nil
	}
	f.Location = "in the " + v.dialect() + " front matter schema at `" + f.Location + "`"
	return &hover{Contents: markdown(fieldText(strings.Join(append(parents, key), "."), f))}
}

// sectionHover explains a "##" section of a layer file of a composed lane:
// where its text came from and what the layers did to it (shea render
// --explain's view).
func sectionHover(v *view, line int) *hover {
	starts := lineStarts(v.text)
	text := lineText(v.text, starts, line)
	if !strings.HasPrefix(text, "## ") || v.info.workflow == nil {
		return nil
	}
	heading := strings.TrimSpace(strings.TrimPrefix(text, "## "))
	for _, sec := range sectionsOf(v.info.workflow, v.path) {
		if sec.info.Heading != heading && strings.TrimPrefix(heading, "Override: ") != sec.info.Heading {
			continue
		}
		return &hover{Contents: markdown(explainSection(sec.lane, sec.info))}
	}
	return nil
}

type laneSection struct {
	lane string
	info lanes.SectionInfo
}

// sectionsOf returns the sections of the workflow's composed lanes that a
// file acted on.
func sectionsOf(w *workflows.Workflow, path string) []laneSection {
	var out []laneSection
	for _, lane := range workflows.Lanes(w.Profile) {
		ls, err := w.LaneSource(lane)
		if err != nil || ls.Kind != workflows.SourceComposed {
			continue
		}
		for _, s := range append(append([]lanes.SectionInfo(nil), ls.Sections...), ls.TurnSections...) {
			for _, st := range s.Steps {
				if !strings.HasPrefix(st.File, "<") && canonical(st.File) == path {
					out = append(out, laneSection{lane, s})
					break
				}
			}
		}
	}
	return out
}

// explainSection is the hover text of a composed section.
func explainSection(lane string, s lanes.SectionInfo) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**## %s** — %s %s of lane `%s`\n\n", s.Heading, s.Part, s.PartName, lane)
	fmt.Fprintf(&b, "merge: `%s`; text from the **%s** layer (%s:%d)", s.Merge, s.Origin.Layer, s.Origin.File, s.Origin.Line)
	if s.Protected {
		b.WriteString("\n\n**protected**: no higher layer may replace or remove it")
	}
	if len(s.Steps) > 0 {
		b.WriteString("\n\nlayers, lowest first:")
		for _, st := range s.Steps {
			fmt.Fprintf(&b, "\n- %s: %s (%s:%d)", st.Layer, st.Action, st.File, st.Line)
		}
	}
	return b.String()
}
