package strict

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// checkCase is one template checked against the symphony lane context
// (issue, attempt). diags lists "code range" as ds formats them, sorted;
// details, when not nil, lists each diagnostic's Detail in the same order.
// Positions were counted by hand.
type checkCase struct {
	name    string
	src     string
	diags   []string
	details []string
}

func runCheckCases(t *testing.T, opts Options, cases []checkCase) {
	t.Helper()
	if opts.Context == nil && !opts.Compat {
		opts.Context = mustLane(t)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := Check(c.src, "t.liquid", diag.Pos{}, opts)
			diags = withoutTruthy(diags, c.diags) // a case of another code: truthy_test.go has truthy_condition's
			if diff := cmp.Diff(c.diags, dsAll(diags), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("Check(%q) (-want +got):\n%s\n%v", c.src, diff, diags)
			}
			if c.details == nil {
				return
			}
			var got []string
			for _, d := range diags {
				got = append(got, d.Detail)
			}
			if diff := cmp.Diff(c.details, got); diff != "" {
				t.Errorf("Check(%q) details (-want +got):\n%s", c.src, diff)
			}
		})
	}
}

func TestCheckVariables(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"misspelt property", "{{ issue.titel }}",
			[]string{"unknown_property 1:4@3-1:15@14"}, []string{`Did you mean "issue.title"?`}},
		{"misspelt variable", "{{ isue.title }}",
			[]string{"unknown_variable 1:4@3-1:14@13"}, []string{`Did you mean "issue"?`}},
		{"unrelated variable", "{{ user.name }}",
			[]string{"unknown_variable 1:4@3-1:13@12"}, []string{`The template's inputs are "issue", "attempt".`}},
		{"local suggested", "{% assign count = 1 %}{{ cont }}",
			[]string{"unknown_variable 1:26@25-1:30@29"}, []string{`Did you mean "count"?`}},
		{"null-able keys", "{% if issue.url %}{{ issue.url }}{% endif %}{{ issue.description }}{{ attempt }}", nil, nil},
		{"size first last", "{{ issue.labels.size }}{{ issue.labels.first }}{{ issue.labels.last | upcase }}{{ issue.title.size }}{{ issue.native_ref.size }}{{ issue.labels.first.size }}", nil, nil},
		{"size of a null-able string", "{{ issue.url.size }}", nil, nil},
		{"indexes", "{{ issue.labels[0] }}{{ issue.labels[-1] }}{{ issue.blocked_by[0].identifier }}{{ issue.blocked_by.first.state }}", nil, nil},
		{"property through an index", "{{ issue.blocked_by[0].identifer }}",
			[]string{"unknown_property 1:4@3-1:33@32"}, []string{`Did you mean "issue.blocked_by[0].identifier"?`}},
		{"property of an array", "{{ issue.labels.foo }}", []string{"unknown_property 1:4@3-1:20@19"}, nil},
		{"property of an integer", "{{ attempt.x }}", []string{"unknown_property 1:4@3-1:13@12"}, nil},
		{"quoted property", "{{ issue['title'] }}{{ issue['titel'] }}",
			[]string{"unknown_property 1:24@23-1:38@37"}, []string{`Did you mean "issue.title"?`}},
		// A key the template binds is checked when it renders; one read
		// from the data may name no property (attempt is a number), a
		// may_fail (issue 35).
		{"dynamic keys", "{% assign k = 'title' %}{{ issue[k] }}{{ issue[attempt] }}{{ issue[k].anything }}", []string{"may_fail 1:42@41-1:56@55"}, nil},
		{"dynamic key is checked", "{{ issue[nope] }}", []string{"unknown_variable 1:10@9-1:14@13"}, nil},
		// Found by FuzzCheck (Check and Analyze disagreed): indexes after
		// an unknown root or property went unchecked.
		{"index after an unknown root", "{{ nope[typo] }}", []string{"unknown_variable 1:4@3-1:14@13", "unknown_variable 1:9@8-1:13@12"}, nil},
		{"index after an unknown property", "{{ issue.titel[idx] }}", []string{"unknown_property 1:4@3-1:15@14", "unknown_variable 1:16@15-1:19@18"}, nil},
		{"open object", "{{ issue.native_ref.provider.deep }}", []string{"undeclared_key 1:4@3-1:29@28"}, nil},
	})
}

func TestCheckSummaries(t *testing.T) {
	ctx := mustLane(t)
	for _, c := range []struct{ src, summary string }{
		{"{{ issue.titel }}", `unknown property "titel" of issue`},
		{"{{ isue }}", `unknown variable "isue"`},
		{"{{ issue.labels.foo }}", `issue.labels is an array and has no property "foo"`},
		{"{{ attempt.x }}", `attempt is an integer and has no property "x"`},
		{"{{ issue.title.x }}", `issue.title is a string and has no property "x"`},
		{"{{ issue.title | upcased }}", `unknown filter "upcased"`},
		{"{{ issue.title | append }}", `filter "append" takes 1 argument, got 0`},
		{"{{ issue.title | slice: 1, 2, 3 }}", `filter "slice" takes 1 to 2 arguments, got 3`},
		{"{{ issue.title | upcase: 1 }}", `filter "upcase" takes no arguments, got 1`},
		{"{{ issue.title | default: 'x', allow_flase: true }}", `filter "default" has no keyword argument "allow_flase"`},
		{"{% break %}", `"break" outside of a for or tablerow loop`},
	} {
		_, diags := Check(c.src, "t", diag.Pos{}, Options{Context: ctx})
		if len(diags) != 1 || diags[0].Summary != c.summary {
			t.Errorf("Check(%q) = %v, want one %q", c.src, diags, c.summary)
		}
	}
}

func TestCheckScopes(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"forloop only inside loops", "{% for l in issue.labels %}{{ forloop.index }}{% endfor %}{{ forloop.index }}{{ l }}",
			[]string{"unknown_variable 1:62@61-1:75@74", "unknown_variable 1:81@80-1:82@81"}, nil},
		{"forloop properties", "{% for l in issue.labels %}{{ forloop.indx }}{% endfor %}",
			[]string{"unknown_property 1:31@30-1:43@42"}, []string{`Did you mean "forloop.index"?`}},
		{"parentloop", "{% for a in issue.labels %}{% for b in issue.labels %}{{ forloop.parentloop.index }}{{ a }}{{ b }}{% endfor %}{% endfor %}", nil, nil},
		{"tablerow has tablerowloop, not forloop", "{% tablerow l in issue.labels %}{{ tablerowloop.col }}{{ forloop.index }}{% endtablerow %}",
			[]string{"unknown_variable 1:58@57-1:71@70"}, nil},
		{"loop over a range", "{% for i in (1..attempt) %}{{ i | plus: 1 }}{% endfor %}", nil, nil},
		{"loop variable ends with the loop", "{% for l in issue.labels %}{% endfor %}{{ l }}", []string{"unknown_variable 1:43@42-1:44@43"}, nil},
		{"else body is outside the loop", "{% for l in issue.labels %}{% else %}{{ l }}{% endfor %}", []string{"unknown_variable 1:41@40-1:42@41"}, nil},
		{"assign binds from the point assigned", "{{ x }}{% assign x = 1 %}{{ x }}", []string{"unknown_variable 1:4@3-1:5@4"}, nil},
		{"assign on one branch binds after the block", "{% if attempt %}{% assign x = 1 %}{% endif %}{{ x }}", []string{"maybe_unbound 1:49@48-1:50@49"}, nil},
		{"assign reads before it binds", "{% assign x = x | plus: 1 %}", []string{"unknown_variable 1:15@14-1:16@15"}, nil},
		{"assign in a loop outlives it", "{% for l in issue.labels %}{% assign last = l %}{% endfor %}{{ last }}", []string{"maybe_unbound 1:64@63-1:68@67"}, nil},
		{"capture binds after its body", "{% capture c %}{{ c }}{% endcapture %}{{ c }}", []string{"unknown_variable 1:19@18-1:20@19"}, nil},
		{"counters", "{% increment n %}{{ n }}{% decrement m %}{{ m }}", nil, nil},
		{"loop variable shadows an input", "{% for issue in issue.blocked_by %}{{ issue.identifier }}{% endfor %}{{ issue.title }}", nil, nil},
	})
}

func TestCheckStaticContract(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		// Shopify would only fail these when the branch runs; shea fails
		// them on every branch.
		{"unknown name under if false", "{% if false %}{{ nope }}{% endif %}", []string{"unknown_variable 1:18@17-1:22@21"}, nil},
		{"unknown property under unless true", "{% unless true %}{{ issue.titel }}{% endunless %}", []string{"unknown_property 1:21@20-1:32@31"}, nil},
		{"loop that never runs", "{% for x in (1..0) %}{{ nope }}{% endfor %}", []string{"unknown_variable 1:25@24-1:29@28"}, nil},
		{"when that never matches", "{% case 1 %}{% when 2 %}{{ nope }}{% endcase %}", []string{"unknown_variable 1:28@27-1:32@31"}, nil},
		{"default does not rescue a typo", "{{ titel | default: 'x' }}{{ issue.titel | default: 'x' }}",
			[]string{"unknown_variable 1:4@3-1:9@8", "unknown_property 1:30@29-1:41@40"}, nil},
		{"bodies that are not checked", "{% raw %}{{ nope }}{% endraw %}{% comment %}{{ nope }}{% endcomment %}{% # {{ nope }} %}{% doc %}{{ nope }}{% enddoc %}", nil, nil},
		{"every expression is checked", "{% cycle nope, 'b' %}{% echo nope2 %}{% if a == b %}{% endif %}",
			[]string{"unknown_variable 1:10@9-1:14@13", "unknown_variable 1:30@29-1:35@34", "unknown_variable 1:44@43-1:45@44", "unknown_variable 1:49@48-1:50@49"}, nil},
		{"loop attributes are checked", "{% for l in issue.labels limit: lim offset: off %}{% endfor %}",
			[]string{"unknown_variable 1:33@32-1:36@35", "unknown_variable 1:45@44-1:48@47"}, nil},
		{"every problem is reported", "{{ a }}{{ b }}{{ issue.c }}",
			[]string{"unknown_variable 1:4@3-1:5@4", "unknown_variable 1:11@10-1:12@11", "unknown_property 1:18@17-1:25@24"}, nil},
		{"break outside a loop", "{% break %}", []string{"unexpected_tag 1:4@3-1:9@8"}, nil},
		{"syntax errors are reported too", "{% if %}{% endif %}{{ nope }}", []string{"syntax_error 1:4@3-1:6@5", "unknown_variable 1:23@22-1:27@26"}, nil},
	})
}

func TestCheckFilters(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"unknown filter", "{{ issue.title | upcased }}", []string{"unknown_filter 1:18@17-1:25@24"}, []string{`Did you mean "upcase"?`}},
		{"too few arguments", "{{ issue.title | append }}", []string{"filter_arguments 1:18@17-1:24@23"}, nil},
		{"too many arguments", "{{ issue.title | append: 'a', 'b' }}", []string{"filter_arguments 1:18@17-1:24@23"}, nil},
		{"optional arguments", "{{ issue.title | truncate }}{{ issue.title | truncate: 5 }}{{ issue.title | truncate: 5, '.' }}{{ issue.title | replace: 'a' }}", nil, nil},
		{"keyword argument", "{{ issue.labels | join: ', ' | default: 'x', allow_false: true }}", nil, nil},
		{"unknown keyword argument", "{{ issue.title | default: 'x', allow_flase: true }}",
			[]string{"filter_arguments 1:32@31-1:49@48"}, []string{`Did you mean "allow_false"?`}},
		{"arguments are checked", "{{ issue.title | append: nope }}", []string{"unknown_variable 1:26@25-1:30@29"}, nil},
		{"json is a shea filter", "{{ issue | json }}", nil, nil},
	})
	runCheckCases(t, Options{Filters: map[string]FilterSig{"shout": {Min: 1, Max: 1}}}, []checkCase{
		{"caller filter", "{{ issue.title | shout: 2 }}", nil, nil},
		{"caller filter arguments", "{{ issue.title | shout }}", []string{"filter_arguments 1:18@17-1:23@22"}, nil},
		{"caller filter suggested", "{{ issue.title | shuot: 1 }}", []string{"unknown_filter 1:18@17-1:23@22"}, []string{`Did you mean "shout"?`}},
	})
}

// TestCheckCompat: compat mode checks only what Shopify itself rejects.
func TestCheckCompat(t *testing.T) {
	runCheckCases(t, Options{Compat: true}, []checkCase{
		{"variables are not checked", "{{ nope.deeper }}{{ issue.titel }}", nil, nil},
		{"unknown filters pass", "{{ x | nosuch }}", nil, nil},
		{"argument counts are checked", "{{ x | append }}", []string{"filter_arguments 1:8@7-1:14@13"}, nil},
		{"break outside a loop is allowed", "{% break %}", nil, nil},
		{"when stops at the first other word", "{% case x %}{% when 1 and 2 %}{% endcase %}", nil, nil},
		{"case reads one expression", "{% case x or y %}{% endcase %}", nil, nil},
		{"include skips words it does not know", "{% include 'p' with a or b, k: 1 junk %}", nil, nil},
		{"regexp tags skip what they do not understand", "{% capture c d %}{% endcapture %}{% cycle 'a' 'b', 'c' d %}{% tablerow x in y foo: 1 junk cols: 2 %}{% endtablerow %}", nil, nil},
		// Found by FuzzParse: a name and a colon with no value is not a
		// "name: value" pair for Shopify, so it is skipped too.
		{"a colon without a value", "{%tablerow A in 00000A A:%}{%endtablerow%}{% render 'p' k: %}", nil, nil},
		{"empty cycle parts", "{%cycle 0A0,%}{% cycle 'a',, 'b' %}", nil, nil},
		{"break continue and ifchanged ignore markup", "{% for x in y %}{% break 0 %}{% continue a b %}{% endfor %}{% ifchanged x %}{% endifchanged %}", nil, nil},
		{"missing partials are left to rendering", "{% include 'nowhere' %}", nil, nil},
		{"syntax is checked", "{{ a or b }}", []string{"syntax_error 1:6@5-1:8@7"}, nil},
	})
}

// TestCheckNoContext: with no context every external name is unknown.
func TestCheckNoContext(t *testing.T) {
	_, diags := Check("{{ issue.title }}", "t", diag.Pos{}, Options{})
	if got := dsAll(diags); len(got) != 1 || got[0] != "unknown_variable 1:4@3-1:15@14" {
		t.Fatalf("got %v", diags)
	}
	if want := "This template has no inputs; bind the name with assign or capture first."; diags[0].Detail != want {
		t.Errorf("detail %q, want %q", diags[0].Detail, want)
	}
}

// TestCheckRegistryExamples checks the example of every code that `shea
// explain` shows with `shea check`, and expects exactly that code. (The
// command's own tests run every example, of every code, end to end.)
func TestCheckRegistryExamples(t *testing.T) {
	ctx := mustLane(t)
	for _, info := range codes.All() {
		if !strings.HasPrefix(info.Command, "shea check ") {
			continue
		}
		files := map[string]string{}
		for _, f := range txtar.Parse([]byte(info.Example)).Files {
			files[f.Name] = string(f.Data)
		}
		args := strings.Fields(info.Command)
		main := args[len(args)-1] // after any flag, such as --profile symphony
		_, diags := Check(files[main], main, diag.Pos{}, Options{Context: ctx, Partials: examplePartials(files)})
		if len(diags) == 0 {
			t.Errorf("%s: example gives no diagnostic", info.Code)
		}
		for _, d := range diags {
			if d.Code != info.Code {
				t.Errorf("%s: example gives %v", info.Code, d)
			}
		}
	}
}

// examplePartials serves an example's files as partials (name.md).
type examplePartials map[string]string

func (p examplePartials) Partial(name string) (string, string, error) {
	if s, ok := p[name+".md"]; ok {
		return s, name + ".md", nil
	}
	return "", "", fs.ErrNotExist
}

// TestCheckEmbedded: a template embedded in a larger file reports
// positions in that file.
func TestCheckEmbedded(t *testing.T) {
	start := diag.Pos{Line: 5, Column: 1, Byte: 40}
	_, diags := Check("Work on\n{{ issue.titel }}", "WORKFLOW.md", start, Options{Context: mustLane(t)})
	if got := dsAll(diags); len(got) != 1 || got[0] != "unknown_property 6:4@51-6:15@62" {
		t.Fatalf("got %v", got)
	}
	if diags[0].Subject.Filename != "WORKFLOW.md" {
		t.Errorf("filename %q", diags[0].Subject.Filename)
	}
}
