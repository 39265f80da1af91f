package lanes

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Protected sections are proven on what renders, not only on the merged
// text: a higher layer that wraps a protected section in a Liquid comment
// ({% comment %} before it, {% endcomment %} after) keeps the section in
// the merged text and removes it from the prompt. Two checks close that:
//
//   - commentedProtected, at composition: a protected section that starts
//     inside a {% comment %} block is an error at the layer file that
//     opened the comment;
//   - CheckRendered, on every rendered prompt (validate's smoke renders):
//     each plain line of a protected section (no Liquid on it, outside
//     any Liquid block of the section) must appear in the output.

// liquidTag matches a Liquid tag's opening and its name.
var liquidTag = regexp.MustCompile(`\{%-?\s*([a-z_#]*)`)

// commentSpans returns the byte ranges of src covered by {% comment %}
// blocks (nested ones inside the outer), from the start of the opening
// tag to the end of the closing one (or of src when it is unclosed).
func commentSpans(src string) [][2]int {
	var spans [][2]int
	depth, start := 0, 0
	raw := false // inside {% raw %}: tags are text
	for _, m := range liquidTag.FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		if raw {
			raw = name != "endraw"
			continue
		}
		switch name {
		case "raw":
			raw = depth == 0
		case "comment":
			if depth == 0 {
				start = m[0]
			}
			depth++
		case "endcomment":
			if depth > 0 {
				depth--
				if depth == 0 {
					end := strings.Index(src[m[1]:], "%}")
					if end < 0 {
						end = len(src) - m[1]
					} else {
						end += 2
					}
					spans = append(spans, [2]int{start, m[1] + end})
				}
			}
		}
	}
	if depth > 0 {
		spans = append(spans, [2]int{start, len(src)})
	}
	return spans
}

// rangeAt returns the range of Source bytes [from, to), mapped to the
// layer file they came from.
func (c *Composed) rangeAt(from, to int) diag.Range {
	start := diag.StartPos.Advance(c.Source[:from])
	return c.Map.Range(diag.Range{Filename: c.Map.Name(), Start: start, End: start.Advance(c.Source[from:to])})
}

// commentedProtected reports each protected section that starts inside a
// {% comment %} block, at the tag that opened the block.
func (c *Composed) commentedProtected() diag.List {
	var l diag.List
	spans := commentSpans(c.Source)
	for _, s := range c.Sections {
		if !s.Protected {
			continue
		}
		for _, sp := range spans {
			if sp[0] <= s.Start && s.Start < sp[1] {
				open := sp[0] + strings.Index(c.Source[sp[0]:], "%}") + 2
				d := diag.Errorf(codes.ProtectedSectionOverride, c.rangeAt(sp[0], open),
					"this comment removes protected section %q from the rendered prompt", s.Heading)
				d.Detail = "A protected section's text must reach the prompt: no higher layer may comment it out. " +
					"Close the comment before the section's heading."
				d.Related = []diag.Related{{Message: "protected section", Range: c.rangeAt(s.Start, s.Start+len(firstLine(c.Source[s.Start:s.End])))}}
				l = append(l, d)
				break
			}
		}
	}
	return l
}

// CheckRendered reports each protected section of c whose plain lines do
// not all appear in out, a prompt rendered from c: protected_section_override
// errors at the first missing line.
func (c *Composed) CheckRendered(out string) diag.List {
	var l diag.List
	for _, s := range c.Sections {
		if !s.Protected {
			continue
		}
		for _, ln := range requiredLines(c.Source, s.Start, s.End) {
			text := strings.TrimSpace(c.Source[ln[0]:ln[1]])
			if strings.Contains(out, text) {
				continue
			}
			d := diag.Errorf(codes.ProtectedSectionOverride, c.rangeAt(ln[0], ln[1]),
				"protected section %q does not reach the rendered prompt: this line is missing from it", s.Heading)
			d.Detail = fmt.Sprintf("A protected section's text must appear in every prompt rendered from the lane; a higher layer (a comment, a condition or a capture around the section) removed %q.", text)
			l = append(l, d)
			break
		}
	}
	return l
}

// requiredLines returns the byte ranges of the lines of src[from:to] that
// must render as written: not blank, with no Liquid on them, and outside
// every Liquid block opened within the range.
func requiredLines(src string, from, to int) [][2]int {
	var out [][2]int
	depth := 0
	for i := from; i < to; {
		end := strings.IndexByte(src[i:to], '\n')
		if end < 0 {
			end = to
		} else {
			end += i
		}
		line := src[i:end]
		if !strings.Contains(line, "{{") && !strings.Contains(line, "{%") {
			if depth == 0 && strings.TrimSpace(line) != "" {
				out = append(out, [2]int{i, end})
			}
		}
		for _, m := range liquidTag.FindAllStringSubmatch(line, -1) {
			name := m[1]
			switch {
			case blockTag(name):
				depth++
			case strings.HasPrefix(name, "end") && blockTag(name[3:]):
				depth = max(0, depth-1)
			}
		}
		i = end + 1
	}
	return out
}

func blockTag(name string) bool {
	switch name {
	case "if", "unless", "for", "case", "capture", "comment", "raw", "tablerow", "doc":
		return true
	}
	return false
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
