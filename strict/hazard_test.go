package strict

import (
	"slices"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// hazardSchema has the types the hazard checks look at.
func hazardSchema(t *testing.T) *Schema {
	t.Helper()
	s, err := CompileSchema("hazard.json", []byte(`{
		"type": "object",
		"required": ["count", "tags", "list", "u", "pos", "text", "mixed"],
		"properties": {
			"count": {"type": "integer"},
			"maybe": {"type": ["integer", "null"]},
			"pos": {"type": "integer", "minimum": 1},
			"tags": {"type": ["array", "null"], "items": {"type": "string"}},
			"list": {"type": "array", "items": {"type": "string"}},
			"u": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object", "properties": {"a": {"type": "string"}}}]},
			"text": {"type": "string"},
			"mixed": {"type": "array", "items": {"type": ["integer", "string"]}},
			"free": {"type": "object"}
		}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Uses that fail for some schema-valid value: an access valid for one
// branch of a union is an error; a filter or comparison that can fail is a
// may_fail warning unless an enclosing condition guards it. Positions were
// counted by hand.
func TestCheckHazards(t *testing.T) {
	runCheckCases(t, Options{Context: hazardSchema(t)}, []checkCase{
		{"index of array or object", "{{ u[0] }}", []string{"unknown_property 1:4@3-1:8@7"}, nil},
		{"last of array or object", "{{ u.last }}", []string{"unknown_property 1:4@3-1:10@9"}, nil},
		{"size of array or object", "{{ u.size }}{{ u.first }}{{ u.a }}", nil, nil},
		{"first of array or object may be a pair", "{{ u.first | sort }}", []string{"may_fail 1:14@13-1:18@17"}, nil},
		{"divisor may be 0", "{{ 100 | divided_by: count }}", []string{"may_fail 1:10@9-1:20@19"},
			[]string{"Guard it with {% if count != 0 %} … {% endif %}, or give the schema a minimum above 0."}},
		{"modulo by a nullable", "{{ 100 | modulo: maybe }}", []string{"may_fail 1:10@9-1:16@15"}, nil},
		{"truthy is no guard against 0", "{% if count %}{{ 100 | divided_by: count }}{% endif %}", []string{"may_fail 1:24@23-1:34@33"}, nil},
		{"guard != 0", "{% if count != 0 %}{{ 100 | divided_by: count }}{% endif %}", nil, nil},
		{"guard > 0", "{% if count > 0 %}{{ 100 | modulo: count }}{% endif %}", nil, nil},
		{"guard 0 <", "{% if 0 < count %}{{ 100 | modulo: count }}{% endif %}", nil, nil},
		{"guard unless == 0", "{% unless count == 0 %}{{ 100 | divided_by: count }}{% endunless %}", nil, nil},
		{"guard in an and chain", "{% if text and count != 0 %}{{ 100 | divided_by: count }}{% endif %}", nil, nil},
		{"guard != 0 leaves nil", "{% if maybe != 0 %}{{ 100 | divided_by: maybe }}{% endif %}", []string{"may_fail 1:29@28-1:39@38"}, nil},
		{"guard > 0 rules out nil", "{% if maybe > 0 %}{{ 100 | divided_by: maybe }}{% endif %}", nil, nil},
		{"guard does not reach the else", "{% if count != 0 %}{% else %}{{ 100 | divided_by: count }}{% endif %}", []string{"may_fail 1:39@38-1:49@48"}, nil},
		{"else of == 0 is a guard", "{% if count == 0 %}none{% else %}{{ 100 | divided_by: count }}{% endif %}", nil, nil},
		{"elsif after == 0 is a guard", "{% if count == 0 %}none{% elsif text %}{{ 100 | modulo: count }}{% endif %}", nil, nil},
		{"else of unless != 0 is a guard", "{% unless count != 0 %}none{% else %}{{ 100 | divided_by: count }}{% endunless %}", nil, nil},
		{"else of >= 0 leaves nil", "{% if maybe >= 0 %}none{% else %}{{ 100 | divided_by: maybe }}{% endif %}", []string{"may_fail 1:43@42-1:53@52"}, nil},
		{"unless <= 0 leaves nil", "{% unless maybe <= 0 %}{{ 100 | divided_by: maybe }}{% endunless %}", []string{"may_fail 1:33@32-1:43@42"}, nil},
		{"a loop variable hides a guarded name", "{% if count != 0 %}{% for count in mixed %}{{ 1 | divided_by: count }}{% endfor %}{% endif %}", []string{"may_fail 1:51@50-1:61@60"}, nil},
		{"else of an or rules out each part", "{% if count == 0 or text %}none{% else %}{{ 100 | divided_by: count }}{% endif %}", nil, nil},
		{"minimum above 0", "{{ 100 | divided_by: pos }}", nil, nil},
		{"local of a shape per branch", "{% if count %}{% assign v = text %}{% else %}{% assign v = count %}{% endif %}{% if v > 1 %}{% endif %}", []string{"may_fail 1:87@86-1:88@87"}, nil},
		{"local of one shape on both branches", "{% if count %}{% assign v = pos %}{% else %}{% assign v = count %}{% endif %}{% if v > 1 %}{% endif %}", nil, nil},
		{"local bound again in a loop", "{% assign v = 1 %}{% for t in list %}{% if v > 1 %}{% endif %}{% assign v = t %}{% endfor %}{% if v > 1 %}{% endif %}", []string{"may_fail 1:46@45-1:47@46", "may_fail 1:101@100-1:102@101"}, nil},
		{"guard of a local bound again", "{% assign d = count %}{% if d != 0 %}{% assign d = 0 %}{{ 1 | divided_by: d }}{% endif %}", []string{"may_fail 1:63@62-1:73@72"}, nil},
		{"guard of a local bound in a later iteration", "{% assign d = count %}{% if d != 0 %}{% for i in list %}{{ 1 | divided_by: d }}{% assign d = count %}{% endfor %}{% endif %}", []string{"may_fail 1:64@63-1:74@73"}, nil},
		{"concat of a nullable", "{{ list | concat: tags }}", []string{"may_fail 1:11@10-1:17@16"}, nil},
		{"concat guarded", "{% if tags %}{{ list | concat: tags }}{% endif %}", nil, nil},
		{"concat of an array", "{{ tags | concat: list }}", nil, nil},
		// A required integer against a string fails whenever it renders: an
		// error, not a warning (issue 35); a nullable one compares as
		// false when nil, so it only may fail.
		{"integer against string", "{% if count > 'a' %}{% endif %}", []string{"always_fails 1:13@12-1:14@13"}, nil},
		{"string against integer", "{% if text <= count %}{% endif %}", []string{"always_fails 1:12@11-1:14@13"}, nil},
		{"nullable integer against string", "{% if maybe > 'a' %}{% endif %}", []string{"may_fail 1:13@12-1:14@13"}, nil},
		{"concat of a string literal", "{{ list | concat: 'a' }}", []string{"always_fails 1:11@10-1:17@16"}, nil},
		{"concat of an integer or nil", "{{ list | concat: maybe }}", []string{"always_fails 1:11@10-1:17@16"}, nil},
		{"integer against integer", "{% if count > 1 %}{% endif %}{% if text == count %}{% endif %}", nil, nil},
		{"sort of mixed items", "{{ mixed | sort }}", []string{"may_fail 1:12@11-1:16@15"}, nil},
		{"sort of strings", "{{ list | sort }}", nil, nil},
		{"slice by a nullable", "{{ text | slice: 0, maybe }}", []string{"may_fail 1:11@10-1:16@15"}, nil},
		{"base64_decode of free text", "{{ text | base64_decode }}", []string{"may_fail 1:11@10-1:24@23"}, nil},
		{"base64 round trip", "{{ text | base64_encode | base64_decode }}", nil, nil},
		{"undeclared key of a free-form object", "{{ free.a }}{{ free.size }}", []string{"undeclared_key 1:4@3-1:10@9"}, nil},
	})
}

// concat of a value whose type is unknown (a key of a free-form object)
// or that may be an integer or nil is a hazard.
func TestCheckHazardConcatArguments(t *testing.T) {
	runCheckCases(t, Options{Context: hazardSchema(t)}, []checkCase{
		{"unknown and not an array", "{{ list | concat: free.x }}{{ tags | concat: maybe }}",
			[]string{"may_fail 1:11@10-1:17@16", "undeclared_key 1:19@18-1:25@24", "always_fails 1:38@37-1:44@43"}, nil},
	})
	// An input the data may leave out reads as nil.
	s, err := CompileSchema("opt.json", []byte(`{"type": "object", "properties": {"a": {"type": "array"}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	runCheckCases(t, Options{Context: s}, []checkCase{
		{"optional input", "{{ a | concat: a }}{% if a %}{{ a | concat: a }}{% endif %}", []string{"may_fail 1:8@7-1:14@13"}, nil},
	})
}

// failsProbes are templates (NAME stands for a filter) that give a value
// the hazard schema allows and that fails a filter of the kinds in fails:
// each kind of Fails has one, and each filter of the table is tried with
// each probe its arity accepts.
var failsProbes = []struct {
	src   string
	args  int
	fails []Fails
}{
	{"{{ 100 | NAME: count }}", 1, []Fails{FailsOnDivisor, FailsOnNonArray, FailsOnInt64Length, FailsOnInt64Args}},
	{"{{ list | NAME: tags }}", 1, []Fails{FailsOnDivisor, FailsOnNonArray, FailsOnLength, FailsOnInt64Length, FailsOnInt64Args}},
	{"{{ text | NAME: maybe }}", 1, []Fails{FailsOnDivisor, FailsOnNonArray, FailsOnLength, FailsOnInt64Length, FailsOnInt64Args}},
	{"{{ list | NAME: list }}", 1, []Fails{FailsOnDivisor, FailsOnLength, FailsOnInt64Length, FailsOnInt64Args}},
	{"{{ 100 | NAME: pos }}", 1, []Fails{FailsOnNonArray, FailsOnInt64Length, FailsOnInt64Args}},
	{"{{ text | NAME: 0, count }}", 2, []Fails{FailsOnInt64Args}},
	{"{{ text | NAME }}", 0, []Fails{FailsOnBase64}},
	{"{{ mixed | NAME }}", 0, []Fails{FailsOnIncomparable}},
}

// TestFilterFailsFromSignatures derives the may_fail warnings of filters
// from the table (FilterSig.Fails): a filter warns on exactly the probes
// that fail a kind it declares, and no other filter warns on any.
func TestFilterFailsFromSignatures(t *testing.T) {
	opts := Options{Context: hazardSchema(t)}
	probed := map[Fails]bool{}
	for _, p := range failsProbes {
		for _, f := range p.fails {
			probed[f] = true
		}
	}
	for f := FailsNever + 1; f.String() != "never"; f++ {
		if !probed[f] {
			t.Errorf("no probe fails %s (Fails %d)", f, f)
		}
	}
	names := filterNames(nil)
	declared := 0
	for _, name := range names {
		sig := standardFilters[name]
		if sig.Fails != FailsNever {
			declared++
		}
		for _, p := range failsProbes {
			if !sig.Accepts(p.args) {
				continue
			}
			src := strings.ReplaceAll(p.src, "NAME", name)
			_, diags := Check(src, "t.liquid", diag.Pos{}, opts)
			warned := false
			for _, d := range diags {
				warned = warned || d.Code == codes.MayFail || d.Code == codes.AlwaysFails
			}
			if want := slices.Contains(p.fails, sig.Fails); warned != want {
				t.Errorf("%s (fails on %s): may_fail %v, want %v: %v", src, sig.Fails, warned, want, diags)
			}
		}
	}
	if declared < 9 {
		t.Errorf("only %d filters declare what makes them fail", declared)
	}
	// A filter of Options.Filters is checked by its own signature: one
	// that replaces divided_by and declares nothing does not warn.
	_, diags := Check("{{ 100 | divided_by: count }}", "t.liquid", diag.Pos{}, Options{Context: hazardSchema(t), Filters: map[string]FilterSig{"divided_by": {Min: 1, Max: 1}}})
	if len(diags) != 0 {
		t.Errorf("replaced divided_by: %v", diags)
	}
	_, diags = Check("{{ 100 | share: count }}", "t.liquid", diag.Pos{}, Options{Context: hazardSchema(t), Filters: map[string]FilterSig{"share": {Min: 1, Max: 1, Fails: FailsOnDivisor}}})
	if got := dsAll(diags); len(got) != 1 || got[0] != "may_fail 1:10@9-1:15@14" {
		t.Errorf("a caller's filter that declares a divisor: %v", got)
	}
}
