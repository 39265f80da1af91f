package workflows

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShippedExamples validates the example workflows in ../testdata (the
// README's quick start) and compares their readback with the goldens in
// testdata/examples, the repository root written as $ROOT.
// SHEA_UPDATE=1 rewrites the goldens.
func TestShippedExamples(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := filepath.EvalSymlinks(root); err == nil {
		root = c
	}
	for _, tt := range []struct{ workflow, golden string }{
		{"../testdata/example/.shea/workflows/shea-symphony.md", "testdata/examples/shea.readback"},
		{"../testdata/symphony/WORKFLOW.md", "testdata/examples/symphony.readback"},
	} {
		t.Run(filepath.Base(tt.golden), func(t *testing.T) {
			r, diags := Validate(context.Background(), tt.workflow, Options{})
			if len(diags) > 0 {
				t.Errorf("diagnostics:\n%v", diags)
			}
			var b strings.Builder
			if err := r.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			got := strings.ReplaceAll(b.String(), root, "$ROOT")
			if os.Getenv("SHEA_UPDATE") == "1" {
				if err := os.WriteFile(tt.golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(tt.golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("readback (-want +got):\n%s", diff)
			}
		})
	}
}
