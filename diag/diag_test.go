package diag

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func rng(file string, l1, c1, b1, l2, c2, b2 int) Range {
	return Range{Filename: file, Start: Pos{l1, c1, b1}, End: Pos{l2, c2, b2}}
}

func TestListErr(t *testing.T) {
	warn := Warningf(codeUnusedKey, rng("w.md", 2, 1, 4, 2, 7, 10), "unknown key %q", "poling")
	e1 := Errorf(codeUnknownName, rng("t.liquid", 1, 4, 3, 1, 8, 7), "unknown variable %q", "nope")
	e2 := Errorf(codeSyntax, rng("t.liquid", 2, 1, 12, 2, 2, 13), "unexpected %q", "or")

	if err := (List{}).Err(); err != nil {
		t.Errorf("empty list: Err() = %v, want nil", err)
	}
	if err := (List{warn}).Err(); err != nil {
		t.Errorf("warnings only: Err() = %v, want nil", err)
	}
	l := List{warn, e1, e2}
	err := l.Err()
	if err == nil {
		t.Fatal("Err() = nil for a list with errors")
	}
	want := "t.liquid:1:4: unknown variable \"nope\" [unknown_name]\nt.liquid:2:1: unexpected \"or\" [bad_syntax]"
	if got := err.Error(); got != want {
		t.Errorf("Err().Error() =\n%s\nwant\n%s", got, want)
	}
	// Each error diagnostic is reachable with errors.Is and errors.As.
	if !errors.Is(err, e1) || !errors.Is(err, e2) {
		t.Error("errors.Is does not find the error diagnostics")
	}
	if errors.Is(err, warn) {
		t.Error("errors.Is finds the warning, which Err does not carry as an error")
	}
	var d *Diagnostic
	if !errors.As(err, &d) || d != e1 {
		t.Errorf("errors.As found %v, want the first error", d)
	}
	// AsList recovers the whole list, warnings included, also when wrapped.
	for _, e := range []error{err, fmt.Errorf("rendering: %w", err)} {
		if got := AsList(e); len(got) != 3 || got[0] != warn || got[1] != e1 || got[2] != e2 {
			t.Errorf("AsList(%v) = %v", e, got)
		}
	}
	if got := AsList(e1); len(got) != 1 || got[0] != e1 {
		t.Errorf("AsList(single diagnostic) = %v", got)
	}
	if got := AsList(fmt.Errorf("wrapped: %w", e2)); len(got) != 1 || got[0] != e2 {
		t.Errorf("AsList(wrapped diagnostic) = %v", got)
	}
	if got := AsList(errors.New("plain")); got != nil {
		t.Errorf("AsList(plain error) = %v, want nil", got)
	}
	if got := AsList(nil); got != nil {
		t.Errorf("AsList(nil) = %v, want nil", got)
	}
}

func TestListHelpers(t *testing.T) {
	warn := Warningf(codeUnusedKey, Range{}, "w")
	e := Errorf(codeSyntax, Range{}, "e")
	l := List(nil).Append(nil, warn, nil, e)
	if len(l) != 2 {
		t.Fatalf("Append kept %d diagnostics, want 2 (nils skipped)", len(l))
	}
	if !l.HasErrors() || (List{warn}).HasErrors() {
		t.Error("HasErrors")
	}
	if got := l.Errors(); len(got) != 1 || got[0] != e {
		t.Errorf("Errors() = %v", got)
	}
	d := Errorf(codeUnknownFunc, Range{}, "unknown filter %q", "x").WithDetail("Did you mean %q?", "y")
	if d.Detail != `Did you mean "y"?` || d.Summary != `unknown filter "x"` || d.Severity != Error {
		t.Errorf("Errorf/WithDetail built %+v", d)
	}
}

func TestListSort(t *testing.T) {
	mk := func(file string, line, byt int, code Code) *Diagnostic {
		return Errorf(code, Range{Filename: file, Start: Pos{line, 1, byt}}, "%s", code)
	}
	l := List{
		mk("b.liquid", 1, 0, codeSyntax),
		mk("a.liquid", 3, 20, codeUnknownName),
		mk("a.liquid", 3, 20, codeSyntax),
		mk("a.liquid", 1, 0, codeUnknownFunc),
		mk("a.liquid", 2, 5, codeUnknownWord),
	}
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, fmt.Sprintf("%s@%d %s", d.Subject.Filename, d.Subject.Start.Byte, d.Code))
	}
	want := []string{
		"a.liquid@0 unknown_function",
		"a.liquid@5 unknown_word",
		"a.liquid@20 bad_syntax",
		"a.liquid@20 unknown_name",
		"b.liquid@0 bad_syntax",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sort (-want +got):\n%s", diff)
	}
}

func TestDiagnosticError(t *testing.T) {
	for _, c := range []struct {
		d    *Diagnostic
		want string
	}{
		{Errorf(codeUnknownWord, rng("t.liquid", 3, 7, 40, 3, 10, 43), "unknown tag %q", "iff"), `t.liquid:3:7: unknown tag "iff" [unknown_word]`},
		{Errorf(codeNoFile, Range{Filename: "WORKFLOW.md"}, "cannot read"), "WORKFLOW.md: cannot read [no_file]"},
		{Errorf(codeFailed, Range{}, "failed"), "failed [eval_failed]"},
		{Errorf(codeFailed, Range{Start: Pos{2, 3, 9}}, "failed"), "2:3: failed [eval_failed]"},
		{&Diagnostic{Summary: "no code"}, "no code"},
	} {
		if got := c.d.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}

func TestPosAndRange(t *testing.T) {
	if got, want := StartPos.Advance("ab\ncd\n\xc3\xa9x"), (Pos{Line: 3, Column: 4, Byte: 9}); got != want {
		t.Errorf("Advance = %+v, want %+v (columns count bytes)", got, want)
	}
	if got, want := (Pos{Line: 5, Column: 3, Byte: 40}).Advance(""), (Pos{Line: 5, Column: 3, Byte: 40}); got != want {
		t.Errorf("Advance(\"\") = %+v", got)
	}
	a, b := Pos{1, 5, 4}, Pos{2, 1, 10}
	if !a.Before(b) || b.Before(a) || a.Before(a) {
		t.Error("Before")
	}
	if !(Pos{}).IsZero() || StartPos.IsZero() {
		t.Error("IsZero")
	}
	r := rng("f", 1, 2, 1, 1, 5, 4)
	if !r.Contains(Pos{1, 2, 1}) || !r.Contains(Pos{1, 4, 3}) || r.Contains(Pos{1, 5, 4}) || r.Contains(Pos{1, 1, 0}) {
		t.Error("Contains is not half-open [Start, End)")
	}
	if got := r.String(); got != "f:1:2" {
		t.Errorf("String() = %q", got)
	}
	if got := (Range{Filename: "f"}).String(); got != "f" {
		t.Errorf("String() without position = %q", got)
	}
}

func TestSeverityText(t *testing.T) {
	for _, s := range []Severity{Error, Warning} {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("%v round trip: %v, %v", s, back, err)
		}
	}
	if got := Warning.String(); got != "warning" {
		t.Errorf("Warning = %q", got)
	}
	var s Severity
	if err := s.UnmarshalText([]byte("fatal")); err == nil {
		t.Error("UnmarshalText accepted \"fatal\"")
	}
}

// Full, and the error of List.Err, keep the suggestions.
func TestListFull(t *testing.T) {
	r := Range{Filename: "p.md", Start: Pos{Line: 2, Column: 4, Byte: 8}, End: Pos{Line: 2, Column: 9, Byte: 13}}
	l := List{
		Errorf(codeUnknownField, r, "unknown property %q of issue", "titel").WithDetail(`Did you mean "issue.title"?`),
		Warningf(codeUnusedKey, r, "a warning"),
		{Severity: Error, Code: codeKept, Summary: "kept", Subject: r, Related: []Related{{Message: "protected here", Range: r}}},
	}
	want := "p.md:2:4: unknown property \"titel\" of issue [unknown_field]\n    Did you mean \"issue.title\"?\n" +
		"p.md:2:4: kept [kept_section]\n    p.md:2:4: protected here"
	if got := l.Errors().Full(); got != want {
		t.Errorf("Full() =\n%s\nwant\n%s", got, want)
	}
	if got := l.Err().Error(); got != want {
		t.Errorf("Err().Error() =\n%s\nwant\n%s", got, want)
	}
}
