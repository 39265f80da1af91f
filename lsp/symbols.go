package lsp

import (
	"strings"
)

// symbols lists the "##" sections of a Markdown prompt, outside code
// fences, each ending where the next begins; for a layer file of a composed
// lane, each names the layer its text came from and how it was merged.
func (s *Server) symbols(uri string) []documentSymbol {
	out := []documentSymbol{}
	v, ok := s.viewOf(uri)
	if !ok {
		return out
	}
	var secs []laneSection
	if v.info.workflow != nil {
		secs = sectionsOf(v.info.workflow, v.path)
	}
	starts := v.conv.starts
	fence := ""
	type open struct {
		name, detail string
		line         int
	}
	var heads []open
	for i := range starts {
		l := lineText(v.text, starts, i)
		t := strings.TrimLeft(l, " ")
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			switch {
			case fence == "":
				fence = t[:3]
			case strings.HasPrefix(t, fence):
				fence = ""
			}
			continue
		}
		if fence != "" || !strings.HasPrefix(l, "## ") {
			continue
		}
		name := strings.TrimSpace(l[3:])
		detail := ""
		for _, sec := range secs {
			if sec.info.Heading == name || sec.info.Heading == strings.TrimPrefix(name, "Override: ") {
				detail = sec.lane + ": " + string(sec.info.Merge) + ", text from the " + sec.info.Origin.Layer + " layer"
				if sec.info.Protected {
					detail += ", protected"
				}
				break
			}
		}
		heads = append(heads, open{name, detail, i})
	}
	for k, h := range heads {
		endLine := len(starts) - 1
		if k+1 < len(heads) {
			endLine = heads[k+1].line - 1
		}
		endPos := Position{Line: endLine, Character: units(lineText(v.text, starts, endLine), v.conv.enc)}
		if endLine < h.line {
			endPos = Position{Line: h.line}
		}
		headEnd := Position{Line: h.line, Character: units(lineText(v.text, starts, h.line), v.conv.enc)}
		out = append(out, documentSymbol{
			Name:           h.name,
			Detail:         h.detail,
			Kind:           15,
			Range:          Range{Start: Position{Line: h.line}, End: endPos},
			SelectionRange: Range{Start: Position{Line: h.line}, End: headEnd},
		})
	}
	return out
}
