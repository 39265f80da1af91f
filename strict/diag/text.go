package diag

import (
	"bytes"
	"fmt"
	"io"
	"strings"
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
	// ExplainHint appends "(see: shea explain CODE)" to each diagnostic.
	ExplainHint bool
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
}

// minSharedDetail is the length from which a repeated detail is written
// once (see TextOptions.Shown); shorter ones, such as a suggestion, are
// repeated.
const minSharedDetail = 80

// maxMorePlaces is how many further places of a group are named.
const maxMorePlaces = 10

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiCyan   = "\x1b[36m"
)

// WriteText writes the diagnostics for people:
//
//	path:line:col: error: summary [code]
//	    the source line
//	        ^^^^
//	    detail
func WriteText(w io.Writer, l List, opts TextOptions) error {
	var b bytes.Buffer
	if !opts.Group {
		for _, d := range l {
			writeOne(&b, d, nil, opts)
		}
	} else {
		for _, g := range group(l) {
			writeOne(&b, g[0], g[1:], opts)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// group returns the diagnostics of l in groups of the same severity, code
// and summary, each in list order, the groups in the order of their first
// diagnostic.
func group(l List) [][]*Diagnostic {
	type key struct {
		sev     Severity
		code    Code
		summary string
	}
	index := map[key]int{}
	var groups [][]*Diagnostic
	for _, d := range l {
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

// writeOne writes d and names the places of more, the other diagnostics of
// its group.
func writeOne(b *bytes.Buffer, d *Diagnostic, more []*Diagnostic, opts TextOptions) {
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
		b.WriteString(paint(ansiBold, loc))
		b.WriteString(": ")
	}
	fmt.Fprintf(b, "%s: %s [%s]\n", sev, d.Summary, d.Code)
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
			places = append(places, m.Subject.String())
		}
		noun := "places"
		if len(more) == 1 {
			noun = "place"
		}
		fmt.Fprintf(b, "    and %d more %s: %s\n", len(more), noun, strings.Join(places, ", "))
	}
	detail := d.Detail
	if opts.Shown != nil && len(detail) >= minSharedDetail {
		if at, ok := opts.Shown[detail]; ok && at != "" {
			detail = "(detail as for " + at + " above)"
		} else if ok {
			detail = "(detail as above)"
		} else {
			opts.Shown[detail] = d.Subject.String()
		}
	}
	for _, line := range strings.Split(detail, "\n") {
		if line != "" {
			b.WriteString("    ")
			b.WriteString(line)
			b.WriteString("\n")
		}
	}
	for _, r := range d.Related {
		fmt.Fprintf(b, "    %s: %s\n", r.Range.String(), r.Message)
	}
	if opts.ExplainHint && d.Code != "" {
		b.WriteString("    " + paint(ansiCyan, "(see: shea explain "+string(d.Code)+")") + "\n")
	}
}

// quote writes the source line of r and a caret line under its subject.
func quote(b *bytes.Buffer, r Range, source SourceFunc, paint func(string, string) string) {
	if r.Start.IsZero() || r.Filename == "" {
		return
	}
	src := source(r.Filename)
	if src == nil || r.Start.Byte > len(src) {
		return
	}
	lineStart := bytes.LastIndexByte(src[:r.Start.Byte], '\n') + 1
	lineEnd := bytes.IndexByte(src[r.Start.Byte:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src)
	} else {
		lineEnd += r.Start.Byte
	}
	line := strings.TrimRight(string(src[lineStart:lineEnd]), "\r")
	if len(line) > 240 {
		return // a megabyte line helps nobody
	}
	var caret strings.Builder
	for i := lineStart; i < r.Start.Byte && i < lineStart+len(line); i++ {
		if src[i] == '\t' {
			caret.WriteByte('\t')
		} else if src[i]&0xC0 != 0x80 { // one column per rune start
			caret.WriteByte(' ')
		}
	}
	n := 1
	if r.End.Line == r.Start.Line && r.End.Byte > r.Start.Byte {
		end := min(r.End.Byte, lineStart+len(line))
		n = max(1, countRunes(src[r.Start.Byte:end]))
	}
	b.WriteString("    ")
	b.WriteString(line)
	b.WriteString("\n    ")
	b.WriteString(caret.String())
	b.WriteString(paint(ansiRed, strings.Repeat("^", n)))
	b.WriteString("\n")
}

func countRunes(p []byte) int {
	n := 0
	for _, c := range p {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}
