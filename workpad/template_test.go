package workpad

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

func compile(t *testing.T, id, src string) *Template {
	t.Helper()
	tpl, diags := Compile(nil, id, src, id+".md", diag.Pos{})
	if diags.HasErrors() {
		t.Fatalf("compile %s: %v", id, diags)
	}
	return tpl
}

func renderOK(t *testing.T, tpl *Template, values map[string]string) string {
	t.Helper()
	out, err := tpl.Render(t.Context(), values)
	if err != nil {
		t.Fatalf("render %s: %v", tpl.ID(), err)
	}
	return out
}

// diagLines formats diagnostics as "file:line:col: summary [code] | detail".
func diagLines(diags diag.List) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Error()+" | "+d.Detail)
	}
	return out
}

func TestDefaultsRenderWithSmokeValues(t *testing.T) {
	eng := render.New(render.Options{})
	for _, id := range IDs() {
		src, _ := Default(id)
		tpl, diags := Compile(eng, id, src, DefaultFilename(id), diag.Pos{})
		if diags.HasErrors() {
			t.Errorf("%s: %v", id, diags)
			continue
		}
		if tpl.ID() != id || tpl.Filename() != DefaultFilename(id) {
			t.Errorf("%s: ID %q Filename %q", id, tpl.ID(), tpl.Filename())
		}
		values := SmokeValues(id)
		out, err := tpl.Render(t.Context(), values)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		for name, v := range values {
			switch name {
			case "review_origin": // compared with "true", never printed
			case "record_separator", "field_separator":
				if strings.Contains(out, v) {
					t.Errorf("%s: separator %q printed", id, v)
				}
			case "findings":
				for _, field := range []string{"**Confirmed**", "Smoke finding", "Smoke evidence"} {
					if !strings.Contains(out, field) {
						t.Errorf("%s: finding field %q not printed", id, field)
					}
				}
			default:
				if !strings.Contains(out, v) {
					t.Errorf("%s: value %s (%q) not printed", id, name, v)
				}
			}
		}
		if strings.Contains(out, "{{") || strings.Contains(out, "{%") || out != strings.TrimSpace(out) {
			t.Errorf("%s: output not a clean receipt:\n%s", id, out)
		}
	}
}

func TestDefaultRenderedText(t *testing.T) {
	t.Run("forge_rework_blocked", func(t *testing.T) {
		src, _ := Default("forge_rework_blocked")
		got := renderOK(t, compile(t, "forge_rework_blocked", src), SmokeValues("forge_rework_blocked"))
		want := "### Forge rework blocked — smoke_issue_ref: smoke_issue_title\n\n" +
			"- Generated: smoke_generated_at\n- Pull request: smoke_pr\n- Blocked because: smoke_reason"
		if got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	})
	t.Run("main_quality_gate optional values", func(t *testing.T) {
		src, _ := Default("main_quality_gate")
		tpl := compile(t, "main_quality_gate", src)
		values := map[string]string{"issue_ref": "SHEA-7", "issue_title": "Cache", "current_state": "In Progress",
			"assumptions": "none", "decision": "pass", "missing": "", "notes": ""}
		want := "### Quality gate — SHEA-7: Cache\n\n- State: In Progress\n- Decision: **pass**\n- Assumptions: none"
		if got := renderOK(t, tpl, values); got != want {
			t.Errorf("without optional values got\n%s\nwant\n%s", got, want)
		}
		values["missing"], values["notes"] = "a benchmark", "Run the benchmark before review."
		want += "\n- Missing: a benchmark\n\nRun the benchmark before review."
		if got := renderOK(t, tpl, values); got != want {
			t.Errorf("with optional values got\n%s\nwant\n%s", got, want)
		}
	})
	t.Run("rework_diagnostic records", func(t *testing.T) {
		src, _ := Default("rework_diagnostic")
		tpl := compile(t, "rework_diagnostic", src)
		values := SmokeValues("rework_diagnostic")
		values["review_origin"] = "true"
		values["findings"] = "Blocker\x1fNil map write\x1fsrc/a.go:3\x1eNit\x1fTypo\x1fREADME.md:1"
		values["changed_files"] = "src/a.go\x1eREADME.md"
		values["command"], values["stdout"] = "", ""
		want := `### Rework needed — smoke_issue_ref: smoke_issue_title

smoke_summary

- Generated: smoke_generated_at by smoke_actor_role in lane ` + "`smoke_lane`" + `, raised by a review
- Source: smoke_source (input state smoke_input_state)
- Kind: smoke_kind
- Next action: smoke_next_action
- Pull request: smoke_pr_ref
- Review artifact: ` + "`smoke_review_artifact_path`, ledger `smoke_review_ledger_path`" + `

#### Findings (smoke_finding_count)

- **Blocker**: Nil map write (src/a.go:3)
- **Nit**: Typo (README.md:1)

#### Changed files (smoke_changed_file_count)

- ` + "`src/a.go`" + `
- ` + "`README.md`" + `

stderr:

` + "```text\nsmoke_stderr\n```"
		if got := renderOK(t, tpl, values); got != want {
			t.Errorf("got\n%s\nwant\n%s\ndiff:\n%s", got, want, cmp.Diff(want, got))
		}
		values["findings"], values["changed_files"], values["stderr"] = "", "", ""
		got := renderOK(t, tpl, values)
		if !strings.Contains(got, "#### Findings (smoke_finding_count)\n\nNone recorded.\n\n#### Changed files (smoke_changed_file_count)\n\nNone recorded.") ||
			!strings.HasSuffix(got, "None recorded.") {
			t.Errorf("empty lists:\n%s", got)
		}
	})
}

func TestCompileNamesFromAnotherTemplate(t *testing.T) {
	for _, tc := range []struct {
		name string
		eng  *render.Engine
		want []string
	}{
		{"strict engine", render.New(render.Options{}), []string{
			`x.md:3:6: unknown variable "pr" [unknown_variable] | "pr" is a value of templates manual_review, merge_run, merge_repair, forge_rework_run, forge_rework_blocked and lane_session, not of main_handoff. The template's inputs are "issue_ref", "issue_title", "message", "run_evidence", "planned_handoff", "run_id", "backend", "workspace_path", "runtime_ownership_marker", "documentation_impact".`,
			`x.md:3:15: unknown variable "mesage" [unknown_variable] | Did you mean "message"?`,
			`x.md:3:28: unknown variable "nothing" [unknown_variable] | The template's inputs are "issue_ref", "issue_title", "message", "run_evidence", "planned_handoff", "run_id", "backend", "workspace_path", "runtime_ownership_marker", "documentation_impact".`,
		}},
		{"compat engine", render.New(render.Options{Compat: true}), []string{
			`x.md:3:6: unknown variable "pr" [unknown_variable] | "pr" is a value of templates manual_review, merge_run, merge_repair, forge_rework_run, forge_rework_blocked and lane_session, not of main_handoff.`,
			`x.md:3:15: unknown variable "mesage" [unknown_variable] | Did you mean "message"?`,
			`x.md:3:28: unknown variable "nothing" [unknown_variable] | Template main_handoff has the values issue_ref, issue_title, message, run_evidence, planned_handoff, run_id, backend, workspace_path, runtime_ownership_marker, documentation_impact.`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Leading blank lines are trimmed, yet positions stay those of the file.
			tpl, diags := Compile(tc.eng, "main_handoff", "\n\n  {{ pr }} {{ mesage }} {{ nothing }}\n", "x.md", diag.Pos{})
			if tpl != nil {
				t.Error("a template with errors compiled")
			}
			if d := cmp.Diff(tc.want, diagLines(diags)); d != "" {
				t.Errorf("diagnostics (-want +got):\n%s", d)
			}
		})
	}
}

func TestCompileDoesNotLeakAcrossIDs(t *testing.T) {
	// Every id rejects each value that only other ids declare, and names them.
	for _, s := range Specs() {
		var foreign []string
		seen := map[string]bool{}
		for _, other := range Specs() {
			for _, v := range other.Values {
				if !s.Has(v) && !seen[v] {
					seen[v] = true
					foreign = append(foreign, v)
				}
			}
		}
		var src strings.Builder
		for _, v := range foreign {
			src.WriteString("{{ " + v + " }}\n")
		}
		_, diags := Compile(nil, s.ID, src.String(), "t.md", diag.Pos{})
		if len(diags) != len(foreign) {
			t.Fatalf("%s: %d diagnostics for %d foreign names", s.ID, len(diags), len(foreign))
		}
		for i, d := range diags {
			v := foreign[i]
			want := fmt.Sprintf("%q is a value of %s, not of %s.", v, joinIDs(DeclaredBy(v)), s.ID)
			if d.Code != codes.UnknownVariable || d.Subject.Start.Line != i+1 || !strings.HasPrefix(d.Detail, want) {
				t.Errorf("%s reading %s: %v | %s", s.ID, v, d, d.Detail)
			}
		}
	}
}

func TestCompileStart(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   string
		start diag.Pos
		want  string
	}{
		{"body inside a file", "\n{{ nope }}", diag.Pos{Line: 10, Column: 1, Byte: 200}, "wf.md:11:4"},
		{"byte order mark and CRLF", "\ufeff\r\n\r\n{{ nope }}", diag.Pos{}, "wf.md:3:4"},
		{"first byte", "{{ nope }}", diag.StartPos, "wf.md:1:4"},
	} {
		_, diags := Compile(nil, "review_invalid_handoff", tc.src, "wf.md", tc.start)
		if len(diags) != 1 || diags[0].Subject.String() != tc.want {
			t.Errorf("%s: %v, want one diagnostic at %s", tc.name, diagLines(diags), tc.want)
		}
	}
}

func TestCompileRejects(t *testing.T) {
	for _, tc := range []struct {
		name, id, src string
		want          []string
	}{
		{"unknown id", "merge_runn", "{{ pr }}", []string{`x.md: unknown workpad template id "merge_runn" [config_invalid] | Did you mean "merge_run"?`}},
		{"empty body", "merge_run", " \n\t\n", []string{`x.md:3:1: template merge_run is empty [empty_template_file] | A workpad template must produce text; write the merge_run receipt, or remove the setting to use the default.`}},
		{"syntax", "merge_run", "{% if pr %}", nil},
	} {
		tpl, diags := Compile(nil, tc.id, tc.src, "x.md", diag.Pos{})
		if tpl != nil {
			t.Errorf("%s: compiled", tc.name)
		}
		got := diagLines(diags)
		if tc.name == "syntax" {
			// The wording is the checker's; pin only the code and place.
			if len(diags) == 0 || diags[0].Code != codes.UnclosedBlock || diags[0].Subject.Start.Line != 1 {
				t.Errorf("%s: %q", tc.name, got)
			}
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestValuesAreData is the injection guarantee: Liquid in a value is
// printed, never evaluated, whatever it contains.
func TestValuesAreData(t *testing.T) {
	tpl := compile(t, "forge_rework_blocked", "{{ pr }}|{{ reason }}|{{ issue_title }}")
	hostile := map[string]string{
		"issue_ref":    "{{ issue_title }}",
		"issue_title":  "{% endraw %}{% if true %}yes{% endif %}{{ 'x' | upcase }}",
		"generated_at": "{%- comment -%}",
		"pr":           "{% raw %}{{ reason }}{% endraw %}",
		"reason":       "{{ pr }}{% assign pr = 'hijacked' %}{{ pr }}",
	}
	got := renderOK(t, tpl, hostile)
	want := hostile["pr"] + "|" + hostile["reason"] + "|" + hostile["issue_title"]
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// Filters see the value as text too.
	tpl = compile(t, "forge_rework_blocked", "{{ reason | upcase }} {{ pr | size }}")
	got = renderOK(t, tpl, hostile)
	if want := "{{ PR }}{% ASSIGN PR = 'HIJACKED' %}{{ PR }} 33"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestRenderTrims(t *testing.T) {
	tpl := compile(t, "review_invalid_handoff", "\n\n  Reason: {{ reason }}  \n\n")
	values := map[string]string{"issue_ref": "A-1", "issue_title": "t", "reason": "stale head \n\t\u00a0"}
	if got := renderOK(t, tpl, values); got != "Reason: stale head" {
		t.Errorf("got %q", got)
	}
	values["reason"] = ""
	if got := renderOK(t, tpl, values); got != "Reason:" {
		t.Errorf("got %q", got)
	}
}

func TestRenderBooleansAreStrings(t *testing.T) {
	tpl := compile(t, "rework_diagnostic", `{% if review_origin == "true" %}review{% else %}other{% endif %}`)
	values := SmokeValues("rework_diagnostic")
	for v, want := range map[string]string{"true": "review", "false": "other", "": "other"} {
		values["review_origin"] = v
		if got := renderOK(t, tpl, values); got != want {
			t.Errorf("review_origin=%q: got %q, want %q", v, got, want)
		}
	}
}

func TestRenderConcurrently(t *testing.T) {
	src, _ := Default("lane_session")
	tpl := compile(t, "lane_session", src)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			values := SmokeValues("lane_session")
			values["run_id"] = fmt.Sprintf("run-%d", i)
			out, err := tpl.Render(context.Background(), values)
			if err != nil || !strings.Contains(out, fmt.Sprintf("run `run-%d`", i)) {
				t.Errorf("goroutine %d: %v\n%s", i, err, out)
			}
		}()
	}
	wg.Wait()
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "blocked.md")
	src, _ := Default("forge_rework_blocked")
	tpl := compile(t, "forge_rework_blocked", src)
	values := SmokeValues("forge_rework_blocked")
	if err := Write(t.Context(), path, tpl, values); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := renderOK(t, tpl, values); string(got) != want {
		t.Errorf("file holds\n%s\nwant\n%s", got, want)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	values["reason"] = "changed"
	if err := Write(ctx, path, tpl, values); err == nil {
		t.Error("Write with a canceled context succeeded")
	}
	if again, _ := os.ReadFile(path); string(again) != string(got) {
		t.Errorf("canceled write changed the file:\n%s", again)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("directory holds %q", names)
	}
}
