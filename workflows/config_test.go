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

// TestSchemaConstrains: which settings each profile's schema checks at
// all. The profile hint relies on it: a setting that failed as one profile
// but that the other leaves unchecked is no evidence for the other.
func TestSchemaConstrains(t *testing.T) {
	tests := []struct {
		profile, ptr string
		want         bool
	}{
		{ProfileShea, "/worker/max_concurrent_agents_per_host", false}, // worker is free-form in shea
		{ProfileSymphony, "/worker/max_concurrent_agents_per_host", true},
		{ProfileShea, "/codex/turn_timeout_ms", true},
		{ProfileSymphony, "/codex/approval_policy", false},                    // declared, any value
		{ProfileSymphony, "/tracker/provider/endpoint", false},                // under a declared free-form value
		{ProfileSymphony, "/tracker/kind", true},                              // a property
		{ProfileSymphony, "/template_context/schema", true},                   // through a $ref
		{ProfileSymphony, "/shea/disable/0", true},                            // list items
		{ProfileSymphony, "/shea/disable/x", false},                           // not an index
		{ProfileShea, "/main_lane/max_concurrent_agents_by_state/todo", true}, // additionalProperties
		{ProfileSymphony, "/main_lane", false},                                // unknown to symphony
		{ProfileSymphony, "/composition/workspace", false},                    // ignored by symphony
		{ProfileShea, "/composition/workspace", true},
		{ProfileShea, "/a~1b", false},
		{ProfileShea, "", true}, // the front matter itself: an object
	}
	for _, tt := range tests {
		cs, err := profileConfigSchema(tt.profile)
		if err != nil {
			t.Fatal(err)
		}
		if got := cs.constrains(tt.ptr); got != tt.want {
			t.Errorf("%s: constrains(%q) = %v, want %v", tt.profile, tt.ptr, got, tt.want)
		}
	}
}
