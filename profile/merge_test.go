package profile

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

func TestExtendAddsIssueProperties(t *testing.T) {
	// Declaring only issue.comments keeps every field of the profile's
	// issue model: extend, never replace.
	frag := `{"type": "object", "properties": {"issue": {"type": "object", "properties": {
		"comments": {"type": "array", "items": {"type": "object", "required": ["author", "body"],
			"properties": {"author": {"type": "string"}, "body": {"type": "string"}}}}}}}}`
	tpl := "{{ issue.identifier }} {{ issue.title }}{% for c in issue.comments %}{{ c.author }}: {{ c.body }}{% endfor %}"
	for _, p := range Names() {
		s, diags := Extend(p, []byte(frag), "extra.json")
		if len(diags) != 0 {
			t.Fatalf("%s: %v", p, diags)
		}
		if _, d := strict.Check(tpl, "t", diag.Pos{}, strict.Options{Context: s}); len(d) != 0 {
			t.Errorf("%s: %v", p, d)
		}
		if _, d := strict.Check("{% for c in issue.comments %}{{ c.autor }}{% endfor %}{{ issue.titel }}", "t", diag.Pos{}, strict.Options{Context: s}); len(d) != 2 {
			t.Errorf("%s: misspellings: %v", p, d)
		}
		issue := s.Sample()["issue"].(map[string]any)
		issue["comments"] = []any{map[string]any{"author": "a", "body": "b"}}
		if probs := s.Validate(map[string]any{"issue": issue}); len(probs) != 0 {
			t.Errorf("%s: an issue with comments does not fit: %v", p, probs)
		}
		issue["comments"] = []any{map[string]any{"author": "a"}}
		if probs := s.Validate(map[string]any{"issue": issue}); len(probs) != 1 {
			t.Errorf("%s: a comment without body fits: %v", p, probs)
		}
		delete(issue, "comments")
		issue["titel"] = "x"
		if probs := s.Validate(map[string]any{"issue": issue}); len(probs) != 1 {
			t.Errorf("%s: the profile's additionalProperties: false was lost: %v", p, probs)
		}
	}
}

func TestExtendRecursesIntoItemsAndRefs(t *testing.T) {
	frag := `{"$defs": {"blocker": {"properties": {"title": {"type": "string"}}}},
		"properties": {
			"issue": {"properties": {"blocked_by": {"items": {"$ref": "#/$defs/blocker"}}, "parent": {"$ref": "https://shea.dev/schemas/symphony-issue.json"}}},
			"repo": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
		},
		"required": ["repo"]}`
	s, diags := Extend(Symphony, []byte(frag), "extra.json")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	src := "{% for b in issue.blocked_by %}{{ b.title }} {{ b.identifier }}{% endfor %}{{ repo.name }} {{ issue.parent.title }} {{ attempt }}"
	if _, d := strict.Check(src, "t", diag.Pos{}, strict.Options{Context: s}); len(d) != 0 {
		t.Error(d)
	}
	if !s.Required("repo") || !s.Required("issue") || s.Required("attempt") {
		t.Errorf("required inputs: repo %v issue %v attempt %v", s.Required("repo"), s.Required("issue"), s.Required("attempt"))
	}
}

func TestExtendErrors(t *testing.T) {
	for _, tc := range []struct{ name, frag, want string }{
		{"contradicting type", `{"properties": {"issue": {"properties": {"title": {"type": "integer"}}}}}`,
			`extra.json: issue.title is declared integer here, but the symphony profile declares it string [config_invalid]`},
		{"contradicting item type", `{"properties": {"issue": {"properties": {"labels": {"items": {"type": "object"}}}}}}`,
			`extra.json: issue.labels[] is declared object here, but the symphony profile declares it string [config_invalid]`},
		{"issue not an object", `{"properties": {"issue": {"type": "array"}}}`,
			`extra.json: issue is declared array here, but the symphony profile declares it object [config_invalid]`},
		{"foreign ref", `{"properties": {"issue": {"$ref": "other.json"}}}`,
			`extra.json: issue is a $ref to "other.json", which cannot be merged into the symphony profile's issue; declare its properties here or in this schema's $defs [config_invalid]`},
		{"not JSON", `{`, `extra.json: the context schema is not valid JSON: unexpected end of input [config_invalid]`},
		{"not an object", `[]`, `extra.json: the context schema must be a JSON object [config_invalid]`},
		{"bad keyword", `{"properties": {"repo": {"type": "objekt"}}}`, `does not compile`},
	} {
		_, diags := Extend(Symphony, []byte(tc.frag), "extra.json")
		if len(diags) != 1 || !strings.Contains(diags[0].Error(), tc.want) {
			t.Errorf("%s: got %v\nwant %s", tc.name, diags, tc.want)
		}
	}
	// A narrower type that overlaps the profile's is fine.
	if _, diags := Extend(Symphony, []byte(`{"properties": {"issue": {"properties": {"description": {"type": "string"}, "priority": {"type": "number"}}}}}`), "x.json"); len(diags) != 0 {
		t.Errorf("compatible types: %v", diags)
	}
}

func TestExtendChains(t *testing.T) {
	in, err := LaneInputs(Shea)
	if err != nil {
		t.Fatal(err)
	}
	a, diags := in.Extend([]byte(`{"properties": {"issue": {"properties": {"comments": {"type": "array"}}}}}`), "a.json")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	b, diags := a.Extend([]byte(`{"properties": {"repo": {"type": "string"}}}`), "b.json")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if _, d := strict.Check("{{ issue.comments.size }} {{ repo }} {{ issue.tracker_kind }}", "t", diag.Pos{}, strict.Options{Context: b.Schema()}); len(d) != 0 {
		t.Error(d)
	}
	is, err := b.IssueSchema()
	if err != nil {
		t.Fatal(err)
	}
	if got := is.Names(); len(got) != 1 || got[0] != "issue" {
		t.Errorf("IssueSchema inputs %v", got)
	}
	if !strings.Contains(string(b.Document()), `"comments"`) {
		t.Error("the merged document lacks comments")
	}
}

// shea schema issue's output is a starting point: pasted under
// properties.issue of a context schema, edited or not, it merges cleanly.
func TestExtendWithThePrintedIssueSchema(t *testing.T) {
	for _, p := range Names() {
		issue, err := Document("issue", p)
		if err != nil {
			t.Fatal(err)
		}
		frag := `{"type": "object", "properties": {"issue": ` + string(issue) + `, "repo": {"type": "string"}}}`
		s, diags := Extend(p, []byte(frag), "ctx.json")
		if len(diags) != 0 {
			t.Fatalf("%s: %v", p, diags)
		}
		if _, d := strict.Check("{{ issue.identifier }} {{ repo }}", "t", diag.Pos{}, strict.Options{Context: s}); len(d) != 0 {
			t.Errorf("%s: %v", p, d)
		}
		ref := `{"properties": {"parent": {"$ref": "` + IssueID(p) + `"}}}`
		s, diags = Extend(p, []byte(ref), "ctx.json")
		if len(diags) != 0 {
			t.Fatalf("%s: $ref by $id: %v", p, diags)
		}
		if _, d := strict.Check("{{ parent.title }}", "t", diag.Pos{}, strict.Options{Context: s}); len(d) != 0 {
			t.Errorf("%s: %v", p, d)
		}
	}
}
