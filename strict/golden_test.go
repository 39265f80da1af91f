package strict

import (
	"testing"

	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/strict/diag"
)

func TestGoldenFrontEnd(t *testing.T) {
	cases := golden.Load(t)
	var valid, parsed, invalid, rejected int
	for _, c := range cases {
		_, diags := Check(c.Template, "t.liquid", diag.Pos{}, Options{Compat: !c.HasTag("strict2")})
		if c.Invalid {
			invalid++
			if diags.HasErrors() {
				rejected++
				for _, d := range diags {
					if d.Subject.Start.IsZero() {
						t.Errorf("%s: diagnostic without a position: %v", c.Name, d)
					}
				}
			} else {
				t.Logf("accepted invalid: %s: %q", c.Name, c.Template)
			}
			continue
		}
		valid++
		if diags.HasErrors() {
			t.Errorf("%s: %q\n%v", c.Name, c.Template, diags)
		} else {
			parsed++
		}
	}
	t.Logf("golden-liquid front end: parsed %d of %d valid, rejected %d of %d invalid", parsed, valid, rejected, invalid)
}
