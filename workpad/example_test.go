package workpad_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/workpad"
)

func ExampleSanitizeLine() {
	stderr := "\x1b[31merror:\x1b[0m push rejected\n" +
		"\tremote: https://x-access-token:ghs_0123456789abcdefghijKLMN@github.com/acme/app\n"
	fmt.Println(workpad.SanitizeLine(stderr, 0))
	fmt.Println(workpad.SanitizeLine("0123456789 0123456789 0123456789 0123456789 0123456789 0123456789", 64))
	// Output:
	// error: push rejected remote: https://x-access-token:[REDACTED]@github.com/acme/app
	// 0123456789 0123456789 0123456789 01234567…[truncated 24 bytes]
}

func ExampleMergeRepairFacts() {
	facts := workpad.MergeRepairFacts(workpad.MergeRepair{
		PRRef:            "acme/app#42",
		HeadRefName:      "feature/login",
		ExpectedBase:     "main",
		ConflictSummary:  "CONFLICT (content): Merge conflict in src/lib.rs",
		MechanicalStderr: "error: could not apply 1a2b3c...\nhint: Resolve all conflicts manually",
	})
	for _, name := range workpad.MergeRepairFactNames() {
		fmt.Printf("%s=%s\n", name, facts[name])
	}
	// Output:
	// pr_ref=acme/app#42
	// head_ref_name=feature/login
	// expected_base=main
	// conflict_summary=CONFLICT (content): Merge conflict in src/lib.rs
	// mechanical_stderr=error: could not apply 1a2b3c... hint: Resolve all conflicts manually
}

func ExampleCompile() {
	src := `
### Blocked: {{ issue_ref }}

{{ reason }}
`
	tpl, diags := workpad.Compile(nil, "forge_rework_blocked", src, "blocked.md", diag.Pos{})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	out, err := tpl.Render(context.Background(), map[string]string{
		"issue_ref":    "SHEA-12",
		"issue_title":  "Flaky merge",
		"generated_at": "2025-01-02T03:04:05Z",
		"pr":           "acme/app#7",
		"reason":       "The head moved during review. {{ values are printed, never rendered }}",
	})
	fmt.Println(out, err)

	// A value of another template is caught before anything renders.
	_, diags = workpad.Compile(nil, "forge_rework_blocked", "{{ mechanical_stderr }} {{ rework_title }}", "blocked.md", diag.Pos{})
	for _, d := range diags {
		fmt.Printf("%v\n  %s\n", d, d.Detail)
	}
	// Output:
	// ### Blocked: SHEA-12
	//
	// The head moved during review. {{ values are printed, never rendered }} <nil>
	// blocked.md:1:4: unknown variable "mechanical_stderr" [unknown_variable]
	//   The template's inputs are "issue_ref", "issue_title", "generated_at", "pr", "reason".
	// blocked.md:1:28: unknown variable "rework_title" [unknown_variable]
	//   "rework_title" is a value of template forge_rework_run, not of forge_rework_blocked. The template's inputs are "issue_ref", "issue_title", "generated_at", "pr", "reason".
}

func ExampleWrite() {
	dir, err := os.MkdirTemp("", "workpad-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "blocked.md")

	src, _ := workpad.Default("forge_rework_blocked")
	tpl, diags := workpad.Compile(nil, "forge_rework_blocked", src, workpad.DefaultFilename("forge_rework_blocked"), diag.Pos{})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	values := map[string]string{
		"issue_ref": "SHEA-12", "issue_title": "Flaky merge", "generated_at": "2025-01-02T03:04:05Z",
		"pr": "acme/app#7", "reason": "required check `lint` failed",
	}
	if err := workpad.Write(context.Background(), path, tpl, values); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(path)
	fmt.Println(string(b))

	// A render that fails writes nothing: the file keeps its content.
	delete(values, "reason")
	err = workpad.Write(context.Background(), path, tpl, values)
	fmt.Println(err)
	after, _ := os.ReadFile(path)
	fmt.Println(string(after) == string(b))
	// Output:
	// ### Forge rework blocked — SHEA-12: Flaky merge
	//
	// - Generated: 2025-01-02T03:04:05Z
	// - Pull request: acme/app#7
	// - Blocked because: required check `lint` failed
	// template_render_error: <builtin>/evidence/forge-rework-blocked.md: missing value "reason" of template forge_rework_blocked [context_invalid]
	//     Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.
	// true
}
