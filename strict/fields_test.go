package strict

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSchemaFields(t *testing.T) {
	s, err := CompileSchema("https://example.test/ctx.json", []byte(`{
	  "type": "object",
	  "properties": {
	    "issue": {"$ref": "#/$defs/issue"},
	    "attempt": {"type": ["integer", "null"], "description": "Retry count."}
	  },
	  "$defs": {
	    "issue": {"type": "object", "properties": {
	      "title": {"type": "string", "title": "Title"},
	      "url": {"anyOf": [{"type": "string", "description": "Link."}, {"type": "null"}]},
	      "comments": {"type": "array", "items": {"type": "object", "properties": {
	        "author": {"type": "string", "description": "Who."},
	        "body": {"type": "string"}}}}
	    }}
	  }
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	names := func(fs []Field) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Name)
		}
		return out
	}
	for _, tc := range []struct {
		path []string
		want []string
	}{
		{nil, []string{"attempt", "issue"}},
		{[]string{"issue"}, []string{"comments", "title", "url"}},
		{[]string{"issue", "comments", ItemsStep}, []string{"author", "body"}},
		{[]string{"issue", "comments"}, nil}, // an array has no properties
		{[]string{"nope"}, nil},
		{[]string{"issue", "title"}, nil},
	} {
		if diff := cmp.Diff(tc.want, names(s.Fields(tc.path))); diff != "" {
			t.Errorf("Fields(%v) (-want +got):\n%s", tc.path, diff)
		}
	}
	for _, tc := range []struct {
		path []string
		want Field
		ok   bool
	}{
		{[]string{"attempt"}, Field{Name: "attempt", Types: []string{"integer", "null"}, Description: "Retry count.", Location: "https://example.test/ctx.json#/properties/attempt"}, true},
		{[]string{"issue", "title"}, Field{Name: "title", Types: []string{"string"}, Description: "Title", Location: "https://example.test/ctx.json#/$defs/issue/properties/title"}, true},
		{[]string{"issue", "url"}, Field{Name: "url", Types: []string{"null", "string"}, Description: "Link.", Location: "https://example.test/ctx.json#/$defs/issue/properties/url"}, true},
		{[]string{"issue", "comments"}, Field{Name: "comments", Types: []string{"array"}, Location: "https://example.test/ctx.json#/$defs/issue/properties/comments", Items: true, ItemTypes: []string{"object"}}, true},
		{[]string{"issue", "comments", ItemsStep, "author"}, Field{Name: "author", Types: []string{"string"}, Description: "Who.", Location: "https://example.test/ctx.json#/$defs/issue/properties/comments/items/properties/author"}, true},
		{[]string{"issue", "titel"}, Field{}, false},
		{[]string{"issue", "comments", ItemsStep}, Field{}, false},
	} {
		got, ok := s.Lookup(tc.path)
		if ok != tc.ok {
			t.Errorf("Lookup(%v) ok = %v", tc.path, ok)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Lookup(%v) (-want +got):\n%s", tc.path, diff)
		}
	}
}
