package diag

import (
	"bytes"
	"encoding/json"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWriteJSONWireFormat pins the --format json output byte for byte: its
// field names are a contract with editors and CI tools.
func TestWriteJSONWireFormat(t *testing.T) {
	l := List{
		Errorf(codeUnknownField, rng("t.liquid", 1, 4, 3, 1, 15, 14), "unknown property %q of issue", "titel").WithDetail(`Did you mean "issue.title"?`),
		Warningf(codeUnusedKey, Range{}, "no position"),
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, l, JSONOptions{Class: testClass}); err != nil {
		t.Fatal(err)
	}
	want := `{
  "diagnostics": [
    {
      "severity": "error",
      "code": "unknown_field",
      "class": "lookup",
      "summary": "unknown property \"titel\" of issue",
      "detail": "Did you mean \"issue.title\"?",
      "suggestions": [
        "issue.title"
      ],
      "range": {
        "filename": "t.liquid",
        "start": {
          "line": 1,
          "column": 4,
          "byte": 3
        },
        "end": {
          "line": 1,
          "column": 15,
          "byte": 14
        }
      }
    },
    {
      "severity": "warning",
      "code": "unused_key",
      "class": "settings",
      "summary": "no position",
      "suggestions": []
    }
  ]
}
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestWriteJSONFieldNames checks the contract's field names structurally,
// independent of formatting.
func TestWriteJSONFieldNames(t *testing.T) {
	d := Errorf(codeSyntax, rng("t.liquid", 2, 1, 9, 2, 3, 11), "bad").WithDetail("fix it")
	d.Related = []Related{{Message: "see", Range: rng("o.liquid", 1, 1, 0, 1, 2, 1)}}
	var b bytes.Buffer
	if err := WriteJSON(&b, List{d}, JSONOptions{Class: testClass}); err != nil {
		t.Fatal(err)
	}
	var doc map[string][]map[string]json.RawMessage
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	diags, ok := doc["diagnostics"]
	if !ok || len(doc) != 1 || len(diags) != 1 {
		t.Fatalf("top level: %s", b.String())
	}
	if diff := cmp.Diff([]string{"class", "code", "detail", "range", "related", "severity", "suggestions", "summary"}, keys(diags[0])); diff != "" {
		t.Errorf("diagnostic fields (-want +got):\n%s", diff)
	}
	var r map[string]json.RawMessage
	json.Unmarshal(diags[0]["range"], &r)
	if diff := cmp.Diff([]string{"end", "filename", "start"}, keys(r)); diff != "" {
		t.Errorf("range fields (-want +got):\n%s", diff)
	}
	var p map[string]json.RawMessage
	json.Unmarshal(r["start"], &p)
	if diff := cmp.Diff([]string{"byte", "column", "line"}, keys(p)); diff != "" {
		t.Errorf("position fields (-want +got):\n%s", diff)
	}
	var rel []map[string]json.RawMessage
	json.Unmarshal(diags[0]["related"], &rel)
	if len(rel) != 1 {
		t.Fatalf("related: %s", diags[0]["related"])
	}
	if diff := cmp.Diff([]string{"message", "range"}, keys(rel[0])); diff != "" {
		t.Errorf("related fields (-want +got):\n%s", diff)
	}
}

// testClass files the test codes under two classes, as a caller's
// JSONOptions.Class does.
func testClass(c Code) string {
	if c == codeUnusedKey {
		return "settings"
	}
	return "lookup"
}

// Without a Class function no "class" is written; a nil entry of a list
// is null, as encoding/json writes a nil pointer.
func TestWriteJSONWithoutClass(t *testing.T) {
	l := List{Errorf(codeSyntax, Range{}, "bad <b>"), nil}
	var b bytes.Buffer
	if err := WriteJSON(&b, l, JSONOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `{
  "diagnostics": [
    {
      "severity": "error",
      "code": "bad_syntax",
      "summary": "bad \u003cb\u003e",
      "suggestions": []
    },
    null
  ]
}
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	one, err := json.Marshal(l[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"severity":"error","code":"bad_syntax","summary":"bad \u003cb\u003e","suggestions":[]}`; string(one) != want {
		t.Errorf("Diagnostic.MarshalJSON = %s, want %s", one, want)
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestWriteJSONEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, nil, JSONOptions{Class: testClass}); err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"diagnostics\": []\n}\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	in := List{
		Errorf(codeUnknownFunc, rng("t.liquid", 1, 18, 17, 1, 25, 24), "unknown filter %q", "upcased").WithDetail(`Did you mean "upcase"?`),
		{Severity: Warning, Code: codeKept, Summary: "kept", Subject: rng("b.md", 4, 1, 30, 4, 9, 38),
			Related: []Related{{Message: "protected here", Range: rng("a.md", 1, 1, 0, 1, 9, 8)}}},
		Errorf(codeFailed, Range{}, "no position"),
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out List
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("round trip (-in +out):\n%s", diff)
	}
}

func TestSuggestions(t *testing.T) {
	tests := []struct {
		detail string
		want   []string
	}{
		{"", nil},
		{"The template's inputs are \"issue\", \"attempt\".", nil},
		{DidYouMean("titel", []string{"title", "url"}), []string{"title"}},
		{`Did you mean "issue.title"?`, []string{"issue.title"}},
		{"Line one.\nDid you mean \"a\"? Or did you mean \"b\"?", []string{"a"}},
		{`Did you mean "a"? Did you mean "b.c"?`, []string{"a", "b.c"}},
		{`Did you mean "unterminated`, nil},
	}
	for _, tt := range tests {
		d := &Diagnostic{Detail: tt.detail}
		if diff := cmp.Diff(tt.want, d.Suggestions()); diff != "" {
			t.Errorf("Suggestions of %q (-want +got):\n%s", tt.detail, diff)
		}
	}
}
