package profile_test

import (
	"fmt"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
)

// Extend merges a port's declarations into the profile's inputs: the
// issue keeps every field the profile declares and gains comments.
func ExampleExtend() {
	declared := []byte(`{"properties": {"issue": {"properties": {
		"comments": {"type": "array", "items": {"type": "object", "properties": {"author": {"type": "string"}, "body": {"type": "string"}}}}}}}}`)
	schema, diags := profile.Extend(profile.Symphony, declared, "extra.json")
	fmt.Println(len(diags), "problems;", schema.Names())

	_, diags = strict.Check("{{ issue.identifier }}{% for c in issue.comments %} {{ c.autor }}{% endfor %}", "prompt.md", diag.Pos{}, strict.Options{Context: schema})
	fmt.Println(diags[0].Summary, "-", diags[0].Detail)

	_, diags = profile.Extend(profile.Symphony, []byte(`{"properties": {"issue": {"properties": {"title": {"type": "integer"}}}}}`), "extra.json")
	fmt.Println(diags[0].Summary)
	// Output:
	// 0 problems; [issue attempt]
	// unknown property "autor" of c - Did you mean "c.author"?
	// issue.title is declared integer here, but the symphony profile declares it string
}
