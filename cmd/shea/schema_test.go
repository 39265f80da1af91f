package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/strict"
)

// TestOutputSchema checks validate's --format json documents against the
// schema 'shea schema output' publishes: a shea workflow, a symphony
// workflow with errors, and an unreadable one, in one run.
func TestOutputSchema(t *testing.T) {
	schema, err := strict.CompileSchema("output.json", outputSchema, nil)
	if err != nil {
		t.Fatalf("the output schema does not compile: %v", err)
	}
	example, err := filepath.Abs("../../testdata/example/.shea/workflows/shea-symphony.md")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	writeFile(t, ".", "WORKFLOW.md", "---\ntracker:\n  kind: linear\nunknown_key: 1\n---\n{{ issue.titel }} {% for x in issue.labels %}{{ x.nme }}{% endfor %}\n")
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", "--format", "json", example, "WORKFLOW.md", "missing.md"}, nil, &stdout, &stderr)
	if code != exitFailure {
		t.Fatalf("exit %d, want %d: %s", code, exitFailure, stderr.String())
	}
	var doc map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, stdout.String())
	}
	if ws, _ := doc["workflows"].([]any); len(ws) != 3 {
		t.Fatalf("%d workflows in the document, want 3", len(ws))
	}
	if problems := schema.Validate(doc); len(problems) > 0 {
		t.Errorf("the document breaks the schema: %v\n%s", problems, stdout.String())
	}

	// The schema can fail: readback values as key=value strings, the old
	// form, are rejected.
	bad := strings.Replace(stdout.String(), `"fields": {}`, `"fields": "path=x"`, 1)
	if err := json.Unmarshal([]byte(bad), &doc); err != nil {
		t.Fatal(err)
	}
	if problems := schema.Validate(doc); len(problems) == 0 {
		t.Error("a readback line with string fields passes the schema")
	}
}
