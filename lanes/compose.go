package lanes

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
)

// Request says what to compose.
type Request struct {
	// File is the lane's prompt file name, looked up at the root of every
	// layer, e.g. "main-agent.md" (a relative slash-separated path).
	File string
	// Lane is the lane key ("main_agent"), used in messages only.
	Lane string
	// Role, Task and Format name optional parts, looked up as
	// roles/<Role>.md, tasks/<Task>.md and formats/<Format>.md (".md" is
	// not added twice) and merged across layers like the lane file. ""
	// means none.
	Role, Task, Format string
	// Contracts are appended last, in order (see Contract). Contracts
	// without Text are recorded but add nothing.
	Contracts []Contract
	// StrictLayers makes protected_section_override an error instead of a
	// warning.
	StrictLayers bool
	// Name is the file name of the composed source in diagnostics before
	// they are remapped; default "<composed>/" + File. Remapped
	// diagnostics never carry it.
	Name string
	// Ablate replaces the text of every editable layer with a short
	// code-owned statement of the lane's intent (see Ablation): the parts
	// and the lane file keep only their protected sections, after the
	// intent, and the turn block becomes a one-line turn message; the
	// contracts are unchanged. It measures what the layers are worth and is
	// deliberately not a user-facing switch. The layer files are still
	// read and merged, so their problems are still reported.
	Ablate bool
}

// FileUse is one layer file that took part in a composition.
type FileUse struct {
	Part  Part
	Name  string // the part name, or the lane file name
	Layer string
	File  string // file name as diagnostics give it
	// Action is how the file was merged: ActionBase (the lowest file of
	// its name), ActionReplace (a plain higher file) or ActionAppend (a
	// file with <!-- append -->).
	Action Action
	Bytes  int
}

// Composed is a composed lane prompt: one Liquid template assembled from
// layer files, parts and contracts, with the map back to its sources.
type Composed struct {
	// Source is the composed template.
	Source string
	// Map maps positions in Source back to layer files.
	Map *SourceMap
	// Sections explains each section of Source, in order.
	Sections []SectionInfo
	// Files lists the layer files used, parts first, each part's files
	// lowest layer first.
	Files []FileUse
	// Contracts are the contracts appended, in order.
	Contracts []Contract
	// Partials resolves include and render tags through the layers.
	Partials *Partials
	// Turn is the lane's turn block (TurnFile of Request.File), composed
	// through the layers like the lane file: the user part of a turn, whose
	// Source is rendered after the system part above. It is nil when no
	// layer has a turn block; Turn.Turn is always nil, and Turn shares
	// Partials with its lane.
	Turn *Composed

	sources map[string]string // file name → text, of every file composed
	lane    string
}

// Name is the file name of Source in diagnostics that are not yet
// remapped.
func (c *Composed) Name() string { return c.Map.Name() }

// SourceFunc returns the text of any file the composition read, contracts
// included ("<contract:ID>"), and of any partial served so far, for
// quoting source lines under diagnostics.
func (c *Composed) SourceFunc() diag.SourceFunc {
	return func(name string) []byte {
		if s, ok := c.sources[name]; ok {
			return []byte(s)
		}
		if s, ok := c.Partials.source(name); ok {
			return []byte(s)
		}
		return nil
	}
}

// piece is one part of a composition before assembly.
type piece struct {
	part Part
	name string
	doc  *doc
}

// Compose assembles the lane req.File from the layers: for each of the
// role, task and format parts that req names and then for the lane file,
// the layers' files of that name are merged lowest first; the results are
// joined in that order, one blank line apart, and req.Contracts follow. It
// returns the composition, never nil, and every problem found, in the order
// found (layer directories, then parts and lane, each lowest layer first);
// when the list has errors, the composition is incomplete and must not be
// rendered.
func Compose(layers Layers, req Request) (*Composed, diag.List) {
	ls, diags := layers.resolve()
	c, more := compose(ls, req)
	return c, append(diags, more...)
}

func compose(ls []layer, req Request) (*Composed, diag.List) {
	c := &Composed{Partials: newPartials(ls), sources: map[string]string{}, lane: req.Lane}
	name := req.Name
	if name == "" {
		name = "<composed>/" + req.File
	}
	opts := mergeOptions{strictLayers: req.StrictLayers}
	var pieces []piece
	if req.Ablate {
		file := "<ablation:" + req.Lane + ">"
		c.sources[file] = Intent(req.Lane)
		pieces = append(pieces, piece{PartLane, req.File, codeDoc(Intent(req.Lane), file, LayerAblation)})
	}
	parts, diags := c.composeParts(ls, req, opts)
	pieces = append(pieces, parts...)
	fallback := req.File
	if !partials.Valid(req.File) {
		diags = append(diags, diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: req.File},
			"lane prompt file name %q must be a relative name inside the prompt layers", req.File))
	} else {
		d, ds := c.composeFile(ls, req.File, PartLane, req.File, opts, false)
		diags = append(diags, ds...)
		if d != nil {
			if req.Ablate {
				d = ablated(d, nil)
			}
			pieces = append(pieces, piece{PartLane, req.File, d})
		}
		for _, f := range c.Files {
			if f.Part == PartLane {
				fallback = f.File
			}
		}
		diags = append(diags, c.composeTurn(ls, req, opts)...)
	}
	for _, k := range req.Contracts {
		c.Contracts = append(c.Contracts, k)
		if strings.TrimSpace(k.Text) == "" {
			continue
		}
		file := "<contract:" + k.ID + ">"
		c.sources[file] = k.Text
		pieces = append(pieces, piece{PartContract, k.ID, codeDoc(k.Text, file, string(PartContract))})
	}
	c.assemble(pieces, name, fallback)
	diags = append(diags, c.commentedProtected()...)
	return c, diags
}

// composeParts composes the role, task and format parts req names, in
// that order.
func (c *Composed) composeParts(ls []layer, req Request, opts mergeOptions) ([]piece, diag.List) {
	var pieces []piece
	var diags diag.List
	for _, p := range []struct {
		part       Part
		name, path string
	}{
		{PartRole, req.Role, "roles/"}, {PartTask, req.Task, "tasks/"}, {PartFormat, req.Format, "formats/"},
	} {
		if p.name == "" {
			continue
		}
		rel := p.path + p.name
		if !strings.HasSuffix(rel, ".md") {
			rel += ".md"
		}
		if !partials.Valid(p.name) {
			diags = append(diags, diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: rel},
				"%s name %q must be a relative name inside the prompt layers", p.part, p.name))
			continue
		}
		d, ds := c.composeFile(ls, rel, p.part, p.name, opts, false)
		diags = append(diags, ds...)
		if d != nil {
			if req.Ablate {
				d = ablated(d, nil)
			}
			pieces = append(pieces, piece{p.part, p.name, d})
		}
	}
	return pieces, diags
}

// composeFile merges the files named rel of all layers, lowest first. It
// returns nil when no layer has the file.
// An optional file (a turn block) in no layer is not a problem.
func (c *Composed) composeFile(ls []layer, rel string, part Part, name string, opts mergeOptions, optional bool) (*doc, diag.List) {
	var diags diag.List
	var d *doc
	var searched []string
	for _, l := range ls {
		searched = append(searched, l.display(rel))
		src, err := l.read(rel)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			diags = append(diags, readDiag(l, rel, err))
			continue
		}
		file := l.display(rel)
		c.sources[file] = src
		if strings.TrimSpace(strings.TrimPrefix(src, "\ufeff")) == "" {
			diags = append(diags, diag.Errorf(codes.EmptyTemplateFile, diag.Range{Filename: file}, "%s is empty", file).
				WithDetail("An empty layer file would erase the lower layers' text. Delete it to use theirs, or write the text."))
			continue
		}
		f := parseLayerFile(src, file, l.name)
		diags = append(diags, f.diags...)
		use := FileUse{Part: part, Name: name, Layer: l.name, File: file, Bytes: len(src)}
		var ds diag.List
		switch {
		case f.append:
			use.Action = ActionAppend
			if d == nil {
				d = &doc{pre: &section{origin: Origin{Layer: l.name, File: file, Line: 1}}}
			}
			d, ds = mergeAppend(d, f, opts)
		case d == nil:
			use.Action = ActionBase
			d = baseDoc(f)
		default:
			use.Action = ActionReplace
			d, ds = mergeReplace(d, f, opts)
		}
		diags = append(diags, ds...)
		c.Files = append(c.Files, use)
	}
	if d == nil && len(diags) == 0 && !optional {
		what := "lane prompt " + rel
		if c.lane != "" {
			what += " (" + c.lane + ")"
		}
		if part != PartLane && part != PartTurn {
			what = fmt.Sprintf("%s %q (%s)", part, name, rel)
		}
		diags = append(diags, diag.Errorf(codes.MissingTemplateFile, diag.Range{Filename: searched[len(searched)-1]},
			"%s is in none of the prompt layers", what).
			WithDetail("Looked for:\n%s", strings.Join(searched, "\n")))
	}
	return d, diags
}

// codeDoc makes the document of code-owned text (a contract's, or an
// ablation's intent): sections by heading, no directives, every section's
// origin in layer.
func codeDoc(text, file, layer string) *doc {
	lines := splitLines(text, file)
	classify(lines, false)
	org := Origin{Layer: layer, File: file, Line: 1}
	cur := &section{origin: org, steps: []Step{{Origin: org, Action: ActionBase}}}
	d := &doc{pre: cur}
	for i := range lines {
		l := lines[i]
		if l.kind == lineHeading {
			o := Origin{Layer: layer, File: file, Line: l.pos.Line}
			cur = &section{head: &lines[i], title: l.title, key: sectionKey(l.title), origin: o, steps: []Step{{Origin: o, Action: ActionBase}}}
			d.sections = append(d.sections, cur)
			continue
		}
		cur.body = append(cur.body, l)
	}
	return d
}

// bound is a section's line range in an emitted document.
type bound struct {
	s        *section
	from, to int
}

// emit flattens a document into lines: the text before the first heading,
// then each section, a heading always preceded by a blank line (one is
// generated when the text above does not end with one), without blank lines
// at either end.
func (d *doc) emit() ([]line, []bound) {
	var out []line
	var bounds []bound
	for i, s := range append([]*section{d.pre}, d.sections...) {
		from := len(out)
		if i > 0 {
			if len(out) > 0 && !out[len(out)-1].blank() {
				out = append(out, glueBefore(*s.head))
			}
			from = len(out)
			out = append(out, *s.head)
		}
		out = append(out, s.body...)
		bounds = append(bounds, bound{s, from, len(out)})
	}
	lead, tail := 0, len(out)
	for lead < tail && out[lead].blank() {
		lead++
	}
	for tail > lead && out[tail-1].blank() {
		tail--
	}
	clamp := func(n int) int { return min(max(n, lead), tail) - lead }
	var kept []bound
	for _, b := range bounds {
		b.from, b.to = clamp(b.from), clamp(b.to)
		if b.from < b.to {
			kept = append(kept, b)
		}
	}
	return out[lead:tail], kept
}

// assemble writes the pieces, one blank line apart, into c.Source, and
// builds the source map and the explain view.
func (c *Composed) assemble(pieces []piece, name, fallback string) {
	var all []line
	type sec struct {
		part     Part
		partName string
		b        bound
	}
	var secs []sec
	for _, p := range pieces {
		lines, bounds := p.doc.emit()
		if len(lines) == 0 {
			continue
		}
		if len(all) > 0 {
			all = append(all, glueBefore(lines[0]))
		}
		for _, b := range bounds {
			b.from += len(all)
			b.to += len(all)
			secs = append(secs, sec{p.part, p.name, b})
		}
		all = append(all, lines...)
	}

	var sb strings.Builder
	m := &SourceMap{name: name, fallback: fallback}
	var last diag.Pos // in m.spans[len-1].File, just past its last byte
	add := func(text, file string, pos diag.Pos, generated bool, rel *diag.Related) {
		if text == "" {
			return
		}
		start := sb.Len()
		sb.WriteString(text)
		if n := len(m.spans); n > 0 && !generated {
			p := &m.spans[n-1]
			if !p.Generated && p.File == file && p.Related == rel && last.Byte == pos.Byte {
				p.End = sb.Len()
				last = pos.Advance(text)
				return
			}
		}
		m.spans = append(m.spans, Span{Start: start, End: sb.Len(), File: file, Pos: pos, Generated: generated, Related: rel})
		last = pos.Advance(text)
	}
	starts := make([]int, len(all)+1)
	for i, l := range all {
		starts[i] = sb.Len()
		if l.glue {
			add("\n", l.file, l.pos, true, nil)
			continue
		}
		add(l.prefix, l.file, l.prefixPos, true, l.related)
		add(l.text, l.file, l.pos, false, l.related)
		if l.eol != "" {
			add(l.eol, l.file, l.eolPos(), false, l.related)
		} else {
			add("\n", l.file, l.eolPos(), true, l.related)
		}
	}
	starts[len(all)] = sb.Len()
	c.Source = sb.String()
	m.src = c.Source
	c.Map = m
	for _, s := range secs {
		info := SectionInfo{
			Part: s.part, PartName: s.partName, Heading: s.b.s.title,
			Protected: s.b.s.protected, Origin: s.b.s.origin,
			Steps: append([]Step(nil), s.b.s.steps...),
			Start: starts[s.b.from], End: starts[s.b.to],
		}
		info.Merge = mergeOf(s.part, info.Steps)
		c.Sections = append(c.Sections, info)
	}
}
