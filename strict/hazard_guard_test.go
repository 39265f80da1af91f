package strict

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sheaproject/shea/diag"
)

// guardSchema declares, besides count and text: v, whose type the schema
// leaves open; m, an integer above 0 or null (so that nil is the only
// value that fails it as a divisor); p, an integer or a string; n, a
// number.
func guardSchema(t *testing.T, extra string) *Schema {
	t.Helper()
	s, err := CompileSchema("guard.json", []byte(`{
		"type": "object",
		"required": ["count", "text", "v", "m", "p", "n", "arr"`+extra+`],
		"properties": {
			"count": {"type": "integer"},
			"text": {"type": "string"},
			"v": {},
			"m": {"type": ["integer", "null"], "minimum": 1},
			"p": {"type": ["integer", "string"]},
			"n": {"type": "number"},
			"arr": {"type": "array"}
		}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hazardCase is a template and its diagnostics, each "code range summary".
type hazardCase struct {
	name, src string
	want      []string
}

func runHazardCases(t *testing.T, s *Schema, cases []hazardCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := Check(c.src, "t.liquid", diag.Pos{}, Options{Context: s})
			diags = withoutTruthy(diags, c.want) // truthy_test.go has truthy_condition's cases
			var got []string
			for _, d := range diags {
				got = append(got, ds(d)+" "+d.Summary)
			}
			if diff := cmp.Diff(c.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Check(%q) (-want +got):\n%s", c.src, diff)
			}
		})
	}
}

// TestDivisorOfUnknownType checks a divisor whose type the schema leaves
// open: it may be 0 or nil, so only a guard that rules out both ({% if v
// != 0 and v %}, or an equality with a non-zero number) keeps divided_by
// from failing; a guard of one of the two, or of another value, does not.
// Positions were counted by hand.
func TestDivisorOfUnknownType(t *testing.T) {
	const unknownV = `filter "divided_by" may fail: the type of v is not known before rendering (nil, for one, makes it fail)`
	runHazardCases(t, guardSchema(t, ""), []hazardCase{
		{"no guard", "{{ 1 | divided_by: v }}",
			[]string{"may_fail 1:8@7-1:18@17 " + unknownV}},
		{"guarded against 0 only", "{% if v != 0 %}{{ 1 | divided_by: v }}{% endif %}",
			[]string{"may_fail 1:23@22-1:33@32 " + unknownV}},
		{"guarded against nil only", "{% if v %}{{ 1 | divided_by: v }}{% endif %}",
			[]string{"may_fail 1:18@17-1:28@27 " + unknownV}},
		{"guarded against both", "{% if v != 0 and v %}{{ 1 | divided_by: v }}{% endif %}", nil},
		{"guarded by two conditions", "{% if v != 0 %}{% if v %}{{ 1 | modulo: v }}{% endif %}{% endif %}", nil},
		{"guarded by two conditions, nil first", "{% if v %}{% if v != 0 %}{{ 1 | modulo: v }}{% endif %}{% endif %}", nil},
		{"equal to a non-zero number", "{% if v == 5 %}{{ 1 | divided_by: v }}{% endif %}", nil},
		{"another value guarded", "{% if count != 0 and count %}{{ 1 | modulo: v }}{% endif %}",
			[]string{`may_fail 1:37@36-1:43@42 filter "modulo" may fail: the type of v is not known before rendering (nil, for one, makes it fail)`}},
		{"an unknown variable is its own error", "{{ 1 | divided_by: nope }}",
			[]string{`unknown_variable 1:20@19-1:24@23 unknown variable "nope"`}},
	})
}

// TestGuardsOfComparisons checks what each comparison with a literal
// proves about a divisor: count (an integer) fails for 0 only, m (an
// integer above 0, or null) for nil only. An ordering comparison with a
// number proves the value is not nil (nil compares false); it proves it is
// not 0 when 0 fails it. Under unless, or in a later clause, the negation
// holds, which for an ordering says nothing of nil.
func TestGuardsOfComparisons(t *testing.T) {
	countFails := func(at string) []string {
		return []string{"may_fail " + at + ` filter "divided_by" fails when count is 0 (division by zero)`}
	}
	mFails := func(at string) []string {
		return []string{"may_fail " + at + ` filter "divided_by" fails when m is nil (division by zero)`}
	}
	// The filter's name (10 bytes) follows the tag and "{{ 1 | ".
	at := func(tag string) string {
		col := len(tag+"{{ 1 | ") + 1
		return fmt.Sprintf("1:%d@%d-1:%d@%d", col, col-1, col+10, col+9)
	}
	var cases []hazardCase
	for _, c := range []struct {
		cond, v string
		fails   bool
	}{
		{"count != 0", "count", false},
		{"count <> 0", "count", false},
		{"count != 3", "count", true},
		{"count == 3", "count", false},
		{"count == 0", "count", true},
		{"count > 0", "count", false},
		{"count > -1", "count", true},
		{"count >= 1", "count", false},
		{"count >= 0", "count", true},
		{"count < 0", "count", false},
		{"count < 1", "count", true},
		{"count <= -1", "count", false},
		{"count <= 0", "count", true},
		{"count > 0.5", "count", false},
		{"count > -0.5", "count", true},
		{"count != 0.0", "count", false},
		{"count < -0.5", "count", false},
		{"count > 99999999999999999999", "count", false},
		{"count < -99999999999999999999", "count", false},
		{"count != 'a'", "count", true},
		{"0 < count", "count", false},
		{"1 > count", "count", true},
		{"0 > count", "count", false},
		{"0 >= count", "count", true},
		{"-1 >= count", "count", false},
		{"1 <= count", "count", false},
		{"0 <= count", "count", true},
		{"m > -1", "m", false},
		{"m < 5", "m", false},
		{"m >= 0", "m", false},
		{"m <= 5", "m", false},
		{"m != 0", "m", true},
		{"m == 0", "m", false},
		{"m != nil", "m", false},
		{"m <> nil", "m", false},
		{"m == nil", "m", true},
		{"m != blank", "m", false},
		{"m != empty", "m", true},
		{"m", "m", false},
		{"nil != m", "m", false},
	} {
		var want []string
		if c.fails {
			if c.v == "count" {
				want = countFails(at("{% if " + c.cond + " %}"))
			} else {
				want = mFails(at("{% if " + c.cond + " %}"))
			}
		}
		cases = append(cases, hazardCase{c.cond, "{% if " + c.cond + " %}{{ 1 | divided_by: " + c.v + " }}{% endif %}", want})
	}
	// unless proves the negation; for an ordering, nothing of nil.
	for _, c := range []struct {
		cond, v string
		fails   bool
	}{
		{"count == 0", "count", false},
		{"count != 0", "count", true},
		{"count <= 0", "count", false},
		{"count < 1", "count", false},
		{"count >= 0", "count", false},
		{"count < 0", "count", true},
		{"count > 0", "count", true},
		{"count >= 1", "count", true},
		{"count > -1", "count", false},
		{"m == nil", "m", false},
		{"m != nil", "m", true},
		{"m <= 0", "m", true},
		{"m > 5", "m", true},
		{"m", "m", true},
	} {
		want := []string(nil)
		if c.fails {
			r := at("{% unless " + c.cond + " %}")
			if c.v == "count" {
				want = countFails(r)
			} else {
				want = mFails(r)
			}
		}
		cases = append(cases, hazardCase{"unless " + c.cond, "{% unless " + c.cond + " %}{{ 1 | divided_by: " + c.v + " }}{% endunless %}", want})
	}
	runHazardCases(t, guardSchema(t, ""), cases)
}

// TestGuardsOfLogic checks how and/or combine guards: both sides of an
// and hold in its body, neither side of an or does; the else of an or
// (and of an unless of an and) sees both sides false.
func TestGuardsOfLogic(t *testing.T) {
	const fails = `filter "divided_by" fails when count is 0 (division by zero)`
	runHazardCases(t, guardSchema(t, ""), []hazardCase{
		{"and, guard on the right", "{% if text and count != 0 %}{{ 1 | divided_by: count }}{% endif %}", nil},
		{"and, guard on the left", "{% if count != 0 and text %}{{ 1 | divided_by: count }}{% endif %}", nil},
		{"or proves neither side", "{% if count != 0 or text %}{{ 1 | divided_by: count }}{% endif %}",
			[]string{"may_fail 1:35@34-1:45@44 " + fails}},
		{"else of an or, guard on the right", "{% if text or count == 0 %}{% else %}{{ 1 | divided_by: count }}{% endif %}", nil},
		{"unless of an and proves neither side", "{% unless count == 0 and text %}{{ 1 | divided_by: count }}{% endunless %}",
			[]string{"may_fail 1:40@39-1:50@49 " + fails}},
		{"unless of an or", "{% unless text or count == 0 %}{{ 1 | divided_by: count }}{% endunless %}", nil},
		{"else of an and proves neither side", "{% if count != 0 and text %}{% else %}{{ 1 | divided_by: count }}{% endif %}",
			[]string{"may_fail 1:46@45-1:56@55 " + fails}},
	})
}

// TestCompareHazardsNameTheValues checks the may_fail of an ordering
// comparison: of a number with a string, naming which side is which; of a
// value whose type is not known, naming that value, unless the other side
// is nil, blank, empty or a boolean (which compare false with anything) or
// the value is an unknown variable (an error of its own). Equality never
// fails.
func TestCompareHazardsNameTheValues(t *testing.T) {
	const unknownV = "comparison may fail: the type of v is not known before rendering (a number compared with a string fails)"
	runHazardCases(t, guardSchema(t, ""), []hazardCase{
		// count is a required integer: these fail every time they run.
		{"number with string", "{% if count > 'a' %}{% endif %}",
			[]string{"always_fails 1:13@12-1:14@13 comparison always fails here: count is always a number and 'a' always a string"}},
		{"string with number", "{% if 'a' > count %}{% endif %}",
			[]string{"always_fails 1:11@10-1:12@11 comparison always fails here: 'a' is always a string and count always a number"}},
		{"number or string with number", "{% if p < count %}{% endif %}",
			[]string{"may_fail 1:9@8-1:10@9 comparison fails when p is a string and count is a number"}},
		{"number or string with string", "{% if p < 'a' %}{% endif %}",
			[]string{"may_fail 1:9@8-1:10@9 comparison fails when p is a number and 'a' is a string"}},
		{"number or string with itself", "{% if p <= p %}{% endif %}",
			[]string{"may_fail 1:9@8-1:11@10 comparison fails when p is a number and p is a string"}},
		{"number with number", "{% if count >= n %}{% endif %}{% if n < 2 %}{% endif %}", nil},
		{"string with string", "{% if text < 'b' %}{% endif %}", nil},
		{"equality of number and string", "{% if count == 'a' %}{% endif %}{% if p != count %}{% endif %}", nil},
		{"unknown on the left", "{% if v > 1 %}{% endif %}",
			[]string{"may_fail 1:9@8-1:10@9 " + unknownV}},
		{"unknown on the right", "{% if 1 < v %}{% endif %}",
			[]string{"may_fail 1:9@8-1:10@9 " + unknownV}},
		{"unknown on the right of a known value", "{% if count <= v %}{% endif %}",
			[]string{"may_fail 1:13@12-1:15@14 " + unknownV}},
		{"unknown on the left of a known value", "{% if v >= count %}{% endif %}",
			[]string{"may_fail 1:9@8-1:11@10 " + unknownV}},
		{"unknown compared with nil", "{% if v < nil %}{% endif %}{% if nil > v %}{% endif %}", nil},
		{"unknown compared with blank, empty, a boolean", "{% if v < blank %}{% endif %}{% if v > empty %}{% endif %}{% if v >= true %}{% endif %}", nil},
		{"unknown equal to a number", "{% if v == 1 %}{% endif %}{% if v contains 1 %}{% endif %}", nil},
		{"unknown variable", "{% if nope > 1 %}{% endif %}",
			[]string{`unknown_variable 1:7@6-1:11@10 unknown variable "nope"`}},
	})
}

// TestZeroExcludedBySchema checks which constraints rule 0 out of a
// divisor: a minimum above 0, an exclusive minimum of 0 or more, a maximum
// below 0, an exclusive maximum of 0 or less, an enum or const without 0;
// in a union, every numeric branch must rule it out (a branch of another
// type fails in its own way).
func TestZeroExcludedBySchema(t *testing.T) {
	const zero = `may_fail 1:8@7-1:18@17 filter "divided_by" fails when d is 0 (division by zero)`
	tests := []struct {
		name, schema string
		want         []string
	}{
		{"minimum 1", `{"type": "integer", "minimum": 1}`, nil},
		{"minimum 0", `{"type": "integer", "minimum": 0}`, []string{zero}},
		{"minimum -1", `{"type": "integer", "minimum": -1}`, []string{zero}},
		{"minimum 0.5, a number", `{"type": "number", "minimum": 0.5}`, nil},
		{"exclusive minimum 0", `{"type": "integer", "exclusiveMinimum": 0}`, nil},
		{"exclusive minimum -1", `{"type": "integer", "exclusiveMinimum": -1}`, []string{zero}},
		{"maximum -1", `{"type": "integer", "maximum": -1}`, nil},
		{"maximum 0", `{"type": "integer", "maximum": 0}`, []string{zero}},
		{"exclusive maximum 0", `{"type": "integer", "exclusiveMaximum": 0}`, nil},
		{"exclusive maximum 1", `{"type": "integer", "exclusiveMaximum": 1}`, []string{zero}},
		{"enum without 0", `{"type": "integer", "enum": [1, 2]}`, nil},
		{"enum with 0", `{"type": "integer", "enum": [1, 0]}`, []string{zero}},
		{"enum with 0.0", `{"type": "number", "enum": [1, 0.0]}`, []string{zero}},
		{"const 3", `{"type": "integer", "const": 3}`, nil},
		{"const 0", `{"type": "integer", "const": 0}`, []string{zero}},
		{"both branches exclude 0", `{"anyOf": [{"type": "integer", "minimum": 1}, {"type": "integer", "maximum": -1}]}`, nil},
		{"one branch allows 0", `{"anyOf": [{"type": "integer", "minimum": 1}, {"type": "integer"}]}`, []string{zero}},
		{"the other branch allows 0", `{"anyOf": [{"type": "integer"}, {"type": "integer", "minimum": 1}]}`, []string{zero}},
		{"a string branch", `{"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string"}]}`,
			[]string{`may_fail 1:8@7-1:18@17 filter "divided_by" fails when d is a string that is not a non-zero number (division by zero)`}},
		{"a boolean or object", `{"type": ["boolean", "object"]}`,
			[]string{`may_fail 1:8@7-1:18@17 filter "divided_by" fails when d is a boolean or object (division by zero)`}},
		{"an integer or an array", `{"type": ["integer", "array"], "minimum": 1}`,
			[]string{`may_fail 1:8@7-1:18@17 filter "divided_by" fails when d is an array (division by zero)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := CompileSchema("zero.json", []byte(`{"type": "object", "required": ["d"], "properties": {"d": `+tt.schema+`}}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			runHazardCases(t, s, []hazardCase{{tt.name, "{{ 1 | divided_by: d }}", tt.want}})
		})
	}
}

// TestIntegerArgumentBounds checks which integers slice and truncatewords
// take as fitting 64 bits: those whose every integer branch has a lower
// bound (minimum or exclusiveMinimum) and an upper one (maximum or
// exclusiveMaximum). truncate takes any integer; only the first argument
// of truncate and truncatewords is a length, every argument of slice is
// an integer; an integer shea computes (a size) fits.
func TestIntegerArgumentBounds(t *testing.T) {
	const wide = `may_fail 1:11@10-1:16@15 filter "slice" fails when i is an integer beyond 64 bits: it takes an integer`
	tests := []struct {
		name, schema string
		want         []string
	}{
		{"unbounded", `{"type": "integer"}`, []string{wide}},
		{"minimum only", `{"type": "integer", "minimum": 0}`, []string{wide}},
		{"exclusive minimum only", `{"type": "integer", "exclusiveMinimum": 0}`, []string{wide}},
		{"maximum only", `{"type": "integer", "maximum": 9}`, []string{wide}},
		{"exclusive maximum only", `{"type": "integer", "exclusiveMaximum": 9}`, []string{wide}},
		{"minimum and maximum", `{"type": "integer", "minimum": 0, "maximum": 9}`, nil},
		{"exclusive minimum and exclusive maximum", `{"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 9}`, nil},
		{"minimum and exclusive maximum", `{"type": "integer", "minimum": 0, "exclusiveMaximum": 9}`, nil},
		{"exclusive minimum and maximum", `{"type": "integer", "exclusiveMinimum": 0, "maximum": 9}`, nil},
		{"bounded integer or string", `{"anyOf": [{"type": "integer", "minimum": 0, "maximum": 9}, {"type": "string"}]}`,
			[]string{`may_fail 1:11@10-1:16@15 filter "slice" fails when i is text that is not an integer: it takes an integer`}},
		{"bounded and unbounded branches", `{"anyOf": [{"type": "integer", "minimum": 0, "maximum": 9}, {"type": "integer"}]}`, []string{wide}},
		{"a bounded number", `{"type": "number", "minimum": 0, "maximum": 9}`,
			[]string{`may_fail 1:11@10-1:16@15 filter "slice" fails when i is a number with a fraction: it takes an integer`}},
		{"an integer or a boolean", `{"type": ["integer", "boolean"], "minimum": 0, "maximum": 9}`,
			[]string{`may_fail 1:11@10-1:16@15 filter "slice" fails when i is a boolean: it takes an integer`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := CompileSchema("int.json", []byte(`{"type": "object", "required": ["i", "text"], "properties": {"text": {"type": "string"}, "i": `+tt.schema+`}}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			runHazardCases(t, s, []hazardCase{{tt.name, "{{ text | slice: i }}", tt.want}})
		})
	}
	s, err := CompileSchema("int.json", []byte(`{"type": "object", "required": ["i", "j", "text", "arr"], "properties": {
		"text": {"type": "string"}, "i": {"type": "integer"}, "j": {"type": "integer"}, "arr": {"type": "array"}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	runHazardCases(t, s, []hazardCase{
		{"truncate takes any integer", "{{ text | truncate: i }}", nil},
		{"truncatewords does not", "{{ text | truncatewords: i }}",
			[]string{`may_fail 1:11@10-1:24@23 filter "truncatewords" fails when i is an integer beyond 64 bits: it takes an integer`}},
		{"the ellipsis of truncatewords is no length", "{{ text | truncatewords: 3, i }}", nil},
		{"the ellipsis of truncate is no length", "{{ text | truncate: 3, i }}", nil},
		{"both arguments of slice", "{{ text | slice: i, j }}", []string{wide, `may_fail 1:11@10-1:16@15 filter "slice" fails when j is an integer beyond 64 bits: it takes an integer`}},
		{"the size of an array", "{{ text | slice: arr.size }}", nil},
	})
}

// TestHazardsOfKeywordFilters checks that only positional arguments count
// as a filter's divisor: a filter of Options.Filters that fails on its
// divisor and takes a keyword too is checked by its one positional
// argument, wherever the keyword stands.
func TestHazardsOfKeywordFilters(t *testing.T) {
	filters := map[string]FilterSig{"per": {Min: 1, Max: 1, Keywords: []string{"k"}, Returns: ReturnsNumber, Fails: FailsOnDivisor}}
	const fails = `may_fail 1:8@7-1:11@10 filter "per" fails when count is 0 (division by zero)`
	for _, c := range []hazardCase{
		{"keyword after", "{{ 1 | per: count, k: 2 }}", []string{fails}},
		{"keyword before", "{{ 1 | per: k: 2, count }}", []string{fails}},
		{"literal divisor, keyword of unknown type", "{{ 1 | per: 2, k: v }}", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := Check(c.src, "t.liquid", diag.Pos{}, Options{Context: guardSchema(t, ""), Filters: filters})
			var got []string
			for _, d := range diags {
				got = append(got, ds(d)+" "+d.Summary)
			}
			if diff := cmp.Diff(c.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Check(%q) (-want +got):\n%s", c.src, diff)
			}
		})
	}
}
