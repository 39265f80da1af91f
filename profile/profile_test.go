package profile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

func TestLaneContextChecksIssueFields(t *testing.T) {
	for _, p := range Names() {
		schema, err := LaneContext(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if diff := cmp.Diff([]string{"issue", "attempt"}, schema.Names()); diff != "" {
			t.Errorf("%s: inputs (-want +got):\n%s", p, diff)
		}
		_, diags := strict.Check("{{ issue.title }} {{ attempt }}{% for l in issue.labels %}{{ l }}{% endfor %}{% for b in issue.blocked_by %}{{ b.identifier }}{% endfor %}", "t", diag.Pos{}, strict.Options{Context: schema})
		if len(diags) != 0 {
			t.Errorf("%s: valid template: %v", p, diags)
		}
		_, diags = strict.Check("{{ issue.titel }}", "t", diag.Pos{}, strict.Options{Context: schema})
		if len(diags) != 1 || diags[0].Code != codes.UnknownProperty || diags[0].Detail != `Did you mean "issue.title"?` {
			t.Errorf("%s: misspelt property: %v", p, diags)
		}
		_, diags = strict.Check("{% for b in issue.blocked_by %}{{ b.identifer }}{% endfor %}", "t", diag.Pos{}, strict.Options{Context: schema})
		if len(diags) != 1 || diags[0].Code != codes.UnknownProperty {
			t.Errorf("%s: misspelt blocker property: %v", p, diags)
		}
		if probs := schema.Validate(schema.Sample()); len(probs) != 0 {
			t.Errorf("%s: sample does not fit its own schema: %v", p, probs)
		}
	}
}

func TestDocuments(t *testing.T) {
	for _, p := range Names() {
		s, err := IssueSchema(p)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{"issue"}, s.Names()); diff != "" || !s.Required("issue") {
			t.Errorf("%s: IssueSchema names %v", p, s.Names())
		}
		if probs := s.Validate(map[string]any{"issue": map[string]any{"id": "1"}}); len(probs) == 0 {
			t.Errorf("%s: an issue without its required fields passed", p)
		}
		for _, kind := range []string{"issue", "context"} {
			doc, err := Document(kind, p)
			if err != nil {
				t.Fatalf("Document(%s, %s): %v", kind, p, err)
			}
			// Self-contained: nothing to resolve, so it compiles alone,
			// and pasted under another schema's properties too.
			if strings.Contains(string(doc), `"$ref"`) {
				t.Errorf("Document(%s, %s) still holds a $ref", kind, p)
			}
			if kind == "issue" {
				pasted := `{"type": "object", "properties": {"issue": ` + string(doc) + `}}`
				if _, err := strict.CompileSchema("pasted.json", []byte(pasted), nil); err != nil {
					t.Errorf("%s: pasted issue schema does not compile: %v", p, err)
				}
				viaRef := `{"type": "object", "properties": {"issue": {"$ref": "` + IssueID(p) + `"}}}`
				if _, err := strict.CompileSchema("ref.json", []byte(viaRef), map[string][]byte{IssueID(p): doc}); err != nil {
					t.Errorf("%s: issue schema as a $ref target does not compile: %v", p, err)
				}
				if !strings.Contains(string(doc), `"blocked_by": {`) || !strings.Contains(string(doc), `"id": {`) {
					t.Errorf("%s: issue document lost its properties:\n%s", p, doc)
				}
			}
		}
	}
	if _, err := Document("issue", "jira"); err == nil || !strings.Contains(err.Error(), `unknown profile "jira"`) {
		t.Errorf("unknown profile: %v", err)
	}
	if _, err := Document("config", Shea); err == nil || !strings.Contains(err.Error(), `unknown schema "config"`) {
		t.Errorf("unknown kind: %v", err)
	}
	if _, err := LaneContext("jira"); err == nil {
		t.Error("LaneContext accepted an unknown profile")
	}
}

func TestInlineRefsRejectsRecursion(t *testing.T) {
	v, err := decodeJSON([]byte(`{"$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}}}}, "properties": {"head": {"$ref": "#/$defs/n"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inlineRefs(v, v.(*object), nil); err == nil || !strings.Contains(err.Error(), "recursive") {
		t.Errorf("recursive $ref: %v", err)
	}
}

func ExampleLaneContext() {
	ctx, _ := LaneContext(Shea)
	fmt.Println(ctx.Names(), ctx.Required("issue"), ctx.Required("attempt"))
	fmt.Println(len(ctx.Validate(ctx.Sample())), "problems with the sample")
	fmt.Println(ctx.Validate(map[string]any{})[0].Pointer)
	// Output:
	// [issue attempt] true false
	// 0 problems with the sample
	// /issue
}
