package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// TestExplainExamples runs the example of every code that `shea explain`
// shows, with the command it names, and checks that it reports that code
// and no other: the documentation cannot rot.
func TestExplainExamples(t *testing.T) {
	for _, info := range codes.All() {
		t.Run(string(info.Code), func(t *testing.T) {
			if info.Code == codes.InternalError {
				t.Skip("internal_error is a bug: no input is meant to produce it")
			}
			if info.Example == "" || !strings.HasPrefix(info.Command, "shea ") {
				t.Fatalf("%s has no runnable example", info.Code)
			}
			dir := t.TempDir()
			for _, f := range txtar.Parse([]byte(info.Example)).Files {
				p := filepath.Join(dir, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			args := append(strings.Fields(strings.TrimPrefix(info.Command, "shea ")), "--format", "json")
			var stdout, stderr bytes.Buffer
			code := run(args, strings.NewReader(""), &stdout, &stderr)
			var got []diag.Code
			errors := false
			out := &stdout
			if args[0] == "render" {
				out = &stderr // render keeps stdout for the rendered text
				if stdout.Len() > 0 {
					t.Errorf("%s printed on stdout: %s", info.Command, stdout.String())
				}
			}
			dec := json.NewDecoder(out)
			for dec.More() {
				var doc struct {
					Diagnostics []*diag.Diagnostic `json:"diagnostics"` // check, render
					Workflows   []struct {
						Diagnostics []*diag.Diagnostic `json:"diagnostics"`
					} `json:"workflows"` // validate
				}
				if err := dec.Decode(&doc); err != nil {
					t.Fatalf("%s: output is not JSON: %v\nstderr: %s", info.Command, err, stderr.String())
				}
				for _, w := range doc.Workflows {
					doc.Diagnostics = append(doc.Diagnostics, w.Diagnostics...)
				}
				for _, d := range doc.Diagnostics {
					got = append(got, d.Code)
					errors = errors || d.Severity == diag.Error
					if want := codes.DefaultSeverity(info.Code); d.Code == info.Code && d.Severity != want {
						t.Errorf("%s reported %s as %s, want %s (codes.DefaultSeverity)", info.Command, d.Code, d.Severity, want)
					}
				}
			}
			if len(got) == 0 {
				t.Fatalf("%s (exit %d) reported nothing\nstderr: %s", info.Command, code, stderr.String())
			}
			for _, c := range got {
				if c != info.Code {
					t.Errorf("%s reported %s, want only %s", info.Command, c, info.Code)
				}
			}
			// Errors exit 1, warnings alone 0; a code whose example cannot
			// be read at all exits 2.
			wantExit := exitClean
			if errors {
				wantExit = exitFindings
			}
			if info.Code == codes.MissingWorkflowFile {
				wantExit = exitFailure // the named file is unreadable
			}
			if code != wantExit {
				t.Errorf("%s exited %d, want %d\nstderr: %s", info.Command, code, wantExit, stderr.String())
			}
		})
	}
}

func TestExplainCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"explain", "unknown_filter"}, nil, &stdout, &stderr); code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"unknown_filter (class template_render_error)", "    -- prompt.md --", "    {{ issue.title | upcased }}", "running `shea check --profile symphony prompt.md` reports unknown_filter.", "How to fix it:"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("missing %q in:\n%s", want, stdout.String())
		}
	}
	stdout.Reset()
	if code := run([]string{"explain"}, nil, &stdout, &stderr); code != exitClean || strings.Count(stdout.String(), "\n") != len(codes.All())+1 {
		t.Errorf("list: exit %d, %d lines for %d codes", code, strings.Count(stdout.String(), "\n"), len(codes.All()))
	}
	if code := run([]string{"explain", "unknown_filtr"}, nil, &stdout, &stderr); code != exitFailure || !strings.Contains(stderr.String(), `did you mean "unknown_filter"?`) {
		t.Errorf("unknown code: exit %d, stderr %q", code, stderr.String())
	}
}

// TestSARIFRules: --format sarif describes every registered code as a
// rule, in code order so that rule indexes are stable across runs, with
// the registry's meaning, its fix and where `shea explain` documents it.
func TestSARIFRules(t *testing.T) {
	rules := sarifRules()
	all := codes.All()
	if len(rules) != len(all) {
		t.Fatalf("%d rules, want %d", len(rules), len(all))
	}
	for i, info := range all {
		r := rules[i]
		if r.Code != info.Code || r.Description != info.Meaning || r.Properties["class"] != string(info.Class) {
			t.Errorf("rule %d: %+v, want %s with its meaning and class", i, r, info.Code)
		}
		if want := info.Fix + " (see: shea explain " + string(info.Code) + ")"; r.Help != want {
			t.Errorf("rule %s help %q, want %q", info.Code, r.Help, want)
		}
		// The default level is the severity the code is reported with (which
		// TestExplainExamples holds to each example's output).
		wantLevel := codes.DefaultSeverity(info.Code)
		switch info.Code {
		case codes.MayFail, codes.UnknownConfigKey:
			wantLevel = diag.Warning // by hand: both are documented as warnings
		case codes.UnknownVariable:
			wantLevel = diag.Error
		}
		if r.Level != wantLevel {
			t.Errorf("rule %s level %s, want %s", info.Code, r.Level, wantLevel)
		}
	}
	if got := explainHint(codes.UnknownProperty); got != "(see: shea explain unknown_property)" {
		t.Errorf("hint %q", got)
	}
}
