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
// block tag on them. The Liquid markup of the range ({{ }} and {% %},
// also where it spans lines, as a {% liquid %} tag or a long output may)
// is found first; a line's pieces are its text outside the markup. A line
// that holds nothing but markup has no pieces and is not returned.
func protectedLines(src string, from, to int) []protectedLine {
	marks := markup(src, from, to)
	var out []protectedLine
	depth, m := 0, 0 // m: the first mark that may touch the line
	for i := from; i < to; {
		end := strings.IndexByte(src[i:to], '\n')
		if end < 0 {
			end = to
		} else {
			end += i
		}
		for m < len(marks) && marks[m].end <= i {
			m++
		}
		// The marks that touch the line, and the pieces between them.
		var pieces [][2]int
		block, lineDepth := false, depth
		at := i
		for k := m; k < len(marks) && marks[k].start < end; k++ {
			mk := marks[k]
			if mk.start > at {
				if p := trimmed(src, at, mk.start); p[0] < p[1] {
					pieces = append(pieces, p)
				}
			}
			at = max(at, mk.end)
			if mk.start < i {
				continue // opened on an earlier line: counted there
			}
			switch name := mk.tag; {
			case blockTag(name):
				block = true
				depth++
			case strings.HasPrefix(name, "end") && blockTag(name[3:]):
				block = true
				depth = max(0, depth-1)
			case name == "else" || name == "elsif" || name == "when":
				block = true
			}
		}
		if at < end {
			if p := trimmed(src, at, end); p[0] < p[1] {
				pieces = append(pieces, p)
			}
		}
		if lineDepth == 0 && !block && len(pieces) > 0 {
			out = append(out, protectedLine{i, end, pieces})
		}
		i = end + 1
	}
	return out
}

// mark is a piece of Liquid markup: {{ }} or {% %}, with its tag's name.
type mark struct {
	start, end int
	tag        string
}

// markup returns the Liquid markup of src[from:to] in order: each "{{"
// to the next "}}", each "{%" to the next "%}" (to the end of the range
// when it is not closed).
func markup(src string, from, to int) []mark {
	var out []mark
	for i := from; i < to; {
		j := liquidOpen(src[i:to])
		if j < 0 {
			break
		}
		start := i + j
		closer := "}}"
		if src[start+1] == '%' {
			closer = "%}"
		}
		end := to
		if k := strings.Index(src[start+2:to], closer); k >= 0 {
			end = start + 2 + k + 2
		}
		mk := mark{start: start, end: end}
		if closer == "%}" {
			if t := liquidTag.FindStringSubmatch(src[start:end]); t != nil {
				mk.tag = t[1]
			}
		}
		out = append(out, mk)
		i = end
	}
	return out
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
