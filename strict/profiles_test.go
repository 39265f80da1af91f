package strict

import (
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

func TestLaneContextChecksIssueFields(t *testing.T) {
	for _, profile := range Profiles() {
		schema, err := LaneContext(profile)
		if err != nil {
			t.Fatalf("%s: %v", profile, err)
		}
		_, diags := Check("{{ issue.title }} {{ attempt }}{% for l in issue.labels %}{{ l }}{% endfor %}", "t", diag.Pos{}, Options{Context: schema})
		if len(diags) != 0 {
			t.Errorf("%s: valid template: %v", profile, diags)
		}
		_, diags = Check("{{ issue.titel }}", "t", diag.Pos{}, Options{Context: schema})
		if len(diags) != 1 || diags[0].Code != diag.UnknownProperty || diags[0].Detail != `Did you mean "issue.title"?` {
			t.Errorf("%s: misspelt property: %v (%q)", profile, diags, diagDetail(diags))
		}
		if probs := schema.Validate(schema.Sample()); len(probs) != 0 {
			t.Errorf("%s: sample does not fit its own schema: %v", profile, probs)
		}
	}
}

func diagDetail(l diag.List) string {
	if len(l) == 0 {
		return ""
	}
	return l[0].Detail
}
