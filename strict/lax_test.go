package strict

import (
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// TestLaxNeedsCompat: Options.Lax alone leaves strict mode strict; with
// Compat the same markup is a lax_syntax warning.
func TestLaxNeedsCompat(t *testing.T) {
	const src = `{{ x | upcase: }}{% if a && b %}{% endif %}`
	_, diags := Check(src, "t.liquid", diag.Pos{}, Options{Lax: true})
	if !diags.HasErrors() {
		t.Errorf("Lax without Compat accepted %q: %v", src, diags)
	}
	_, diags = Check(src, "t.liquid", diag.Pos{}, Options{Lax: true, Compat: true})
	if diags.HasErrors() || len(diags) != 2 {
		t.Fatalf("Lax with Compat: %v, want two lax_syntax warnings", diags)
	}
	for _, d := range diags {
		if d.Code != codes.LaxSyntax || d.Severity != diag.Warning {
			t.Errorf("got %v, want a lax_syntax warning", d)
		}
	}
}
