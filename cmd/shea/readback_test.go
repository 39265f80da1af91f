package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sheaproject/shea/workflows"
)

// TestReadbackHelp checks that 'shea explain readback' documents every
// key and field the example workflows' readback has, so the two cannot
// drift apart.
func TestReadbackHelp(t *testing.T) {
	generic := regexp.MustCompile(`^(prompt_source|prompt_template_smoke|backend_prompt_source|workpad_template)\.(.+)$`)
	placeholder := map[string]string{"prompt_source": "<lane>", "prompt_template_smoke": "<lane>", "backend_prompt_source": "<key>", "workpad_template": "<id>"}
	example, err := filepath.Abs("../../testdata/example/.shea/workflows/shea-symphony.md")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	writeFile(t, ".", "WORKFLOW.md", "---\ntracker:\n  kind: linear\n---\n{{ issue.title }}\n")
	checked := 0
	for _, path := range []string{"WORKFLOW.md", example} {
		r, _ := workflows.Validate(context.Background(), path, workflows.Options{})
		for _, l := range r.Readback {
			key := l.Key
			if m := generic.FindStringSubmatch(key); m != nil {
				key = m[1] + "." + placeholder[m[1]]
			}
			if !strings.Contains(readbackHelp, "\n  "+key) {
				t.Errorf("explain readback does not document the key %s (line %s)", key, l)
			}
			for _, f := range l.Fields {
				if !strings.Contains(readbackHelp, " "+f.Name+"=<") {
					t.Errorf("explain readback does not document the field %s= of %s", f.Name, key)
				}
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("only %d readback lines checked", checked)
	}
}
