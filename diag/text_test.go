package diag

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/google/go-cmp/cmp"
)

func sources(files map[string]string) SourceFunc {
	return func(name string) []byte {
		if s, ok := files[name]; ok {
			return []byte(s)
		}
		return nil
	}
}

func writeText(t *testing.T, l List, opts TextOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteText(&b, l, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteTextCaret(t *testing.T) {
	// Line 2 is a tab, "é" (two bytes), a space and "{{ nope }}": "nope"
	// starts at byte 9, byte column 8. Under it the caret line repeats the
	// tab and puts one space per character: the é takes one.
	src := "a\n\t\xc3\xa9 {{ nope }}\n"
	d := Errorf(codeUnknownName, rng("t.liquid", 2, 8, 9, 2, 12, 13), "unknown variable %q", "nope").WithDetail(`Did you mean "note"?`)
	got := writeText(t, List{d}, TextOptions{Source: sources(map[string]string{"t.liquid": src})})
	want := "t.liquid:2:8: error: unknown variable \"nope\" [unknown_name]\n" +
		"    \t\xc3\xa9 {{ nope }}\n" +
		"    \t     ^^^^\n" +
		"    Did you mean \"note\"?\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestWriteTextCases(t *testing.T) {
	src := map[string]string{
		"a.liquid":  "{{ x }}\r\nnext\r\n",
		"wide.md":   "日本 {{ y }}",
		"emoji.md":  "ＡＢ {{ 😀 }}",
		"mark.md":   "e\u0301 {{ y }}",
		"tab.md":    "\t日 {{ y }}",
		"long.md":   strings.Repeat("x", 300) + "{{ z }}",
		"longer.md": strings.Repeat("x", 300) + "日本語" + strings.Repeat("y", 300),
		"multi.md":  "{% if a %}\nb\n",
		"start.md":  "{{ a }}",
		"layer.md":  "## Rules\n",
		"empty.txt": "",
	}
	src["ctl\x1b]0;x\a.md"] = "a\x1b[31m\xff\tb"
	opts := TextOptions{Source: sources(src)}
	for _, c := range []struct {
		name string
		d    *Diagnostic
		opts TextOptions
		want string
	}{
		{"CR is not quoted", Errorf(codeSyntax, rng("a.liquid", 1, 4, 3, 1, 5, 4), "bad"), opts,
			"a.liquid:1:4: error: bad [bad_syntax]\n    {{ x }}\n       ^\n"},
		{"wide characters count two", Errorf(codeSyntax, rng("wide.md", 1, 11, 10, 1, 12, 11), "bad"), opts,
			"wide.md:1:11: error: bad [bad_syntax]\n    日本 {{ y }}\n            ^\n"},
		{"wide characters under the caret", Errorf(codeSyntax, rng("wide.md", 1, 1, 0, 1, 7, 6), "bad"), opts,
			"wide.md:1:1: error: bad [bad_syntax]\n    日本 {{ y }}\n    ^^^^\n"},
		{"fullwidth forms and emoji count two", Errorf(codeSyntax, rng("emoji.md", 1, 11, 10, 1, 15, 14), "bad"), opts,
			"emoji.md:1:11: error: bad [bad_syntax]\n    ＡＢ {{ 😀 }}\n            ^^\n"},
		{"combining marks count none", Errorf(codeSyntax, rng("mark.md", 1, 8, 7, 1, 9, 8), "bad"), opts,
			"mark.md:1:8: error: bad [bad_syntax]\n    e\u0301 {{ y }}\n         ^\n"},
		{"a tab is copied, wide characters after it count two", Errorf(codeSyntax, rng("tab.md", 1, 9, 8, 1, 10, 9), "bad"), opts,
			"tab.md:1:9: error: bad [bad_syntax]\n    \t日 {{ y }}\n    \t      ^\n"},
		{"a long line is quoted around the column", Errorf(codeSyntax, rng("long.md", 1, 304, 303, 1, 305, 304), "bad"), opts,
			"long.md:1:304: error: bad [bad_syntax]\n    …" + strings.Repeat("x", 77) + "{{ z }}\n    " + strings.Repeat(" ", 81) + "^\n"},
		{"a long line is cut on both sides", Errorf(codeSyntax, rng("longer.md", 1, 301, 300, 1, 306, 305), "bad"), opts,
			"longer.md:1:301: error: bad [bad_syntax]\n    …" + strings.Repeat("x", 80) + "日本語" + strings.Repeat("y", 71) + "…\n    " + strings.Repeat(" ", 81) + "^^^^\n"},
		{"controls are escaped", Errorf(codeSyntax, rng("ctl\x1b]0;x\a.md", 1, 9, 8, 1, 10, 9), "bad \x1b[2J\r\nnext\u009b"), opts,
			"ctl\\x1b]0;x\\x07.md:1:9: error: bad \\x1b[2J\\r\\nnext\\u009b [bad_syntax]\n    a\\x1b[31m\\xff\tb\n    " + strings.Repeat(" ", 13) + "\t^\n"},
		{"a range over lines gets one caret", Errorf(codeUnclosed, rng("multi.md", 1, 4, 3, 2, 1, 11), "open"), opts,
			"multi.md:1:4: error: open [unclosed]\n    {% if a %}\n       ^\n"},
		{"an empty range gets one caret", Errorf(codeSyntax, rng("start.md", 1, 1, 0, 1, 1, 0), "bad"), opts,
			"start.md:1:1: error: bad [bad_syntax]\n    {{ a }}\n    ^\n"},
		{"no source", Errorf(codeSyntax, rng("gone.md", 1, 1, 0, 1, 2, 1), "bad"), opts,
			"gone.md:1:1: error: bad [bad_syntax]\n"},
		{"position beyond the source", Errorf(codeSyntax, rng("empty.txt", 3, 1, 50, 3, 2, 51), "bad"), opts,
			"empty.txt:3:1: error: bad [bad_syntax]\n"},
		{"file without position", Errorf(codeNoFile, Range{Filename: "WORKFLOW.md"}, "cannot read"), opts,
			"WORKFLOW.md: error: cannot read [no_file]\n"},
		{"no file", Errorf(codeFailed, Range{}, "failed"), opts,
			"error: failed [eval_failed]\n"},
		{"warning", Warningf(codeUnusedKey, rng("w.md", 2, 1, 4, 2, 7, 10), "unknown key"), TextOptions{},
			"w.md:2:1: warning: unknown key [unused_key]\n"},
		{"multi-line detail and related", &Diagnostic{Code: codeKept, Severity: Warning, Summary: "kept",
			Subject: rng("b.md", 4, 1, 30, 4, 9, 38), Detail: "line one\nline two",
			Related: []Related{{Message: "protected here", Range: rng("layer.md", 1, 1, 0, 1, 9, 8)}}}, TextOptions{},
			"b.md:4:1: warning: kept [kept_section]\n    line one\n    line two\n    layer.md:1:1: protected here\n"},
		{"hint", Errorf(codeSyntax, Range{Filename: "f"}, "bad"), TextOptions{Hint: func(c Code) string { return "(see: docs/" + string(c) + ")" }},
			"f: error: bad [bad_syntax]\n    (see: docs/bad_syntax)\n"},
		{"empty hint", Errorf(codeSyntax, Range{Filename: "f"}, "bad"), TextOptions{Hint: func(Code) string { return "" }},
			"f: error: bad [bad_syntax]\n"},
		{"hint with a control character", Errorf(codeSyntax, Range{Filename: "f"}, "bad"), TextOptions{Hint: func(Code) string { return "see\x1b[2J" }},
			"f: error: bad [bad_syntax]\n    see\\x1b[2J\n"},
		{"color", Errorf(codeSyntax, rng("start.md", 1, 1, 0, 1, 3, 2), "bad"), TextOptions{Color: true, Source: sources(src)},
			"\x1b[1mstart.md:1:1\x1b[0m: \x1b[1;31merror\x1b[0m: bad [bad_syntax]\n    {{ a }}\n    \x1b[1;31m^^\x1b[0m\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, writeText(t, List{c.d}, c.opts)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteTextList(t *testing.T) {
	l := List{Errorf(codeSyntax, Range{Filename: "a"}, "one"), Warningf(codeUnusedKey, Range{Filename: "b"}, "two")}
	want := "a: error: one [bad_syntax]\nb: warning: two [unused_key]\n"
	if got := writeText(t, l, TextOptions{}); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := writeText(t, nil, TextOptions{}); got != "" {
		t.Errorf("empty list wrote %q", got)
	}
}

func TestWriteTextGroup(t *testing.T) {
	long := `The template's inputs are "issue", "attempt", "run_context", "pull_request", "lifecycle".`
	var l List
	for i := 1; i <= 12; i++ {
		l = append(l, Errorf(codeUnknownName, rng("w.md", i, 3, i*10, i, 7, i*10+4), "unknown variable %q", "life").WithDetail("%s", long))
	}
	l = append(l, Errorf(codeUnknownName, rng("w.md", 20, 1, 300, 20, 5, 304), "unknown variable %q", "pull").WithDetail("%s", long))
	l = append(l, Warningf(codeUnknownName, rng("w.md", 21, 1, 310, 21, 5, 314), "unknown variable %q", "life"))
	shown := map[string]string{}
	got := writeText(t, l, TextOptions{Group: true, Shown: shown})
	want := `w.md:1:3: error: unknown variable "life" [unknown_name]
    and 11 more places: w.md:2:3, w.md:3:3, w.md:4:3, w.md:5:3, w.md:6:3, w.md:7:3, w.md:8:3, w.md:9:3, w.md:10:3, w.md:11:3, …
    ` + long + `
w.md:20:1: error: unknown variable "pull" [unknown_name]
    (detail as for w.md:1:3 above)
w.md:21:1: warning: unknown variable "life" [unknown_name]
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("grouped (-want +got):\n%s", diff)
	}
	// The map carries the shown details to the next call of the run.
	got = writeText(t, l[12:13], TextOptions{Group: true, Shown: shown})
	if want := "w.md:20:1: error: unknown variable \"pull\" [unknown_name]\n    (detail as for w.md:1:3 above)\n"; got != want {
		t.Errorf("second call: got %q, want %q", got, want)
	}
	// Without Group and Shown every diagnostic is written in full.
	if got := writeText(t, l, TextOptions{}); strings.Count(got, long) != 13 || strings.Contains(got, "more place") {
		t.Errorf("ungrouped output groups or drops details:\n%s", got)
	}
	// One more place is singular.
	if got := writeText(t, l[:2], TextOptions{Group: true}); !strings.Contains(got, "    and 1 more place: w.md:2:3\n") {
		t.Errorf("two places:\n%s", got)
	}
	// Max counts groups, and the rest by their diagnostics.
	if got := writeText(t, l, TextOptions{Group: true, Max: 1}); !strings.HasSuffix(got, "\nand 2 more diagnostics\n") {
		t.Errorf("grouped with Max 1:\n%s", got)
	}
}

func TestWriteTextManyOnOneLongLine(t *testing.T) {
	// 90,000 diagnostics on one line of 900,000 bytes: quoting each costs
	// the same as quoting one on a short line.
	const n = 90_000
	src := strings.Repeat("{{ x }}   ", n)
	l := make(List, n)
	for i := range l {
		at := i*10 + 3
		l[i] = Errorf(codeUnknownName, rng("big.md", 1, at+1, at, 1, at+2, at+1), "unknown variable")
	}
	srcBytes := []byte(src)
	opts := TextOptions{Source: func(string) []byte { return srcBytes }}
	cpu0, haveCPU := testclock.ProcessCPU()
	start := time.Now()
	var b strings.Builder
	if err := WriteText(&b, l, opts); err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	if cpu1, _ := testclock.ProcessCPU(); haveCPU {
		d = cpu1 - cpu0 // a loaded machine does not count
	}
	testclock.Within(t, "writing", d, 3*time.Second) // about 0.7s on a loaded CI machine
	if b.Len() > n*400 {
		t.Errorf("wrote %d bytes, more than 400 a diagnostic", b.Len())
	}
	if !strings.Contains(b.String(), "big.md:1:899994: error: unknown variable [unknown_name]\n    …") {
		t.Errorf("last diagnostic missing or not quoted")
	}
}

func TestWriteTextMax(t *testing.T) {
	l := List{Errorf(codeSyntax, Range{Filename: "a"}, "one"), Errorf(codeSyntax, Range{Filename: "b"}, "two"), Errorf(codeSyntax, Range{Filename: "c"}, "three")}
	for _, c := range []struct {
		max  int
		want string
	}{
		{0, "a: error: one [bad_syntax]\nb: error: two [bad_syntax]\nc: error: three [bad_syntax]\n"},
		{3, "a: error: one [bad_syntax]\nb: error: two [bad_syntax]\nc: error: three [bad_syntax]\n"},
		{2, "a: error: one [bad_syntax]\nb: error: two [bad_syntax]\nand 1 more diagnostic\n"},
		{1, "a: error: one [bad_syntax]\nand 2 more diagnostics\n"},
	} {
		if got := writeText(t, l, TextOptions{Max: c.max}); got != c.want {
			t.Errorf("Max %d: got %q, want %q", c.max, got, c.want)
		}
	}
}

func TestWriteTextStack(t *testing.T) {
	d := Errorf("internal", Range{Filename: "t.md"}, "internal error while rendering: boom")
	d.Stack = string(debug.Stack())
	without := writeText(t, List{d}, TextOptions{})
	with := writeText(t, List{d}, TextOptions{Stack: true})
	if strings.Contains(without, "goroutine") || !strings.Contains(with, "    goroutine ") || !strings.Contains(with, "text_test.go") {
		t.Errorf("without: %q\nwith: %q", without, with)
	}
	if !strings.HasPrefix(without, "t.md: error: internal error while rendering: boom [internal]\n") {
		t.Errorf("got %q", without)
	}
}

// A long line of a detail written before is shared even when the detail
// goes on with a line of its own (a list of known names, then how to
// declare this name); the own line is written. A short detail is repeated.
func TestWriteTextSharesLongLines(t *testing.T) {
	list := `issue has "assignee_id", "blocked_by", "branch_name", "created_at", "description", "id".`
	own := func(name string) string {
		return "If your runner sends it, declare it in template_context.schema: {properties: {issue: {properties: {" + name + ": {type: …}}}}}"
	}
	l := List{
		Errorf(codeUnknownName, rng("w.md", 1, 4, 3, 1, 9, 8), "unknown property %q of issue", "nope").WithDetail("%s\n%s", list, own("nope")),
		Errorf(codeUnknownName, rng("w.md", 2, 4, 20, 2, 9, 25), "unknown property %q of issue", "zzzz").WithDetail("%s\n%s", list, own("zzzz")),
		Errorf(codeUnknownName, rng("w.md", 3, 4, 40, 3, 9, 45), "unknown property %q of issue", "yyyy").WithDetail("%s", list),
		Errorf(codeUnknownName, rng("w.md", 4, 4, 60, 4, 9, 65), "unknown property %q of issue", "xxxx").WithDetail("%s\nshort", "a line shorter than the length from which lines are shared"),
		Errorf(codeUnknownName, rng("w.md", 5, 4, 80, 5, 9, 85), "unknown property %q of issue", "wwww").WithDetail("%s\nshort", "a line shorter than the length from which lines are shared"),
	}
	got := writeText(t, l, TextOptions{Shown: map[string]string{}})
	want := `w.md:1:4: error: unknown property "nope" of issue [unknown_name]
    ` + list + `
    ` + own("nope") + `
w.md:2:4: error: unknown property "zzzz" of issue [unknown_name]
    (detail as for w.md:1:4 above)
    ` + own("zzzz") + `
w.md:3:4: error: unknown property "yyyy" of issue [unknown_name]
    (detail as for w.md:1:4 above)
w.md:4:4: error: unknown property "xxxx" of issue [unknown_name]
    a line shorter than the length from which lines are shared
    short
w.md:5:4: error: unknown property "wwww" of issue [unknown_name]
    a line shorter than the length from which lines are shared
    short
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
