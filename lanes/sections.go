package lanes

import (
	"strings"
	"unicode"

	"github.com/sheaproject/shea/diag"
)

// section is a "##" heading and the lines under it, or (head nil) the text
// before the first heading.
type section struct {
	head      *line
	title     string // as written
	key       string // sectionKey(title)
	body      []line
	protected bool
	protAt    diag.Range // the heading of the file that made the section protected
	origin    Origin     // the file whose text the section holds (before appends)
	steps     []Step
}

func (s *section) clone() *section {
	c := *s
	c.body = append([]line(nil), s.body...)
	c.steps = append([]Step(nil), s.steps...)
	return &c
}

// headRange is where the section's heading stands (the file's start for the
// text before the first heading).
func (s *section) headRange() diag.Range {
	if s.head != nil {
		return s.head.rng()
	}
	return diag.Range{Filename: s.origin.File, Start: diag.StartPos, End: diag.StartPos}
}

// block is an "## Override: Name" block of an append file.
type block struct {
	head      line
	name      string
	key       string
	replace   bool
	protected bool
	body      []line
	headings  []line // plain "##" headings in body, which belong to the block
}

// layerFile is a parsed layer file.
type layerFile struct {
	layer    string
	name     string // file name for diagnostics
	src      string
	lines    []line
	append   bool       // the file has an <!-- append --> line
	pre      *section   // replace mode: the text before the first heading
	sections []*section // replace mode
	blocks   []*block   // append mode
	// free is, in append mode, the text before the first override
	// block: appended to the end of the lower file.
	free  *doc
	diags diag.List
}

func (f *layerFile) origin(l line) Origin {
	return Origin{Layer: f.layer, File: f.name, Line: l.pos.Line}
}

// firstLine is the range of the file's first line, the subject of
// diagnostics about the file as a whole.
func (f *layerFile) firstLine() diag.Range {
	if len(f.lines) > 0 {
		return f.lines[0].rng()
	}
	return diag.Range{Filename: f.name, Start: diag.StartPos, End: diag.StartPos}
}

// parseLayerFile cuts a layer file into sections (a plain file) or override
// blocks (a file with an <!-- append --> line), dropping directive lines and
// reporting misplaced ones.
func parseLayerFile(src, name, layerName string) *layerFile {
	f := &layerFile{layer: layerName, name: name, src: src, lines: splitLines(src, name)}
	classify(f.lines, true)
	for _, l := range f.lines {
		if l.kind == lineAppend {
			f.append = true
			break
		}
	}
	if f.append {
		f.parseBlocks()
	} else {
		f.parseSections()
	}
	return f
}

func (f *layerFile) errorf(l line, format string, args ...any) *diag.Diagnostic {
	d := diag.Errorf(codeDirective, l.rng(), format, args...)
	f.diags = append(f.diags, d)
	return d
}

func (f *layerFile) parseSections() {
	cur := &section{origin: Origin{Layer: f.layer, File: f.name, Line: 1}}
	if len(f.lines) > 0 {
		cur.origin.Line = f.lines[0].pos.Line
	}
	f.pre = cur
	for i := range f.lines {
		l := f.lines[i]
		switch l.kind {
		case lineHeading:
			cur = &section{head: &f.lines[i], title: l.title, key: sectionKey(l.title), origin: f.origin(l)}
			f.sections = append(f.sections, cur)
		case lineOverride:
			f.errorf(l, "override heading in a file without <!-- append -->").
				WithDetail("Add a line <!-- append --> to merge the file's \"## Override:\" blocks into the lower layer's sections, or write a plain \"## %s\" heading to replace the lower file.", l.title)
		case lineReplace:
			f.errorf(l, "<!-- replace --> outside an override block").
				WithDetail("<!-- replace --> belongs inside an \"## Override: Name\" block of an <!-- append --> file; a file without <!-- append --> replaces the lower file whole.")
		case lineProtected:
			if cur.head == nil {
				f.errorf(l, "<!-- protected --> before the first \"##\" heading").
					WithDetail("Only sections can be protected: put the marker on a line inside the \"##\" section to protect.")
				continue
			}
			cur.protected = true
			cur.protAt = cur.head.rng()
		default:
			cur.body = append(cur.body, l)
		}
	}
}

func (f *layerFile) parseBlocks() {
	var cur *block
	free := &section{origin: Origin{Layer: f.layer, File: f.name, Line: 1}} // the current section of the text before the first block
	f.free = &doc{pre: free}
	reported := false // an error about a broken override heading was given since the last block
	for _, l := range f.lines {
		switch l.kind {
		case lineAppend:
		case lineOverride:
			reported = false
			cur = &block{head: l, name: l.title, key: sectionKey(l.title)}
			if l.title == "" {
				f.errorf(l, "override heading without a section name").
					WithDetail("Write \"## Override: Name\", where Name is the heading of the lower layer's section.")
				cur, reported = nil, true
				continue
			}
			if _, nested := overrideName(l.title); nested {
				f.errorf(l, "override of a section named %q", l.title).
					WithDetail("A section name cannot itself start with \"Override:\".")
				cur, reported = nil, true
				continue
			}
			f.blocks = append(f.blocks, cur)
		case lineReplace, lineProtected:
			if cur == nil {
				if !reported {
					f.errorf(l, "%s outside an override block", strings.TrimSpace(l.text)).
						WithDetail("Put the marker inside the \"## Override: Name\" block it applies to.")
				}
				continue
			}
			if l.kind == lineReplace {
				cur.replace = true
			} else {
				cur.protected = true
			}
		case lineHeading:
			// A plain heading inside a block is the block's text; before
			// the first block it starts a section appended at the end.
			switch {
			case cur != nil:
				cur.body = append(cur.body, l)
				cur.headings = append(cur.headings, l)
			case !reported:
				h := l
				free = &section{head: &h, title: l.title, key: sectionKey(l.title), origin: f.origin(l)}
				f.free.sections = append(f.free.sections, free)
			}
		default:
			switch {
			case cur != nil:
				cur.body = append(cur.body, l)
			case reported || (free.head == nil && isComment(l.text)):
				// The text after a broken override heading is dropped
				// with it; a one-line comment before the first heading
				// is a note to the file's maintainers.
			default:
				free.body = append(free.body, l)
			}
		}
	}
}

// isComment reports whether text is a one-line HTML comment, which an
// append file may carry outside its blocks as a note to its maintainers.
func isComment(text string) bool {
	s := strings.TrimSpace(text)
	return strings.HasPrefix(s, "<!--") && strings.HasSuffix(s, "-->") && len(s) >= len("<!---->")
}

// overrideHeading builds the heading "## Name" of a section an unmatched
// override block adds: the "## " is generated, Name is the block heading's
// own text.
func overrideHeading(b *block) *line {
	h := b.head
	text := h.text
	k := len(text) - len(trimIndent(text)) + len("##")
	k = len(text) - len(strings.TrimLeftFunc(text[k:], unicode.IsSpace)) + len("override:")
	k += strings.Index(text[k:], b.name)
	return &line{
		prefix: "## ", prefixPos: h.pos,
		text: b.name, pos: h.pos.Advance(text[:k]), eol: h.eol, eolAt: h.end(), file: h.file,
		kind: lineHeading, title: b.name,
	}
}

// trimBlank returns ls without leading (when lead) and trailing blank lines.
func trimBlank(ls []line, lead bool) []line {
	if lead {
		for len(ls) > 0 && ls[0].blank() {
			ls = ls[1:]
		}
	}
	for len(ls) > 0 && ls[len(ls)-1].blank() {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// sameText reports whether two section bodies say the same, ignoring line
// endings and blank lines at either end.
func sameText(a, b []line) bool {
	a, b = trimBlank(a, true), trimBlank(b, true)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].prefix+a[i].text != b[i].prefix+b[i].text {
			return false
		}
	}
	return true
}
