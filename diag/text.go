package diag

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// SourceFunc returns the bytes of a file a diagnostic refers to, or nil when
// it is not available. Writers use it to quote the offending line.
type SourceFunc func(filename string) []byte

// TextOptions configures WriteText.
type TextOptions struct {
	// Color adds ANSI colors. Callers set it only for a terminal and never
	// when NO_COLOR is set.
	Color bool
	// Source quotes the source line under each diagnostic when non-nil.
	Source SourceFunc
	// Hint, when set, returns a line written last under each diagnostic
	// with a code, indented and in cyan, such as where the code is
	// documented; "" writes none.
	Hint func(Code) string
	// Group writes diagnostics of the same severity, code and summary
	// (one name misused in several places) once, at the first place,
	// followed by "and N more places: file:line:col, …".
	Group bool
	// Shown, when non-nil, holds the long details already written (a list
	// of the known names, say), each with the place of the diagnostic that
	// showed it; WriteText adds to it. A later diagnostic with the same
	// detail says "(detail as for PLACE above)" instead of repeating it.
	// Share one map across the calls of a run to show each list once.
	Shown map[string]string
	// Max is how many diagnostics to write (groups, with Group); the rest
	// are counted in a last line ("and 12 more diagnostics"). 0 writes them
	// all.
	Max int
	// Stack writes the stack an internal_error carries.
	Stack bool
}

// minSharedDetail is the length from which a repeated detail is written
// once (see TextOptions.Shown); shorter ones, such as a suggestion, are
// repeated.
const minSharedDetail = 80

// shareDetail returns the detail to write for a diagnostic at place: a
// long detail written before, at a place recorded in shown, becomes
// "(detail as for PLACE above)", and so does each long line of a detail
// written before in another (a list of known names followed by a line of
// this diagnostic's own); the rest is recorded. A nil shown shares nothing.
func shareDetail(detail, place string, shown map[string]string) string {
	if shown == nil || len(detail) < minSharedDetail {
		return detail
	}
	seen := func(s string) (string, bool) {
		at, ok := shown[s]
		switch {
		case ok && at != "":
			return "(detail as for " + at + " above)", true
		case ok:
			return "(detail as above)", true
		}
		shown[s] = place
		return s, false
	}
	if s, ok := seen(detail); ok || !strings.Contains(detail, "\n") {
		return s
	}
	lines := strings.Split(detail, "\n")
	for i, line := range lines {
		if len(line) >= minSharedDetail {
			lines[i], _ = seen(line)
		}
	}
	return strings.Join(lines, "\n")
}

// maxMorePlaces is how many further places of a group are named.
const maxMorePlaces = 10

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiCyan   = "\x1b[36m"
)

// quoteWindow is how many bytes of a long source line are quoted on
// either side of a diagnostic's column: quoting costs the same however
// long the line is.
const quoteWindow = 80

// WriteText writes the diagnostics for people:
//
//	path:line:col: error: summary [code]
//	    the source line
//	        ^^^^
//	    detail
//
// Control characters in every text written (paths, summaries, details,
// quoted lines) are written as visible escapes such as \x1b, so that
// what a file contains cannot drive the terminal.
func WriteText(w io.Writer, l List, opts TextOptions) error {
	b := bufio.NewWriterSize(w, 64<<10)
	groups := group(l, opts.Group)
	shown := groups
	if opts.Max > 0 && len(groups) > opts.Max {
		shown = groups[:opts.Max]
	}
	for _, g := range shown {
		writeOne(b, g[0], g[1:], opts)
	}
	n := 0
	for _, g := range groups[len(shown):] {
		n += len(g)
	}
	if n > 0 {
		fmt.Fprintf(b, "and %d more %s\n", n, plural(n, "diagnostic", "diagnostics"))
	}
	return b.Flush()
}

// group returns the diagnostics of l in groups of the same severity, code
// and summary, each in list order, the groups in the order of their first
// diagnostic; without on, each diagnostic is a group of its own.
func group(l List, on bool) [][]*Diagnostic {
	type key struct {
		sev     Severity
		code    Code
		summary string
	}
	index := map[key]int{}
	groups := make([][]*Diagnostic, 0, len(l))
	for _, d := range l {
		if !on {
			groups = append(groups, []*Diagnostic{d})
			continue
		}
		k := key{d.Severity, d.Code, d.Summary}
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], d)
	}
	return groups
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeOne writes d and names the places of more, the other diagnostics of
// its group.
func writeOne(b *bufio.Writer, d *Diagnostic, more []*Diagnostic, opts TextOptions) {
	paint := func(code, s string) string {
		if !opts.Color {
			return s
		}
		return code + s + ansiReset
	}
	sev := paint(ansiRed, "error")
	if d.Severity == Warning {
		sev = paint(ansiYellow, "warning")
	}
	if loc := d.Subject.String(); loc != "" {
		b.WriteString(paint(ansiBold, EscapeControls(loc)))
		b.WriteString(": ")
	}
	fmt.Fprintf(b, "%s: %s [%s]\n", sev, EscapeControls(d.Summary), EscapeControls(string(d.Code)))
	if opts.Source != nil {
		quote(b, d.Subject, opts.Source, paint)
	}
	if len(more) > 0 {
		places := make([]string, 0, min(len(more), maxMorePlaces)+1)
		for i, m := range more {
			if i == maxMorePlaces {
				places = append(places, "…")
				break
			}
			places = append(places, EscapeControls(m.Subject.String()))
		}
		fmt.Fprintf(b, "    and %d more %s: %s\n", len(more), plural(len(more), "place", "places"), strings.Join(places, ", "))
	}
	detail := shareDetail(d.Detail, d.Subject.String(), opts.Shown)
	for _, line := range strings.Split(detail, "\n") {
		if line != "" {
			b.WriteString("    ")
			b.WriteString(EscapeControls(line))
			b.WriteString("\n")
		}
	}
	for _, r := range d.Related {
		fmt.Fprintf(b, "    %s: %s\n", EscapeControls(r.Range.String()), EscapeControls(r.Message))
	}
	if opts.Stack && d.Stack != "" {
		for _, line := range strings.Split(strings.TrimRight(d.Stack, "\n"), "\n") {
			b.WriteString("    ")
			b.WriteString(EscapeControls(line))
			b.WriteString("\n")
		}
	}
	if opts.Hint != nil && d.Code != "" {
		if hint := opts.Hint(d.Code); hint != "" {
			b.WriteString("    " + paint(ansiCyan, EscapeControls(hint)) + "\n")
		}
	}
}

// quote writes the source line of r and a caret line under its subject, at
// the display columns of the line as a terminal shows it: a wide character
// (CJK) counts two, a combining mark none (displayWidth), a control
// character the width of its escape, and a tab before the subject is
// copied into the caret line, so that both lines expand it alike.
// It reads at most quoteWindow bytes on either side of the subject: a
// longer line is quoted in part, its cut ends marked with "…".
func quote(b *bufio.Writer, r Range, source SourceFunc, paint func(string, string) string) {
	if r.Start.IsZero() || r.Filename == "" {
		return
	}
	src := source(r.Filename)
	at := r.Start.Byte
	if src == nil || at > len(src) || at < 0 {
		return
	}
	from := max(0, at-quoteWindow)
	lineStart := from + bytes.LastIndexByte(src[from:at], '\n') + 1
	cutLeft := lineStart == from && from > 0 && src[from-1] != '\n'
	for cutLeft && lineStart < at && src[lineStart]&0xC0 == 0x80 {
		lineStart++ // start on a character
	}
	to := min(len(src), at+quoteWindow)
	lineEnd := to
	cutRight := false
	if i := bytes.IndexByte(src[at:to], '\n'); i >= 0 {
		lineEnd = at + i
	} else if to < len(src) && src[to] != '\n' {
		cutRight = true
		for lineEnd > at && src[lineEnd]&0xC0 == 0x80 {
			lineEnd-- // end before a cut character
		}
	}
	if !cutRight {
		for lineEnd > lineStart && src[lineEnd-1] == '\r' {
			lineEnd--
		}
	}
	line := src[lineStart:lineEnd]
	var text, caret bytes.Buffer
	if cutLeft {
		text.WriteString("…")
		caret.WriteByte(' ')
	}
	n := 0 // caret width, in display columns
	end := at
	if r.End.Line == r.Start.Line && r.End.Byte > at {
		end = min(r.End.Byte, lineEnd)
	}
	for i := 0; i < len(line); {
		c, size := utf8.DecodeRune(line[i:])
		width := displayWidth(c) // columns shown
		if isControl(c, size) {
			shown := escapeRune(c, line[i:i+size])
			text.WriteString(shown)
			width = len(shown)
		} else {
			text.Write(line[i : i+size])
		}
		pos := lineStart + i
		switch {
		case pos < at && c == '\t':
			caret.WriteByte('\t')
		case pos < at:
			for range width {
				caret.WriteByte(' ')
			}
		case pos < end:
			n += width
		}
		i += size
	}
	if cutRight {
		text.WriteString("…")
	}
	b.WriteString("    ")
	b.Write(text.Bytes())
	b.WriteString("\n    ")
	b.Write(caret.Bytes())
	b.WriteString(paint(ansiRed, strings.Repeat("^", max(1, n))))
	b.WriteString("\n")
}

// EscapeControls returns s with its control characters written as
// visible escapes: the C0 controls but tab (\x1b, \n), DEL (\x7f), the C1
// controls (\u009b) and bytes that are not UTF-8 (\xff). Text without
// any comes back as it is.
func EscapeControls(s string) string {
	clean := true
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if isControl(c, size) {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		b.WriteString(escapeRune(c, []byte(s[i:i+size])))
		i += size
	}
	return b.String()
}

func isControl(c rune, size int) bool {
	return c == utf8.RuneError && size == 1 || c < 0x20 && c != '\t' || c >= 0x7f && c <= 0x9f
}

// escapeRune is how EscapeControls shows the character c, encoded as p.
func escapeRune(c rune, p []byte) string {
	if !isControl(c, len(p)) {
		return string(p)
	}
	switch {
	case c == '\n':
		return `\n`
	case c == '\r':
		return `\r`
	case c == utf8.RuneError || c < 0x80:
		return fmt.Sprintf(`\x%02x`, p[0])
	}
	return fmt.Sprintf(`\u%04x`, c)
}
