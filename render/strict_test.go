package render

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Runtime strictness: a lookup of a missing key the schema does not
// declare (a dynamic key of a closed object, which the check cannot see),
// in any expression, fails with the path and its position; null values are
// fine.
func TestRuntimeStrictness(t *testing.T) {
	schema := laneSchema(t)
	tests := []struct{ name, src string }{
		{"output", "{{ issue[k] }}"},
		{"if", "{% if issue[k] %}x{% endif %}"},
		{"unless operand", "{% unless 1 == issue[k] %}x{% endunless %}"},
		{"for collection", "{% for b in issue[k] %}{{ b }}{% endfor %}"},
		{"filter argument", "{{ issue.title | append: issue[k] }}"},
		{"case subject", "{% case issue[k] %}{% when 1 %}x{% endcase %}"},
		{"when value", "{% case 1 %}{% when issue[k] %}x{% endcase %}"},
		{"second line", "ok\n{{ issue.url }}{{ issue[k] }}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `{% assign k = "nope" %}` + tt.src
			tpl, diags := New(Options{}).Compile(src, "p.md", diag.Pos{}, schema)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			out, err := tpl.Render(context.Background(), issueVars())
			e, ok := AsError(err)
			if !ok || out != "" {
				t.Fatalf("got %q, %v", out, err)
			}
			at := strings.Index(src, "issue[k]")
			line := 1 + strings.Count(src[:at], "\n")
			col := at - strings.LastIndexByte(src[:at], '\n')
			want := diag.Pos{Line: line, Column: col, Byte: at}
			d := e.Diagnostics[0]
			if d.Code != codes.UnknownVariable || d.Subject.Start != want || !strings.Contains(d.Summary, `"issue[…]"`) {
				t.Errorf("got %s at %v: %s; want at %v", d.Code, d.Subject.Start, d.Summary, want)
			}
		})
	}
}

// An array is indexed by integers: in strict mode another index (a
// boolean, a float, nil, a string) is a missing key, as strict variables
// make it in Ruby Liquid 5.4 ("undefined variable true"; each case run with
// ../shared/peers/ruby/render.rb on {"arr": [{"id": 1}]}). An integer
// beyond the end reads nil, and reading through nil is fine here as
// everywhere in shea (Ruby's strict variables fail at the .id after it).
// Compat mode reads nil, as Ruby's lax mode does.
func TestArrayIndexNotInteger(t *testing.T) {
	vars := map[string]any{"arr": []any{map[string]any{"id": int64(1)}}}
	schema, err := strict.CompileSchema("data", []byte(`{"type": "object", "properties": {"arr": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		index  string
		fails  bool
		compat string
	}{
		{"b", true, "[]"}, // true (a literal true is refused by the check)
		{"f", true, "[]"}, // 1.5
		{"n", true, "[]"}, // nil
		{"s", true, "[]"}, // "0"
		{"0", false, "[1]"},
		{"i", false, "[1]"}, // 0
		{"5", false, "[]"},
	} {
		src := `{% assign b = true %}{% assign f = 1.5 %}{% assign n = nil %}{% assign s = "0" %}{% assign i = 0 %}[{{ arr[` + tt.index + `].id }}]`
		tpl, diags := New(Options{}).Compile(src, "p.md", diag.Pos{}, schema)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tt.index, diags)
		}
		out, err := tpl.Render(context.Background(), vars)
		e, isErr := AsError(err)
		if tt.fails {
			if !isErr || e.Diagnostics[0].Code != codes.UnknownVariable || !strings.Contains(e.Diagnostics[0].Detail, "An array is indexed by integers") {
				t.Errorf("arr[%s]: got %q, %v; want unknown_variable", tt.index, out, err)
			}
		} else if err != nil || out != tt.compat {
			t.Errorf("arr[%s]: got %q, %v; want %q", tt.index, out, err, tt.compat)
		}
		ctpl, cdiags := New(Options{Compat: true}).Compile(src, "p.md", diag.Pos{}, nil)
		if cdiags.HasErrors() {
			t.Fatalf("compat %s: %v", tt.index, cdiags)
		}
		if out, err := ctpl.Render(context.Background(), vars); err != nil || out != tt.compat {
			t.Errorf("compat arr[%s]: got %q, %v; want %q", tt.index, out, err, tt.compat)
		}
	}
}

// An undeclared key of a free-form object (native_ref declares no keys)
// reads as nil wherever it is used, in strict mode too: the check warns
// (undeclared_key) and the render does not fail.
func TestFreeFormKeyReadsNil(t *testing.T) {
	schema := laneSchema(t)
	tests := []struct{ name, src, want string }{
		{"output", "[{{ issue.native_ref.branch }}]", "[]"},
		{"if", "{% if issue.native_ref.branch %}x{% endif %}", ""},
		{"unless operand", "{% unless 1 == issue.native_ref.priority %}x{% endunless %}", "x"},
		{"for collection", "{% for b in issue.native_ref.blocked %}{{ b.id }}{% endfor %}", ""},
		{"filter argument", "{{ issue.title | append: issue.native_ref.branch }}", "Fix the bug"},
		{"case subject", "{% case issue.native_ref.priority %}{% when 1 %}x{% endcase %}", ""},
		{"deeper", "[{{ issue.native_ref.a.b.c }}]", "[]"},
		{"present key", "{{ issue.native_ref.team }}", "core"},
	}
	vars := issueVars()
	vars["issue"].(map[string]any)["native_ref"] = map[string]any{"team": "core"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, diags := New(Options{}).Compile(tt.src, "p.md", diag.Pos{}, schema)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if len(diags) == 0 || diags[0].Code != codes.UndeclaredKey {
				t.Errorf("diagnostics %v, want an undeclared_key warning", diags)
			}
			out, err := tpl.Render(context.Background(), vars)
			if err != nil || out != tt.want {
				t.Errorf("got %q, %v; want %q", out, err, tt.want)
			}
		})
	}
}

func TestNullIsNotMissing(t *testing.T) {
	tpl, diags := New(Options{}).Compile("[{{ issue.url }}]{% if issue.url %}x{% endif %}{{ issue.url | default: 'none' }}", "p.md", diag.Pos{}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := tpl.Render(context.Background(), issueVars())
	if err != nil || out != "[]none" {
		t.Errorf("got %q, %v", out, err)
	}
}

func TestContextInvalid(t *testing.T) {
	tpl, diags := New(Options{}).Compile("{{ issue.title }}", "p.md", diag.Pos{}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	vars := issueVars()
	vars["issue"].(map[string]any)["title"] = int64(42)
	vars["attempt"] = "first"
	_, err := tpl.Render(context.Background(), vars)
	e, ok := AsError(err)
	if !ok {
		t.Fatalf("err %v", err)
	}
	var got []string
	for _, d := range e.Diagnostics {
		if d.Code != codes.ContextInvalid {
			t.Errorf("code %s", d.Code)
		}
		got = append(got, d.Summary)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"at /issue/title:", "at /attempt:"} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	if e.Class != codes.ClassTemplateRender {
		t.Errorf("class %s", e.Class)
	}
}

func TestStaticFailureNeverCompiles(t *testing.T) {
	tpl, diags := New(Options{}).Compile("{% if false %}{{ issue.titel }}{% endif %}", "p.md", diag.Pos{}, laneSchema(t))
	if tpl != nil || len(diags) != 1 || diags[0].Code != codes.UnknownProperty {
		t.Fatalf("got %v, %v", tpl, diags)
	}
}

func TestDeterministicObjectOrder(t *testing.T) {
	obj, err := DecodeJSON([]byte(`{"z": 1, "a": 2.0, "m": [1, 2.5]}`))
	if err != nil {
		t.Fatal(err)
	}
	tpl := compat(t, Options{}, "{% for p in o %}{{ p[0] }}={{ p[1] }};{% endfor %}")
	out, err := tpl.Render(context.Background(), map[string]any{"o": obj})
	if want := "z=1;a=2.0;m=12.5;"; err != nil || out != want {
		t.Errorf("*Map: got %q, want %q", out, want)
	}
	out, err = tpl.Render(context.Background(), map[string]any{"o": map[string]any{"z": 1, "a": 2, "m": 3}})
	if want := "a=2;m=3;z=1;"; err != nil || out != want {
		t.Errorf("Go map: got %q, want %q (sorted keys)", out, want)
	}
}

type testIssue struct {
	Title  string   `json:"title"`
	Labels []string `json:"labels"`
	hidden string
	Count  uint8 `liquid:"n"`
}

func TestGoValues(t *testing.T) {
	tpl := compat(t, Options{}, "{{ i.title }}|{{ i.labels[1] }}|{{ i.labels.size }}|{{ i.n }}|{{ i.hidden }}|{% for l in i.labels %}{{ l }}{% endfor %}|{{ f }}|{{ n }}")
	out, err := tpl.Render(context.Background(), map[string]any{
		"i": &testIssue{Title: "T", Labels: []string{"a", "b"}, hidden: "h", Count: 7},
		"f": float32(2), "n": uint16(9),
	})
	if want := "T|b|2|7||ab|2.0|9"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}
