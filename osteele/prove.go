package osteele

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// SmokeInputs returns the inputs Prove renders for a schema: its smoke
// matrix (strict.Schema.SampleMatrix) without "required only". That input
// leaves out every optional key, which shea reads as nil; osteele's
// StrictVariables calls a key missing from the data undefined, so every
// read of an optional property would fail it. Runners send the issue
// normalised, every key present (null when empty), as the other inputs
// have it; what that one input would report is the data's shape, not the
// template.
func SmokeInputs(schema *strict.Schema) []strict.SampleInput {
	var out []strict.SampleInput
	for _, in := range schema.SampleMatrix() {
		if in.Name != "required only" {
			out = append(out, in)
		}
	}
	return out
}

// Prove parses t with osteele/liquid and renders each input with shea and
// with osteele, in one prover child when opts.Prover is set. It returns
// every osteele error (osteele_parse_error, osteele_render_error, or a
// limit, after which no later input is rendered), each distinct one once,
// naming the first input it failed on, and an osteele_output_differs
// warning for each distinct difference (by place and text) of an input
// osteele renders. An input shea itself fails on is skipped: shea's smoke
// render reports it.
func Prove(ctx context.Context, t *render.Template, inputs []strict.SampleInput, opts Options) (diags diag.List) {
	defer func() {
		if r := recover(); r != nil {
			main := t.Program().Template
			p := startOf(main)
			diags = diag.List{codes.Bug(diag.Range{Filename: main.Filename, Start: p, End: p}, "proving with osteele", r)}
		}
	}()
	ot, diags := Parse(t, opts)
	if diags.HasErrors() {
		return diags
	}
	var (
		kept []strict.SampleInput
		want []string
		vars []map[string]any
	)
	for _, in := range inputs {
		out, err := t.Render(ctx, maps.Clone(in.Vars))
		if err != nil {
			continue
		}
		kept, want = append(kept, in), append(want, out)
		vars = append(vars, maps.Clone(in.Vars))
	}
	if len(vars) == 0 {
		return diags
	}
	seen := map[string]bool{}
	var warnings diag.List
	for i, r := range ot.renderAll(ctx, vars) {
		d := ot.resultDiag(r)
		if d == nil && r.Output != want[i] {
			d = Compare(t, want[i], r.Output)
		}
		if d == nil {
			continue
		}
		key := fmt.Sprintf("%s %v %s", d.Code, d.Subject, d.Summary)
		if seen[key] {
			continue
		}
		seen[key] = true
		noteInput(d, kept[i])
		if d.Severity == diag.Warning {
			warnings = append(warnings, d)
		} else {
			diags = append(diags, d)
		}
	}
	return append(diags, warnings...)
}

// noteInput adds to d the smoke input it was found with.
func noteInput(d *diag.Diagnostic, in strict.SampleInput) {
	note := fmt.Sprintf("Smoke input %q.", in.Name)
	if in.Name != "sample" {
		if b, err := json.Marshal(in.Vars); err == nil {
			if len(b) > 400 {
				b = append(b[:400:400], "…"...)
			}
			note = fmt.Sprintf("Smoke-rendered with the schema-valid input %q: %s", in.Name, b)
		}
	}
	if d.Detail != "" {
		note = d.Detail + "\n" + note
	}
	d.Detail = note
}

// excerptBytes bounds each output excerpt a diagnostic shows.
const excerptBytes = 60

// Compare returns the osteele_output_differs warning for outputs shea and
// ost of t (nil when they are equal). Its subject is the template node the
// first difference comes from, as far as the template's literal text,
// found in shea's output, tells (the start of the template when it does
// not); its summary quotes the differing text and its detail both outputs
// around the difference, bounded and escaped.
func Compare(t *render.Template, shea, ost string) *diag.Diagnostic {
	if shea == ost {
		return nil
	}
	i := 0
	for i < len(shea) && i < len(ost) && shea[i] == ost[i] {
		i++
	}
	for i > 0 && ((i < len(shea) && !utf8.RuneStart(shea[i])) || (i < len(ost) && !utf8.RuneStart(ost[i]))) {
		i--
	}
	// The differing text starts at a word's start ("6.0" against "6", not
	// ".0" against "", nor "0." against "" for "6.0." against "6.").
	for i > 0 && (isWordByte(shea[i-1]) || shea[i-1] == '.') {
		i--
	}
	// Where the outputs agree again: the first difference is shea[i:i+a]
	// against ost[i:i+o].
	a, o := resync(shea[i:], ost[i:])
	// The differing text ends at a word's end ("16" against "5", not "1"
	// against "").
	for i+a < len(shea) && i+o < len(ost) && a+o > 0 && shea[i+a] == ost[i+o] && isWordByte(shea[i+a]) &&
		((a > 0 && isWordByte(shea[i+a-1])) || (o > 0 && isWordByte(ost[i+o-1]))) {
		a++
		o++
	}
	main := t.Program().Template
	node, rng := differingNode(main, shea, i)
	d := diag.Warningf(codes.OsteeleOutputDiffers, rng, "osteele/liquid prints %s where shea (as Shopify Liquid) prints %s",
		quote(ost[i:i+o]), quote(shea[i:i+a]))
	var b strings.Builder
	if node == nil {
		b.WriteString("shea could not tell which part of the template printed it. ")
	}
	if c, ok := node.(*strict.Comment); ok && isInlineComment(main, c) {
		b.WriteString("osteele/liquid " + Version + " does not support inline comments {% # … %}: it prints them as text. Use {% comment %}…{% endcomment %}.\n")
	}
	fmt.Fprintf(&b, "shea:    %s\nosteele: %s", excerpt(shea, i), excerpt(ost, i))
	d.Detail = b.String()
	return d
}

// resyncBytes is how many bytes both outputs must share again for resync
// to take it as the end of a difference; maxSkip bounds the difference.
const (
	resyncBytes = 4
	maxSkip     = 80
)

// resync returns the shortest prefixes x[:a] and y[:b] after which the
// two texts agree again (on resyncBytes bytes, or to both their ends),
// cut at rune boundaries. When they do not agree again within maxSkip
// bytes, it returns what is left of both, without their common tail.
func resync(x, y string) (a, b int) {
	for total := 1; total <= maxSkip; total++ {
		for a := max(0, total-len(y)); a <= min(total, len(x)); a++ {
			b := total - a
			if !utf8.RuneStart(byteAt(x, a)) || !utf8.RuneStart(byteAt(y, b)) {
				continue
			}
			xs, ys := x[a:], y[b:]
			if xs == ys || (len(xs) >= resyncBytes && len(ys) >= resyncBytes && xs[:resyncBytes] == ys[:resyncBytes]) {
				return a, b
			}
		}
	}
	j := 0
	for j < len(x) && j < len(y) && x[len(x)-1-j] == y[len(y)-1-j] {
		j++
	}
	for j > 0 && !utf8.RuneStart(x[len(x)-j]) {
		j--
	}
	return len(x) - j, len(y) - j
}

// byteAt returns s[i], or a rune start at the end of s.
func byteAt(s string, i int) byte {
	if i >= len(s) {
		return 0
	}
	return s[i]
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// quote quotes s for a summary, cut to excerptBytes.
func quote(s string) string {
	if len(s) > excerptBytes {
		k := excerptBytes
		for k > 0 && !utf8.RuneStart(s[k]) {
			k--
		}
		return strconv.Quote(s[:k]) + "…"
	}
	return strconv.Quote(s)
}

// excerpt returns s around byte i, quoted, with … where it is cut.
func excerpt(s string, i int) string {
	from, to := max(0, i-excerptBytes/2), min(len(s), i+excerptBytes)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	if from > 0 { // start at a line or word
		if k := strings.IndexAny(s[from:i], "\n "); k >= 0 {
			from += k + 1
		}
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	out := strconv.Quote(s[from:to])
	if from > 0 {
		out = "…" + out
	}
	if to < len(s) {
		out += "…"
	}
	return out
}

// differingNode returns the node of t that printed shea's output at byte
// i, as the literal text tells: walking the nodes in source order, each
// text node found in the output before i moves past it; the first other
// node after the last such text is where the difference comes from. A
// text not found at all lies in a branch not taken and is skipped. It
// returns nil and t's start when no node qualifies.
func differingNode(t *strict.Template, out string, i int) (strict.Node, diag.Range) {
	cursor := 0
	var cand strict.Node
	stop := false
	var walk func([]strict.Node)
	walk = func(nodes []strict.Node) {
		for _, n := range nodes {
			if stop {
				return
			}
			if tx, ok := n.(*strict.Text); ok {
				if tx.Value == "" {
					continue
				}
				k := strings.Index(out[cursor:], tx.Value)
				switch {
				case k < 0:
					continue // a branch not taken
				case cursor+k+len(tx.Value) <= i:
					cursor += k + len(tx.Value)
					cand = nil
				default:
					stop = true
					return
				}
				continue
			}
			if cand == nil {
				cand = n
			}
			for _, body := range children(n) {
				walk(body)
			}
		}
	}
	walk(t.Body)
	if cand == nil {
		p := startOf(t)
		return nil, diag.Range{Filename: t.Filename, Start: p, End: p}
	}
	return cand, cand.Range()
}

// children returns the bodies of a block node, in source order.
func children(n strict.Node) [][]strict.Node {
	switch n := n.(type) {
	case *strict.If:
		return clauseBodies(n.Clauses)
	case *strict.Case:
		return clauseBodies(n.Clauses)
	case *strict.For:
		return [][]strict.Node{n.Body, n.Else}
	case *strict.Tablerow:
		return [][]strict.Node{n.Body}
	case *strict.Capture:
		return nil // captured text is printed, if at all, where it is read
	case *strict.Ifchanged:
		return [][]strict.Node{n.Body}
	}
	return nil
}

func clauseBodies(cs []*strict.Clause) [][]strict.Node {
	out := make([][]strict.Node, len(cs))
	for i, c := range cs {
		out[i] = c.Body
	}
	return out
}

// isInlineComment reports whether c is a "{% # … %}" comment.
func isInlineComment(t *strict.Template, c *strict.Comment) bool {
	r := c.Range()
	from, to := r.Start.Byte-startOf(t).Byte, r.End.Byte-startOf(t).Byte
	if from < 0 || to > len(t.Source) || from >= to {
		return false
	}
	s := strings.TrimLeft(strings.TrimPrefix(t.Source[from:to], "{%"), "- \t\r\n")
	return strings.HasPrefix(s, "#")
}
