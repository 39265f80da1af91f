package strict_test

import (
	"fmt"
	"io/fs"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
)

// Parse builds an AST in which every node, expression and filter knows its
// exact range in the file.
func ExampleParse() {
	tpl, diags := strict.Parse("Hello {{ issue.title | upcase }}!", "prompt.md", diag.Pos{}, strict.ParseOptions{})
	fmt.Println(len(diags), "diagnostics")
	out := tpl.Body[1].(*strict.Output)
	f := out.Value.Filters[0]
	fmt.Println(f.Name, "at", f.NameSpan.Range())

	_, diags = strict.Parse("{% if issue.url %}\nsee the link", "prompt.md", diag.Pos{}, strict.ParseOptions{})
	fmt.Println(diags)
	// Output:
	// 0 diagnostics
	// upcase at prompt.md:1:24
	// prompt.md:1:4: "if" block is never closed [unclosed_block]
}

// Check applies the strictness contract: every name a template reads must be
// declared by its context schema, on every branch. A template embedded in a
// larger file (here, a workflow body starting on line 5) reports positions
// in that file.
func ExampleCheck() {
	ctx, err := profile.LaneContext(profile.Symphony)
	if err != nil {
		panic(err)
	}
	src := "Work on {{ issue.titel }}.\n{% if false %}{{ atempt }}{% endif %}\n"
	_, diags := strict.Check(src, "WORKFLOW.md", diag.Pos{Line: 5, Column: 1, Byte: 60}, strict.Options{Context: ctx})
	for _, d := range diags {
		fmt.Println(d)
		fmt.Println("   ", d.Detail)
	}
	// Output:
	// WORKFLOW.md:5:12: unknown property "titel" of issue [unknown_property]
	//     Did you mean "issue.title"?
	// WORKFLOW.md:6:18: unknown variable "atempt" [unknown_variable]
	//     Did you mean "attempt"?
}

type partials map[string]string

func (p partials) Partial(name string) (string, string, error) {
	src, ok := p[name]
	if !ok {
		return "", "", fs.ErrNotExist
	}
	return src, name + ".liquid", nil
}

// Partials are resolved through a PartialSource and checked in their own
// scope: render passes its arguments and the template's inputs, not the
// caller's local variables.
func ExampleCheck_partials() {
	ctx, _ := profile.LaneContext(profile.Symphony)
	src := "{% assign n = 1 %}{% render 'header', title: issue.title %}{% render 'footer' %}"
	_, diags := strict.Check(src, "prompt.md", diag.Pos{}, strict.Options{
		Context:  ctx,
		Partials: partials{"header": "# {{ title }} ({{ issue.state }}) {{ n }}"},
	})
	for _, d := range diags {
		fmt.Println(d)
	}
	// Output:
	// header.liquid:1:38: unknown variable "n" [unknown_variable]
	// prompt.md:1:70: partial "footer" not found [missing_partial]
}

// Analyze lists what a template uses, like python-liquid's and LiquidJS's
// analyze: the external paths it reads, the names it binds, its filters,
// tags and partials.
func ExampleAnalyze() {
	an, _ := strict.Analyze("{% assign n = issue.labels.size %}{{ issue.title | truncate: n }}", "t.md", diag.Pos{}, nil)
	for _, v := range an.Variables {
		fmt.Println("variable", v.Name, "at", v.Range)
	}
	for _, l := range an.Locals {
		fmt.Println("local", l.Name)
	}
	for _, f := range an.Filters {
		fmt.Println("filter", f.Name)
	}
	for _, t := range an.Tags {
		fmt.Println("tag", t.Name)
	}
	// Output:
	// variable issue.labels.size at t.md:1:15
	// variable issue.title at t.md:1:38
	// local n
	// filter truncate
	// tag assign
}

// CompileSchema declares a template's inputs as a JSON Schema object; Extend
// adds them to a profile's lane context.
func ExampleCompileSchema() {
	repo, err := strict.CompileSchema("repo.json", []byte(`{
	  "type": "object",
	  "properties": {
	    "repo": {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": false}
	  }
	}`), nil)
	if err != nil {
		panic(err)
	}
	lane, _ := profile.LaneContext(profile.Symphony)
	ctx := lane.Extend(repo)
	fmt.Println(ctx.Names())
	_, diags := strict.Check("{{ repo.nmae }} for {{ issue.identifier }}", "t.md", diag.Pos{}, strict.Options{Context: ctx})
	fmt.Println(diags[0].Summary, "-", diags[0].Detail)
	// Output:
	// [issue attempt repo]
	// unknown property "nmae" of repo - Did you mean "repo.name"?
}
