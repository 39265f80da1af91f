package strict

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/internal/shared"
)

// The fuzz targets assert invariants that hold for every input, not just the
// absence of panics: every range lies inside the source with Start <= End,
// line and column agree with the byte offset (also when the source is
// embedded at an offset in a larger file), the parts of a tag lie inside the
// tag, Check reports every problem Parse does, and nothing takes long.
//
// Seeds: the templates of the golden-liquid suite (read from ../shared at
// test time, never copied here), the hand-written templates in
// testdata/fuzz/seeds, and the corpus under testdata/fuzz/<target>/, which
// keeps every input that once found a bug or a divergence.

// embedStart is where FuzzParse places the source in a larger file: line 3,
// column 5, byte 10, as after "xx\nxx\nxxxx".
var embedStart = diag.Pos{Line: 3, Column: 5, Byte: 10}

// seedCorpus adds the hand-written seeds in testdata/fuzz/seeds and, when
// ../shared has it, every template of the golden-liquid suite.
func seedCorpus(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "fuzz", "seeds", "*.liquid"))
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seeds in testdata/fuzz/seeds: %v", err)
	}
	f.Add("")
	for _, name := range seeds {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	if _, ok := shared.Find(f, "golden-liquid/golden_liquid.json"); !ok {
		return
	}
	for _, c := range golden.Load(f) {
		f.Add(c.Template)
		for _, p := range c.Templates {
			f.Add(p)
		}
	}
}

// maxFuzzDuration bounds one input's work. Fuzz inputs are small (kilobytes),
// so anything near this is a hang or a blow-up, not a slow machine.
const maxFuzzDuration = 5 * time.Second

func FuzzParse(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, src string) {
		begin := time.Now()
		for _, start := range []diag.Pos{{}, embedStart} {
			tpl, diags := Parse(src, "f.liquid", start, ParseOptions{})
			assertParseInvariants(t, src, "f.liquid", start, tpl, diags)
		}
		// The lexer's tokens tile the source: contiguous, non-empty, from
		// the first byte to the last.
		l := lexer{src: src}
		at := 0
		for {
			tok, ok := l.next()
			if !ok {
				break
			}
			if tok.start != at || tok.end <= tok.start {
				t.Fatalf("token [%d,%d) after byte %d", tok.start, tok.end, at)
			}
			at = tok.end
		}
		if at != len(src) {
			t.Fatalf("tokens end at %d of %d bytes", at, len(src))
		}
		// Compat mode is the more lenient: what strict mode accepts, it
		// accepts. (Where both reject, they may stop at different places:
		// compat skips words that Shopify's tag patterns skip, then may
		// fail on a value that Shopify would read loosely as a name, such
		// as the "(" of {% include 'p' a: ( %}.)
		_, strictDiags := Parse(src, "f.liquid", diag.Pos{}, ParseOptions{})
		_, compatDiags := Parse(src, "f.liquid", diag.Pos{}, ParseOptions{compat: true})
		if compatDiags.HasErrors() && !strictDiags.HasErrors() {
			t.Errorf("compat rejects what strict accepts: %v", compatDiags)
		}
		// Lax markup is more lenient still, and its warnings point into
		// the source too.
		laxTpl, laxDiags := Parse(src, "f.liquid", diag.Pos{}, ParseOptions{compat: true, lax: true})
		assertParseInvariants(t, src, "f.liquid", diag.Pos{}, laxTpl, laxDiags)
		if laxDiags.HasErrors() && !compatDiags.HasErrors() {
			t.Errorf("lax rejects what compat accepts: %v", laxDiags)
		}
		if d := time.Since(begin); d > maxFuzzDuration {
			t.Fatalf("parsing %d bytes took %v", len(src), d)
		}
	})
}

// assertParseInvariants checks what must hold for every parse result.
func assertParseInvariants(t *testing.T, src, filename string, start diag.Pos, tpl *Template, diags diag.List) {
	t.Helper()
	if tpl == nil {
		t.Fatal("Parse returned a nil template")
	}
	for _, d := range diags {
		if d.Code == "" || d.Summary == "" {
			t.Errorf("diagnostic without code or summary: %#v", d)
		}
		if p := rangeProblem(src, filename, start, d.Subject); p != "" {
			t.Errorf("diagnostic %s %q: %s", d.Code, d.Summary, p)
		}
	}
	visit(tpl.Body, func(what string, r, holder diag.Range) {
		if p := rangeProblem(src, filename, start, r); p != "" {
			t.Errorf("%s: %s", what, p)
		}
		if !within(r, holder) {
			t.Errorf("%s %s lies outside its tag %s", what, rs(r), rs(holder))
		}
	})
	for _, n := range tpl.Body {
		if txt, ok := n.(*Text); ok {
			raw := src[txt.Range().Start.Byte-startByte(start) : txt.Range().End.Byte-startByte(start)]
			if !strings.Contains(raw, txt.Value) {
				t.Errorf("text %q is not part of its source %q", txt.Value, raw)
			}
		}
	}
}

func startByte(p diag.Pos) int {
	if p.IsZero() {
		return 0
	}
	return p.Byte
}

// samePartial serves the fuzz input itself as every partial, so includes
// recurse and the checker's cycle detection is exercised.
type samePartial struct{ src string }

func (s samePartial) Partial(name string) (string, string, error) {
	if name == "" || strings.ContainsAny(name, "\x00") {
		return "", "", fs.ErrNotExist
	}
	return s.src, "partials/" + name, nil
}

func FuzzCheck(f *testing.F) {
	seedCorpus(f)
	schema, err := testLaneContext("symphony")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		begin := time.Now()
		_, parsed := Parse(src, "f.liquid", diag.Pos{}, ParseOptions{})
		for _, opts := range []Options{
			{Context: schema, Partials: samePartial{src}},
			{Compat: true, Partials: samePartial{src}},
		} {
			prog, diags := Check(src, "f.liquid", diag.Pos{}, opts)
			if prog == nil || prog.Template == nil {
				t.Fatal("Check returned no program")
			}
			for i, d := range diags {
				if d.Code == codes.InternalError {
					t.Fatalf("%v\n%s", d, d.Stack)
				}
				fname := "f.liquid"
				if strings.HasPrefix(d.Subject.Filename, "partials/") {
					fname = d.Subject.Filename
				}
				if p := rangeProblem(src, fname, diag.Pos{}, d.Subject); p != "" {
					t.Errorf("diagnostic %s %q: %s", d.Code, d.Summary, p)
				}
				if i > 0 && lessDiag(d, diags[i-1]) {
					t.Errorf("diagnostics not sorted: %s after %s", ds(d), ds(diags[i-1]))
				}
			}
			if opts.Compat {
				continue // compat parses when clauses as Shopify's lax mode does
			}
			// Every syntax problem Parse finds, Check reports too.
			have := map[string]bool{}
			for _, d := range diags {
				have[ds(d)+d.Summary] = true
			}
			for _, d := range parsed {
				if !have[ds(d)+d.Summary] {
					t.Errorf("Check dropped the parse diagnostic %s %q", ds(d), d.Summary)
				}
			}
		}
		// Checking is deterministic, and a template embedded at an offset
		// reports the same problems, shifted.
		opts := Options{Context: schema, Partials: samePartial{src}}
		_, first := Check(src, "f.liquid", diag.Pos{}, opts)
		_, again := Check(src, "f.liquid", diag.Pos{}, opts)
		if a, b := fullText(first, diag.Pos{}), fullText(again, diag.Pos{}); !equalStrings(a, b) {
			t.Errorf("two checks differ:\n%v\n%v", a, b)
		}
		_, embedded := Check(src, "f.liquid", embedStart, opts)
		if a, b := fullText(first, diag.Pos{}), fullText(embedded, embedStart); !equalStrings(a, b) {
			t.Errorf("embedding shifts more than positions:\n%v\n%v", a, b)
		}
		for _, d := range embedded {
			if d.Subject.Filename == "f.liquid" {
				if p := rangeProblem(src, "f.liquid", embedStart, d.Subject); p != "" {
					t.Errorf("embedded diagnostic %s: %s", d.Code, p)
				}
			}
		}

		// Analyze walks as Check does: with no context, every external
		// path Analyze lists is an unknown variable for Check, and the
		// other way round.
		an, _ := Analyze(src, "f.liquid", diag.Pos{}, samePartial{src})
		for _, refs := range [][]Reference{an.Variables, an.Locals, an.Filters, an.Tags, an.Partials} {
			for _, r := range refs {
				if r.Range.Filename != "f.liquid" {
					continue // a reference inside a partial
				}
				if p := rangeProblem(src, "f.liquid", diag.Pos{}, r.Range); p != "" {
					t.Errorf("analysis reference %q: %s", r.Name, p)
				}
			}
		}
		_, bare := Check(src, "f.liquid", diag.Pos{}, Options{Partials: samePartial{src}})
		unknown := map[string]bool{}
		for _, d := range bare {
			if d.Code == codes.UnknownVariable {
				unknown[d.Subject.Filename+" "+rs(d.Subject)] = true
			}
		}
		analyzed := map[string]bool{}
		for _, r := range an.Variables {
			analyzed[r.Range.Filename+" "+rs(r.Range)] = true
		}
		for k := range analyzed {
			if !unknown[k] {
				t.Errorf("Analyze lists the external path at %s; Check without a context does not report it", k)
			}
		}
		for k := range unknown {
			if !analyzed[k] {
				t.Errorf("Check reports an unknown variable at %s that Analyze does not list", k)
			}
		}
		if d := time.Since(begin); d > maxFuzzDuration {
			t.Fatalf("checking %d bytes took %v", len(src), d)
		}
	})
}

// fullText renders diagnostics with positions made relative to start, so
// that lists from differently embedded sources compare equal.
func fullText(l diag.List, start diag.Pos) []string {
	if start.IsZero() {
		start = diag.StartPos
	}
	out := make([]string, 0, len(l))
	for _, d := range l {
		r := d.Subject
		if r.Filename == "f.liquid" {
			for _, p := range []*diag.Pos{&r.Start, &r.End} {
				if p.Line == start.Line {
					p.Column -= start.Column - 1
				}
				p.Line -= start.Line - 1
				p.Byte -= start.Byte
			}
		}
		out = append(out, fmt.Sprintf("%s %s %s %q %q", r.Filename, rs(r), d.Code, d.Summary, d.Detail))
	}
	return out
}

// lessDiag is the order diag.List.Sort establishes.
func lessDiag(a, b *diag.Diagnostic) bool {
	x, y := a.Subject, b.Subject
	if x.Filename != y.Filename {
		return x.Filename < y.Filename
	}
	if x.Start.Byte != y.Start.Byte {
		return x.Start.Byte < y.Start.Byte
	}
	if x.Start.Line != y.Start.Line {
		return x.Start.Line < y.Start.Line
	}
	return a.Code < b.Code
}
