package lanes

import (
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// codeDirective is the code of a misused layer directive (an override
// heading in a file without <!-- append -->, a stray <!-- replace -->, text
// outside override blocks in an append file). It lives in one place so that a
// dedicated code can replace it.
const codeDirective = codes.ConfigInvalid

// lineKind classifies a line of a layer file.
type lineKind int

const (
	lineText      lineKind = iota // ordinary text, including every line inside a code fence
	lineHeading                   // "## Title" outside a fence
	lineOverride                  // "## Override: Title" outside a fence
	lineAppend                    // <!-- append -->
	lineReplace                   // <!-- replace -->
	lineProtected                 // <!-- protected --> or <!-- governance -->
)

// line is one line of a layer file, or a line the composer generates.
type line struct {
	text   string   // the line without its ending
	eol    string   // "\n" or "\r\n"; "" when the file ends without one (a "\n" is then generated)
	eolAt  diag.Pos // position of eol when it does not follow text directly (zero: it does)
	file   string   // file name for diagnostics
	pos    diag.Pos // position of text[0] in file
	kind   lineKind // lineText unless a directive or heading outside a fence
	fenced bool     // inside a fenced code block
	title  string   // heading title (lineHeading) or override target (lineOverride)

	// prefix is generated text written before text (the "## " of a
	// heading made from an override block), mapped to prefixPos.
	prefix    string
	prefixPos diag.Pos
	// glue marks a generated blank line; file and pos are its anchor.
	glue bool
	// related is the lower layer's section an override line replaced or
	// extended; diagnostics at this line carry it.
	related *diag.Related
}

func (l line) blank() bool {
	return l.prefix == "" && strings.TrimSpace(l.text) == ""
}

// end is the position just after the line's text.
func (l line) end() diag.Pos {
	if l.glue {
		return l.pos
	}
	return l.pos.Advance(l.text)
}

// eolPos is the position of the line ending.
func (l line) eolPos() diag.Pos {
	if !l.eolAt.IsZero() {
		return l.eolAt
	}
	return l.end()
}

// rng is the range of the line's text.
func (l line) rng() diag.Range {
	return diag.Range{Filename: l.file, Start: l.pos, End: l.end()}
}

// splitLines cuts src into lines with their positions. A leading UTF-8 byte
// order mark is skipped (positions still count its bytes).
func splitLines(src, file string) []line {
	pos := diag.StartPos
	if strings.HasPrefix(src, "\ufeff") {
		pos = pos.Advance("\ufeff")
		src = src[len("\ufeff"):]
	}
	var out []line
	for len(src) > 0 {
		i := strings.IndexByte(src, '\n')
		var l line
		if i < 0 {
			l = line{text: src, file: file, pos: pos}
			src = ""
		} else {
			text, eol := src[:i], "\n"
			if strings.HasSuffix(text, "\r") {
				text, eol = text[:len(text)-1], "\r\n"
			}
			l = line{text: text, eol: eol, file: file, pos: pos}
			src = src[i+1:]
		}
		out = append(out, l)
		pos = pos.Advance(l.text + l.eol)
	}
	return out
}

// classify sets the kind, title and fenced fields of lines. Nothing inside
// a fenced code block (``` or ~~~) is a heading or a directive. When
// directives is false (code-owned text), only headings are recognized.
func classify(lines []line, directives bool) {
	var fence string // the opening fence run while inside a fence
	for i := range lines {
		l := &lines[i]
		if fence != "" {
			l.fenced = true
			if closesFence(l.text, fence) {
				fence = ""
			}
			continue
		}
		if f := opensFence(l.text); f != "" {
			l.fenced = true
			fence = f
			continue
		}
		if title, ok := headingTitle(l.text); ok {
			l.kind, l.title = lineHeading, title
			if name, ok := overrideName(title); ok && directives {
				l.kind, l.title = lineOverride, name
			}
			continue
		}
		if directives {
			l.kind = directiveKind(l.text)
		}
	}
}

// trimIndent removes up to three leading spaces, as Markdown allows before
// headings and fences.
func trimIndent(s string) string {
	for i := 0; i < 3 && strings.HasPrefix(s, " "); i++ {
		s = s[1:]
	}
	return s
}

// opensFence returns the fence run (``` or ~~~, three or more) that opens a
// fenced code block on this line, or "".
func opensFence(text string) string {
	s := trimIndent(text)
	if s == "" || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := 0
	for n < len(s) && s[n] == s[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	if s[0] == '`' && strings.Contains(s[n:], "`") {
		return "" // a backtick fence's info string has no backticks
	}
	return s[:n]
}

// closesFence reports whether the line closes a fence opened with run.
func closesFence(text, run string) bool {
	s := trimIndent(text)
	n := 0
	for n < len(s) && s[n] == run[0] {
		n++
	}
	return n >= len(run) && strings.TrimSpace(s[n:]) == ""
}

// headingTitle recognizes a level-two ATX heading ("## Title", up to three
// spaces before it, an optional closing run of #) and returns its title.
func headingTitle(text string) (string, bool) {
	s := trimIndent(text)
	if !strings.HasPrefix(s, "##") {
		return "", false
	}
	s = s[2:]
	if s != "" && s[0] != ' ' && s[0] != '\t' {
		return "", false // "###…" or "##x"
	}
	s = strings.TrimSpace(s)
	if t := strings.TrimRight(s, "#"); t != s && (t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t")) {
		s = strings.TrimSpace(t)
	}
	return s, true
}

// overrideName recognizes the title "Override: Name" (case-insensitive) and
// returns Name.
func overrideName(title string) (string, bool) {
	const kw = "override:"
	if len(title) < len(kw) || !strings.EqualFold(title[:len(kw)], kw) {
		return "", false
	}
	return strings.TrimSpace(title[len(kw):]), true
}

// directiveKind recognizes a directive comment alone on its line:
// <!-- append -->, <!-- replace -->, <!-- protected --> or
// <!-- governance --> (case-insensitive, any spacing inside).
func directiveKind(text string) lineKind {
	s := strings.TrimSpace(text)
	if !strings.HasPrefix(s, "<!--") || !strings.HasSuffix(s, "-->") || len(s) < len("<!---->") {
		return lineText
	}
	switch strings.ToLower(strings.TrimSpace(s[4 : len(s)-3])) {
	case "append":
		return lineAppend
	case "replace":
		return lineReplace
	case "protected", "governance":
		return lineProtected
	}
	return lineText
}

// IsDirective reports whether text, one line without its ending, is a layer
// directive when it stands outside a code fence: <!-- append -->,
// <!-- replace -->, <!-- protected -->, <!-- governance --> or an
// "## Override: Name" heading. Composition never writes such a line to its
// output, except as text inside a fenced code block of a layer file, or in a
// contract's text (which is not read for directives).
func IsDirective(text string) bool {
	if title, ok := headingTitle(text); ok {
		_, ok := overrideName(title)
		return ok
	}
	return directiveKind(text) != lineText
}

// sectionKey is the form in which headings are matched: case folded,
// surrounding space trimmed, inner runs of space collapsed.
func sectionKey(title string) string {
	return strings.ToLower(strings.Join(strings.Fields(title), " "))
}
