package workflows

import "testing"

// TestEmbeddedSchemasCompile compiles every embedded schema the load uses,
// and checks that each is compiled once: a second call returns the same
// value.
func TestEmbeddedSchemasCompile(t *testing.T) {
	for _, p := range []string{ProfileSymphony, ProfileShea} {
		cs, err := profileConfigSchema(p)
		if err != nil || cs == nil || cs.compiled == nil {
			t.Fatalf("%s config schema: %v", p, err)
		}
		if again, _ := profileConfigSchema(p); again != cs {
			t.Errorf("%s config schema compiled twice", p)
		}
		lc, err := laneContext(p)
		if err != nil || lc == nil {
			t.Fatalf("%s lane context: %v", p, err)
		}
		if again, _ := laneContext(p); again != lc {
			t.Errorf("%s lane context compiled twice", p)
		}
		is, err := issueSchema(p)
		if err != nil || is == nil || !is.Has("issue") {
			t.Fatalf("%s issue schema: %v", p, err)
		}
		if again, _ := issueSchema(p); again != is {
			t.Errorf("%s issue schema compiled twice", p)
		}
	}
	if _, err := profileConfigSchema("jekyll"); err == nil {
		t.Error("an unknown profile has a config schema")
	}
	if _, err := issueSchema("jekyll"); err == nil {
		t.Error("an unknown profile has an issue schema")
	}
	if cs, err := manifestSchema(); err != nil || cs.compiled == nil {
		t.Fatalf("manifest schema: %v", err)
	}
	if s, err := reviewStructuredSchema(); err != nil || s == nil {
		t.Fatalf("automatic_review_structured schema: %v", err)
	}
	if s, err := workpadSchemas(); err != nil || s == nil {
		t.Fatalf("workpad schemas: %v", err)
	}
}
