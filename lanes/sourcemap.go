package lanes

import (
	"sort"

	"github.com/sheaproject/shea/diag"
)

// Span is a run of composed bytes and the file they came from.
type Span struct {
	Start, End int // byte range in the composed source, half-open
	File       string
	// Pos is the position in File of the span's first byte. The span's
	// bytes are File's bytes from there, unless Generated.
	Pos diag.Pos
	// Generated marks text the composer wrote (a blank line between
	// sections, the "## " of a heading made from an override block, a
	// line ending missing at the end of a file); all its bytes map to Pos.
	Generated bool
	// Related, when set, is the lower layer's section that this text
	// replaces or extends; diagnostics inside the span carry it.
	Related *diag.Related
}

// SourceMap maps positions in a composed source back to the layer files.
type SourceMap struct {
	name     string
	src      string
	spans    []Span
	fallback string
}

// Name is the file name of the composed source: diagnostics in that file
// are the ones Range and Remap translate.
func (m *SourceMap) Name() string { return m.name }

// Spans returns the spans in source order; together they cover the source.
func (m *SourceMap) Spans() []Span { return append([]Span(nil), m.spans...) }

// span returns the index of the span holding byte b (the last span for b
// at or past the end), or -1 when there are no spans.
func (m *SourceMap) span(b int) int {
	if len(m.spans) == 0 {
		return -1
	}
	i := sort.Search(len(m.spans), func(i int) bool { return m.spans[i].End > b })
	if i == len(m.spans) {
		i--
	}
	return i
}

// at maps byte b, which must lie in span i (or at its end), to a position.
func (m *SourceMap) at(i, b int) diag.Pos {
	sp := m.spans[i]
	if sp.Generated {
		return sp.Pos
	}
	if b < sp.Start {
		b = sp.Start
	}
	if b > sp.End {
		b = sp.End
	}
	return sp.Pos.Advance(m.src[sp.Start:b])
}

// Range maps a range of the composed source to the layer file its start
// came from. The end is mapped too when it lies in the same span, and is
// clamped to the end of the start's span otherwise. Ranges of other files
// are returned unchanged; a range of the composed source without a
// position names the lane's highest-layer file.
func (m *SourceMap) Range(r diag.Range) diag.Range {
	out, _ := m.mapRange(r)
	return out
}

func (m *SourceMap) mapRange(r diag.Range) (diag.Range, *diag.Related) {
	if m == nil || r.Filename != m.name {
		return r, nil
	}
	if r.Start.IsZero() {
		return diag.Range{Filename: m.fallback}, nil
	}
	i := m.span(r.Start.Byte)
	if i < 0 {
		return diag.Range{Filename: m.fallback}, nil
	}
	sp := m.spans[i]
	out := diag.Range{Filename: sp.File, Start: m.at(i, r.Start.Byte)}
	switch {
	case sp.Generated || r.End.IsZero() || r.End.Byte < r.Start.Byte:
		out.End = out.Start
	case r.End.Byte <= sp.End:
		out.End = m.at(i, r.End.Byte)
	default:
		out.End = m.at(i, sp.End)
	}
	return out, sp.Related
}

// Remap returns copies of the diagnostics with every subject and related
// range in the composed source mapped to its layer file (see Range). A
// diagnostic in text that replaced or extended a lower layer's section also
// gets a related range at that section. The result is sorted.
func (m *SourceMap) Remap(l diag.List) diag.List {
	if l == nil {
		return nil
	}
	out := make(diag.List, 0, len(l))
	for _, d := range l {
		c := *d
		var rel *diag.Related
		c.Subject, rel = m.mapRange(d.Subject)
		c.Related = nil
		for _, r := range d.Related {
			r.Range = m.Range(r.Range)
			c.Related = append(c.Related, r)
		}
		if rel != nil {
			c.Related = append(c.Related, *rel)
		}
		out = append(out, &c)
	}
	out.Sort()
	return out
}
