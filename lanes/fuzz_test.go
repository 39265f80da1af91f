package lanes

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

// FuzzCompose merges three arbitrary layer files (core, workspace,
// project) and checks the composer's invariants:
//   - every protected section of the lowest file survives verbatim: its
//     heading and body lines stand together in the output;
//   - no directive line reaches the output, except as text inside a code
//     fence of the file it came from;
//   - the source map covers the output, each verbatim span is its file's
//     text at the recorded position, and mapped ranges lie in their file;
//   - diagnostics, of composing and of checking the composed template,
//     point inside their files;
//   - composing is deterministic.
func FuzzCompose(f *testing.F) {
	seeds := [][3]string{
		{"## A\na\n", "", "<!-- append -->\n## Override: A\nb\n"},
		{"## P\n<!-- protected -->\np\n\n## Q\nq\n", "", "<!-- append -->\n## Override: P\n<!-- replace -->\nevil\n"},
		{"## A\na\n\n## P\n<!-- protected -->\np\n\n## B\nb\n", "## B\nB2\n\n## A\nA2\n", "## X\n"},
		{"# T\n\n## P\n<!-- governance -->\np\n", "<!-- append -->\n## Override: G\n<!-- protected -->\ng\n", "## Z\nz\n"},
		{"## A\n```\n## B\n<!-- protected -->\n```\n", "<!-- append -->\n## Override: A\n<!-- replace -->\n~~~\n<!-- append -->\n~~~\n", ""},
		{"\ufeff## A\r\na\r\n", "<!-- append -->\r\n## Override: a\r\nb", "<!-- append -->\n## Override: New\nx"},
		{"## A\na\n## Override: A\nx\n<!-- replace -->\n", "<!-- append -->\nstray\n## B\n", "<!-- protected -->\n"},
		{"## P\n<!-- protected -->\n```\nopen fence\n", "<!-- append -->\n## Override: P\n```\n<!-- append -->\n", "## P\nother\n"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], uint16(7), uint16(3))
	}
	f.Fuzz(func(t *testing.T, core, ws, proj string, at, length uint16) {
		maps := []map[string]string{{}, {}, {}}
		for i, text := range []string{core, ws, proj} {
			if text != "" {
				maps[i]["lane.md"] = text
			}
		}
		req := Request{File: "lane.md", Name: "composed.md"}
		c, diags := compose(fsLayers(maps...), req)
		again, _ := compose(fsLayers(maps...), req)
		if again.Source != c.Source {
			t.Fatalf("composing twice differs")
		}
		src := c.SourceFunc()

		// The source map.
		next := 0
		for _, sp := range c.Map.Spans() {
			if sp.Start != next || sp.End <= sp.Start {
				t.Fatalf("span %+v does not follow byte %d", sp, next)
			}
			next = sp.End
			file := src(sp.File)
			if file == nil {
				t.Fatalf("no source for %s", sp.File)
			}
			if sp.Pos.Byte > len(file) || sp.Pos != diag.StartPos.Advance(string(file[:sp.Pos.Byte])) {
				t.Fatalf("span %+v: bad position", sp)
			}
			if !sp.Generated && (sp.Pos.Byte+sp.End-sp.Start > len(file) || string(file[sp.Pos.Byte:sp.Pos.Byte+sp.End-sp.Start]) != c.Source[sp.Start:sp.End]) {
				t.Fatalf("span %+v: text differs from its file", sp)
			}
		}
		if next != len(c.Source) {
			t.Fatalf("spans end at %d, source at %d", next, len(c.Source))
		}
		if len(c.Source) > 0 {
			from := int(at) % (len(c.Source) + 1)
			to := min(from+int(length), len(c.Source))
			pos := func(b int) diag.Pos { return diag.StartPos.Advance(c.Source[:b]) }
			r := c.Map.Range(diag.Range{Filename: "composed.md", Start: pos(from), End: pos(to)})
			file := src(r.Filename)
			if file == nil || r.Start.Byte > r.End.Byte || r.End.Byte > len(file) ||
				r.Start != diag.StartPos.Advance(string(file[:r.Start.Byte])) || r.End != diag.StartPos.Advance(string(file[:r.End.Byte])) {
				t.Fatalf("range [%d,%d) maps to %+v, not inside %s", from, to, r, r.Filename)
			}
		}

		// Diagnostics point inside their files, including those of checking
		// the composed template, once remapped.
		if tpl, cdiags := c.Compile(render.Options{}, nil); tpl == nil && !cdiags.HasErrors() {
			t.Fatalf("no template and no errors")
		} else {
			diags = append(diags, cdiags...)
		}
		for _, d := range diags {
			if d.Code == codes.InternalError {
				t.Fatalf("%v\n%s", d, d.Stack)
			}
			if d.Subject.Filename == "composed.md" {
				t.Fatalf("diagnostic %v not remapped", d)
			}
			if d.Subject.Start.IsZero() {
				continue
			}
			file := src(d.Subject.Filename)
			if file == nil || d.Subject.End.Byte > len(file) || d.Subject.Start.Byte > d.Subject.End.Byte ||
				d.Subject.Start != diag.StartPos.Advance(string(file[:d.Subject.Start.Byte])) {
				t.Fatalf("diagnostic %v outside its file", d)
			}
		}

		// No directive line outside a fence.
		out := strings.Split(c.Source, "\n")
		offset := 0
		for _, l := range out {
			if IsDirective(strings.TrimSuffix(l, "\r")) {
				r := c.Map.Range(diag.Range{Filename: "composed.md", Start: diag.StartPos.Advance(c.Source[:offset]), End: diag.StartPos.Advance(c.Source[:offset])})
				if !fencedAt(string(src(r.Filename)), r.Filename, r.Start.Byte) {
					t.Fatalf("directive line %q in the output, from %s", l, r)
				}
			}
			offset += len(l) + 1
		}

		// Protected sections of the lowest file survive verbatim.
		if strings.TrimSpace(strings.TrimPrefix(core, "\ufeff")) == "" {
			return
		}
		lf := parseLayerFile(core, "<core>/lane.md", LayerCore)
		var base *doc
		if lf.append {
			base, _ = mergeAppend(&doc{pre: &section{}}, lf, mergeOptions{})
		} else {
			base = baseDoc(lf)
		}
		for _, s := range base.sections {
			if !s.protected {
				continue
			}
			// Output lines are split on "\n", so a CRLF line keeps its "\r".
			text := func(l line) string { return l.prefix + l.text + strings.TrimSuffix(l.eol, "\n") }
			want := []string{text(*s.head)}
			for _, l := range trimBlank(s.body, false) {
				want = append(want, text(l))
			}
			if !containsRun(out, want) {
				t.Fatalf("protected section %q lost or changed:\nwant lines %q\noutput %q", s.title, want, c.Source)
			}
		}
	})
}

// fencedAt reports whether the line of src starting at byte b lies inside
// a code fence.
func fencedAt(src, name string, b int) bool {
	lines := splitLines(src, name)
	classify(lines, true)
	for _, l := range lines {
		if l.pos.Byte == b {
			return l.fenced
		}
	}
	return false
}

// containsRun reports whether want occurs as consecutive lines of lines.
func containsRun(lines, want []string) bool {
	for i := 0; i+len(want) <= len(lines); i++ {
		ok := true
		for j, w := range want {
			if lines[i+j] != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
