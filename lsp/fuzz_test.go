package lsp

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/sheaproject/shea/diag"
)

// Positions convert both ways for any text: an offset maps to a position
// that maps back to it (at a character boundary), in every encoding, and
// shea's own positions land inside the text.
func FuzzConverter(f *testing.F) {
	f.Add("Résumé — 日本語 🎉 {{ issue.titel }}\r\nnext\rline\n", 20)
	f.Add("\ufeff---\nkey: v\n---\n", 3)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, text string, off int) {
		if !utf8.ValidString(text) {
			return
		}
		off = min(max(off, 0), len(text))
		for off > 0 && off < len(text) && !utf8.RuneStart(text[off]) {
			off--
		}
		for _, k := range []struct {
			enc    string
			buffer bool
		}{{encUTF8, false}, {encUTF16, false}, {encUTF32, false}, {encUTF8, true}, {encUTF16, true}, {encUTF32, true}} {
			enc := k.enc
			c := newConverter(text, enc)
			if k.buffer {
				c = newBufferConverter(text, enc)
			}
			p := c.at(off)
			back := c.offset(p)
			// a position inside a line break or a byte order mark comes back
			// at the nearest boundary; elsewhere exactly
			if back > len(text) || back < 0 {
				t.Fatalf("%s: offset(%+v) = %d outside the text", enc, p, back)
			}
			if isPlain(text, off) && back != off {
				t.Fatalf("%s: offset %d → %+v → %d", enc, off, p, back)
			}
			pos := diag.StartPos.Advance(text[:off])
			r := c.rng(diag.Range{Start: pos, End: pos})
			if r.Start.Line < 0 || r.Start.Line >= len(c.starts) || r.Start.Character < 0 {
				t.Fatalf("%s: %v → %+v", enc, pos, r)
			}
		}
	})
}

// isPlain reports whether off is at a character boundary that is not
// inside a "\r\n" pair or a leading byte order mark.
func isPlain(text string, off int) bool {
	if off > 0 && off < len(text) && text[off-1] == '\r' && text[off] == '\n' {
		return false
	}
	return !(len(text) >= 3 && text[:3] == bom && off < 3)
}

// The lexical helpers of completion and hover accept any text and offset.
func FuzzCursor(f *testing.F) {
	f.Add("{% for c in issue.comments %}{{ c.author | upcase }}{% endfor %}", 40)
	f.Add("---\nshea:\n  disable: [x]\n---\n{% assign a = issue %}{{ a. }}", 50)
	f.Fuzz(func(t *testing.T, text string, off int) {
		off = min(max(off, 0), len(text))
		markup(text, off)
		w, at := wordAt(text, off)
		if at < 0 || at+len(w) > len(text) {
			t.Fatalf("wordAt out of range")
		}
		ls := locals(text[:off])
		for _, l := range ls {
			if l.at < 0 || l.at+len(l.name) > off || text[l.at:l.at+len(l.name)] != l.name {
				t.Fatalf("local %+v not in the text", l)
			}
		}
		schemaPath(splitPath(pathBefore(text, off)), ls)
		yamlKeyPath(text, off)
		frontMatterEnd(text)
		disableEdit(text, "unknown_config_key", encUTF16, true)
	})
}

// Every language feature answers on any text at any position, without a
// panic, its ranges lie inside the text, and nothing inside a result is
// null.
func FuzzFeatures(f *testing.F) {
	f.Add("---\ntracker:\n  kind: x\n---\n{% for c in issue.comments %}{{ c. | up }}{% render 'p' %}\n## Rules\n", 3, 10)
	f.Add("{{ issue.titel }}", 0, 9)
	f.Fuzz(func(t *testing.T, text string, line, char int) {
		if !utf8.ValidString(text) {
			return
		}
		s := newServer(Options{})
		path := "/nonexistent-shea-fuzz/WORKFLOW.md"
		uri := pathToURI(path)
		s.docs.open(path, uri, text, 1)
		p := textDocumentPositionParams{TextDocument: textDocumentIdentifier{URI: uri}, Position: Position{Line: line % 1000, Character: char % 1000}}
		for _, res := range []any{s.completion(p), s.hover(p), s.definition(p), s.documentLinks(uri), s.symbols(uri)} {
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			_ = json.Unmarshal(b, &v)
			if at := nullInside(v, "result"); at != "" {
				t.Fatalf("null at %s: %s", at, b)
			}
		}
		conv := newConverter(text, encUTF16)
		for _, sym := range s.symbols(uri) {
			if o := conv.offset(sym.Range.End); o > len(text) || sym.Range.End.Line >= len(conv.starts) {
				t.Fatalf("symbol %+v beyond the text", sym)
			}
		}
		d := Diagnostic{Range: Range{Start: p.Position, End: Position{Line: line % 1000, Character: char%1000 + 3}}, Severity: 2, Code: "unknown_config_key", Message: `Did you mean "x"?`}
		var cp codeActionParams
		cp.TextDocument.URI = uri
		cp.Context.Diagnostics = []Diagnostic{d}
		if s.codeActions(cp) == nil {
			t.Fatal("code actions: null")
		}
	})
}
