package profile

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// ReplaceIssue drops the profile's issue model for the fragment's: a
// property only the profile declares (assignee_id) is unknown, the
// fragment's own ones are known, attempt and other inputs stay.
func TestReplaceIssue(t *testing.T) {
	frag := `{"properties": {"issue": {"type": "object", "additionalProperties": false,
		"properties": {"identifier": {"type": "string"}, "comments": {"type": "array", "items": {"type": "string"}}}},
		"repo": {"type": "string"}}}`
	in, err := LaneInputs(Symphony)
	if err != nil {
		t.Fatal(err)
	}
	out, diags := in.ReplaceIssue([]byte(frag), "runner.json")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	ok := "{{ issue.identifier }} {{ issue.comments.size }} {{ repo }} {{ attempt }}"
	if _, d := strict.Check(ok, "t", diag.Pos{}, strict.Options{Context: out.Schema()}); len(d) != 0 {
		t.Errorf("the runner's model: %v", d)
	}
	for _, field := range []string{"assignee_id", "title", "state"} {
		_, d := strict.Check("{{ issue."+field+" }}", "t", diag.Pos{}, strict.Options{Context: out.Schema()})
		if len(d) != 1 || d[0].Code != codes.UnknownProperty {
			t.Errorf("issue.%s, which only the profile declares: %v", field, d)
		}
		// Extend, by contrast, keeps it.
		ext, _ := in.Extend([]byte(frag), "runner.json")
		if _, d := strict.Check("{{ issue."+field+" }}", "t", diag.Pos{}, strict.Options{Context: ext.Schema()}); len(d) != 0 {
			t.Errorf("extended, issue.%s: %v", field, d)
		}
	}
	// The issue schema alone is the runner's too.
	is, err := out.IssueSchema()
	if err != nil {
		t.Fatal(err)
	}
	if probs := is.Validate(map[string]any{"issue": map[string]any{"identifier": "A-1", "title": "T"}}); len(probs) != 1 {
		t.Errorf("a title the runner's model lacks: %v", probs)
	}
	// A fragment that declares no issue replaces nothing: an error.
	_, diags = in.ReplaceIssue([]byte(`{"properties": {"repo": {"type": "string"}}}`), "runner.json")
	if len(diags) != 1 || diags[0].Code != codes.ConfigInvalid || !strings.Contains(diags[0].Summary, "declares no issue") {
		t.Errorf("no issue: %v", diags)
	}
}
