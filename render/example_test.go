package render_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// A template is compiled once against the schema of its inputs, which
// checks it on every branch, and rendered as often as needed. A misspelt
// property is an error before anything renders.
func Example() {
	schema, err := strict.CompileSchema("inputs", []byte(`{
		"type": "object",
		"properties": {
			"issue": {
				"type": "object",
				"properties": {"title": {"type": "string"}, "labels": {"type": "array", "items": {"type": "string"}}},
				"required": ["title"]
			}
		},
		"required": ["issue"]
	}`), nil)
	if err != nil {
		panic(err)
	}
	eng := render.New(render.Options{})

	tpl, diags := eng.Compile("Fix: {{ issue.title | upcase }}{% for l in issue.labels %} #{{ l }}{% endfor %}", "prompt.md", diag.Pos{}, schema)
	if diags.HasErrors() {
		panic(diags)
	}
	out, err := tpl.Render(context.Background(), map[string]any{
		"issue": map[string]any{"title": "login page", "labels": []any{"ui", "bug"}},
	})
	fmt.Println(out, err)

	_, diags = eng.Compile("Fix: {{ issue.titel }}", "prompt.md", diag.Pos{}, schema)
	for _, d := range diags {
		fmt.Printf("%s: %s [%s] %s\n", d.Subject.Start, d.Summary, d.Code, d.Detail)
	}

	// Data that does not fit the schema renders nothing.
	_, err = tpl.Render(context.Background(), map[string]any{"issue": map[string]any{"labels": []any{}}})
	var rerr *render.Error
	fmt.Println(errors.As(err, &rerr), rerr.Diagnostics[0].Code)
	// Output:
	// Fix: LOGIN PAGE #ui #bug <nil>
	// 1:9: unknown property "titel" of issue [unknown_property] Did you mean "issue.title"?
	// true context_invalid
}
