package workflows

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// tree is a YAML (or JSON) document decoded to plain values, with the
// position of every value it holds: the values are what the JSON Schema
// validator and the rest of the loader read, and the index maps a JSON
// pointer ("/tracker/kind") back to the key and value nodes it came from.
type tree struct {
	src   *source
	start int // normalised offset of the document's first byte
	line0 int // 0-based line of start
	text  string
	root  *yaml.Node // the top-level node; nil for an empty document
	value any
	index map[string]nodeRef
	// searched counts the bytes parsed again to place a syntax error.
	searched int
}

// nodeRef is where a value is written: its key (nil for the root and for
// sequence items) and the value itself.
type nodeRef struct {
	key, value *yaml.Node
}

// maxYAMLValues caps the values a document may expand to, so that aliases
// cannot make a small file decode to billions of values.
const maxYAMLValues = 100_000

// maxErrorSearchLines caps the lines for which a syntax error's line is
// searched for exactly (see errorLine).
const maxErrorSearchLines = 1000

// maxErrorSearchBytes caps the bytes the prefixes parsed line by line by
// that search hold together; past it, the search halves its interval.
const maxErrorSearchBytes = 1 << 20

// parseYAML decodes text, which starts at normalised offset start of src.
// Errors are workflow_parse_error diagnostics at the offending line. An
// empty document (only white space or comments) decodes to nil.
func parseYAML(src *source, start int, text string) (*tree, diag.List) {
	t := &tree{src: src, start: start, line0: src.line(start), text: text, index: map[string]nodeRef{}}
	if bad := invalidUTF8(text); bad >= 0 {
		return nil, diag.List{diag.Errorf(codes.WorkflowParseError, src.rng(start+bad, start+bad+1),
			"the YAML holds a byte that is not valid UTF-8")}
	}
	dec := yaml.NewDecoder(strings.NewReader(text))
	var doc yaml.Node
	if err := decodeSafely(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			return t, nil
		}
		return nil, diag.List{t.syntaxError(err)}
	}
	var next yaml.Node
	if err := decodeSafely(dec, &next); err == nil {
		return nil, diag.List{diag.Errorf(codes.WorkflowParseError, t.nodeRange(&next),
			"the YAML holds more than one document").WithDetail(
			"A line starting with --- inside the front matter starts a second YAML document.")}
	} else if !errors.Is(err, io.EOF) {
		return nil, diag.List{t.syntaxError(err)}
	}
	if len(doc.Content) == 0 {
		return t, nil
	}
	t.root = doc.Content[0]
	c := &converter{t: t}
	v, diags := c.value(t.root, "", nil, 0)
	if diags.HasErrors() {
		return nil, diags
	}
	t.value = v
	return t, diags
}

// decodeSafely decodes the next document, turning a panic of the YAML
// library into an error.
func decodeSafely(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: internal error: %v", r)
		}
	}()
	return dec.Decode(n)
}

func invalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// syntaxError places a YAML syntax error on its line. yaml.v3 reports
// the line of the construct the error is in (a flow sequence, a quoted
// scalar, a block mapping), not of the error, and cannot report the first
// line at all. So the document is parsed again after a blank line, which
// makes every line reportable, to learn where the construct starts; the
// error is then on the first line from there whose prefix of the document
// fails with the same message. Long documents use the construct's line.
func (t *tree) syntaxError(err error) *diag.Diagnostic {
	msg := stripLine(err.Error())
	lines := strings.SplitAfter(t.text, "\n")
	from := 1
	var padded yaml.Node
	if perr := yaml.Unmarshal([]byte("\n"+t.text), &padded); perr != nil {
		pmsg := strings.TrimPrefix(perr.Error(), "yaml: ")
		if n, ok := reportedLine(pmsg); ok {
			// A scanner error counts the line from 1, a parser error from 0.
			from = n
			if !isParserError(stripLine(pmsg)) {
				from = n - 1
			}
		}
	}
	from = max(1, min(from, len(lines)))
	line := from
	if len(lines) <= maxErrorSearchLines {
		// ends[i] is the end of the prefix through line i+1.
		ends := make([]int, len(lines))
		for i, end := 0, 0; i < len(lines); i++ {
			end += len(lines[i])
			ends[i] = end
		}
		fails := func(i int) bool {
			t.searched += ends[i]
			var n yaml.Node
			e := yaml.Unmarshal([]byte(t.text[:ends[i]]), &n)
			return e != nil && stripLine(e.Error()) == msg
		}
		// Line by line from the construct while the prefixes parsed stay
		// within maxErrorSearchBytes (the usual case: a short document, or
		// an error near its construct); past that, a binary search for the
		// first failing prefix (a prefix that holds the error fails, so
		// failing is monotonic): at most log2(maxErrorSearchLines)+1 more
		// parses of at most the whole text, where trying every line was
		// quadratic (4 MB: 57 s).
		found := false
		lo := from - 1
		for ; lo < len(lines) && t.searched+ends[lo] <= maxErrorSearchBytes; lo++ {
			if fails(lo) {
				line, found = lo+1, true
				break
			}
		}
		if !found && lo < len(lines) {
			hi := len(lines) - 1 // the whole text fails with msg
			for lo < hi {
				mid := (lo + hi) / 2
				if fails(mid) {
					hi = mid
				} else {
					lo = mid + 1
				}
			}
			line = lo + 1
		}
	}
	r := t.src.lineRange(t.line0 + line)
	if strings.Contains(msg, "cannot start any token") {
		// Most often a tab in the indentation: point at it.
		l := t.line0 + line - 1
		if l < len(t.src.normStarts) {
			start := t.src.normStarts[l]
			for k := start; k < len(t.src.text) && (t.src.text[k] == ' ' || t.src.text[k] == '\t'); k++ {
				if t.src.text[k] == '\t' {
					r = t.src.rng(k, k+1)
					break
				}
			}
		}
	}
	return diag.Errorf(codes.WorkflowParseError, r, "invalid YAML: %s", msg)
}

// stripLine drops "yaml: " and "line N: " from a yaml.v3 message.
func stripLine(msg string) string {
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if _, after, ok := strings.Cut(rest, ": "); ok {
			return after
		}
	}
	return msg
}

// isParserError reports whether a yaml.v3 message comes from its parser
// (whose line counts from 0) rather than its scanner (from 1).
func isParserError(msg string) bool {
	for _, p := range []string{"did not find expected", "found undefined tag handle", "found duplicate %", "found incompatible YAML document"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// reportedLine reads "line N: " from a yaml.v3 message.
func reportedLine(msg string) (int, bool) {
	rest, ok := strings.CutPrefix(msg, "line ")
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, ":")
	n, err := strconv.Atoi(num)
	return n, err == nil && n >= 0
}

// offset returns the normalised offset of a node's first byte. yaml.v3
// counts columns in characters; they are converted to bytes here.
func (t *tree) offset(n *yaml.Node) int {
	if n == nil || n.Line == 0 {
		return t.start
	}
	l := t.line0 + n.Line - 1
	if l >= len(t.src.normStarts) {
		return len(t.src.text)
	}
	off := t.src.normStarts[l]
	end := len(t.src.text)
	if l+1 < len(t.src.normStarts) {
		end = t.src.normStarts[l+1]
	}
	if l == t.line0 && strings.HasPrefix(t.src.text[off:end], bom) {
		off += len(bom) // yaml.v3 skips a leading BOM without counting it
	}
	for i := 1; i < n.Column && off < end; i++ {
		_, size := utf8.DecodeRuneInString(t.src.text[off:end])
		off += size
	}
	return off
}

// nodeRange returns the range of a node's first token: a scalar's text
// (with its quotes), or the first character of a collection.
func (t *tree) nodeRange(n *yaml.Node) diag.Range {
	from := t.offset(n)
	if n != nil && n.Kind != yaml.AliasNode {
		// No value starts with & or !: those are an anchor or a tag.
		from = skipProperties(t.src.text, from, n.Anchor)
	}
	to := from
	lineEnd := strings.IndexByte(t.src.text[from:], '\n')
	if lineEnd < 0 {
		lineEnd = len(t.src.text)
	} else {
		lineEnd += from
	}
	switch {
	case n == nil:
	case n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		q := t.src.text[from]
		to = from + 1
		for to < lineEnd {
			c := t.src.text[to]
			to++
			if c == '\\' && q == '"' && to < lineEnd {
				to++
				continue
			}
			if c == q {
				if q == '\'' && to < lineEnd && t.src.text[to] == '\'' {
					to++
					continue
				}
				break
			}
		}
	case n.Kind == yaml.ScalarNode && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0:
		if strings.HasPrefix(t.src.text[from:lineEnd], n.Value) {
			to = from + len(n.Value)
		} else {
			// A plain scalar folded over several lines: its first line.
			to = from + len(strings.TrimRight(t.src.text[from:lineEnd], " \t"))
		}
	default:
		to = min(from+1, lineEnd)
	}
	if to <= from && from < len(t.src.text) {
		to = from + 1
	}
	return t.src.rng(from, to)
}

// skipProperties skips the anchor (&name) and tag (!tag) that yaml.v3
// includes in a node's position, and the white space after them.
func skipProperties(text string, i int, anchor string) int {
	for i < len(text) {
		switch {
		case anchor != "" && strings.HasPrefix(text[i:], "&"+anchor):
			i += 1 + len(anchor)
			anchor = ""
		case text[i] == '!' || text[i] == '&':
			for i < len(text) && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' {
				i++
			}
		default:
			return i
		}
		// Spaces, line breaks and comments may stand between the
		// properties and the value (&a # note, then the value below).
		for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '#') {
			if text[i] == '#' {
				for i < len(text) && text[i] != '\n' {
					i++
				}
				continue
			}
			i++
		}
	}
	return i
}

// at returns the range to report a problem with the value at pointer p:
// its key when it has one, else the value, else the nearest enclosing value
// that has a position.
func (t *tree) at(p string) diag.Range {
	if p == "" && t.line0 > 0 {
		// The front matter as a whole: its opening delimiter line.
		return t.src.lineRange(t.line0)
	}
	for {
		if ref, ok := t.index[p]; ok {
			if ref.key != nil {
				return t.nodeRange(ref.key)
			}
			if ref.value != nil {
				return t.nodeRange(ref.value)
			}
		}
		if p == "" {
			return t.src.lineRange(t.line0 + 1)
		}
		p = p[:strings.LastIndexByte(p, '/')]
	}
}

// valueAt returns the range of the value at pointer p itself.
func (t *tree) valueAt(p string) diag.Range {
	if ref, ok := t.index[p]; ok && ref.value != nil {
		return t.nodeRange(ref.value)
	}
	return t.at(p)
}

// converter turns nodes into plain values: map[string]any, []any, string,
// int64, float64, bool and nil.
type converter struct {
	t     *tree
	count int
	diags diag.List
	// merging holds the mappings whose keys are being merged (<<) into
	// the mapping being converted: a merge key that leads back to one of
	// them (`b: &b` then `<<: *b` inside it) is a cycle, an error.
	merging map[*yaml.Node]bool
}

func (c *converter) fail(n *yaml.Node, format string, args ...any) {
	c.diags = c.diags.Append(diag.Errorf(codes.WorkflowParseError, c.t.nodeRange(n), format, args...))
}

// value converts n, found at pointer p under key (nil for the root and
// for items). aliased is set inside an alias expansion, whose values are
// not indexed: problems there are reported at the alias.
func (c *converter) value(n *yaml.Node, p string, key *yaml.Node, depth int) (any, diag.List) {
	v := c.convert(n, p, key, depth, false)
	return v, c.diags
}

func (c *converter) convert(n *yaml.Node, p string, key *yaml.Node, depth int, aliased bool) any {
	c.count++
	if c.count > maxYAMLValues {
		if c.count == maxYAMLValues+1 {
			c.fail(n, "the YAML expands to more than %d values", maxYAMLValues)
		}
		return nil
	}
	if depth > 200 {
		c.fail(n, "the YAML nests more than 200 levels deep")
		return nil
	}
	if !aliased {
		c.t.index[p] = nodeRef{key: key, value: n}
	}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			c.fail(n, "alias *%s refers to no anchor", n.Value)
			return nil
		}
		return c.convert(n.Alias, p, key, depth+1, true)
	case yaml.MappingNode:
		return c.mapping(n, p, depth, aliased)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for i, item := range n.Content {
			out = append(out, c.convert(item, p+"/"+strconv.Itoa(i), nil, depth+1, aliased))
		}
		return out
	case yaml.ScalarNode:
		return c.scalar(n)
	}
	return nil
}

func (c *converter) mapping(n *yaml.Node, p string, depth int, aliased bool) map[string]any {
	out := map[string]any{}
	if c.merging == nil {
		c.merging = map[*yaml.Node]bool{}
	}
	c.merging[n] = true
	defer delete(c.merging, n)
	seen := map[string]*yaml.Node{}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			merges = append(merges, v)
			continue
		}
		name, ok := c.key(k)
		if !ok {
			continue
		}
		if first, dup := seen[name]; dup {
			d := diag.Errorf(codes.WorkflowParseError, c.t.nodeRange(k), "duplicate key %q", name)
			d.Related = []diag.Related{{Message: "first defined here", Range: c.t.nodeRange(first)}}
			c.diags = c.diags.Append(d)
			continue
		}
		seen[name] = k
		out[name] = c.convert(v, p+"/"+escapePointer(name), k, depth+1, aliased)
	}
	// Merge keys (<<) add the keys of other mappings that this one does
	// not set itself; earlier sources win over later ones.
	for _, m := range merges {
		for _, src := range mergeSources(m) {
			if src.Kind != yaml.MappingNode {
				c.fail(m, "a merge key (<<) must refer to a mapping or a list of mappings")
				continue
			}
			if c.merging[src] {
				c.fail(m, "a merge key (<<) refers to a mapping it is part of")
				continue
			}
			// A merged mapping counts as a value and a level, as an alias
			// does: merges cannot expand past the document's limits.
			c.count++
			if c.count > maxYAMLValues {
				if c.count == maxYAMLValues+1 {
					c.fail(m, "the YAML expands to more than %d values", maxYAMLValues)
				}
				return out
			}
			if depth+1 > 200 {
				c.fail(m, "the YAML nests more than 200 levels deep")
				return out
			}
			merged := c.mapping(src, p, depth+1, true)
			for k, v := range merged {
				if _, ok := out[k]; !ok {
					out[k] = v
				}
			}
		}
	}
	return out
}

func mergeSources(n *yaml.Node) []*yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind != yaml.SequenceNode {
		return []*yaml.Node{n}
	}
	out := make([]*yaml.Node, 0, len(n.Content))
	for _, item := range n.Content {
		for item.Kind == yaml.AliasNode && item.Alias != nil {
			item = item.Alias
		}
		out = append(out, item)
	}
	return out
}

func (c *converter) key(k *yaml.Node) (string, bool) {
	for k.Kind == yaml.AliasNode && k.Alias != nil {
		k = k.Alias
	}
	if k.Kind != yaml.ScalarNode {
		c.fail(k, "a key must be a plain value, not a list or a mapping")
		return "", false
	}
	return k.Value, true
}

func (c *converter) scalar(n *yaml.Node) any {
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			c.fail(n, "invalid boolean %q", n.Value)
			return nil
		}
		return b
	case "!!int":
		var i int64
		if err := n.Decode(&i); err == nil {
			return i
		}
		var f float64
		if err := n.Decode(&f); err == nil {
			return f
		}
		c.fail(n, "invalid integer %q", n.Value)
		return nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			c.fail(n, "invalid number %q", n.Value)
			return nil
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			// JSON has no such numbers; keep the text.
			return n.Value
		}
		return f
	}
	return n.Value
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// pointerPath turns a JSON pointer into a dotted key path for messages:
// "/tracker/active_states/0" is "tracker.active_states[0]".
func pointerPath(p string) string {
	if p == "" {
		return "(front matter)"
	}
	var b strings.Builder
	for i, seg := range strings.Split(p[1:], "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		if _, err := strconv.Atoi(seg); err == nil && i > 0 {
			fmt.Fprintf(&b, "[%s]", seg)
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(seg)
	}
	return b.String()
}
