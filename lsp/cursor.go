package lsp

import (
	"regexp"
	"slices"
	"strings"

	"github.com/sheaproject/shea/strict"
)

// The text around the cursor, read the way a person does: inside which
// Liquid markup, after which path or filter bar. These are lexical guesses
// for completion and hover only; every diagnostic comes from the checker.

// markup returns the Liquid markup the offset lies in: its kind ("{{" or
// "{%"), the offset where its content starts, and ok when the offset is
// inside an unclosed "{{" or "{%" (in the part before the cursor).
func markup(text string, off int) (kind string, start int, ok bool) {
	before := text[:off]
	i := max(strings.LastIndex(before, "{{"), strings.LastIndex(before, "{%"))
	if i < 0 {
		return "", 0, false
	}
	rest := before[i+2:]
	if strings.Contains(rest, "}}") || strings.Contains(rest, "%}") {
		return "", 0, false
	}
	start = i + 2
	if start < len(before) && before[start] == '-' {
		start++
	}
	return before[i : i+2], start, true
}

// pathChars are the characters of a variable path as typed.
func isPathChar(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '[' || c == ']' || c == '?' ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func isIdentChar(c byte) bool {
	return c == '_' || c == '-' || c == '?' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// pathBefore returns the path typed just before off ("issue.lab").
func pathBefore(text string, off int) string {
	i := off
	for i > 0 && isPathChar(text[i-1]) {
		i--
	}
	return text[i:off]
}

// wordAt returns the path around off and where it starts: the characters of
// a path before off and the identifier characters after it.
func wordAt(text string, off int) (word string, start int) {
	i := off
	for i > 0 && isPathChar(text[i-1]) {
		i--
	}
	j := off
	for j < len(text) && isIdentChar(text[j]) {
		j++
	}
	return text[i:j], i
}

var indexSeg = regexp.MustCompile(`\[(-?\d+)\]`)

// splitPath splits "issue.comments[0].author" into schema steps:
// issue, comments, [], author. first and last of an array are its items.
func splitPath(p string) []string {
	p = indexSeg.ReplaceAllString(p, ".[]")
	var out []string
	for _, s := range strings.Split(p, ".") {
		switch s {
		case "":
			continue
		case "first", "last":
			if len(out) > 0 {
				s = strict.ItemsStep
			}
		}
		out = append(out, s)
	}
	return out
}

// A local is a name the template binds before the cursor.
type local struct {
	name string
	kind string // assign, capture, for, tablerow, increment
	// from is the path a for or tablerow loop runs over, or the plain path
	// an assign copies; empty otherwise.
	from string
	at   int // byte offset of the name
}

var (
	assignRe  = regexp.MustCompile(`(?:\{%-?|\n|^)\s*assign\s+([A-Za-z_][\w-]*)\s*=\s*([A-Za-z_][\w.\-\[\]]*)?`)
	captureRe = regexp.MustCompile(`(?:\{%-?|\n|^)\s*capture\s+([A-Za-z_][\w-]*)`)
	forRe     = regexp.MustCompile(`(?:\{%-?|\n|^)\s*(for|tablerow)\s+([A-Za-z_][\w-]*)\s+in\s+\(?([A-Za-z_][\w.\-\[\]]*)`)
	counterRe = regexp.MustCompile(`(?:\{%-?|\n|^)\s*(?:increment|decrement)\s+([A-Za-z_][\w-]*)`)
)

// locals lists the names bound in text (before the cursor), last binding
// of a name last.
func locals(text string) []local {
	var out []local
	find := func(re *regexp.Regexp, words ...string) [][]int {
		for _, w := range words {
			if strings.Contains(text, w) {
				return re.FindAllStringSubmatchIndex(text, -1)
			}
		}
		return nil
	}
	for _, m := range find(assignRe, "assign") {
		l := local{name: text[m[2]:m[3]], kind: "assign", at: m[2]}
		if m[4] >= 0 {
			l.from = text[m[4]:m[5]]
		}
		out = append(out, l)
	}
	for _, m := range find(captureRe, "capture") {
		out = append(out, local{name: text[m[2]:m[3]], kind: "capture", at: m[2]})
	}
	for _, m := range find(forRe, "for", "tablerow") {
		out = append(out, local{name: text[m[4]:m[5]], kind: text[m[2]:m[3]], from: text[m[6]:m[7]], at: m[4]})
	}
	for _, m := range find(counterRe, "increment", "decrement") {
		out = append(out, local{name: text[m[2]:m[3]], kind: "increment", at: m[2]})
	}
	// in source order (each kind is in order already)
	slices.SortStableFunc(out, func(a, b local) int { return a.at - b.at })
	return out
}

// findLocal returns the last binding of name in ls.
func findLocal(ls []local, name string) (local, bool) {
	for i := len(ls) - 1; i >= 0; i-- {
		if ls[i].name == name {
			return ls[i], true
		}
	}
	return local{}, false
}

// schemaPath turns a typed path into the schema path it reads: a loop
// variable stands for the items of its collection, an assign of a plain
// path for that path (followed once each, so a cycle ends).
func schemaPath(segs []string, ls []local) []string {
	for range 8 {
		if len(segs) == 0 {
			return segs
		}
		l, ok := findLocal(ls, segs[0])
		if !ok || l.from == "" {
			return segs
		}
		base := splitPath(l.from)
		if l.kind == "for" || l.kind == "tablerow" {
			base = append(base, strict.ItemsStep)
		}
		segs = append(base, segs[1:]...)
	}
	return segs
}

// forloopFields are the properties of forloop (and tablerowloop's
// common ones).
var forloopFields = []string{"first", "index", "index0", "last", "length", "parentloop", "rindex", "rindex0"}

// frontMatterEnd returns the byte offset where a front matter block that
// opens the text ends (the start of its closing "---" line), or -1.
func frontMatterEnd(text string) int {
	t := strings.TrimPrefix(text, bom)
	skip := len(text) - len(t)
	if !strings.HasPrefix(t, "---\n") && !strings.HasPrefix(t, "---\r\n") {
		return -1
	}
	starts := lineStarts(text)
	for i := 1; i < len(starts); i++ {
		l := strings.TrimRight(lineText(text, starts, i), " \t")
		if l == "---" && starts[i] > skip {
			return starts[i]
		}
	}
	return -1
}

// yamlKeyPath returns the keys that lead to the line holding off in a
// block-style YAML front matter, by indentation: the parents of the line,
// outermost first, then the line's own key (empty when it has none yet).
func yamlKeyPath(text string, off int) (parents []string, key string) {
	starts := lineStarts(text)
	c := newConverter(text, encUTF8)
	n := c.at(off).Line
	line := lineText(text, starts, n)
	indent := len(line) - len(strings.TrimLeft(line, " "))
	trimmed := strings.TrimLeft(line, " -")
	if i := strings.Index(trimmed, ":"); i >= 0 {
		key = trimmed[:i]
	} else {
		key = trimmed
	}
	for i := n - 1; i >= 1 && indent > 0; i-- {
		l := lineText(text, starts, i)
		t := strings.TrimLeft(l, " ")
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "-") {
			continue
		}
		ind := len(l) - len(t)
		if ind < indent {
			if j := strings.Index(t, ":"); j >= 0 {
				parents = append([]string{t[:j]}, parents...)
			}
			indent = ind
		}
	}
	return parents, key
}
