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
//     inside a {% comment %} or {% raw %} block is an error at the layer
//     file that opened the block (raw would print its Liquid unrendered);
//   - CheckRendered, on every rendered prompt (validate's smoke renders):
//     each line of a protected section outside the section's own Liquid
//     blocks must reach the output: a plain line as written, a line with
//     Liquid on it by its text between the Liquid parts, each piece found
//     after the one before. A missing line is an error at the Liquid
//     block a higher layer opened around the section ({% if false %}, a
//     capture never printed), when there is one, else at the line.

// liquidTag matches a Liquid tag's opening and its name.
var liquidTag = regexp.MustCompile(`\{%-?\s*([a-z_#]*)`)

// commentSpans returns the byte ranges of src covered by {% comment %}
// blocks (nested ones inside the outer) and by {% raw %} blocks outside
// them, from the start of the opening tag to the end of the closing one
// (or of src when it is unclosed).
func commentSpans(src string) [][2]int {
	var spans [][2]int
	depth, start := 0, 0
	raw, rawStart := false, 0 // inside {% raw %}: tags are text
	for _, m := range liquidTag.FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		if raw {
			if name == "endraw" {
				raw = false
				if depth == 0 {
					spans = append(spans, [2]int{rawStart, tagEnd(src, m[1])})
				}
			}
			continue
		}
		switch name {
		case "raw":
			raw, rawStart = true, m[0]
		case "comment":
			if depth == 0 {
				start = m[0]
			}
			depth++
		case "endcomment":
			if depth > 0 {
				depth--
				if depth == 0 {
					spans = append(spans, [2]int{start, tagEnd(src, m[1])})
				}
			}
		}
	}
	switch {
	case raw && depth == 0:
		spans = append(spans, [2]int{rawStart, len(src)})
	case depth > 0:
		spans = append(spans, [2]int{start, len(src)})
	}
	return spans
}

// tagEnd is the end of the tag whose name ends at i: after its "%}", or
// the end of src.
func tagEnd(src string, i int) int {
	end := strings.Index(src[i:], "%}")
	if end < 0 {
		return len(src)
	}
	return i + end + 2
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
				open := tagEnd(c.Source, sp[0]+2)
				what, summary := "comment", fmt.Sprintf("this comment removes protected section %q from the rendered prompt", s.Heading)
				if m := liquidTag.FindStringSubmatch(c.Source[sp[0]:open]); m != nil && m[1] == "raw" {
					what, summary = "raw block", fmt.Sprintf("this raw block keeps protected section %q from rendering: its Liquid would print as written", s.Heading)
				}
				d := diag.Errorf(codes.ProtectedSectionOverride, c.rangeAt(sp[0], open), "%s", summary)
				d.Detail = "A protected section's text must reach the prompt as it renders: no higher layer may comment it out or wrap it in raw. " +
					"Close the " + what + " before the section's heading."
				d.Related = []diag.Related{{Message: "protected section", Range: c.rangeAt(s.Start, s.Start+len(firstLine(c.Source[s.Start:s.End])))}}
				l = append(l, d)
				break
			}
		}
	}
	return l
}

// CheckRendered reports each protected section of c whose lines do not
// all reach out, a prompt rendered from c (see protectedLines):
// protected_section_override errors, one per section, at the Liquid
// block a higher layer opened around the section when there is one, else
// at the first missing line.
func (c *Composed) CheckRendered(out string) diag.List {
	var l diag.List
	for _, s := range c.Sections {
		if !s.Protected {
			continue
		}
		for _, ln := range protectedLines(c.Source, s.Start, s.End) {
			if ln.reaches(c.Source, out) {
				continue
			}
			text := strings.TrimSpace(c.Source[ln.start:ln.end])
			line := c.rangeAt(ln.start, ln.end)
			var d *diag.Diagnostic
			if open, ok := openBlock(c.Source, s.Start); ok {
				d = diag.Errorf(codes.ProtectedSectionOverride, c.rangeAt(open[0], open[1]),
					"this block keeps protected section %q from the rendered prompt", s.Heading)
				d.Detail = fmt.Sprintf("A protected section's text must appear in every prompt rendered from the lane; the section lies inside this %s, and %q is missing from the output. Close the block before the section's heading.", strings.TrimSpace(c.Source[open[0]:open[1]]), text)
				d.Related = []diag.Related{{Message: "missing line of the protected section", Range: line}}
			} else {
				d = diag.Errorf(codes.ProtectedSectionOverride, line,
					"protected section %q does not reach the rendered prompt: this line is missing from it", s.Heading)
				d.Detail = fmt.Sprintf("A protected section's text must appear in every prompt rendered from the lane; a higher layer (a comment, a condition or a capture around the section) removed %q.", text)
			}
			l = append(l, d)
			break
		}
	}
	return l
}

// protectedLine is a line of a protected section that must reach the
// output, and its pieces: the text between its Liquid parts (the whole
// line when it has none), each trimmed of spaces, in order.
type protectedLine struct {
	start, end int
	pieces     [][2]int
}

// reaches reports whether the line's pieces appear in out, each after
// the one before.
func (ln protectedLine) reaches(src, out string) bool {
	at := 0
	for _, p := range ln.pieces {
		i := strings.Index(out[at:], src[p[0]:p[1]])
		if i < 0 {
			return false
		}
		at += i + p[1] - p[0]
	}
	return true
}

// protectedLines returns the lines of src[from:to] that must render: not
// blank, outside every Liquid block opened within the range, and with no
// block tag on them (a tag such as assign or an output may be there: its
// text around them is the line's pieces). A line that holds nothing but
// Liquid has no pieces and is not returned.
func protectedLines(src string, from, to int) []protectedLine {
	var out []protectedLine
	depth := 0
	for i := from; i < to; {
		end := strings.IndexByte(src[i:to], '\n')
		if end < 0 {
			end = to
		} else {
			end += i
		}
		line := src[i:end]
		block := false
		for _, m := range liquidTag.FindAllStringSubmatch(line, -1) {
			if name := m[1]; blockTag(name) || strings.HasPrefix(name, "end") || name == "else" || name == "elsif" || name == "when" {
				block = true
			}
		}
		if depth == 0 && !block && strings.TrimSpace(line) != "" {
			if pieces, ok := linePieces(src, i, end); ok && len(pieces) > 0 {
				out = append(out, protectedLine{i, end, pieces})
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

// linePieces returns the text of src[from:to] between its Liquid parts
// ({{ }} and {% %}), each trimmed of spaces, blank ones left out; ok is
// false when a Liquid part is not closed on the line.
func linePieces(src string, from, to int) (pieces [][2]int, ok bool) {
	i := from
	for i < to {
		j := liquidOpen(src[i:to])
		if j < 0 {
			break
		}
		if p := trimmed(src, i, i+j); p[0] < p[1] {
			pieces = append(pieces, p)
		}
		closer := "}}"
		if src[i+j+1] == '%' {
			closer = "%}"
		}
		k := strings.Index(src[i+j+2:to], closer)
		if k < 0 {
			return nil, false
		}
		i = i + j + 2 + k + 2
	}
	if p := trimmed(src, i, to); p[0] < p[1] {
		pieces = append(pieces, p)
	}
	return pieces, true
}

// liquidOpen is the index of the first "{{" or "{%" in s, or -1.
func liquidOpen(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '{' && (s[i+1] == '{' || s[i+1] == '%') {
			return i
		}
	}
	return -1
}

// trimmed is the range [from, to) of src without its leading and trailing
// spaces.
func trimmed(src string, from, to int) [2]int {
	for from < to && isSpace(src[from]) {
		from++
	}
	for to > from && isSpace(src[to-1]) {
		to--
	}
	return [2]int{from, to}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// openBlock returns the range of the opening tag of the innermost Liquid
// block still open at byte at of src (a block a higher layer opened
// before a section and closes after it), and whether there is one.
func openBlock(src string, at int) ([2]int, bool) {
	var stack [][2]int
	raw, comment := false, 0
	for _, m := range liquidTag.FindAllStringSubmatchIndex(src[:at], -1) {
		name := src[m[2]:m[3]]
		switch {
		case raw:
			if name == "endraw" {
				raw = false
				stack = stack[:len(stack)-1]
			}
			continue
		case comment > 0 && name != "comment" && name != "endcomment":
			continue
		}
		switch {
		case name == "raw":
			raw = true
		case name == "comment":
			comment++
		case name == "endcomment":
			comment--
		}
		switch {
		case blockTag(name):
			stack = append(stack, [2]int{m[0], tagEnd(src, m[1])})
		case strings.HasPrefix(name, "end") && blockTag(name[3:]) && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return [2]int{}, false
	}
	return stack[len(stack)-1], true
}

func blockTag(name string) bool {
	switch name {
	case "if", "unless", "for", "case", "capture", "comment", "raw", "tablerow", "doc", "ifchanged":
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
