package strict

import (
	"embed"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// The workflow dialects shea reads, each with its own lane-prompt context.
const (
	// ProfileSymphony is OpenAI Symphony's WORKFLOW.md: inputs issue (the
	// normalized Issue) and attempt.
	ProfileSymphony = "symphony"
	// ProfileShea is Shea Symphony's workflow: inputs issue (TrackerIssue)
	// and attempt.
	ProfileShea = "shea"
)

//go:embed schemas/*.json
var schemaFiles embed.FS

// Profiles returns the profile names.
func Profiles() []string { return []string{ProfileSymphony, ProfileShea} }

// SchemaDocument returns an embedded JSON Schema document: kind "issue" (the
// profile's issue model) or "context" (its lane-prompt inputs).
func SchemaDocument(kind, profile string) ([]byte, error) {
	if profile != ProfileSymphony && profile != ProfileShea {
		return nil, fmt.Errorf("unknown profile %q (want %q or %q)", profile, ProfileSymphony, ProfileShea)
	}
	if kind != "issue" && kind != "context" {
		return nil, fmt.Errorf("unknown schema %q (want \"issue\" or \"context\")", kind)
	}
	return schemaFiles.ReadFile("schemas/" + profile + "-" + kind + ".json")
}

// LaneContext returns the context schema of a profile's lane prompts.
func LaneContext(profile string) (*Schema, error) {
	ctx, err := SchemaDocument("context", profile)
	if err != nil {
		return nil, err
	}
	issue, _ := SchemaDocument("issue", profile)
	return CompileSchema("https://shea.dev/schemas/"+profile+"-context.json", ctx,
		map[string][]byte{"https://shea.dev/schemas/" + profile + "-issue.json": issue})
}

// IssueSchema returns the schema of a profile's issue as a context schema
// with the single input "issue", for validating an issue on its own.
func IssueSchema(profile string) (*Schema, error) {
	s, err := LaneContext(profile)
	if err != nil {
		return nil, err
	}
	return &Schema{props: map[string]*jsonschema.Schema{"issue": s.props["issue"]}, order: []string{"issue"}, required: map[string]bool{"issue": true}}, nil
}
