package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindMutants pins the mutants of a source with every kind of case
// clause (the mutated texts written out by hand): a list loses each of its
// expressions, a single expression loses its clause, operators inside the
// expressions change as gremlins changes them elsewhere, and nothing
// outside a case clause is touched.
func TestFindMutants(t *testing.T) {
	const src = `package p

func f(r rune, x any) int {
	if r < 0 {
		return 0
	}
	switch r {
	case 'a', 'b':
		return 1
	case -1:
		return 2
	default:
	}
	switch {
	case r >= 10 && r+1 < 20:
		return 3
	}
	switch x.(type) {
	case int:
		return 4
	}
	return 5
}
`
	ms, err := findMutants("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		kind, pos string
		mutated   string // the mutated line (or, for a clause, what is left of it)
	}{
		{"CASE_REMOVE_EXPR", "8:7", "\tcase 'b':"},
		{"CASE_REMOVE_EXPR", "8:12", "\tcase 'a':"},
		{"CASE_REMOVE_CLAUSE", "10:2", "\t\n\tdefault:"},
		{"INVERT_NEGATIVES", "10:7", "\tcase +1:"},
		{"CASE_REMOVE_CLAUSE", "15:2", "\tswitch {\n\t\n\t}"},
		{"CONDITIONALS_BOUNDARY", "15:9", "\tcase r > 10 && r+1 < 20:"},
		{"CONDITIONALS_NEGATION", "15:9", "\tcase r < 10 && r+1 < 20:"},
		{"INVERT_LOGICAL", "15:15", "\tcase r >= 10 || r+1 < 20:"},
		{"ARITHMETIC_BASE", "15:19", "\tcase r >= 10 && r-1 < 20:"},
		{"CONDITIONALS_BOUNDARY", "15:22", "\tcase r >= 10 && r+1 <= 20:"},
		{"CONDITIONALS_NEGATION", "15:22", "\tcase r >= 10 && r+1 >= 20:"},
		{"CASE_REMOVE_CLAUSE", "19:2", "\tswitch x.(type) {\n\t\n\t}"},
	}
	if len(ms) != len(want) {
		for _, m := range ms {
			t.Logf("%s %d:%d", m.kind, m.line, m.col)
		}
		t.Fatalf("%d mutants, want %d", len(ms), len(want))
	}
	for i, w := range want {
		m := ms[i]
		got := string(m.apply([]byte(src)))
		if m.kind != w.kind || posString(m) != w.pos || !strings.Contains(got, w.mutated+"\n") {
			t.Errorf("mutant %d: %s at %s, want %s at %s making %q; the mutated source:\n%s", i, m.kind, posString(m), w.kind, w.pos, w.mutated, got)
		}
		if strings.Count(got, "\n") > strings.Count(src, "\n") || got == src {
			t.Errorf("mutant %d (%s) changed nothing or added lines", i, m.kind)
		}
	}
}

func posString(m mutant) string { return fmt.Sprintf("%d:%d", m.line, m.col) }

// TestMutate runs casemut on a module of one package whose tests check
// one of a clause's two values: removing the checked one is KILLED,
// removing the other LIVED, a mutant that does not compile NOT VIABLE, and
// the source file is byte for byte what it was.
func TestMutate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command once per mutant")
	}
	dir := t.TempDir()
	const src = `package p

func F(r rune) bool {
	switch r {
	case 'a', 'b':
		return true
	}
	switch s := "x"; {
	case s+"" == "x":
	}
	return false
}
`
	files := map[string]string{
		"go.mod":    "module example.com/p\n\ngo 1.21\n",
		"p.go":      src,
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n\tif !F('a') {\n\t\tt.Fatal(\"a\")\n\t}\n}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The same statuses whether no tests run first, tests that kill
	// run first, or tests that match nothing.
	for _, first := range []string{"", "TestF", "TestNone"} {
		var out bytes.Buffer
		rep, err := mutate(context.Background(), filepath.Join(dir, "p.go"), "", first, 60, sampler{}, &out)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, m := range rep.Files[0].Mutations {
			got[fmt.Sprintf("%s@%d:%d", m.Type, m.Line, m.Column)] = m.Status
		}
		want := map[string]string{
			"CASE_REMOVE_EXPR@5:7":       "KILLED",     // 'a' no longer true
			"CASE_REMOVE_EXPR@5:12":      "LIVED",      // no test asks about 'b'
			"CASE_REMOVE_CLAUSE@9:2":     "NOT VIABLE", // s declared and not used
			"ARITHMETIC_BASE@9:8":        "NOT VIABLE", // string minus string
			"CONDITIONALS_NEGATION@9:12": "LIVED",      // an empty clause
		}
		if len(got) != len(want) {
			t.Errorf("mutants %v, want %v\n%s", got, want, out.String())
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("-first %q: %s: %q, want %q\n%s", first, k, got[k], w, out.String())
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "p.go")); err != nil || string(b) != src {
		t.Errorf("p.go after the run: %q, %v; want it unchanged", b, err)
	}
}

// TestSample: a sample is the given number of distinct mutants in the
// file's order, the same for the same seed, all of them for 0.
func TestSample(t *testing.T) {
	var ms []mutant
	for i := 0; i < 20; i++ {
		ms = append(ms, mutant{start: i})
	}
	a, b := sampler{5, 7}.choose(ms), sampler{5, 7}.choose(ms)
	if len(a) != 5 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("sample %v, again %v: want the same 5", a, b)
	}
	for i := 1; i < len(a); i++ {
		if a[i].start <= a[i-1].start {
			t.Errorf("sample %v is not in the file's order, or repeats", a)
		}
	}
	if got := (sampler{}).choose(ms); len(got) != len(ms) {
		t.Errorf("no sample: %d mutants, want all %d", len(got), len(ms))
	}
}

// TestFromReport makes the mutants a gremlins dry-run report lists as
// RUNNABLE, each as gremlins makes it, and refuses a position that holds
// no such operator.
func TestFromReport(t *testing.T) {
	src := []byte("package p\n\nfunc f(a, b int) bool {\n\ta++\n\treturn a < -b && a != 0\n}\n")
	dir := t.TempDir()
	write := func(muts string) string {
		p := filepath.Join(dir, "r.json")
		if err := os.WriteFile(p, []byte(`{"files":[{"file_name":"p.go","mutations":[`+muts+`]}]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ms, err := fromReport(write(`{"type":"INCREMENT_DECREMENT","status":"RUNNABLE","line":4,"column":3},
		{"type":"CONDITIONALS_BOUNDARY","status":"RUNNABLE","line":5,"column":11},
		{"type":"INVERT_NEGATIVES","status":"RUNNABLE","line":5,"column":13},
		{"type":"INVERT_LOGICAL","status":"RUNNABLE","line":5,"column":16},
		{"type":"CONDITIONALS_NEGATION","status":"NOT COVERED","line":5,"column":21}`), src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, string(m.apply(src)[m.start:m.start+len(m.repl)]))
	}
	if strings.Join(got, " ") != "-- <= + ||" {
		t.Errorf("replacements %q, want [-- <= + ||]", got)
	}
	if _, err := fromReport(write(`{"type":"INVERT_LOGICAL","status":"RUNNABLE","line":5,"column":12}`), src); err == nil {
		t.Error("a mutant at a position without its operator: no error")
	}
}
