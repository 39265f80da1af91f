package workflows

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// frontMatter parses yaml as the front matter of a workflow file (so that
// its first line is line 2 of the file).
func frontMatter(yamlText string) (*tree, *source, diag.List) {
	src := newSource("W.md", []byte("---\n"+yamlText+"\n---\nbody\n"))
	t, diags := parseYAML(src, 4, yamlText)
	return t, src, diags
}

func TestYAMLErrorLines(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       string // file:line:col: summary
	}{
		{"unclosed flow map on the first line", "tracker: {bad yaml: [unclosed",
			"W.md:2:1: invalid YAML: did not find expected ',' or ']'"},
		{"unclosed flow sequence later", "a: 1\nb: 2\nc: [1, 2\nd: 4",
			"W.md:4:1: invalid YAML: did not find expected ',' or ']'"},
		{"bad indentation", "a:\n  b: 1\n c: 2",
			"W.md:4:2: invalid YAML: did not find expected key"},
		{"tab indentation", "a:\n\t- x",
			"W.md:3:1: invalid YAML: found character that cannot start any token"},
		{"unclosed quote", "x: 'abc\n\ny: 2",
			"W.md:2:1: invalid YAML: found unexpected end of stream"},
		{"mapping in a scalar", "a: b: c",
			"W.md:2:1: invalid YAML: mapping values are not allowed in this context"},
		{"multi-line flow sequence", "a: [1\n  , 2]\nb: [3\nc: 4",
			"W.md:4:1: invalid YAML: did not find expected ',' or ']'"},
		{"unclosed quote later", "a: 1\nb: \"x\n\nc: 2",
			"W.md:3:1: invalid YAML: found unexpected end of stream"},
		{"unknown alias", "a: 1\nb: *nope",
			"W.md:3:1: invalid YAML: unknown anchor 'nope' referenced"},
		{"second document", "a: 1\n---\nb: 2",
			"W.md:3:1: the YAML holds more than one document"},
		{"duplicate key", "a: 1\nb: 2\na: 3",
			"W.md:4:1: duplicate key \"a\""},
		{"invalid UTF-8", "a: \xff",
			"W.md:2:4: the YAML holds a byte that is not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, diags := frontMatter(tt.yaml)
			if len(diags) != 1 {
				t.Fatalf("got %d diagnostics, want 1: %v", len(diags), diags)
			}
			d := diags[0]
			if d.Code != codes.WorkflowParseError {
				t.Errorf("code = %s, want workflow_parse_error", d.Code)
			}
			if got := d.Subject.String() + ": " + d.Summary; got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestYAMLPositions(t *testing.T) {
	// Columns count bytes: "é" is two bytes, yaml.v3 counts it as one.
	tr, src, diags := frontMatter("é: x\n\"éé\": 1\nlist:\n  - 'it''s'\n  - \"a\\\"b\"")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	tests := []struct {
		ptr  string
		key  string // file:line:col of the key, or ""
		text string // the value's text in the file
	}{
		{"/é", "W.md:2:1", "x"},
		{"/éé", "W.md:3:1", "1"},
		{"/list/0", "", "'it''s'"},
		{"/list/1", "", `"a\"b"`},
	}
	for _, tt := range tests {
		if tt.key != "" {
			if got := tr.at(tt.ptr).String(); got != tt.key {
				t.Errorf("at(%s) = %s, want %s", tt.ptr, got, tt.key)
			}
		}
		r := tr.valueAt(tt.ptr)
		if got := string(src.orig[r.Start.Byte:r.End.Byte]); got != tt.text {
			t.Errorf("valueAt(%s) covers %q, want %q", tt.ptr, got, tt.text)
		}
	}
	want := map[string]any{"é": "x", "éé": int64(1), "list": []any{"it's", `a"b`}}
	if diff := cmp.Diff(want, tr.value); diff != "" {
		t.Errorf("value (-want +got):\n%s", diff)
	}
}

func TestYAMLValues(t *testing.T) {
	tr, _, diags := frontMatter(strings.Join([]string{
		"base: &base {a: 1, b: two}",
		"merged:",
		"  <<: *base",
		"  b: 2",
		"alias: *base",
		"float: 1.5",
		"big: 123456789012345678901234567890",
		"inf: .inf",
		"null_value: ~",
		"yes_is_text: yes",
		"when: 2026-01-02",
	}, "\n"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := map[string]any{
		"base":        map[string]any{"a": int64(1), "b": "two"},
		"merged":      map[string]any{"a": int64(1), "b": int64(2)},
		"alias":       map[string]any{"a": int64(1), "b": "two"},
		"float":       1.5,
		"big":         1.2345678901234568e+29,
		"inf":         ".inf",
		"null_value":  nil,
		"yes_is_text": "yes",
		"when":        "2026-01-02",
	}
	if diff := cmp.Diff(want, tr.value); diff != "" {
		t.Errorf("value (-want +got):\n%s", diff)
	}
}

func TestYAMLAliasBomb(t *testing.T) {
	// Nine levels of ten aliases each would expand to a billion values.
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 9; i++ {
		prev := "*a" + string(rune('0'+i-1))
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(prev)
		}
		b.WriteString("]\n")
	}
	start := time.Now()
	_, _, diags := frontMatter(b.String())
	testclock.Within(t, "expanding the alias bomb", time.Since(start), 5*time.Second)
	if !diags.HasErrors() || !strings.Contains(diags[0].Summary, "expands to more than") {
		t.Errorf("diagnostics = %v, want the expansion limit", diags)
	}
}

// FuzzYAMLPositions checks that every value the decoder indexes maps to a
// range inside the file, and that plain scalars (keys and values) map
// exactly to their own text (the part on their first line, when they fold
// over several).
func FuzzYAMLPositions(f *testing.F) {
	for _, s := range []string{
		"a: 1", "tracker:\n  kind: linear\n  states: [Todo, Done]", "é: x\n\"éé\": 1", "a: &x {b: 1}\nc: *x",
		"- a\n- b", "a:\n  - {x: 1, y: [1, 2]}\n  - 'q''s'", "k: |\n  block\n  text\nn: 2", "\ufeffa: 1",
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, crlf bool) {
		if strings.Contains(text, "\r") {
			return
		}
		file := "---\n" + text + "\n---\n"
		if crlf {
			file = strings.ReplaceAll(file, "\n", "\r\n")
		}
		src := newSource("W.md", []byte(file))
		sp := SplitSymphony(src.text)
		tr, diags := parseYAML(src, sp.FrontStart, sp.Front)
		for _, d := range diags {
			if d.Code == codes.InternalError {
				t.Fatalf("%v\n%s", d, d.Stack)
			}
			checkRange(t, src, d.Subject)
		}
		if tr == nil {
			return
		}
		for ptr, ref := range tr.index {
			for _, n := range []*yaml.Node{ref.key, ref.value} {
				if n == nil {
					continue
				}
				r := tr.nodeRange(n)
				checkRange(t, src, r)
				if n.Kind == yaml.ScalarNode && n.Style == 0 && n.Tag != "!!merge" && !strings.ContainsAny(n.Value, "\n") && n.Value != "" {
					// A plain scalar may fold over several lines; its range
					// covers the part on its first line.
					got := string(src.orig[r.Start.Byte:r.End.Byte])
					rest := string(src.orig[r.End.Byte:])
					if i := strings.IndexAny(rest, "\r\n"); i >= 0 {
						rest = rest[:i]
					}
					atEOL := strings.TrimLeft(rest, " \t") == ""
					if got != n.Value && !(strings.HasPrefix(n.Value, got) && atEOL) {
						t.Fatalf("%s: node %q covers %q", ptr, n.Value, got)
					}
				}
			}
		}
	})
}

func checkRange(t *testing.T, src *source, r diag.Range) {
	t.Helper()
	if r.Start.IsZero() {
		return
	}
	if r.Start.Byte < 0 || r.End.Byte < r.Start.Byte || r.End.Byte > len(src.orig) {
		t.Fatalf("range %v [%d,%d) outside the file of %d bytes", r, r.Start.Byte, r.End.Byte, len(src.orig))
	}
	if r.Start.Line < 1 || r.Start.Line > len(src.normStarts) || r.Start.Column < 1 {
		t.Fatalf("range %v has an impossible start", r)
	}
}

// TestYAMLMergeCycles: a merge key that leads back to a mapping it is part
// of is an error, not an endless expansion (it crashed the process with a
// stack overflow); merges count against the value and depth limits.
func TestYAMLMergeCycles(t *testing.T) {
	for _, tt := range []struct{ name, yaml, want string }{
		{"self", "b: &b\n  x: 1\n  <<: *b", "refers to a mapping it is part of"},
		{"self in a list", "b: &b\n  x: 1\n  <<: [*b]", "refers to a mapping it is part of"},
		{"nested", "a: &a\n  x: 1\n  inner:\n    <<: *a", "refers to a mapping it is part of"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, diags := frontMatter(tt.yaml)
			if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
				t.Errorf("diagnostics = %v, want %q", diags, tt.want)
			}
		})
	}
	// Merges of merges: each level merges the previous one twice, 2^30
	// mappings if nothing counted them.
	var b strings.Builder
	b.WriteString("m0: &m0 {x: 1}\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "m%d: &m%d\n  k%d: 1\n  <<: [*m%d, *m%d]\n", i, i, i, i-1, i-1)
	}
	_, _, diags := frontMatter(b.String())
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "expands to more than") {
		t.Errorf("diagnostics = %v, want the expansion limit", diags)
	}
}

// TestYAMLErrorSearchBounded: placing a syntax error at the end of a long
// front matter parses a bounded number of bytes again, not every prefix
// (4 MB took a minute). The error is still placed on its line.
func TestYAMLErrorSearchBounded(t *testing.T) {
	line := "k: " + strings.Repeat("x", 3000) + "\n"
	var b strings.Builder
	for i := 0; b.Len() < 2<<20; i++ {
		fmt.Fprintf(&b, "k%d%s", i, line[1:])
	}
	b.WriteString("a:\n  b: 1\n c: 2\n")
	src := newSource("W.md", []byte("---\n"+b.String()+"---\nbody\n"))
	tr := &tree{src: src, start: 4, line0: src.line(4), text: b.String(), index: map[string]nodeRef{}}
	var n yaml.Node
	err := yaml.Unmarshal([]byte(b.String()), &n)
	if err == nil {
		t.Fatal("the document parsed")
	}
	d := tr.syntaxError(err)
	if !strings.Contains(d.Summary, "invalid YAML") {
		t.Errorf("summary = %q", d.Summary)
	}
	// Line by line within the budget, then a binary search over at most
	// 1,000 lines: at most 11 more parses of the whole text.
	if limit := maxErrorSearchBytes + 11*b.Len(); tr.searched > limit {
		t.Errorf("parsed %d bytes again to place the error, want at most %d", tr.searched, limit)
	}
	// The error is still placed on its line: " c: 2", the last line of
	// the front matter (the file's line 1 is ---).
	if want := strings.Count(b.String(), "\n") + 1; d.Subject.Start.Line != want {
		t.Errorf("error on line %d, want %d", d.Subject.Start.Line, want)
	}
}

// FuzzYAMLMerge converts documents built from anchors, aliases and merge
// keys (cycles included) and checks the converter stops within its limits:
// it returns (no stack overflow), counts no more values than allowed, and
// its diagnostics lie inside the file. A document that converts holds
// only plain values, the same that walking its nodes gives.
func FuzzYAMLMerge(f *testing.F) {
	for _, s := range []string{
		"b: &b\n  x: 1\n  <<: *b",
		"a: &a {x: 1}\nb: &b\n  <<: [*a, *a]\n  y: 2\nc:\n  <<: [*b, *a]",
		"a: &a\n  x: 1\n  inner:\n    <<: *a",
		"l: &l [*l]",
		"m0: &m0 {x: 1}\nm1: &m1\n  <<: [*m0, *m0]\nm2: &m2\n  <<: [*m1, *m1]",
		"a: &a\n  <<: &b {k: *a}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Contains(text, "\r") || len(text) > 4096 {
			return
		}
		file := "---\n" + text + "\n---\n"
		src := newSource("W.md", []byte(file))
		sp := SplitSymphony(src.text)
		tr, diags := parseYAML(src, sp.FrontStart, sp.Front)
		for _, d := range diags {
			if d.Code == codes.InternalError {
				t.Fatalf("%v\n%s", d, d.Stack)
			}
			checkRange(t, src, d.Subject)
		}
		if tr == nil || diags.HasErrors() {
			return
		}
		n := 0
		var walk func(v any, depth int)
		walk = func(v any, depth int) {
			n++
			if depth > 202 {
				t.Fatalf("a value nests %d deep", depth)
			}
			switch x := v.(type) {
			case map[string]any:
				for _, e := range x {
					walk(e, depth+1)
				}
			case []any:
				for _, e := range x {
					walk(e, depth+1)
				}
			case nil, bool, int64, float64, string:
			default:
				t.Fatalf("value of type %T", v)
			}
		}
		walk(tr.value, 0)
		// Merged mappings count once but may hold copies of their values.
		if n > 4*maxYAMLValues {
			t.Fatalf("%d values converted", n)
		}
		// The settings are decoded by walking the nodes (place): merge keys
		// and aliases resolve there as the converter resolves them.
		if diff := cmp.Diff(tr.value, placeValues(tr.top())); diff != "" {
			t.Fatalf("walking the nodes differs from the converter (-converter +nodes):\n%s", diff)
		}
	})
}
