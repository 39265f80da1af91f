package render

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// Runtime strictness: a lookup of a missing key the schema does not
// declare, in any expression, fails with the path and its position; null
// values are fine.
func TestRuntimeStrictness(t *testing.T) {
	schema := laneSchema(t)
	tests := []struct {
		name, src string
		start     diag.Pos // where the missing path starts
		path      string
	}{
		{"output", "{{ issue.native_ref.branch }}", diag.Pos{Line: 1, Column: 4, Byte: 3}, "issue.native_ref.branch"},
		{"if", "{% if issue.native_ref.branch %}x{% endif %}", diag.Pos{Line: 1, Column: 7, Byte: 6}, "issue.native_ref.branch"},
		{"unless operand", "{% unless 1 == issue.native_ref.priority %}x{% endunless %}", diag.Pos{Line: 1, Column: 16, Byte: 15}, "issue.native_ref.priority"},
		{"for collection", "{% for b in issue.native_ref.blocked %}{{ b.id }}{% endfor %}", diag.Pos{Line: 1, Column: 13, Byte: 12}, "issue.native_ref.blocked"},
		{"filter argument", "{{ issue.title | append: issue.native_ref.branch }}", diag.Pos{Line: 1, Column: 26, Byte: 25}, "issue.native_ref.branch"},
		{"case subject", "{% case issue.native_ref.priority %}{% when 1 %}x{% endcase %}", diag.Pos{Line: 1, Column: 9, Byte: 8}, "issue.native_ref.priority"},
		{"when value", "{% case 1 %}{% when issue.native_ref.priority %}x{% endcase %}", diag.Pos{Line: 1, Column: 21, Byte: 20}, "issue.native_ref.priority"},
		{"second line", "ok\n{{ issue.url }}{{ issue.native_ref.text }}", diag.Pos{Line: 2, Column: 19, Byte: 21}, "issue.native_ref.text"},
	}
	// native_ref is a free-form object: the schema declares none of its
	// keys, so a missing one is an error (a declared key left out reads
	// as nil, see TestDeclaredMeansPresent).
	vars := issueVars()
	vars["issue"].(map[string]any)["native_ref"] = map[string]any{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, diags := New(Options{}).Compile(tt.src, "p.md", diag.Pos{}, schema)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			out, err := tpl.Render(context.Background(), vars)
			e, ok := AsError(err)
			if !ok || out != "" {
				t.Fatalf("got %q, %v", out, err)
			}
			d := e.Diagnostics[0]
			if d.Code != diag.UnknownVariable || d.Subject.Start != tt.start || !strings.Contains(d.Summary, `"`+tt.path+`"`) {
				t.Errorf("got %s at %v: %s", d.Code, d.Subject.Start, d.Summary)
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
		if d.Code != diag.ContextInvalid {
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
	if e.Class != diag.ClassTemplateRender {
		t.Errorf("class %s", e.Class)
	}
}

func TestStaticFailureNeverCompiles(t *testing.T) {
	tpl, diags := New(Options{}).Compile("{% if false %}{{ issue.titel }}{% endif %}", "p.md", diag.Pos{}, laneSchema(t))
	if tpl != nil || len(diags) != 1 || diags[0].Code != diag.UnknownProperty {
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
