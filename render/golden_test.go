package render

import (
	"context"
	"fmt"
	"io/fs"
	"testing"

	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/strict/diag"
)

// mapPartials serves partials from a map.
type mapPartials map[string]string

func (m mapPartials) Partial(name string) (string, string, error) {
	if s, ok := m[name]; ok {
		return s, name + ".liquid", nil
	}
	return "", "", fmt.Errorf("partial %q: %w", name, fs.ErrNotExist)
}

// TestGoldenLiquid renders the golden-liquid suite in compat mode: valid
// cases must render one of their expected results, invalid ones must be
// rejected when compiled or rendered.
func TestGoldenLiquid(t *testing.T) {
	cases := golden.Load(t)
	var passed, valid, rendered, invalid, rejected int
	for _, c := range cases {
		eng := New(Options{Compat: true, Partials: mapPartials(c.Templates)})
		out, err := renderCase(eng, c)
		if c.Invalid {
			invalid++
			if err != nil {
				rejected++
				passed++
			} else if testing.Verbose() {
				t.Logf("FAIL %s: accepted invalid template %q, rendered %q", c.Name, c.Template, out)
			}
			continue
		}
		valid++
		if err == nil && c.Accepts(out) {
			rendered++
			passed++
			continue
		}
		if testing.Verbose() {
			want := ""
			if c.Result != nil {
				want = *c.Result
			}
			t.Logf("FAIL %s: %q\n  got %q (err %v)\n want %q", c.Name, c.Template, out, err, want)
		}
	}
	t.Logf("golden-liquid: passed %d of %d (valid rendered right: %d of %d; invalid rejected: %d of %d)",
		passed, len(cases), rendered, valid, rejected, invalid)
	if passed < goldenFloor {
		t.Errorf("golden-liquid: %d passed, want at least %d", passed, goldenFloor)
	}
}

func renderCase(eng *Engine, c golden.Case) (string, error) {
	vars := map[string]any{}
	if len(c.Data) > 0 {
		m, err := DecodeJSONObject(c.Data)
		if err != nil {
			return "", err
		}
		vars = m
	}
	tpl, diags := eng.Compile(c.Template, "golden.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		return "", diags.Err()
	}
	return tpl.Render(context.Background(), vars)
}

// goldenFloor is the number of golden-liquid cases that must pass; it only
// ever goes up, so a regression fails the build.
const goldenFloor = 1052
