package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// TestLoweredText checks text that osteele's scanner could misread if it
// reached the skeleton as text: braces and percent signs next to the
// skeleton's tags, and raw text that spells tags. The wants are Liquid's
// output, worked out by hand (each template is plain text around simple
// outputs and blocks).
func TestLoweredText(t *testing.T) {
	eng := New(Options{Compat: true})
	for _, c := range []struct{ src, want string }{
		{"a{ {{- x }}}b", "a{1}b"},
		{"{ {{ x }} }", "{ 1 }"},
		{"{ {{- x -}} }", "{1}"},
		{"{ {%- if true %}x{% endif %}%}", "{x%}"},
		{"{% if true %}{ {%- endif %}%}}", "{%}}"},
		{"x }} %} {{ x }} {", "x }} %} 1 {"},
		{"{% raw %}{{ x }}{% if %}{% endraw %}{{ x }}", "{{ x }}{% if %}1"},
		{"{% raw %}{{% endraw %}{ x }}", "{{ x }}"},
		{"{% raw %}{{% endraw %}{{ x }}", "{1"},
		{"{% for i in (1..2) %}{ {%- if i == 2 %}}{% endif %}{% endfor %}", "{{}"},
		{"%}{%- if true -%} {{ x }} {%- endif -%} %}", "%}1%}"},
	} {
		tpl, diags := eng.Compile(c.src, "t.liquid", diag.Pos{}, nil)
		if diags.HasErrors() {
			t.Errorf("%q: %v", c.src, diags)
			continue
		}
		got, err := tpl.Render(context.Background(), map[string]any{"x": int64(1)})
		if err != nil || got != c.want {
			t.Errorf("%q = %q, %v; want %q", c.src, got, err, c.want)
		}
	}
}
