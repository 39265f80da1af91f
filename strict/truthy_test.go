package strict

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// withoutTruthy drops the truthy_condition warnings of diags unless want,
// a case's expected diagnostics, lists one: the cases of other codes guard
// with {% if x %}, whose truthiness traps truthy_test.go checks.
func withoutTruthy(diags diag.List, want []string) diag.List {
	for _, w := range want {
		if strings.HasPrefix(w, string(codes.TruthyCondition)+" ") {
			return diags
		}
	}
	var out diag.List
	for _, d := range diags {
		if d.Code != codes.TruthyCondition {
			out = append(out, d)
		}
	}
	return out
}

// A bare array in a condition is true when empty; a value the schema
// requires and never lets be nil or false is always true. Conditions whose
// truth the data decides, comparisons, and values of open types are not
// reported; nor is anything in compat mode.
func TestCheckTruthy(t *testing.T) {
	ctx, err := CompileSchema("ctx.json", []byte(`{"type": "object", "required": ["req", "obj", "n", "list", "flag"], "properties": {
		"req": {"type": "string"}, "opt": {"type": "string"}, "null": {"type": ["string", "null"]},
		"obj": {"type": "object", "properties": {"a": {"type": "string"}}}, "nobj": {"type": ["object", "null"]},
		"n": {"type": "integer"}, "list": {"type": "array", "items": {"type": "string"}},
		"maybe": {"type": ["array", "null"]}, "flag": {"type": "boolean"}, "free": {},
		"mixed": {"anyOf": [{"type": "array"}, {"type": "string"}]}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	runCheckCases(t, Options{Context: ctx}, []checkCase{
		{"required array", "{% if list %}x{% endif %}",
			[]string{"truthy_condition 1:7@6-1:11@10"}, []string{"Test its size: list.size > 0, or list != empty."}},
		{"nullable array", "{% if maybe %}x{% endif %}",
			[]string{"truthy_condition 1:7@6-1:12@11"}, []string{"Test its size: maybe.size > 0 (false for nil too)."}},
		{"unless, elsif, and/or operands", "{% unless list %}{% endunless %}{% if flag %}{% elsif flag or list %}{% endif %}{% if flag and req %}{% endif %}",
			[]string{"truthy_condition 1:11@10-1:15@14", "truthy_condition 1:63@62-1:67@66", "truthy_condition 1:96@95-1:99@98"}, nil},
		{"required string, number, object", "{% if req %}{% endif %}{% if n %}{% endif %}{% if obj %}{% endif %}",
			[]string{"truthy_condition 1:7@6-1:10@9", "truthy_condition 1:30@29-1:31@30", "truthy_condition 1:51@50-1:54@53"},
			[]string{"Test its text: req != empty (false for an empty string).", "Compare it: n != 0, or n > 0.", "Test one of its properties, or drop the condition."}},
		{"loop item and size of a required array", "{% for s in list %}{% if s %}{% endif %}{% endfor %}{% if list.size %}{% endif %}",
			[]string{"truthy_condition 1:26@25-1:27@26", "truthy_condition 1:59@58-1:68@67"}, nil},
		{"the data decides", "{% if opt %}{% endif %}{% if null %}{% endif %}{% if nobj %}{% endif %}{% if flag %}{% endif %}{% if free %}{% endif %}{% if mixed %}{% endif %}{% if maybe.size %}{% endif %}{% if obj.a %}{% endif %}",
			nil, nil},
		{"comparisons", "{% if list.size > 0 %}{% endif %}{% if list != empty %}{% endif %}{% if req != empty %}{% endif %}{% if n == 0 %}{% endif %}",
			nil, nil},
		{"a local bound from a filter", `{% assign parts = req | split: "," %}{% if parts %}{% endif %}`,
			[]string{"truthy_condition 1:44@43-1:49@48"}, nil},
	})
	// Compat mode checks only what Shopify rejects.
	runCheckCases(t, Options{Compat: true}, []checkCase{{"compat", "{% if issue.labels %}{% endif %}", nil, nil}})
}
