package osteele_test

import (
	"context"
	"fmt"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/osteele"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
)

// Prove renders a template shea accepts with osteele/liquid on the smoke
// inputs of its schema, and reports where osteele fails or prints
// something else.
func ExampleProve() {
	schema, err := profile.LaneContext("symphony")
	if err != nil {
		panic(err)
	}
	src := "Work on {{ issue.title }}.\n{% unless attempt %}First run.{% elsif attempt > 2 %}Many retries.{% endunless %}\n"
	tpl, diags := render.New(render.Options{}).Compile(src, "prompt.md", diag.Pos{}, schema)
	if diags.HasErrors() {
		panic(diags)
	}
	for _, d := range osteele.Prove(context.Background(), tpl, osteele.SmokeInputs(schema), osteele.Options{}) {
		fmt.Printf("%s: %s [%s]\n", d.Subject.Start, d.Summary, d.Code)
	}
	// Output:
	// 2:31: osteele/liquid v1.9.2 does not support elsif inside unless (osteele: elsif not inside if; immediate parent is unless) [osteele_parse_error]
}
