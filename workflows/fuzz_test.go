package workflows

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// FuzzValidate validates arbitrary workflow files, as either profile, and
// checks what must hold for any input: no panic; the readback starts with
// workflow= and ends with the status, which is invalid exactly when there
// are errors; and every diagnostic in the workflow file lies inside it,
// its line and column agreeing with its byte offset (CRLF and a lone CR
// being one line break, a leading byte order mark not counted in columns).
func FuzzValidate(f *testing.F) {
	for _, s := range []string{
		"---\ntracker:\n  kind: memory\n---\n{{ issue.title }}\n",
		"---\r\ntracker:\r\n  kind: linear\r\npolling:\r\n  interval_ms: x\r\n---\r\n{{ issue.titel }}\r\n",
		"\ufeff---\ntracker: {kind: memory}\n---\n{% if attempt %}{{ attempt }}{% endif %}",
		"---\ntracker:\n  kind: memory\nprompts:\n  main_agent: a.md\n---\n",
		"---\n- x\n---\n", "---\ntracker: [\n---\n", "no front matter {{ user }}", "---\r---\r{{ issue.id }}\r",
		"---\ntracker:\n  kind: memory\nresources:\n  manifest: m.json\n  enabled_groups: [a, b]\n---\n",
		"---\ntemplate_context:\n  schema:\n    type: object\n    properties: {x: {type: string}}\n---\n{{ x }}",
		"---\ntracker:\n  kind: memory\ncomposition:\n  workspace: .\n  parts:\n    main_agent: {role: r, task: ../t}\n---\n",
		"---\ncomposition: {}\nprompts:\n  main_agent: main-agent.md\n---\n", "---\ncomposition:\n  project: ../x\n  template: 7\n---\n",
		"---\nx: &t {kind: memory}\ntracker: *t\nresources:\n  <<: {manifest: m.json}\nshea: {disable: [&c unknown_config_key, *c]}\nprompts: {<<: {main_agent: a.md}}\n---\n",
		"---\na:\n  b: |\n    x {{ issue.titel }}\n\n     {{ y }}\n  c: \"\\t{{ z }}\\n{{ w\"\n  d: >\n    {{ v }}\n    {{ u }}\n  e: [\"{{ q }}\", '{{ r }}']\ntemplate_context:\n  templates: [a.b, a.c, a.d, a.e.*, {file: WORKFLOW.md}, {value: a, schema: 3}]\n---\n",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, shea bool) {
		dir := t.TempDir()
		path := filepath.Join(dir, "WORKFLOW.md")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		opts := Options{Root: dir, TempDir: "/tmp", Getenv: func(string) string { return "" }}
		if shea {
			opts.Profile = ProfileShea
		}
		r, diags := Validate(context.Background(), path, opts)
		if first := r.Readback[0].String(); first != "workflow="+path {
			t.Fatalf("first readback line %q", first)
		}
		wantStatus := StatusValid
		if diags.HasErrors() {
			wantStatus = StatusInvalid
		}
		if last := r.Readback[len(r.Readback)-1].String(); last != "status="+wantStatus {
			t.Fatalf("last readback line %q with errors %v", last, diags.Errors())
		}
		for _, d := range diags {
			if d.Code == codes.InternalError {
				t.Fatalf("%v\n%s", d, d.Stack)
			}
			if d.Subject.Filename == path && !d.Subject.Start.IsZero() {
				checkFilePos(t, data, d, d.Subject.Start)
				checkFilePos(t, data, d, d.Subject.End)
				if d.Subject.End.Byte < d.Subject.Start.Byte {
					t.Fatalf("%v: range ends before it starts", d)
				}
			}
		}
	})
}

// checkFilePos checks that p is a position of data: its line and column
// are those of its byte offset.
func checkFilePos(t *testing.T, data []byte, d *diag.Diagnostic, p diag.Pos) {
	t.Helper()
	if p.Byte < 0 || p.Byte > len(data) {
		t.Fatalf("%v: byte %d outside the file of %d bytes", d, p.Byte, len(data))
	}
	line, lineStart := 1, 0
	if strings.HasPrefix(string(data), bom) {
		lineStart = len(bom)
	}
	for i := 0; i < p.Byte; i++ {
		switch data[i] {
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				if i+1 == p.Byte {
					// p points at the LF of a CRLF: the same line as the CR.
					break
				}
				i++
			}
			line++
			lineStart = i + 1
		case '\n':
			line++
			lineStart = i + 1
		}
	}
	if p.Byte < lineStart {
		lineStart = p.Byte
	}
	if p.Line != line || p.Column != p.Byte-lineStart+1 {
		t.Fatalf("%v: position %d:%d at byte %d, want %d:%d", d, p.Line, p.Column, p.Byte, line, p.Byte-lineStart+1)
	}
}

// FuzzDecodeInputs decodes arbitrary issue and workpad values documents and
// checks: no panic; a result exactly when there is no diagnostic, and then
// no error; every diagnostic an error in the document, at a position of
// it whose line and column agree with its byte offset.
func FuzzDecodeInputs(f *testing.F) {
	for _, s := range []string{
		`{"tracker_kind": "m", "id": "1", "identifier": "#1", "title": "t", "state": "s"}`,
		"{\"id\": 1,\r\n \"titel\": [true]}", "\ufeff[1, 2]", `{"issue_ref": "#1", "issue_title": "t", "error": 3}`,
		`{"a": {"b": [{"c": null}]}} {}`, "", "{\"x\":", `{"labels": ["a", 2], "linked_pull_requests": [{"number": -1}]}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, values bool) {
		var ok bool
		var diags diag.List
		if values {
			v, d := DecodeValues(data, "input.json", "main_handoff_failure")
			ok, diags = v != nil, d
		} else {
			v, d := DecodeIssue(data, "input.json", ProfileShea)
			ok, diags = v != nil, d
		}
		if ok != (len(diags) == 0) {
			t.Fatalf("result %v with diagnostics %v", ok, diags)
		}
		for _, d := range diags {
			if d.Code == codes.InternalError {
				t.Fatalf("%v\n%s", d, d.Stack)
			}
			if d.Severity != diag.Error || d.Code != codes.ContextInvalid || d.Subject.Filename != "input.json" {
				t.Fatalf("unexpected diagnostic %v", d)
			}
			if !d.Subject.Start.IsZero() {
				checkFilePos(t, data, d, d.Subject.Start)
				checkFilePos(t, data, d, d.Subject.End)
			}
		}
	})
}
