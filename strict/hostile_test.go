package strict

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Hostile input: what a broken generator, a binary file or an attacker hands
// the checker. Each case must end with diagnostics (or none) within a time
// bound, never a crash, a stack overflow or a hang.

// hostileBudget bounds each case. The inputs are at most a few megabytes and
// the front end is linear, so this is generous even on a loaded machine.
const hostileBudget = 10 * time.Second

// withinBudget runs fn and fails the test when it takes longer than budget.
// The stack is capped meanwhile, so that unbounded recursion fails loudly
// here instead of only on a small-stack platform.
func withinBudget(t *testing.T, budget time.Duration, fn func()) {
	t.Helper()
	old := debug.SetMaxStack(64 << 20)
	defer debug.SetMaxStack(old)
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
		t.Logf("took %v", time.Since(start).Round(time.Millisecond))
	case <-time.After(budget):
		t.Fatalf("did not finish within %v", budget)
	}
}

func nest(open, close string, n int) string {
	return strings.Repeat(open, n) + strings.Repeat(close, n)
}

func TestHostileDeepNesting(t *testing.T) {
	const n = 10000
	liquidIfs := "{% liquid\n" + strings.Repeat("if x\n", n) + strings.Repeat("endif\n", n) + "%}"
	cases := []struct {
		name string
		src  string
	}{
		// These two do not nest: a when list is flat, and comments nest by
		// counting. They must simply finish.
		{"when chain", "{% case x %}{% when " + strings.Repeat("a or ", n) + "b %}{% endcase %}"},
		{"comments", nest("{% comment %}", "{% endcomment %}", n)},
		{"if", nest("{% if x %}", "{% endif %}", n)},
		{"unless", nest("{% unless x %}", "{% endunless %}", n)},
		{"for", nest("{% for x in y %}", "{% endfor %}", n)},
		{"for else", nest("{% for x in y %}{% else %}", "{% endfor %}", n)},
		{"tablerow", nest("{% tablerow x in y %}", "{% endtablerow %}", n)},
		{"case", nest("{% case x %}{% when 1 %}", "{% endcase %}", n)},
		{"capture", nest("{% capture x %}", "{% endcapture %}", n)},
		{"ifchanged", nest("{% ifchanged %}", "{% endifchanged %}", n)},
		{"elsif", nest("{% if x %}{% elsif y %}", "{% endif %}", n)},
		{"mixed", nest("{% if x %}{% for y in z %}{% case y %}{% when 1 %}{% capture c %}", "{% endcapture %}{% endcase %}{% endfor %}{% endif %}", n/4)},
		{"unclosed", strings.Repeat("{% if x %}", n)},
		{"liquid tag blocks", liquidIfs},
		{"liquid in liquid", "{% liquid " + strings.Repeat("liquid ", n) + "echo 1 %}"},
		{"brackets", "{{ " + nest("a[", "]", n) + " }}"},
		{"bracket roots", "{{ " + nest("[", "]", n) + " }}"},
		{"ranges", "{{ " + nest("(", "..1)", n) + " }}"},
		{"and chain", "{% if " + strings.Repeat("a and ", n) + "b %}{% endif %}"},
		{"or chain", "{% if " + strings.Repeat("a or ", n) + "b %}{% endif %}"},
		{"filter args", "{{ x | f: " + nest("a[", "]", n) + " }}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var diags diag.List
			withinBudget(t, hostileBudget, func() {
				_, diags = Check(c.src, "deep.liquid", diag.Pos{}, Options{Compat: true})
			})
			if c.name == "comments" || c.name == "when chain" {
				if len(diags) != 0 {
					t.Errorf("got %v, want none", firstN(diags, 5))
				}
				return
			}
			if !hasSummary(diags, "deep") && !hasSummary(diags, "more than") {
				t.Fatalf("no nesting diagnostic; got %d diagnostics: %v", len(diags), firstN(diags, 5))
			}
			for _, d := range diags {
				if p := rangeProblem(c.src, "deep.liquid", diag.Pos{}, d.Subject); p != "" {
					t.Errorf("%s: %s", ds(d), p)
				}
			}
			if len(diags) > 10 {
				t.Errorf("%d diagnostics; the limit should stop the cascade: %v", len(diags), firstN(diags, 5))
			}
		})
	}
}

// TestHostileNestingLimitIsExact checks the limit itself: MaxNesting levels
// parse, one more does not, for blocks and for brackets.
func TestHostileNestingLimitIsExact(t *testing.T) {
	const limit = 20
	for _, c := range []struct {
		name        string
		make        func(n int) string
		wantSummary string
	}{
		{"blocks", func(n int) string { return nest("{% if x %}", "{% endif %}", n) }, "blocks are nested more than 20 deep"},
		{"brackets", func(n int) string { return "{{ " + strings.Repeat("a[", n-1) + "a" + strings.Repeat("]", n-1) + " }}" }, "expressions are nested more than 20 deep"},
		{"and/or", func(n int) string { return "{% if " + strings.Repeat("a or ", n) + "b %}{% endif %}" }, "condition has more than 20 and/or operators"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := Parse(c.make(limit), "t", diag.Pos{}, ParseOptions{MaxNesting: limit})
			if len(diags) != 0 {
				t.Errorf("%d levels: %v", limit, diags)
			}
			_, diags = Parse(c.make(limit+1), "t", diag.Pos{}, ParseOptions{MaxNesting: limit})
			if len(diags) != 1 || diags[0].Summary != c.wantSummary {
				t.Errorf("%d levels: got %v, want one %q", limit+1, diags, c.wantSummary)
			}
		})
	}
}

// deepPartials serves partial pN, which includes pN+1, without end.
type deepPartials struct{}

func (deepPartials) Partial(name string) (string, string, error) {
	var i int
	fmt.Sscanf(name, "p%d", &i)
	return fmt.Sprintf("{%% include 'p%d' %%}", i+1), name + ".liquid", nil
}

func TestHostileEndlessPartials(t *testing.T) {
	var diags diag.List
	withinBudget(t, hostileBudget, func() {
		_, diags = Check("{% include 'p0' %}", "t", diag.Pos{}, Options{Partials: deepPartials{}})
	})
	if len(diags) != 1 || diags[0].Code != codes.DepthLimit {
		t.Fatalf("got %v, want one depth_limit", firstN(diags, 5))
	}
	if got, want := diags[0].Subject.Filename, fmt.Sprintf("p%d.liquid", DefaultMaxNesting-1); got != want {
		t.Errorf("reported in %s, want %s", got, want)
	}
}

func TestHostileMegabyteLines(t *testing.T) {
	const mb = 1 << 20
	long := strings.Repeat("x", mb)
	cases := []struct {
		name string
		src  string
		want []string // diagnostics, as ds formats them
	}{
		{"text", long, nil},
		{"text then error", long + "{{ nope }}", []string{fmt.Sprintf("unknown_variable 1:%d@%d-1:%d@%d", mb+4, mb+3, mb+8, mb+7)}},
		{"string literal", "{{ '" + long + "' }}", nil},
		{"long path", "{{ issue" + strings.Repeat(".title", mb/6) + " }}", []string{"unknown_property 1:4@3-1:21@20"}},
		{"many outputs", strings.Repeat("{{ issue.title }}", mb/17), nil},
		{"unterminated output", "{{ " + long, []string{"unclosed_block 1:1@0-1:3@2"}},
		{"unterminated tag", "{% " + long, []string{"unclosed_block 1:1@0-1:3@2"}},
		{"unterminated string", "{{ '" + long + " }}", []string{"syntax_error 1:4@3-1:5@4"}},
		{"raw body", "{% raw %}" + strings.Repeat("{%", mb/2) + "{% endraw %}", nil},
		{"comment body", "{% comment %}" + strings.Repeat("{{ x }", mb/6) + "{% endcomment %}", nil},
		// Found by review: blank lines in an inline comment were rescanned
		// once per line, quadratic in their number.
		{"inline comment of blank lines", "{% # x" + strings.Repeat("\n", mb) + "# y %}", nil},
		{"inline comment of blank lines, then a bad line", "{% # x" + strings.Repeat("\n", mb) + "y %}",
			[]string{fmt.Sprintf("syntax_error %d:1@%d-%d:2@%d", mb+1, mb+6, mb+1, mb+7)}},
	}
	schema := mustLane(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var diags diag.List
			withinBudget(t, hostileBudget, func() {
				_, diags = Check(c.src, "t", diag.Pos{}, Options{Context: schema})
			})
			if got := dsAll(diags); !equalStrings(got, c.want) {
				t.Errorf("got %v, want %v", firstN(diags, 5), c.want)
			}
		})
	}
}

// TestHostileManyNames: every unknown name is compared with every local for
// a suggestion; a template that binds tens of thousands of names and reads
// as many unknown ones must still check in linear time (found by review:
// 290 KB took 52 s before the suggestion budget).
func TestHostileManyNames(t *testing.T) {
	var b strings.Builder
	n := 0
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "{%% assign name%d = 1 %%}{{ nmae%d }}", n, n)
		n++
	}
	var diags diag.List
	withinBudget(t, hostileBudget, func() {
		_, diags = Check(b.String(), "t", diag.Pos{}, Options{})
	})
	if len(diags) != n {
		t.Fatalf("%d diagnostics, want %d", len(diags), n)
	}
	// Early names still get the suggestion of the nearest local; once the
	// suggestion budget is spent, the generic detail.
	if want := `Did you mean "name1"?`; diags[1].Detail != want {
		t.Errorf("detail of %s: %q, want %q", diags[1].Summary, diags[1].Detail, want)
	}
	last := diags[len(diags)-1]
	if want := "This template has no inputs; bind the name with assign or capture first."; last.Detail != want {
		t.Errorf("detail of %s: %q, want %q", last.Summary, last.Detail, want)
	}
}

func TestHostileBytes(t *testing.T) {
	schema := mustLane(t)
	cases := []struct {
		name string
		src  string
		want []string
	}{
		// Invalid UTF-8 in text is text; in markup it is not a token.
		{"invalid UTF-8 in text", "\xff\xfe{{ issue.title }}\xc3", nil},
		{"invalid UTF-8 in a string", "{{ '\xff' | append: \"\xc3(\" }}", nil},
		{"invalid UTF-8 in markup", "{{ issue.\xfftitle }}", []string{"syntax_error 1:10@9-1:11@10"}},
		{"invalid UTF-8 as a tag name", "{% \xff %}", []string{"syntax_error 1:1@0-1:8@7"}},
		{"non-ASCII identifier", "{{ é }}", []string{"syntax_error 1:4@3-1:5@4"}},
		// NUL is an ordinary byte in text and strings, and a stray
		// character in markup.
		{"NUL in text", "a\x00b{{ issue.title }}\x00", nil},
		{"NUL in a string", "{{ 'a\x00b' }}", nil},
		{"NUL in markup", "{{ issue\x00.title }}", []string{"syntax_error 1:9@8-1:10@9"}},
		{"NUL after a tag name", "{% if\x00issue %}{% endif %}", []string{"syntax_error 1:6@5-1:7@6"}},
		// A BOM is three bytes of text; columns count them.
		{"BOM", "\ufeff{{ issue.titel }}", []string{"unknown_property 1:7@6-1:18@17"}},
		{"BOM alone", "\ufeff", nil},
		// CRLF: lines end at \n, and \r is the last byte of its line.
		{"CRLF", "a\r\nb\r\n  {{ issue.titel }}\r\n", []string{"unknown_property 3:6@11-3:17@22"}},
		{"CRLF in markup", "{% if\r\nissue.url\r\n%}{{ nope }}{% endif %}", []string{"unknown_variable 3:6@23-3:10@27"}},
		{"CR only", "a\rb\r{{ nope }}", []string{"unknown_variable 1:8@7-1:12@11"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var diags diag.List
			withinBudget(t, hostileBudget, func() {
				_, diags = Check(c.src, "t", diag.Pos{}, Options{Context: schema})
			})
			if got := dsAll(diags); !equalStrings(got, c.want) {
				t.Errorf("got %v, want %v", diags, c.want)
			}
		})
	}
}

func mustLane(t testing.TB) *Schema {
	t.Helper()
	s, err := testLaneContext("symphony")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func hasSummary(l diag.List, sub string) bool {
	for _, d := range l {
		if strings.Contains(d.Summary, sub) {
			return true
		}
	}
	return false
}

func firstN(l diag.List, n int) diag.List {
	if len(l) > n {
		return l[:n]
	}
	return l
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestHostileSourceTooLarge checks the bound that keeps spans' 32-bit
// offsets exact: a larger source is one template_too_large diagnostic, not
// a tree with wrapped positions. The bound is lowered for the test.
func TestHostileSourceTooLarge(t *testing.T) {
	small := ParseOptions{maxSource: 16}
	tpl, diags := Parse("{{ a }} and {{ b }}", "big.md", diag.Pos{}, small)
	if len(diags) != 1 || diags[0].Code != codes.TemplateTooLarge || len(tpl.Body) != 0 {
		t.Fatalf("got %d nodes and %v, want no nodes and one template_too_large", len(tpl.Body), diags)
	}
	if got := diags[0].Subject.String(); !strings.HasPrefix(got, "big.md:1:1") {
		t.Errorf("diagnostic at %s, want big.md:1:1", got)
	}
	if _, diags := Parse("{{ a }} and {{ b", "ok.md", diag.Pos{}, small); len(diags) != 1 || diags[0].Code != codes.UnclosedBlock {
		t.Errorf("a source at the bound is parsed: got %v", diags)
	}
}
