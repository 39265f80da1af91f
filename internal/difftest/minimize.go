package main

import "strings"

// pieces splits a template into text, {{ }} outputs and {% %} tags. An
// unterminated tag runs to the end.
func pieces(src string) []string {
	var out []string
	for src != "" {
		i := indexOpen(src)
		if i < 0 {
			return append(out, src)
		}
		if i > 0 {
			out = append(out, src[:i])
			src = src[i:]
		}
		closer := "}}"
		if src[1] == '%' {
			closer = "%}"
		}
		j := strings.Index(src[2:], closer)
		if j < 0 {
			return append(out, src)
		}
		out = append(out, src[:j+4])
		src = src[j+4:]
	}
	return out
}

func indexOpen(s string) int {
	a, b := strings.Index(s, "{{"), strings.Index(s, "{%")
	if a < 0 || b >= 0 && b < a {
		return b
	}
	return a
}

// tagName is the name of a {% %} piece ("" for other pieces).
func tagName(p string) string {
	if !strings.HasPrefix(p, "{%") {
		return ""
	}
	f := strings.Fields(strings.Trim(p[2:len(p)-2], "-"))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// markup is the inside of an output or tag piece, without its delimiters
// and whitespace control.
func markup(p string) string {
	if len(p) < 4 {
		return ""
	}
	return strings.TrimSpace(strings.Trim(p[2:len(p)-2], "-"))
}

var blockTags = map[string]bool{"if": true, "unless": true, "for": true, "case": true,
	"capture": true, "tablerow": true, "raw": true, "comment": true}

// matchEnd returns the index of the end tag closing the block opened by
// ps[i], or -1.
func matchEnd(ps []string, i int) int {
	name := tagName(ps[i])
	depth := 0
	for j := i; j < len(ps); j++ {
		switch tagName(ps[j]) {
		case name:
			depth++
		case "end" + name:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// splitTop splits s at sep outside quotes.
func splitTop(s string, sep byte) []string {
	var out []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// markupShrinks returns smaller versions of a piece's markup: one filter
// removed, or one argument of a filter removed.
func markupShrinks(p string) []string {
	if len(p) < 4 {
		return nil
	}
	open, close := p[:2], p[len(p)-2:]
	inner := p[2 : len(p)-2]
	segs := splitTop(inner, '|')
	var out []string
	for i := 1; i < len(segs); i++ {
		rest := append(append([]string{}, segs[:i]...), segs[i+1:]...)
		out = append(out, open+strings.Join(rest, "|")+close)
		name, args, ok := strings.Cut(segs[i], ":")
		if !ok {
			continue
		}
		as := splitTop(args, ',')
		for j := range as {
			keep := append(append([]string{}, as[:j]...), as[j+1:]...)
			seg := name
			if len(keep) > 0 {
				seg += ":" + strings.Join(keep, ",")
			} else {
				seg += " "
			}
			segsCopy := append([]string{}, segs...)
			segsCopy[i] = seg
			out = append(out, open+strings.Join(segsCopy, "|")+close)
		}
	}
	return out
}

// templateShrinks returns smaller variants of a template: a piece removed,
// a block removed whole or unwrapped, a filter or argument removed, a text
// piece shortened.
func templateShrinks(src string) []string {
	ps := pieces(src)
	join := func(drop map[int]bool, repl map[int]string) string {
		var b strings.Builder
		for i, p := range ps {
			if drop[i] {
				continue
			}
			if r, ok := repl[i]; ok {
				p = r
			}
			b.WriteString(p)
		}
		return b.String()
	}
	var out []string
	// First each top-level unit alone (a piece, or a block with its body):
	// most disagreements live in one of them.
	if units := topUnits(ps); len(units) > 1 {
		for _, u := range units {
			out = append(out, strings.Join(ps[u[0]:u[1]], ""))
		}
	}
	for i, p := range ps {
		if blockTags[tagName(p)] {
			if j := matchEnd(ps, i); j > 0 {
				whole := map[int]bool{}
				for k := i; k <= j; k++ {
					whole[k] = true
				}
				out = append(out, join(whole, nil), join(map[int]bool{i: true, j: true}, nil))
			}
		}
	}
	for i := range ps {
		out = append(out, join(map[int]bool{i: true}, nil))
	}
	for i, p := range ps {
		if strings.HasPrefix(p, "{{") || strings.HasPrefix(p, "{%") {
			for _, m := range markupShrinks(p) {
				out = append(out, join(nil, map[int]string{i: m}))
			}
		} else if r := []rune(p); len(r) > 1 {
			out = append(out, join(nil, map[int]string{i: string(r[:1])}))
		}
	}
	return out
}

// topUnits splits pieces into top-level units, [from, to) each: a block
// from its tag to its end tag, or one piece.
func topUnits(ps []string) [][2]int {
	var units [][2]int
	for i := 0; i < len(ps); {
		j := i + 1
		if blockTags[tagName(ps[i])] {
			if e := matchEnd(ps, i); e > i {
				j = e + 1
			}
		}
		units = append(units, [2]int{i, j})
		i = j
	}
	return units
}

// minimize shrinks c while still(c) holds, trying at most budget
// candidates, and returns the smallest case found.
func minimize(c Case, still func(Case) bool, budget int) Case {
	for budget > 0 {
		improved := false
		for _, t := range templateShrinks(c.Template) {
			if budget--; budget < 0 {
				return c
			}
			if d := (Case{Template: t, Data: c.Data}); still(d) {
				c, improved = d, true
				break
			}
		}
		if improved {
			continue
		}
		shrinks := c.Data.shrinks()
		if len(c.Data.keys) > 1 {
			shrinks = append([]jv{{kind: 'o'}}, shrinks...) // no data at all first
		}
		for _, d := range shrinks {
			if budget--; budget < 0 {
				return c
			}
			if e := (Case{Template: c.Template, Data: d}); still(e) {
				c, improved = e, true
				break
			}
		}
		if !improved {
			return c
		}
	}
	return c
}

// signature describes a minimised case for bucketing: the outcome, then
// each output or tag with its filters and the kinds of its literals, then
// the kinds of the data it still holds.
func signature(outcome string, c Case) string {
	kinds := map[string]string{}
	for i, k := range c.Data.keys {
		kinds[k] = c.Data.vals[i].kindName()
	}
	var parts []string
	for _, p := range pieces(c.Template) {
		switch {
		case strings.HasPrefix(p, "{{"):
			parts = append(parts, "out"+markupSig(markup(p), kinds))
		case strings.HasPrefix(p, "{%"):
			name := tagName(p)
			if strings.HasPrefix(name, "end") {
				continue
			}
			m := strings.TrimSpace(strings.TrimPrefix(markup(p), name))
			parts = append(parts, name+tagSig(m, kinds))
		}
	}
	return outcome + " | " + strings.Join(parts, " ")
}

// tagSig is markupSig for a tag: the kinds of its literals only where
// they are loop attributes' values (limit: float), else just its keywords,
// operators and filters, so that buckets do not split by incidental
// literals.
func tagSig(m string, kinds map[string]string) string {
	full := markupSig(m, kinds)
	var keep []string
	fields := strings.Fields(strings.Trim(full, "()"))
	for i, f := range fields {
		switch {
		case isOperator(f), strings.HasPrefix(f, "|"):
			keep = append(keep, f)
		case i > 0 && strings.HasSuffix(fields[i-1], ":") && isOperator(fields[i-1]):
			keep = append(keep, f)
		}
	}
	return "(" + strings.Join(keep, " ") + ")"
}

// markupSig lists the filters of a markup and the kinds of its literals.
func markupSig(m string, kinds map[string]string) string {
	segs := splitTop(m, '|')
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(literalKinds(segs[0], kinds))
	for _, s := range segs[1:] {
		name, args, _ := strings.Cut(s, ":")
		b.WriteString("|" + strings.TrimSpace(name))
		if k := literalKinds(args, kinds); k != "" {
			b.WriteString(":" + k)
		}
	}
	b.WriteByte(')')
	return b.String()
}

// literalKinds names the kinds of the literals in an expression, and
// each variable as the kind of the data it starts from (undefined if the
// data has no such key), in order.
func literalKinds(s string, kinds map[string]string) string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' }) {
		switch {
		case f == "":
		case f[0] == '\'' || f[0] == '"':
			if k := stringKind(f); k != "str" {
				out = append(out, k)
			}
		case f[0] == '-' || f[0] >= '0' && f[0] <= '9':
			if strings.Contains(f, "..") {
				out = append(out, "range")
			} else {
				out = append(out, numberKind(f))
			}
		case f == "nil" || f == "true" || f == "false" || f == "empty" || f == "blank":
			out = append(out, f)
		case strings.Contains(f, ".."):
			out = append(out, "range")
		case isOperator(f):
			out = append(out, f)
		default:
			root := f
			if i := strings.IndexAny(f, ".["); i >= 0 {
				root = f[:i]
			}
			k, ok := kinds[root]
			if !ok {
				k = "undefined"
			}
			if k != "undefined" {
				out = append(out, k+f[len(root):])
			}
		}
	}
	return strings.Join(out, " ")
}

func isOperator(f string) bool {
	switch f {
	case "==", "!=", "<>", "<", ">", "<=", ">=", "contains", "and", "or", "in", "limit:", "offset:", "cols:", "reversed":
		return true
	}
	return false
}
