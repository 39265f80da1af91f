package strict

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sheaproject/shea/diag"
)

// parseCase is one template: the AST it parses to, as dump prints it, and
// its diagnostics as "code line:col@byte-line:col@byte", sorted by
// position. Every position below was counted by hand from the source.
type parseCase struct {
	name  string
	src   string
	ast   string
	diags []string
}

func runParseCases(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tpl, diags := Parse(c.src, "t.liquid", diag.Pos{}, ParseOptions{})
			diags.Sort()
			if got := dump(tpl.Body); got != c.ast {
				t.Errorf("Parse(%q) AST:\n got %s\nwant %s", c.src, got, c.ast)
			}
			if diff := cmp.Diff(c.diags, dsAll(diags), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q) diagnostics (-want +got):\n%s\n%v", c.src, diff, diags)
			}
		})
	}
}

func TestParseAssign(t *testing.T) {
	runParseCases(t, []parseCase{
		{"filters", "{% assign x = issue.title | upcase %}", "assign x = issue.title | upcase", nil},
		{"hyphen and digits", "{% assign x-y_2 = 'v' %}", `assign x-y_2 = "v"`, nil},
		{"no spaces", "{%assign x=1%}", "assign x = 1", nil},
		{"no equals", "{% assign x %}", "", []string{"syntax_error 1:12@11-1:13@12"}},
		{"no name", "{% assign = 1 %}", "", []string{"syntax_error 1:11@10-1:12@11"}},
		{"no value", "{% assign x = %}", "", []string{"syntax_error 1:13@12-1:14@13"}},
		{"two values", "{% assign x = 1 2 %}", "", []string{"syntax_error 1:17@16-1:18@17"}},
		// Shopify's lax regexp would bind a variable literally named
		// "x.y"; shea rejects the dotted target.
		{"dotted target", "{% assign x.y = 1 %}", "", []string{"syntax_error 1:12@11-1:13@12"}},
	})
}

func TestParseCapture(t *testing.T) {
	runParseCases(t, []parseCase{
		{"body", "{% capture c %}a{{ b }}{% endcapture %}", `capture c ["a" {{b}}]`, nil},
		{"quoted name", "{% capture 'c' %}{% endcapture %}", "capture c []", nil},
		{"no name", "{% capture %}{% endcapture %}", "capture  []", []string{"syntax_error 1:4@3-1:11@10"}},
		{"extra word", "{% capture c d %}{% endcapture %}", "capture c []", []string{"syntax_error 1:14@13-1:15@14"}},
		{"unclosed", "{% capture c %}x", `capture c ["x"]`, []string{"unclosed_block 1:4@3-1:11@10"}},
		// Found by FuzzOsteeleDifferential: one problem used to give two
		// diagnostics.
		{"not a name", "{%capture !%}{%endcapture%}", "capture  []", []string{"syntax_error 1:3@2-1:10@9"}},
		{"unterminated quoted name", "{% capture 'c %}{% endcapture %}", "capture  []", []string{"syntax_error 1:12@11-1:14@13"}},
	})
}

func TestParseCase(t *testing.T) {
	runParseCases(t, []parseCase{
		{"when else", `{% case x %}{% when 1, 2 or "a" %}one{% when y %}y{% else %}other{% endcase %}`,
			`case x when 1, 2, "a" ["one"] when y ["y"] else ["other"]`, nil},
		{"text before when is dropped", "{% case x %} junk {% when 1 %}{% endcase %}", "case x when 1 []", nil},
		{"no subject", "{% case %}{% endcase %}", "case nil", []string{"syntax_error 1:4@3-1:8@7"}},
		{"empty when", "{% case x %}{% when %}{% endcase %}", "case x when []", []string{"syntax_error 1:16@15-1:20@19"}},
		{"junk after the subject", "{% case 0 or 0 %}{% endcase %}", "case 0", []string{"syntax_error 1:11@10-1:13@12"}},
		{"and in when", "{% case x %}{% when 1 and 2 %}{% endcase %}", "case x when 1 []", []string{"syntax_error 1:23@22-1:26@25"}},
		{"when outside case", "{% when 1 %}", "", []string{"unexpected_tag 1:4@3-1:8@7"}},
		{"unclosed", "{% case x %}{% when 1 %}", "case x when 1 []", []string{"unclosed_block 1:4@3-1:8@7"}},
	})
}

func TestParseComment(t *testing.T) {
	runParseCases(t, []parseCase{
		{"body is not parsed", "a{% comment %}{{ x }}{% if %}{% endcomment %}b", `"a" comment(comment) "b"`, nil},
		{"nested", "{% comment %}{% comment %}{% endcomment %}{% endcomment %}", "comment(comment)", nil},
		{"raw inside", "{% comment %}{% raw %}{% endcomment %}{% endraw %}{% endcomment %}", "comment(comment)", nil},
		{"unclosed", "{% comment %}x", "comment(comment)", []string{"unclosed_block 1:4@3-1:11@10"}},
		{"unclosed nested", "{% comment %}{% comment %}{% endcomment %}", "comment(comment)", []string{"unclosed_block 1:4@3-1:11@10"}},
	})
}

func TestParseCycleIncrementEcho(t *testing.T) {
	runParseCases(t, []parseCase{
		{"cycle", "{% cycle 'a', 'b' %}", `cycle "a", "b"`, nil},
		{"cycle group", "{% cycle 'g': 1, 2 %}", `cycle "g": 1, 2`, nil},
		{"cycle empty", "{% cycle %}", "", []string{"syntax_error 1:4@3-1:9@8"}},
		{"cycle missing comma", "{% cycle 'a' 'b' %}", `cycle "a"`, []string{"syntax_error 1:14@13-1:17@16"}},
		{"counters", "{% increment n %}{% decrement n %}", "increment n decrement n", nil},
		{"increment without name", "{% increment %}", "", []string{"syntax_error 1:4@3-1:13@12"}},
		{"echo", "{% echo issue.title | upcase %}", "echo issue.title | upcase", nil},
		{"bare echo", "{% echo %}", "echo", nil},
	})
}

func TestParseFor(t *testing.T) {
	runParseCases(t, []parseCase{
		{"simple", "{% for x in issue.labels %}{{ x }}{% endfor %}", "for x in issue.labels [{{x}}]", nil},
		{"attributes", "{% for x in (1..5) reversed limit: 2 offset: 1 %}{% endfor %}", "for x in (1..5) reversed limit:2 offset:1 []", nil},
		{"offset continue", "{% for x in (a..b) limit:2, offset:continue %}{% endfor %}", "for x in (a..b) limit:2 offset:continue []", nil},
		{"else", "{% for x in y %}a{% else %}none{% endfor %}", `for x in y ["a"] else ["none"]`, nil},
		{"break continue", "{% for x in y %}{% break %}{% continue %}{% endfor %}", "for x in y [break continue]", nil},
		{"no header", "{% for %}{% endfor %}", "", []string{"syntax_error 1:8@7-1:9@8"}},
		{"no in", "{% for x %}{% endfor %}", "", []string{"syntax_error 1:9@8-1:10@9"}},
		{"no collection", "{% for x in %}{% endfor %}", "for x in nil []", []string{"syntax_error 1:12@11-1:13@12"}},
		{"in misspelt", "{% for x y %}{% endfor %}", "", []string{"syntax_error 1:10@9-1:11@10"}},
		{"unknown attribute", "{% for x in y foo: 1 %}{% endfor %}", "for x in y []", []string{"syntax_error 1:15@14-1:18@17"}},
		{"limit without colon", "{% for x in y limit %}{% endfor %}", "for x in y []", []string{"syntax_error 1:20@19-1:21@20"}},
		// Shopify's strict parser takes reversed only right after the
		// collection.
		{"reversed after limit", "{% for x in y limit: 2 reversed %}{% endfor %}", "for x in y limit:2 []", []string{"syntax_error 1:24@23-1:32@31"}},
		{"unclosed", "{% for x in y %}", "for x in y []", []string{"unclosed_block 1:4@3-1:7@6"}},
		{"two elses", "{% for x in y %}{% else %}{% else %}{% endfor %}", "for x in y [] else []", []string{"unexpected_tag 1:30@29-1:34@33"}},
		{"break with argument", "{% break x %}", "break", []string{"syntax_error 1:10@9-1:11@10"}},
	})
}

func TestParseIf(t *testing.T) {
	runParseCases(t, []parseCase{
		{"clauses", "{% if a %}1{% elsif b %}2{% else %}3{% endif %}", `if a ["1"] elsif b ["2"] else ["3"]`, nil},
		{"and binds to the right", `{% if a == 1 and b != 2 or c contains "x" %}{% endif %}`,
			`if ((a == 1) and ((b != 2) or (c contains "x"))) []`, nil},
		{"every operator", "{% if a <> b or c >= 1 and d <= 2 or e > 3 and f < 4 %}{% endif %}",
			"if ((a <> b) or ((c >= 1) and ((d <= 2) or ((e > 3) and (f < 4))))) []", nil},
		{"no condition", "{% if %}{% endif %}", "if nil []", []string{"syntax_error 1:4@3-1:6@5"}},
		{"dangling or", "{% if a or %}{% endif %}", "if (a or nil) []", []string{"syntax_error 1:11@10-1:12@11"}},
		{"parentheses are for ranges only", "{% if (a) %}{% endif %}", "if a []", []string{"syntax_error 1:9@8-1:10@9"}},
		{"elsif outside", "{% elsif x %}", "", []string{"unexpected_tag 1:4@3-1:9@8"}},
		{"else outside", "{% else %}", "", []string{"unexpected_tag 1:4@3-1:8@7"}},
		{"else in capture", "{% capture c %}{% else %}{% endcapture %}", "capture c []", []string{"unexpected_tag 1:19@18-1:23@22"}},
		{"wrong end tag", "{% if x %}{% endunless %}", "if x []", []string{"unclosed_block 1:4@3-1:6@5", "unexpected_tag 1:14@13-1:23@22"}},
		{"stray end tag", "{% if x %}{% endif %}{% endif %}", "if x []", []string{"unexpected_tag 1:25@24-1:30@29"}},
		{"unless", "{% unless a %}x{% else %}y{% endunless %}", `unless a ["x"] else ["y"]`, nil},
		{"unless elsif", "{% unless a %}{% elsif b %}{% endunless %}", "unless a [] elsif b []", nil},
		{"ifchanged", "{% ifchanged %}a{% endifchanged %}", `ifchanged ["a"]`, nil},
		{"ifchanged argument", "{% ifchanged x %}{% endifchanged %}", "ifchanged []", []string{"syntax_error 1:14@13-1:15@14"}},
	})
}

func TestParseInclude(t *testing.T) {
	runParseCases(t, []parseCase{
		{"include", "{% include 'p' %}", `include "p"`, nil},
		{"with alias args", "{% include 'p' with issue as i, a: 1, b: 'x' %}", `include "p" with issue as i a:1 b:"x"`, nil},
		{"render for", "{% render 'p' for issue.labels as l %}", `render "p" for issue.labels as l`, nil},
		{"commas optional", "{% render 'p', a: 1 b: c %}", `render "p" a:1 b:c`, nil},
		// Found by FuzzOsteeleDifferential: with, for and as before a
		// colon are keyword arguments, as in Liquid.
		{"keyword arguments named with for as", "{% render 'p' with: 1, for: 2, as: 3 %}{% render ''with:00%}", `render "p" with:1 for:2 as:3 render "" with:0`, nil},
		{"include variable name", "{% include p %}", "include p", nil},
		{"render variable name", "{% render p %}", "", []string{"syntax_error 1:11@10-1:12@11"}},
		{"no name", "{% include %}", "", []string{"syntax_error 1:4@3-1:11@10"}},
		{"positional argument", "{% render 'p' x %}", "", []string{"syntax_error 1:15@14-1:16@15"}},
		{"as without name", "{% include 'p' as %}", "", []string{"syntax_error 1:18@17-1:19@18"}},
	})
}

func TestParseLiquidTag(t *testing.T) {
	runParseCases(t, []parseCase{
		{"lines", "{% liquid\n  assign x = 1\n  if x > 0\n    echo x\n  endif\n  # note\n%}",
			"assign x = 1 if (x > 0) [echo x] comment(#)", nil},
		{"line without a tag name", "{% liquid\n  = x\n%}", "", []string{"syntax_error 2:3@12-2:6@15"}},
		{"unclosed block", "{% liquid if x %}", "if x []", []string{"unclosed_block 1:11@10-1:13@12"}},
		{"comment lines", "{% liquid\ncomment\nanything {{ here\nendcomment\n%}", "comment(comment)", nil},
		{"stray end tag", "{% liquid endif %}", "", []string{"unexpected_tag 1:11@10-1:16@15"}},
		{"empty", "{% liquid %}", "", nil},
		{"block spanning text is not allowed", "{% liquid if x %}a{% endif %}", `if x [] "a"`,
			[]string{"unclosed_block 1:11@10-1:13@12", "unexpected_tag 1:22@21-1:27@26"}},
	})
}

func TestParseRawDocInline(t *testing.T) {
	runParseCases(t, []parseCase{
		{"raw", "{% raw %}{{ x }}{% if %}{% endraw %}", `raw "{{ x }}{% if %}"`, nil},
		{"raw argument", "{% raw x %}{% endraw %}", `raw ""`, []string{"syntax_error 1:8@7-1:9@8"}},
		{"raw unclosed", "{% raw %}x", `raw ""`, []string{"unclosed_block 1:4@3-1:7@6"}},
		{"endraw with markup", "{% raw %}a{% endraw x %}b", `raw "a" "b"`, nil},
		{"longer word is not endraw", "{% raw %}{% endrawx %}{% endraw %}", `raw "{% endrawx %}"`, nil},
		{"doc", "{% doc %}@param x{% enddoc %}", "comment(doc)", nil},
		{"doc argument", "{% doc x %}{% enddoc %}", "comment(doc)", []string{"syntax_error 1:8@7-1:9@8"}},
		{"nested doc", "{% doc %}{% doc %}{% enddoc %}", "comment(doc)", []string{"syntax_error 1:10@9-1:19@18"}},
		{"doc unclosed", "{% doc %}x", "comment(doc)", []string{"unclosed_block 1:4@3-1:7@6"}},
		{"inline comment", "{% # note %}", "comment(#)", nil},
		{"inline comment without space", "{%# note %}", "comment(#)", nil},
		{"inline comment lines", "{% # a\n # b\n %}", "comment(#)", nil},
		{"inline comment line without #", "{% # a\n b %}", "comment(#)", []string{"syntax_error 2:2@8-2:3@9"}},
	})
}

func TestParseTablerow(t *testing.T) {
	runParseCases(t, []parseCase{
		{"attributes", "{% tablerow x in issue.labels cols: 2 limit: 3 offset: 1 %}{{ tablerowloop.col }}{% endtablerow %}",
			"tablerow x in issue.labels cols:2 limit:3 offset:1 [{{tablerowloop.col}}]", nil},
		{"unknown attribute", "{% tablerow x in y foo: 1 %}{% endtablerow %}", "tablerow x in y []", []string{"syntax_error 1:20@19-1:23@22"}},
		{"unclosed", "{% tablerow x in y %}", "tablerow x in y []", []string{"unclosed_block 1:4@3-1:12@11"}},
	})
}

func TestParseWhitespaceControl(t *testing.T) {
	runParseCases(t, []parseCase{
		{"output both sides", "a  {{- 'x' -}}  b", `"a" {{"x"}} "b"`, nil},
		{"output left", "[ {{- x }} ]", `"[" {{x}} " ]"`, nil},
		{"output right", "[ {{ x -}} ]", `"[ " {{x}} "]"`, nil},
		{"tag across lines", "a \n {%- assign x = 1 -%} \n b", `"a" assign x = 1 "b"`, nil},
		{"if else endif", "a {% if x -%}  b  {%- else -%}  c  {%- endif %} d", `"a " if x ["b"] else ["c"] " d"`, nil},
		{"end tag trims both ways", "{% if x %} a {%- endif -%} b", `if x [" a"] "b"`, nil},
		{"for else", "{%- for x in y -%} a {%- else -%} b {%- endfor -%}", `for x in y ["a"] else ["b"]`, nil},
		{"case when", "{% case x -%} {% when 1 -%} a {%- endcase %}", `case x when 1 ["a"]`, nil},
		{"capture", "{% capture c -%} a {%- endcapture %}", `capture c ["a"]`, nil},
		// The body of raw keeps its whitespace; the dashes trim outside.
		{"raw", "[ {%- raw -%}  x  {%- endraw -%} ]", `"[" raw "  x  " "]"`, nil},
		{"comment", "[ {%- comment -%} x {%- endcomment -%} ]", `"[" comment(comment) "]"`, nil},
		{"liquid", "[ {%- liquid assign x = 1 -%} ]", `"[" assign x = 1 "]"`, nil},
		{"inline comment", "[ {%- # note -%} ]", `"[" comment(#) "]"`, nil},
		{"every ASCII space", "[\t\r\n\v\f {{- x -}} \t\r\n\v\f]", `"[" {{x}} "]"`, nil},
		{"no-break space is not trimmed", "{{ x -}}\u00a0y", `{{x}} "\u00a0y"`, nil},
		{"trims only the next text", "{{ x -}}{{ y }} z", `{{x}} {{y}} " z"`, nil},
	})
}

func TestParseLiterals(t *testing.T) {
	runParseCases(t, []parseCase{
		{"range", "{{ (1..5) }}", "{{(1..5)}}", nil},
		{"range of paths", "{{ (a.b..c[0]) }}", "{{(a.b..c[0])}}", nil},
		{"keywords", "{{ nil }}{{ null }}{{ true }}{{ false }}{{ blank }}{{ empty }}",
			"{{nil}} {{nil}} {{true}} {{false}} {{blank}} {{empty}}", nil},
		{"numbers", "{{ 1 }}{{ -1 }}{{ 1.5 }}{{ -0.25 }}{{ 99999999999999999999 }}",
			"{{1}} {{-1}} {{1.5f}} {{-0.25f}} {{99999999999999999999}}", nil},
		{"strings", `{{ 'single' }}{{ "double" }}{{ '' }}`, `{{"single"}} {{"double"}} {{""}}`, nil},
		// Liquid has no escape sequences: a backslash is an ordinary
		// character, and a string ends at the next matching quote.
		{"backslash before the closing quote", `{{ 'a\' }}`, `{{"a\\"}}`, nil},
		{"backslash n", `{{ "a\nb" }}`, `{{"a\\nb"}}`, nil},
		{"backslash does not escape a quote", `{{ "a\"b" }}`, `{{"a\\"}}`, []string{"syntax_error 1:9@8-1:10@9"}},
		{"doubled quote is two strings", `{{ 'it''s' }}`, `{{"it"}}`, []string{"syntax_error 1:8@7-1:11@10"}},
		{"keyword with a property is a path", "{{ nil.foo }}", "{{nil.foo}}", nil},
		{"bracketed root", "{{ ['a b'].c }}", "{{a b.c}}", nil},
		{"lookups", "{{ a['b'][0][-1][c.d].size }}", `{{a["b"][0][-1][c.d].size}}`, nil},
		{"question mark and hyphen in names", "{{ a? }}{{ a-b }}", "{{a?}} {{a-b}}", nil},
		{"two dots in a number", "{{ 1.5.3 }}", "{{1.5f}}", []string{"syntax_error 1:7@6-1:8@7"}},
		{"number after a dot", "{{ a.1 }}", "{{a}}", []string{"syntax_error 1:6@5-1:7@6"}},
		{"lone dash", "{{ - }}", "{{nil}}", []string{"syntax_error 1:4@3-1:5@4"}},
		{"range without end", "{{ (1..) }}", "{{(1..nil)}}", []string{"syntax_error 1:8@7-1:9@8"}},
		{"empty output", "{{ }}{{}}", "{{}} {{}}", nil},
	})
}

func TestParseFilters(t *testing.T) {
	runParseCases(t, []parseCase{
		{"no arguments", "{{ x | f }}", "{{x | f}}", nil},
		{"one argument", "{{ x | f: 1 }}", "{{x | f: 1}}", nil},
		{"chain with keywords", "{{ x | f: 1, 'two' | g: a: 1, b: c.d }}", `{{x | f: 1, "two" | g: a: 1, b: c.d}}`, nil},
		{"positional then keyword", "{{ x | f: 1, k: 'v' }}", `{{x | f: 1, k: "v"}}`, nil},
		{"missing name", "{{ x | }}", "{{x}}", []string{"syntax_error 1:8@7-1:9@8"}},
		{"missing argument", "{{ x | f: }}", "{{x | f: nil}}", []string{"syntax_error 1:11@10-1:12@11"}},
		{"trailing comma", "{{ x | f: 1, }}", "{{x | f: 1, nil}}", []string{"syntax_error 1:14@13-1:15@14"}},
		{"number as name", "{{ x | 1 }}", "{{x}}", []string{"syntax_error 1:8@7-1:9@8"}},
		{"no value", "{{ | f }}", "{{nil}}", []string{"syntax_error 1:4@3-1:5@4"}},
	})
}

func TestParseBadSyntax(t *testing.T) {
	runParseCases(t, []parseCase{
		{"or in output", `{{ a or "b" }}`, "{{a}}", []string{"syntax_error 1:6@5-1:8@7"}},
		{"comparison in output", "{{ a == b }}", "{{a}}", []string{"syntax_error 1:6@5-1:8@7"}},
		{"two values", "{{ a b }}", "{{a}}", []string{"syntax_error 1:6@5-1:7@6"}},
		{"dot without name", "{{ a. }}", "{{a}}", []string{"syntax_error 1:7@6-1:8@7"}},
		{"open bracket", "{{ a[ }}", "{{a[nil]}}", []string{"syntax_error 1:7@6-1:8@7"}},
		{"unclosed bracket", "{{ a[1 }}", "{{a[1]}}", []string{"syntax_error 1:8@7-1:9@8"}},
		{"unterminated string", "{{ 'x }}", "{{}}", []string{"syntax_error 1:4@3-1:5@4"}},
		{"single equals", "{{ a = b }}", "{{a}}", []string{"syntax_error 1:6@5-1:7@6"}},
		{"at sign", "{{ @ }}", "{{}}", []string{"syntax_error 1:4@3-1:5@4"}},
		{"bang", "{{ a ! }}", "{{a}}", []string{"syntax_error 1:6@5-1:7@6"}},
		{"unterminated output", "{{ x", "", []string{"unclosed_block 1:1@0-1:3@2"}},
		{"unterminated tag", "{% x", "", []string{"unclosed_block 1:1@0-1:3@2"}},
		{"output ends in one brace", "{{ x }", "", []string{"unclosed_block 1:1@0-1:3@2"}},
		{"lone brace ends an output", "{{ x } y }}", `" y }}"`, []string{"unclosed_block 1:1@0-1:3@2"}},
		{"tag inside an output", "{{ x {% if y %}", "", []string{"unclosed_block 1:1@0-1:3@2"}},
		{"unclosed tag inside an output", "{{ a['{%00'] }}", "", []string{"unclosed_block 1:1@0-1:3@2"}},
		{"unterminated output on line 2", "a\n{{ x", `"a\n"`, []string{"unclosed_block 2:1@2-2:3@4"}},
		{"endif missing its closer", "{% if x %}b{% endif\nc {% if y %}{% endif %}", `if x ["b"] "\nc " if y []`, []string{"unclosed_block 1:12@11-1:14@13"}},
		{"output missing its closer", "{{ x \nb {{ y }}", `{{x}} "\nb " {{y}}`, []string{"unclosed_block 1:1@0-1:3@2"}},
		{"quoted delimiters are not a missing closer", "{% assign a = \"\n{{\" %}", `assign a = "\n{{"`, nil},
		{"percent brace", "{%}", "", []string{"unclosed_block 1:1@0-1:3@2"}},
		{"tag without name", "{% %}", "", []string{"syntax_error 1:1@0-1:6@5"}},
		{"unknown tag", "{% iff x %}", "", []string{"unknown_tag 1:4@3-1:7@6"}},
		{"unknown end tag", "{% endfoo %}", "", []string{"unknown_tag 1:4@3-1:10@9"}},
		{"end tag of another block", "{% for x in y %}{% endif %}{% endfor %}", "for x in y []", []string{"unexpected_tag 1:20@19-1:25@24"}},
	})
}

// TestParseDiagnosticText pins the summary and detail of the diagnostics
// whose wording carries information: suggestions and the block to close.
func TestParseDiagnosticText(t *testing.T) {
	for _, c := range []struct {
		src, summary, detail string
	}{
		{"{% iff x %}", `unknown tag "iff"`, `Did you mean "if"?`},
		{"{% endfoo %}", `unknown tag "endfoo"`, `Did you mean "endfor"?`},
		{"{% for x in y %}{% endif %}{% endfor %}", `"endif" does not close the open "for" block`, `Close "for" with {% endfor %} first.`},
		{"{% endif %}", `"endif" has no open "if" block to close`, ""},
		{"{% else %}", `"else" outside of a block that accepts it`, ""},
		{"{% if x %}", `"if" block is never closed`, "Add {% endif %} where the block should end."},
		{"{{ x", "output is not closed with }}", ""},
		{"{{ x {% if y %}", "output is not closed with }} before the next tag", ""},
		{"{{ a['{%00'] }}", "output is not closed with }} before the next tag", ""},
		{"{% x", "tag is not closed with %}", ""},
		{`{{ a or "b" }}`, `unexpected "or"`, ""},
		{"{% capture c d %}{% endcapture %}", `unexpected "d" after the capture variable`, ""},
		{"{% for x in y foo: 1 %}{% endfor %}", `unknown for-loop attribute "foo"`, ""},
		{"{% if\x00x %}{% endif %}", `unexpected character '\x00'`, ""},
		// A tag or output missing its closer on one line, whose token runs
		// on to a later line's closer, is reported once, at its opening
		// delimiter; the tags it swallowed are read again.
		{"{% if x %}\nb\n{% endif\nc\n{% if y %}e{% endif %}\n", "tag is not closed with %}",
			`Close it with %} at the end of its line: without it, the tag runs on to the next %}, past the "{%" of a later line.`},
		{"a {{ x \nb\nc {{ y }}\n", "output is not closed with }}",
			`Close it with }} at the end of its line: without it, the output runs on to the next }}, past the "{{" of a later line.`},
		{"{% for i in (1..3) %\nx {{ i }}\n{% endfor %}", "tag is not closed with %}",
			`Close it with %} at the end of its line: without it, the tag runs on to the next %}, past the "{{" of a later line.`},
		{"{{ x \n{% if y %}z{% endif %}", "output is not closed with }}",
			`Close it with }} at the end of its line: without it, the output runs on to the next }}, past the "{%" of a later line.`},
	} {
		_, diags := Parse(c.src, "t", diag.Pos{}, ParseOptions{})
		if len(diags) != 1 {
			t.Errorf("Parse(%q): %d diagnostics, want 1: %v", c.src, len(diags), diags)
			continue
		}
		if diags[0].Summary != c.summary || diags[0].Detail != c.detail {
			t.Errorf("Parse(%q):\n got %q / %q\nwant %q / %q", c.src, diags[0].Summary, diags[0].Detail, c.summary, c.detail)
		}
	}
}

// TestParseRanges lists every range in a few templates, in visiting order.
func TestParseRanges(t *testing.T) {
	for _, c := range []struct {
		name  string
		src   string
		start diag.Pos
		want  []string
	}{
		{"output with filter arguments", "{{ issue.title | truncate: 10, k: 'x' }}", diag.Pos{}, []string{
			"*strict.Output 1:1@0-1:41@40",
			"pipeline 1:4@3-1:38@37",
			"*strict.Path 1:4@3-1:15@14",
			"path root 1:4@3-1:9@8",
			"segment 1:9@8-1:15@14",
			"filter truncate 1:18@17-1:38@37",
			"filter name truncate 1:18@17-1:26@25",
			"arg 1:28@27-1:30@29",
			"*strict.Literal 1:28@27-1:30@29",
			"arg 1:32@31-1:38@37",
			"*strict.Literal 1:35@34-1:38@37",
		}},
		{"embedded at line 10 column 5", "a\n{% if x == 1 %}\n{{ y }}{% endif %}", diag.Pos{Line: 10, Column: 5, Byte: 100}, []string{
			"*strict.Text 10:5@100-11:1@102",
			"*strict.If 11:1@102-11:16@117",
			"tag name if 11:4@105-11:6@107",
			"clause if 11:1@102-11:16@117",
			"tag name if 11:4@105-11:6@107",
			"*strict.Compare 11:7@108-11:13@114",
			"*strict.Path 11:7@108-11:8@109",
			"path root 11:7@108-11:8@109",
			"operator 11:9@110-11:11@112",
			"*strict.Literal 11:12@113-11:13@114",
			"*strict.Text 11:16@117-12:1@118",
			"*strict.Output 12:1@118-12:8@125",
			"pipeline 12:4@121-12:5@122",
			"*strict.Path 12:4@121-12:5@122",
			"path root 12:4@121-12:5@122",
		}},
		{"liquid tag with CRLF", "{% liquid\r\n  assign x = 1\r\n  echo x\r\n%}", diag.Pos{}, []string{
			"*strict.Assign 2:3@13-2:15@25",
			"tag name assign 2:3@13-2:9@19",
			"assign target 2:10@20-2:11@21",
			"pipeline 2:14@24-2:15@25",
			"*strict.Literal 2:14@24-2:15@25",
			"*strict.Echo 3:3@29-3:9@35",
			"tag name echo 3:3@29-3:7@33",
			"pipeline 3:8@34-3:9@35",
			"*strict.Path 3:8@34-3:9@35",
			"path root 3:8@34-3:9@35",
		}},
		{"render", "{% render 'p' with a as b, k: 1 %}", diag.Pos{}, []string{
			"*strict.Include 1:1@0-1:35@34",
			"tag name render 1:4@3-1:10@9",
			"*strict.Literal 1:11@10-1:14@13",
			"*strict.Path 1:20@19-1:21@20",
			"path root 1:20@19-1:21@20",
			"alias 1:25@24-1:26@25",
			"arg 1:28@27-1:32@31",
			"*strict.Literal 1:31@30-1:32@31",
		}},
		{"for header", "{% for x in (1..n) reversed limit: 2 %}{% endfor %}", diag.Pos{}, []string{
			"*strict.For 1:1@0-1:40@39",
			"tag name for 1:4@3-1:7@6",
			"for var 1:8@7-1:9@8",
			"*strict.RangeLit 1:13@12-1:19@18",
			"*strict.Literal 1:14@13-1:15@14",
			"*strict.Path 1:17@16-1:18@17",
			"path root 1:17@16-1:18@17",
			"*strict.Literal 1:36@35-1:37@36",
		}},
		{"and/or chain", "{% if a and b or c %}{% endif %}", diag.Pos{}, []string{
			"*strict.If 1:1@0-1:22@21",
			"tag name if 1:4@3-1:6@5",
			"clause if 1:1@0-1:22@21",
			"tag name if 1:4@3-1:6@5",
			"*strict.Logical 1:7@6-1:19@18",
			"*strict.Path 1:7@6-1:8@7",
			"path root 1:7@6-1:8@7",
			"*strict.Logical 1:13@12-1:19@18",
			"*strict.Path 1:13@12-1:14@13",
			"path root 1:13@12-1:14@13",
			"*strict.Path 1:18@17-1:19@18",
			"path root 1:18@17-1:19@18",
		}},
		{"increment counter", "{% increment n %}", diag.Pos{}, []string{
			"*strict.Increment 1:1@0-1:18@17",
			"tag name increment 1:4@3-1:13@12",
			"counter 1:14@13-1:15@14",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tpl, diags := Parse(c.src, "t", c.start, ParseOptions{})
			if len(diags) != 0 {
				t.Fatalf("unexpected diagnostics: %v", diags)
			}
			var got []string
			visit(tpl.Body, func(what string, r, _ diag.Range) { got = append(got, what+" "+rs(r)) })
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("ranges (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseTemplateFields checks what Parse records about the source.
func TestParseTemplateFields(t *testing.T) {
	tpl, _ := Parse("x", "a/b.liquid", diag.Pos{}, ParseOptions{})
	want := &Template{Filename: "a/b.liquid", Source: "x", Start: diag.StartPos}
	if tpl.Filename != want.Filename || tpl.Source != want.Source || tpl.Start != want.Start {
		t.Errorf("got %q %q %+v, want %q %q %+v", tpl.Filename, tpl.Source, tpl.Start, want.Filename, want.Source, want.Start)
	}
	start := diag.Pos{Line: 4, Column: 1, Byte: 30}
	if tpl, _ := Parse("x", "f", start, ParseOptions{}); tpl.Start != start {
		t.Errorf("Start = %+v, want %+v", tpl.Start, start)
	}
}

// TestParseConcurrentlyWithPooledParsers parses and checks templates from
// many goroutines at once and compares every result with one computed
// alone: parsers are pooled between parses (see parsers), and nothing of
// one parse may leak into another. Run it with -race.
func TestParseConcurrentlyWithPooledParsers(t *testing.T) {
	lane := mustLane(t)
	srcs := []string{
		promptTemplate(3, false),
		promptTemplate(2, true),
		"{% liquid\n  assign a = 1\n  if a > 0\n    echo a | plus: 1\n  endif\n%}{{ a }}",
		"{% if x %}{% for i in (1..3) %}{{ i }}{% endfor %}{% endif %} {{ nope.x | upcased }}",
		"{{ unclosed",
		"{% for x in issue.labels %}{% break %}{% endfor %}{% raw %}{{ kept }}{% endraw %}",
	}
	describe := func(src string) string {
		tpl, diags := Check(src, "t.md", diag.Pos{}, Options{Context: lane, Partials: promptPartials})
		var b strings.Builder
		visit(tpl.Template.Body, func(what string, r, _ diag.Range) { fmt.Fprintf(&b, "%s %s\n", what, rs(r)) })
		for _, d := range diags {
			fmt.Fprintf(&b, "%s\n", d)
		}
		return b.String()
	}
	want := make([]string, len(srcs))
	for i, src := range srcs {
		want[i] = describe(src)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := 0; n < 40; n++ {
				i := (g + n) % len(srcs)
				if got := describe(srcs[i]); got != want[i] {
					select {
					case errs <- fmt.Sprintf("template %d parsed concurrently:\n%s\nwant:\n%s", i, got, want[i]):
					default:
					}
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
