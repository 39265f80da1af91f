package lanes

import (
	"fmt"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// doc is a merged document: the text before the first heading, then the
// sections in order.
type doc struct {
	pre      *section
	sections []*section
}

func (d *doc) clone() *doc {
	c := &doc{pre: d.pre, sections: append([]*section(nil), d.sections...)}
	return c
}

// find returns the index of the first section with key at or after from,
// or -1.
func (d *doc) find(key string, from int, skip map[*section]bool) int {
	for i := from; i < len(d.sections); i++ {
		if d.sections[i].key == key && !skip[d.sections[i]] {
			return i
		}
	}
	return -1
}

// mergeOptions carry what a merge step needs besides the two documents.
type mergeOptions struct {
	strictLayers bool
}

// baseDoc makes the document of the lowest file that has the name.
func baseDoc(f *layerFile) *doc {
	d := &doc{pre: f.pre.clone()}
	d.pre.steps = []Step{{Origin: d.pre.origin, Action: ActionBase}}
	for _, s := range f.sections {
		c := s.clone()
		c.steps = []Step{{Origin: c.origin, Action: ActionBase}}
		d.sections = append(d.sections, c)
	}
	return d
}

// mergeReplace merges a plain higher file over lower: the file's text
// replaces the lower text whole, except that every protected section of
// lower is kept. A protected section the file also has (same heading) stays
// in the file's place for it; one the file lacks is put back after the
// nearest section that preceded it in lower and is still present, at the
// top when it was lower's first section, else at the end.
func mergeReplace(lower *doc, f *layerFile, opts mergeOptions) (*doc, diag.List) {
	var diags diag.List
	nd := &doc{pre: f.pre.clone()}
	nd.pre.steps = append(append([]Step(nil), lower.pre.steps...), Step{Origin: nd.pre.origin, Action: ActionReplace})
	if len(trimBlank(lower.pre.body, true)) > 0 {
		nd.pre.body = relate(nd.pre.body, lower.pre, "replaces the text before the first heading of %s")
	}
	used := map[*section]bool{} // lower sections an upper section was matched to
	for _, s := range f.sections {
		c := s.clone()
		c.steps = []Step{{Origin: c.origin, Action: ActionReplace}}
		if j := lower.find(c.key, 0, used); j >= 0 {
			ls := lower.sections[j]
			used[ls] = true
			c.steps = append(append([]Step(nil), ls.steps...), c.steps...)
			c.body = relate(c.body, ls, "replaces section %q of %s")
		}
		nd.sections = append(nd.sections, c)
	}
	kept := map[*section]bool{} // protected lower sections now in nd
	for i, p := range lower.sections {
		if !p.protected {
			continue
		}
		q := p.clone()
		if j := nd.find(p.key, 0, kept); j >= 0 {
			u := nd.sections[j]
			act := ActionKeep
			if !sameText(u.body, p.body) {
				act = ActionRefuse
				diags = append(diags, protectedDiag(p, u.headRange(), "replace", opts))
			}
			q.steps = append(q.steps, Step{Origin: u.origin, Action: act})
			if u.protected {
				q.protAt = u.protAt
			}
			nd.sections[j] = q
			kept[q] = true
			continue
		}
		q.steps = append(q.steps, Step{Origin: Origin{Layer: f.layer, File: f.name, Line: f.firstLine().Start.Line}, Action: ActionRefuse})
		diags = append(diags, protectedDiag(p, f.firstLine(), "remove", opts))
		at := len(nd.sections)
		if i == 0 {
			at = 0
		}
		for k := i - 1; k >= 0; k-- {
			prev := lower.sections[k]
			if j := indexOf(nd.sections, prev, kept); j >= 0 {
				at = j + 1
				break
			}
		}
		nd.sections = append(nd.sections[:at], append([]*section{q}, nd.sections[at:]...)...)
		kept[q] = true
	}
	return nd, diags
}

// indexOf finds lower section prev in nd: itself when it was kept (a
// protected section), else the first section of the same heading that is
// not a kept one.
func indexOf(secs []*section, prev *section, kept map[*section]bool) int {
	for j, s := range secs {
		if kept[s] && s.origin == prev.origin && s.key == prev.key {
			return j
		}
	}
	for j, s := range secs {
		if !kept[s] && s.key == prev.key {
			return j
		}
	}
	return -1
}

// mergeAppend merges the override blocks of an append file into lower: a
// block is appended to the first section of the same heading, or replaces
// its text with <!-- replace --> (refused for a protected section), or,
// when no section has the heading, is added at the end as a new section.
//
// The text before the file's first block is merged first: its lines up to
// its first plain heading are appended to the end of the lower file (to its
// last section), and each plain section of it is added at the end. A plain
// heading, there or inside a block (where it is the block's text), that
// matches a section of the lower file is reported as append_plain_heading:
// the prompt then holds two sections of that heading, which is likely a
// mistake for an override.
func mergeAppend(lower *doc, f *layerFile, opts mergeOptions) (*doc, diag.List) {
	var diags diag.List
	nd := lower.clone()
	if f.free != nil {
		diags = append(diags, plainHeadingDiags(lower, f)...)
		nd = appendFree(nd, f)
	}
	for _, b := range f.blocks {
		at := Origin{Layer: f.layer, File: f.name, Line: b.head.pos.Line}
		j := nd.find(b.key, 0, nil)
		if j < 0 {
			s := &section{head: overrideHeading(b), title: b.name, key: b.key, body: append([]line(nil), b.body...), origin: at}
			s.steps = []Step{{Origin: at, Action: ActionAdd}}
			if b.protected {
				s.protected, s.protAt = true, b.head.rng()
			}
			nd.sections = append(nd.sections, s)
			continue
		}
		s := nd.sections[j].clone()
		switch {
		case b.replace && s.protected:
			s.steps = append(s.steps, Step{Origin: at, Action: ActionRefuse})
			diags = append(diags, protectedDiag(s, b.head.rng(), "replace", opts))
		case b.replace:
			s.body = relate(b.body, s, "replaces section %q of %s")
			s.origin = at
			s.steps = append(s.steps, Step{Origin: at, Action: ActionReplace})
		default:
			s.body = appendBody(s.body, relate(b.body, s, "appends to section %q of %s"))
			s.steps = append(s.steps, Step{Origin: at, Action: ActionAppend})
		}
		if b.protected && !s.protected {
			s.protected, s.protAt = true, b.head.rng()
		}
		nd.sections[j] = s
	}
	return nd, diags
}

// relate copies the lines of a higher layer's text, pointing each at the
// lower section it replaces or extends.
func relate(ls []line, lower *section, format string) []line {
	r := &diag.Related{Range: lower.headRange()}
	if lower.head != nil {
		r.Message = fmt.Sprintf(format, lower.title, lower.origin.File)
	} else {
		r.Message = fmt.Sprintf(format, lower.origin.File)
	}
	out := make([]line, len(ls))
	for i, l := range ls {
		l.related = r
		out[i] = l
	}
	return out
}

// appendBody adds text to a section body: after the body's last non-blank
// line, one blank line, then the text without its blank lines at either end;
// the body's trailing blank lines follow.
func appendBody(body, text []line) []line {
	text = trimBlank(text, true)
	if len(text) == 0 {
		return body
	}
	core := trimBlank(body, false)
	trailing := body[len(core):]
	out := append([]line(nil), core...)
	if len(core) > 0 {
		out = append(out, glueBefore(text[0]))
	}
	out = append(out, text...)
	return append(out, trailing...)
}

// glueBefore is a generated blank line anchored at the start of l.
func glueBefore(l line) line {
	pos := l.pos
	if l.prefix != "" {
		pos = l.prefixPos
	}
	return line{glue: true, file: l.file, pos: pos}
}

// protectedDiag reports a refused replacement ("replace") or removal
// ("remove") of protected section p, at subject in the higher file.
func protectedDiag(p *section, subject diag.Range, what string, opts mergeOptions) *diag.Diagnostic {
	var d *diag.Diagnostic
	mk := diag.Warningf
	if opts.strictLayers {
		mk = diag.Errorf
	}
	if what == "remove" {
		d = mk(codes.ProtectedSectionOverride, subject, "protected section %q of %s is kept: a higher layer cannot remove it", p.title, p.protAt.Filename)
	} else {
		d = mk(codes.ProtectedSectionOverride, subject, "protected section %q of %s is kept: a higher layer cannot replace it", p.title, p.protAt.Filename)
	}
	d.Detail = fmt.Sprintf("The section is marked <!-- protected --> in %s, so its text stays in the prompt. "+
		"To add to it, write an <!-- append --> file with an \"## Override: %s\" block without <!-- replace -->.", p.protAt.Filename, p.title)
	d.Related = []diag.Related{{Message: "protected section declared here", Range: p.protAt}}
	return d
}

// appendFree appends the text before an append file's first block to the
// end of d: its lines before any heading to d's last section (or to the
// text before the first heading when d has no section), its plain sections
// after d's.
func appendFree(d *doc, f *layerFile) *doc {
	if pre := trimBlank(f.free.pre.body, true); len(pre) > 0 {
		at := Origin{Layer: f.layer, File: f.name, Line: pre[0].pos.Line}
		last := d.pre
		if n := len(d.sections); n > 0 {
			last = d.sections[n-1]
		}
		s := last.clone()
		s.body = appendBody(s.body, relate(pre, last, "appends to section %q of %s"))
		s.steps = append(s.steps, Step{Origin: at, Action: ActionAppend})
		if n := len(d.sections); n > 0 {
			d.sections[n-1] = s
		} else {
			d.pre = s
		}
	}
	for _, fs := range f.free.sections {
		s := fs.clone()
		s.steps = []Step{{Origin: s.origin, Action: ActionAdd}}
		d.sections = append(d.sections, s)
	}
	return d
}

// plainHeadingDiags warns about the plain headings of an append file that
// match a section of the lower file.
func plainHeadingDiags(lower *doc, f *layerFile) diag.List {
	var heads []line
	for _, s := range f.free.sections {
		heads = append(heads, *s.head)
	}
	for _, b := range f.blocks {
		heads = append(heads, b.headings...)
	}
	var diags diag.List
	for _, h := range heads {
		j := lower.find(sectionKey(h.title), 0, nil)
		if j < 0 {
			continue
		}
		ls := lower.sections[j]
		where := "are appended to the end of the lower file"
		for _, b := range f.blocks {
			for _, bh := range b.headings {
				if bh.pos == h.pos {
					where = fmt.Sprintf("belong to the block \"## Override: %s\"", b.name)
				}
			}
		}
		d := diag.Warningf(codes.AppendPlainHeading, h.rng(), "plain heading %q in an <!-- append --> file repeats a section of %s", "## "+h.title, ls.origin.File)
		d.Detail = fmt.Sprintf("The heading and its text %s, so the prompt holds two %q sections. "+
			"To merge into the lower section, write \"## Override: %s\" instead.", where, "## "+h.title, h.title)
		d.Related = []diag.Related{{Message: "the lower section", Range: ls.headRange()}}
		diags = append(diags, d)
	}
	return diags
}
