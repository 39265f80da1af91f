package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A local bound on some paths only reads as nil on the others, in strict
// mode too: the check warns (maybe_unbound) and the render does not fail.
// Each case takes the path that binds nothing (attempt is nil, the labels
// empty); the expected output is Shopify Liquid's.
func TestLocalsUnboundOnThePathTakenReadNil(t *testing.T) {
	schema := laneSchema(t)
	for _, tc := range []struct{ name, src, want string }{
		{"if", "{% if attempt %}{% assign x = 1 %}{% endif %}[{{ x }}]", "[]"},
		{"capture", "{% if attempt %}{% capture x %}y{% endcapture %}{% endif %}[{{ x }}]", "[]"},
		{"increment", "{% if attempt %}{% increment x %}{% endif %}[{{ x }}]", "[]"},
		{"decrement", "{% if attempt %}{% decrement x %}{% endif %}[{{ x }}]", "[]"},
		{"empty loop", "{% for l in issue.labels %}{% assign x = l %}{% endfor %}[{{ x }}]", "[]"},
		{"for else", "{% for l in issue.labels %}{% assign x = l %}{% else %}e{% endfor %}[{{ x }}]", "e[]"},
		{"unmatched case", "{% case attempt %}{% when 1 %}{% assign x = 1 %}{% endcase %}[{{ x }}]", "[]"},
		{"break before the assign", "{% for i in (1..2) %}{% break %}{% assign x = i %}{% endfor %}[{{ x }}]", "[]"},
		{"earlier iteration", "{% for i in (1..2) %}[{{ x }}]{% assign x = i %}{% endfor %}", "[][1]"},
		{"property of it", "{% if attempt %}{% assign x = issue %}{% endif %}[{{ x.title }}]", "[]"},
		{"in a condition", "{% if attempt %}{% assign x = 1 %}{% endif %}{% if x %}y{% else %}n{% endif %}", "n"},
		{"self", "{% if attempt %}{% assign x = 1 %}{% endif %}[{{ self.x }}]", "[]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tpl, diags := New(Options{}).Compile(tc.src, "p.md", diag.Pos{}, schema)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if len(diags) == 0 || diags[0].Code != codes.MaybeUnbound {
				t.Errorf("diagnostics %v, want a maybe_unbound warning", diags)
			}
			vars := issueVars()
			vars["issue"].(map[string]any)["labels"] = []any{}
			out, err := tpl.Render(context.Background(), vars)
			if err != nil || out != tc.want {
				t.Errorf("got %q, %v; want %q", out, err, tc.want)
			}
		})
	}
}

// An integer beyond int64 is a schema-valid integer (JSON has no bound):
// it validates as one, and reading a key or index of it is nil, as of any
// number, not a lookup of a missing key.
func TestHugeIntegersAreIntegers(t *testing.T) {
	s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "required": ["x", "y"], "properties": {
		"x": {"type": "integer", "minimum": 1},
		"y": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile("{{ x }} [{{ y[0] }}] {{ y | plus: 1 }}", "t.liquid", diag.Pos{}, s)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, tc := range []struct{ data, want string }{
		{`{"x": 100000000000000000000, "y": -100000000000000000000}`, "100000000000000000000 [] -99999999999999999999"},
		{`{"x": 1, "y": 9223372036854775808}`, "1 [] 9223372036854775809"},
	} {
		vars, err := DecodeJSONObject([]byte(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		out, err := tpl.Render(context.Background(), vars)
		if err != nil || out != tc.want {
			t.Errorf("%s: got %q, %v; want %q", tc.data, out, err, tc.want)
		}
	}
}

// sort orders integers beyond int64 among the others, as Ruby does.
func TestSortHugeIntegers(t *testing.T) {
	s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "required": ["xs"], "properties": {
		"xs": {"type": "array", "items": {"type": "integer"}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile("{{ xs | sort | join: ',' }}", "t.liquid", diag.Pos{}, s)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	vars, err := DecodeJSONObject([]byte(`{"xs": [1, -100000000000000000000, 100000000000000000000, 0]}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := tpl.Render(context.Background(), vars)
	if want := "-100000000000000000000,0,1,100000000000000000000"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}
