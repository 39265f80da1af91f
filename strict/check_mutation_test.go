package strict

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// partialMap is a PartialSource over names and their text.
type partialMap map[string]string

func (m partialMap) Partial(name string) (string, string, error) {
	if src, ok := m[name]; ok {
		return src, name, nil
	}
	return "", "", fs.ErrNotExist
}

// refNames lists the names of references, in order.
func refNames(refs []Reference) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Name)
	}
	return out
}

// TestSuggestBudgetBoundary pins the edge of maxSuggestWork: locals are
// offered as suggestions while the work spent so far is at most the
// budget. With 127 locals each unknown variable costs 128, so after 128 of
// them exactly 1<<14 is spent, and the 129th still gets a local suggested.
func TestSuggestBudgetBoundary(t *testing.T) {
	if maxSuggestWork != 1<<14 {
		t.Fatalf("maxSuggestWork is %d; recount this test", maxSuggestWork)
	}
	var b strings.Builder
	for i := range 126 {
		fmt.Fprintf(&b, "{%% assign f%03d = 1 %%}", i)
	}
	b.WriteString("{% assign target = 1 %}")
	for i := range 128 {
		fmt.Fprintf(&b, "{{ zz%03d }}", i)
	}
	b.WriteString("{{ targte }}")
	_, diags := Check(b.String(), "t.liquid", diag.Pos{}, Options{Context: mustLane(t)})
	if len(diags) != 129 {
		t.Fatalf("got %d diagnostics, want 129", len(diags))
	}
	last := diags[len(diags)-1]
	if want := `Did you mean "target"?`; last.Detail != want {
		t.Errorf("detail of the 129th unknown variable: got %q, want %q", last.Detail, want)
	}
	// One more unknown name passes the budget: inputs only.
	_, diags = Check(b.String()+"{{ targte }}", "t.liquid", diag.Pos{}, Options{Context: mustLane(t)})
	if got, want := diags[len(diags)-1].Detail, `The template's inputs are "issue", "attempt".`; got != want {
		t.Errorf("detail of the 130th unknown variable: got %q, want %q", got, want)
	}
}

// TestDeadlineNamesItsTimeout checks that deadline_exceeded states the
// timeout the caller set, not the default.
func TestDeadlineNamesItsTimeout(t *testing.T) {
	_, diags := Check("{% include 'p1' %}", "main.liquid", diag.Pos{}, Options{Partials: includeDAG(false, true), MaxPartialExpansions: -1, Timeout: time.Nanosecond})
	if len(diags) != 1 || diags[0].Code != codes.DeadlineExceeded {
		t.Fatalf("got %v, want one deadline_exceeded", diags)
	}
	if got, want := diags[0].Summary, "checking took longer than 1ns and stopped"; got != want {
		t.Errorf("summary: got %q, want %q", got, want)
	}
}

// TestAnalyzeWalksAPartialOncePerScope checks that Analyze, which proves
// nothing about conditions, lets a partial included under an else clause
// and again after the if share one walk: the partial's reads are listed
// once: the else clause adds nothing to what the include sees.
func TestAnalyzeWalksAPartialOncePerScope(t *testing.T) {
	src := "{% if x == nil %}{% else %}{% include 'p' %}{% endif %}{% include 'p' %}"
	an, diags := Analyze(src, "t.liquid", diag.Pos{}, partialMap{"p": "{{ v }}"})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if diff := cmp.Diff([]string{"x", "v"}, refNames(an.Variables)); diff != "" {
		t.Errorf("variables (-want +got):\n%s", diff)
	}
}

// TestBreakAfterALoop checks that leaving a loop ends the place where
// break and continue are allowed: after endfor they are errors again.
func TestBreakAfterALoop(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"break after a for loop", "{% for i in (1..2) %}{% break %}{% endfor %}{% break %}",
			[]string{"unexpected_tag 1:48@47-1:53@52"}, nil},
		{"continue after nested loops", "{% for i in (1..2) %}{% for j in (1..2) %}{% continue %}{% endfor %}{% endfor %}{% continue %}",
			[]string{"unexpected_tag 1:84@83-1:92@91"}, nil},
	})
}

// TestLaxAloneChangesNothing checks Options.Lax without Compat: a filter
// given a wrong count of arguments stays an error, not a lax_syntax
// warning.
func TestLaxAloneChangesNothing(t *testing.T) {
	_, diags := Check("{{ 'a' | upcase: 1 }}", "t.liquid", diag.Pos{}, Options{Context: mustLane(t), Lax: true})
	if len(diags) != 1 || diags[0].Code != codes.FilterArguments || diags[0].Severity != diag.Error {
		t.Fatalf("got %v, want one filter_arguments error", diags)
	}
	if got, want := diags[0].Summary, `filter "upcase" takes no arguments, got 1`; got != want {
		t.Errorf("summary: got %q, want %q", got, want)
	}
}

// TestLoopVariableSuggested checks that the names a block binds, the
// outermost block's included, are offered for a misspelt variable.
func TestLoopVariableSuggested(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"one loop", "{% for item in issue.labels %}{{ itme }}{% endfor %}",
			[]string{"unknown_variable 1:34@33-1:38@37"}, []string{`Did you mean "item"?`}},
		{"the outer of two loops", "{% for item in issue.labels %}{% for x in issue.labels %}{{ itme }}{% endfor %}{% endfor %}",
			[]string{"unknown_variable 1:61@60-1:65@64"}, []string{`Did you mean "item"?`}},
	})
}

// pathSchema has an object that must be there, one that may be nil, a
// closed and a free-form object, an array of objects, an array the data
// may leave out, a string-or-boolean and an array-or-object union.
func pathSchema(t *testing.T) *Schema {
	t.Helper()
	s, err := CompileSchema("path.json", []byte(`{
		"type": "object",
		"required": ["o", "closed", "free", "arr", "sb"],
		"properties": {
			"o": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}},
			"m": {"type": ["object", "null"], "required": ["n"], "properties": {"n": {"type": "integer"}}},
			"closed": {"type": "object", "properties": {"a": {"type": "string"}}},
			"free": {"type": "object"},
			"arr": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}},
			"opt": {"type": "array", "items": {"type": "string"}},
			"sb": {"type": ["string", "boolean"]},
			"u": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object", "properties": {"a": {"type": "string"}}}]}
		}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPathShapes checks what a path's shape is after each kind of
// segment, seen through the diagnostics that depend on it: reading a
// property of a value that cannot be nil gives a value that cannot be nil
// either (a divisor that may be 0, not nil); through a value that may be
// nil it may be nil; an integer index of an array, literal or a variable,
// gives an item, whose properties are checked. self.name reads the
// variable name; self alone is no variable. Positions were counted by hand.
func TestPathShapes(t *testing.T) {
	runCheckCases(t, Options{Context: pathSchema(t)}, []checkCase{
		{"property of a required object", "{{ 100 | divided_by: o.n }}",
			[]string{"may_fail 1:10@9-1:20@19"}, []string{"Guard it with {% if o.n != 0 %} … {% endif %}, or give the schema a minimum above 0."}},
		{"property through a nullable object", "{{ 100 | divided_by: m.n }}",
			[]string{"may_fail 1:10@9-1:20@19"}, []string{"Guard it with {% if m.n and m.n != 0 %} … {% endif %}, or give the schema a minimum above 0."}},
		{"literal integer index", "{{ arr[0].idd }}", []string{"unknown_property 1:4@3-1:14@13"}, nil},
		{"integer variable index", "{% assign i = 0 %}{{ arr[i].idd }}", []string{"unknown_property 1:22@21-1:32@31"}, nil},
		{"self and a local", "{% assign a = 'x' %}{{ self.a }}", nil, nil},
		{"self and an input", "{{ self.o.nn }}", []string{"unknown_property 1:4@3-1:13@12"}, []string{`Did you mean "o.n"?`}},
		{"self alone", "{{ self }}", []string{"unknown_variable 1:4@3-1:8@7"}, nil},
	})
}

// lastPath is the path the last output of a checked template reads.
func lastPath(t *testing.T, prog *Program) *Path {
	t.Helper()
	body := prog.Template.Body
	out, ok := body[len(body)-1].(*Output)
	if !ok {
		t.Fatalf("the template does not end in an output: %T", body[len(body)-1])
	}
	p, ok := out.Value.Value.(*Path)
	if !ok {
		t.Fatalf("the last output reads %T, not a path", out.Value.Value)
	}
	return p
}

// TestSegmentFlags checks what Check records on the segments of a path for
// rendering (Segment.Declared, Keys and Open), which decides whether a key
// the data leaves out reads as nil or fails in strict rendering.
func TestSegmentFlags(t *testing.T) {
	tests := []struct {
		src  string
		want string // each segment as "declared open keys"
	}{
		{"{{ closed.a }}", "true false []"},
		{"{% assign k = 'a' %}{{ closed[k] }}", "false false [a]"},
		{"{% assign k = 'a' %}{{ free[k] }}", "false true []"},
		{"{{ arr[0].id }}", "false false [] / true false []"},
	}
	for _, tt := range tests {
		prog, diags := Check(tt.src, "t.liquid", diag.Pos{}, Options{Context: pathSchema(t)})
		if len(diags) != 0 {
			t.Errorf("%s: %v", tt.src, diags)
			continue
		}
		var got []string
		for _, s := range lastPath(t, prog).Segments {
			got = append(got, fmt.Sprintf("%v %v %v", s.Declared, s.Open, s.Keys))
		}
		if g := strings.Join(got, " / "); g != tt.want {
			t.Errorf("%s: got %q, want %q", tt.src, g, tt.want)
		}
	}
}

// TestNonIntegerLiteralIndex checks that an array indexed by a literal
// that is not an integer (true, 1.0, nil) is an error in strict mode, at
// the index, and is not read as one of its items (no diagnostic speaks of
// the item's properties): Liquid 5.4 with strict_variables raises
// "undefined variable true" there. Compat mode reads nil, as Liquid's lax
// mode does, and reports nothing.
func TestNonIntegerLiteralIndex(t *testing.T) {
	for _, idx := range []string{"true", "1.0", "nil"} {
		src := "{{ arr[" + idx + "].idd }}"
		_, diags := Check(src, "t.liquid", diag.Pos{}, Options{Context: pathSchema(t)})
		if len(diags) != 1 || diags[0].Code != codes.UnknownProperty || diags[0].Summary != "arr is an array, indexed by integers, not by "+idx {
			t.Errorf("%s: got %v, want one unknown_property naming the index", src, diags)
		}
		if r := diags[0].Subject; len(diags) == 1 && (r.Start.Column != 4 || r.End.Column != 9+len(idx)) {
			t.Errorf("%s: at %v, want arr[%s]", src, r, idx)
		}
		if _, diags := Check(src, "t.liquid", diag.Pos{}, Options{Context: pathSchema(t), Compat: true}); len(diags) != 0 {
			t.Errorf("compat %s: %v", src, diags)
		}
	}
}

// TestSpecialPropertyShapes checks the shapes of size and last, seen
// through the diagnostics that depend on them: the size of an array that
// must be there cannot be nil, of one the data may leave out it can, and
// so can that of a string-or-boolean (true has no size in Liquid); last
// of an array-or-object union is an item (a string here), whose
// properties are checked, besides the unknown_property error for last
// itself (valid for the array, a missing key of the object).
func TestSpecialPropertyShapes(t *testing.T) {
	runCheckCases(t, Options{Context: pathSchema(t)}, []checkCase{
		{"size of a required array", "{{ 100 | divided_by: arr.size }}",
			[]string{"may_fail 1:10@9-1:20@19"}, []string{"Guard it with {% if arr.size != 0 %} … {% endif %}, or give the schema a minimum above 0."}},
		{"size of an optional array", "{{ 100 | divided_by: opt.size }}",
			[]string{"may_fail 1:10@9-1:20@19"}, []string{"Guard it with {% if opt.size and opt.size != 0 %} … {% endif %}, or give the schema a minimum above 0."}},
		{"size of a string or boolean", "{{ 100 | divided_by: sb.size }}",
			[]string{"may_fail 1:10@9-1:20@19"}, []string{"Guard it with {% if sb.size and sb.size != 0 %} … {% endif %}, or give the schema a minimum above 0."}},
		{"last of a union", "{{ u.last.foo }}",
			[]string{"unknown_property 1:4@3-1:10@9", "unknown_property 1:4@3-1:14@13"}, nil},
	})
}

// TestCompatAndAnalyzeReportNoProperties checks that a property a local's
// value cannot have is an error only in strict mode: Compat (Liquid reads
// nil) and Analyze report nothing.
func TestCompatAndAnalyzeReportNoProperties(t *testing.T) {
	const src = "{% assign s = 'x' %}{{ s.foo }}"
	if _, diags := Check(src, "t.liquid", diag.Pos{}, Options{Context: mustLane(t)}); len(diags) != 1 || diags[0].Code != codes.UnknownProperty {
		t.Errorf("strict: got %v, want one unknown_property", diags)
	}
	if _, diags := Check(src, "t.liquid", diag.Pos{}, Options{Compat: true}); len(diags) != 0 {
		t.Errorf("compat: got %v, want none", diags)
	}
	if _, diags := Analyze(src, "t.liquid", diag.Pos{}, nil); len(diags) != 0 {
		t.Errorf("analyze: got %v, want none", diags)
	}
}

// TestUnknownNameDetails checks the detail of unknown_variable with no
// inputs declared, and of unknown_property when nothing is close: the
// declared properties are listed when there are 1 to 30 of them.
func TestUnknownNameDetails(t *testing.T) {
	_, diags := Check("{{ x }}", "t.liquid", diag.Pos{}, Options{})
	if len(diags) != 1 || diags[0].Detail != "This template has no inputs; bind the name with assign or capture first." {
		t.Errorf("no inputs: got %v, detail %q", diags, detailOf(diags))
	}
	_, diags = Check("{% assign s = 'x' %}{{ s.foo }}", "t.liquid", diag.Pos{}, Options{})
	if len(diags) != 1 || diags[0].Detail != "" {
		t.Errorf("a string's property: got %v, detail %q, want no detail", diags, detailOf(diags))
	}
	for _, n := range []int{30, 31} {
		var props, names []string
		for i := 1; i <= n; i++ {
			props = append(props, fmt.Sprintf(`"k%02d": {"type": "string"}`, i))
			names = append(names, fmt.Sprintf(`"k%02d"`, i))
		}
		s, err := CompileSchema("wide.json", []byte(`{"type": "object", "required": ["o"], "properties": {"o": {"type": "object", "properties": {`+strings.Join(props, ", ")+`}}}}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, diags := Check("{{ o.zzzzzzzz }}", "t.liquid", diag.Pos{}, Options{Context: s})
		want := ""
		if n <= 30 {
			want = "o has " + strings.Join(names, ", ") + "."
		}
		if len(diags) != 1 || diags[0].Detail != want {
			t.Errorf("%d properties: got %v, detail %q, want %q", n, diags, detailOf(diags), want)
		}
	}
}

// detailOf is the detail of the first diagnostic, if any.
func detailOf(l diag.List) string {
	if len(l) == 0 {
		return ""
	}
	return l[0].Detail
}

// TestIncludeTagChecks covers the include and render tags: the value of
// "with" is checked, and what it binds has its shape in the partial;
// include inside a partial loaded by render is an error (Liquid 5.4 raises
// "include usage is not allowed in this context"); a partial name that is
// not a string and a partial that includes itself are errors in strict
// mode only: Compat leaves them to rendering.
func TestIncludeTagChecks(t *testing.T) {
	partials := partialMap{
		"card":  "{{ card.titel }}",
		"outer": "x{% include 'inner' %}",
		"inner": "y",
		"loop":  "{% include 'loop' %}",
		"fl":    "{{ forloop.index }}",
	}
	tests := []struct {
		name   string
		src    string
		compat bool
		want   []string // "file code range"
	}{
		{"with an unknown variable", "{% include 'inner' with isue %}", false,
			[]string{"t.liquid unknown_variable 1:25@24-1:29@28"}},
		{"render with: the partial sees the value's shape", "{% render 'card' with issue %}", false,
			[]string{"card unknown_property 1:4@3-1:14@13"}},
		{"include inside a render partial", "{% render 'outer' %}", false,
			[]string{"outer render_error 1:2@1-1:23@22"}},
		{"include inside an include partial", "{% include 'outer' %}", false, nil},
		{"a name that is not a string", "{% include issue.title %}", false,
			[]string{"t.liquid missing_partial 1:12@11-1:23@22"}},
		{"a name that is not a string, compat", "{% include x %}", true, nil},
		{"a partial that includes itself", "{% include 'loop' %}", false,
			[]string{"loop partial_cycle 1:12@11-1:18@17"}},
		{"a partial that includes itself, compat", "{% include 'loop' %}", true, nil},
		// Liquid 5.4 gives forloop to a partial only with render … for.
		{"render for binds forloop", "{% render 'fl' for issue.labels %}", false, nil},
		{"render with does not", "{% render 'fl' with issue.labels %}", false,
			[]string{"fl unknown_variable 1:4@3-1:17@16"}},
		{"include for does not", "{% include 'fl' for issue.labels %}", false,
			[]string{"fl unknown_variable 1:4@3-1:17@16"}},
	}
	for _, tt := range tests {
		opts := Options{Context: mustLane(t), Partials: partials, Compat: tt.compat}
		_, diags := Check(tt.src, "t.liquid", diag.Pos{}, opts)
		var got []string
		for _, d := range diags {
			got = append(got, d.Subject.Filename+" "+ds(d))
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tt.name, tt.src, diff)
		}
	}
}

// TestSelfPathLocal checks that self.name marks the path as reading a
// local when name is one the template binds, and not when it is an input.
func TestSelfPathLocal(t *testing.T) {
	for _, tt := range []struct {
		src   string
		local bool
	}{
		{"{% assign a = 'x' %}{{ self.a }}", true},
		{"{{ self.o.n }}", false},
	} {
		prog, diags := Check(tt.src, "t.liquid", diag.Pos{}, Options{Context: pathSchema(t)})
		if len(diags) != 0 {
			t.Fatalf("%s: %v", tt.src, diags)
		}
		if got := lastPath(t, prog).Local; got != tt.local {
			t.Errorf("%s: Local = %v, want %v", tt.src, got, tt.local)
		}
	}
}
