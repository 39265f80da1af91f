package strict

import (
	"regexp"
	"strings"
	"testing"

	"github.com/osteele/liquid"
	osteeleparser "github.com/osteele/liquid/parser"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/golden"
)

// FuzzOsteeleDifferential checks shea's parser against
// github.com/osteele/liquid v1.9.2, the engine most Go agent runners render
// prompts with (shea's own render path does not use it): any template
// osteele parses, Parse parses too, without a syntax diagnostic. The
// converse (shea accepts {% liquid %}, elsif inside unless, … which osteele
// rejects) is not a bug of either: `shea validate --engine osteele` (package
// osteele) reports it to the runners it concerns. This test file is the
// only place in strict that imports osteele/liquid, and only to compare
// with it.
//
// osteele/liquid is more lenient than Shopify Liquid in places, and shea
// follows Shopify. A template that uses such leniency is skipped, with the
// reason osteeleOnly gives. The exclusions, numbered as in the comments at
// the code that detects each (TestOsteeleExclusions pins one template per
// exclusion, and checks that most of golden-liquid is still compared):
//
//  1. "{{" or "{%" that osteele's scanner leaves in text (unterminated, a
//     tag name that is not a word, a line break in an output), or a "{"
//     right before a delimiter: Shopify tokenizes every delimiter.
//  2. A tag holding another "{%" before its "%}": one malformed tag for
//     Shopify, two tags for osteele.
//  3. Output, assign or echo markup that is a condition ("{{ a or b }}"):
//     osteele evaluates it, Shopify's strict parser and shea's contract (README, What is checked)
//     reject it.
//  4. An assign or capture target ending in "?": Shopify rejects it there.
//  5. An unclosed comment or raw block: osteele ends it at the end of the
//     template, Shopify reports it.
//  6. A comment holding a comment or raw tag: Shopify's comments nest,
//     osteele's end at the first endcomment.
//  7. Parentheses that group ("(a or b)"): in Shopify "(" starts a range.
//  8. A render tag whose partial is not a quoted string: Shopify requires
//     one.
//  9. Non-ASCII characters in markup outside strings: Shopify's
//     identifiers are ASCII.
//  10. A capture target that is not a name or a quoted string.
//  11. A lookup on a literal ("{{ 'abc'.size }}"): Shopify's strict parser
//     takes none.
//  12. A character no Liquid token starts with ("{% if %x %}"): osteele
//     skips it, Shopify rejects it.
//  13. A "}" or "{%" inside an output, quoted or not: Shopify ends the
//     output at the first "}" and starts a tag at "{%".
//  14. Arguments to raw ("{% raw x %}"): Shopify rejects them.
//  15. A backslash before a quote: osteele's strings have escapes,
//     Shopify's do not.
//  16. A tag osteele reads past its first "%}" ("{% if '%%}' %}").
//  17. A filter in tag markup other than assign's and echo's ("{% for x in
//     list | sort %}"): only outputs, assign and echo take filters in
//     Shopify.
//
// Both of shea's parse modes are compared. Compat mode (Options.Compat)
// accepts what Shopify's default mode accepts. Strict mode also rejects
// what follows the first expression of a case subject, anything but "or"
// and commas in a when list (as Shopify's strict2 mode does), words in an
// include or render tag that are not its name, with/for value, alias or
// keyword arguments, markup on break, continue and ifchanged, and extra
// words in capture, cycle and tablerow; Shopify skips what it does not
// understand in these tags. Templates with them (hasLaxTag) are therefore
// compared in compat mode only: this is a narrowing of the strict-mode
// comparison, not an exclusion.
func FuzzOsteeleDifferential(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, src string) {
		if !osteeleParses(src) {
			return
		}
		if why := osteeleOnly(src); why != "" {
			t.Skip(why)
		}
		_, diags := Parse(src, "f.liquid", diag.Pos{}, ParseOptions{compat: true})
		if diags.HasErrors() {
			t.Errorf("osteele/liquid parses %q, shea (compat) does not:\n%v", src, diags)
		}
		if hasLaxTag(src) {
			return
		}
		_, diags = Parse(src, "f.liquid", diag.Pos{}, ParseOptions{})
		if diags.HasErrors() {
			t.Errorf("osteele/liquid parses %q, shea does not:\n%v", src, diags)
		}
	})
}

// hasLaxTag reports whether osteele finds in src a tag that strict mode
// reads more strictly than Shopify's default mode.
func hasLaxTag(src string) bool {
	for _, tok := range osteeleparser.Scan(src, osteeleparser.SourceLoc{}, nil) {
		switch tok.Name {
		case "case", "when", "include", "render", "break", "continue", "ifchanged", "capture", "cycle", "tablerow":
			if tok.Type == osteeleparser.TagTokenType {
				return true
			}
		}
	}
	return false
}

// osteeleParses reports whether osteele/liquid parses src. v1.9.2 panics on
// some inputs it cannot lex (for example "{{…}}", whose expression lexer
// panics on the non-ASCII byte); a panic counts as a failure to parse.
func osteeleParses(src string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_, err := liquid.NewEngine().ParseString(src)
	return err == nil
}

// osteeleOnly returns why src is outside the differential test, or "".
func osteeleOnly(src string) string {
	// 1. Delimiters osteele leaves in text. osteele's scanner is a regular
	// expression that needs "{{ … }}" on one line and "{% word … %}"; any
	// "{{" or "{%" it cannot match (unterminated, a tag name that is not a
	// word such as "{% # … %}" spread over lines or "{%}", an output with a
	// line break inside its markup) passes through as literal text. Shopify
	// tokenizes every "{{" and "{%" and rejects the malformed ones.
	//
	// The same goes for a "{" just before a delimiter osteele finds:
	// "{{%endif%}" is the text "{" and a tag for osteele, but an output
	// starting at the first "{" (and never closed with "}}") for Shopify.
	toks := osteeleparser.Scan(src, osteeleparser.SourceLoc{}, nil)
	for i, tok := range toks {
		if tok.Type != osteeleparser.TextTokenType {
			continue
		}
		if strings.Contains(tok.Source, "{{") || strings.Contains(tok.Source, "{%") {
			return "osteele leaves a delimiter in text"
		}
		if strings.HasSuffix(tok.Source, "{") && i+1 < len(toks) {
			return `osteele starts a delimiter just after a "{"`
		}
	}
	if why := osteeleCommentOnly(toks); why != "" {
		return why
	}
	// 2. A tag that contains "{%" before its "%}". Shopify's tokenizer makes
	// one (malformed) tag token of "{% a {% b %}"; osteele's scanner restarts
	// at the inner "{%". So "{% comment %}{% x {% endcomment %}" is an
	// unclosed comment for Shopify and a closed one for osteele.
	if tagHoldsTagStart(src) {
		return `a tag holds another "{%"`
	}
	// 7. Parentheses that group instead of making a range: "(0)",
	// "(a or b)". osteele's expression grammar groups with them; in
	// Shopify's strict parser "(" always starts a range "(a..b)".
	//
	// 9. Non-ASCII bytes in markup outside strings. osteele's identifiers
	// take Unicode letters ("{{ ĺ }}"); Shopify's lexer allows only ASCII
	// identifiers and rejects any other character.
	for _, tok := range toks {
		if tok.Type == osteeleparser.TextTokenType {
			continue
		}
		// 10. A capture variable that is not a name: osteele binds
		// whatever the markup says ("{% capture ! %}"); Shopify needs a
		// variable name or a quoted string.
		if tok.Type == osteeleparser.TagTokenType && tok.Name == "capture" && !captureTarget.MatchString(strings.TrimSpace(tok.Args)) {
			return "capture target is not a name"
		}
		// 15. A backslash before a quote ("{{ "a\"b" }}"): osteele's
		// strings have escape sequences; Shopify's have none, so the quote
		// ends the string.
		if strings.Contains(tok.Args, `\"`) || strings.Contains(tok.Args, `\'`) {
			return "a backslash before a quote"
		}
		// 16. A tag that osteele reads past a "%}" ("{% if '%%}' %}"): its
		// pattern takes "%%" as a pair and misses the "%}" in "%%}";
		// Shopify ends the tag at the first "%}".
		if tok.Type == osteeleparser.TagTokenType && strings.Index(tok.Source, "%}") != len(tok.Source)-2 {
			return `osteele reads a tag past its first "%}"`
		}
		// 17. A filter in tag markup other than assign's and echo's
		// ("{% for x in list | sort %}"): osteele filters loop collections
		// and conditions; in Shopify only outputs, assign and echo take
		// filters.
		if tok.Type == osteeleparser.TagTokenType && strings.Contains(stripStrings(tok.Args), "|") {
			switch tok.Name {
			case "assign", "echo", "liquid":
			default:
				return "a filter in tag markup"
			}
		}
		// 14. Arguments to a raw tag ("{% raw x %}"): osteele ignores
		// them; Shopify's raw takes none and rejects them.
		if tok.Type == osteeleparser.TagTokenType && tok.Name == "raw" && strings.TrimSpace(tok.Args) != "" {
			return "raw with arguments"
		}
		// 13. A "}" or "{%" inside an output ("{{ '}' }}", "{{ a['{%'] }}"):
		// Shopify's tokenizer ends an output at its first "}" and turns it
		// into a tag at a "{%", quoted or not; osteele's scanner looks for
		// "}}" and knows nothing of quotes either, but reads past both.
		if tok.Type == osteeleparser.ObjTokenType && (strings.Contains(tok.Args, "}") || strings.Contains(tok.Args, "{%")) {
			return `a "}" or "{%" inside an output`
		}
		// 11. A lookup on a literal: "{{ 0 .A }}", "{{ 'abc'.size }}",
		// "{{ (1..3).size }}". osteele looks properties up on any value; in
		// Shopify's strict parser a number, string or range literal takes no
		// lookups.
		if literalLookup.MatchString(tok.Args) || rangeLookup.MatchString(stripStrings(tok.Args)) {
			return "lookup on a literal"
		}
		markup := stripStrings(tok.Args)
		if parenNotRange(markup) {
			return "parentheses that are not a range"
		}
		if strings.IndexFunc(markup, func(r rune) bool { return r >= 0x80 }) >= 0 {
			return "non-ASCII markup"
		}
		// 12. Characters no Liquid token starts with ("{% if %x %}").
		// osteele's expression scanner skips them; Shopify's lexer
		// rejects them.
		if strings.ContainsAny(markup, "%@#$^&*+/;~`{}\\") {
			return "a character Liquid has no token for"
		}
	}
	// 3. Output markup that is a condition: "{{ a or b }}", "{{ a == b }}".
	// osteele evaluates it; Shopify's strict parser rejects it (an output is
	// one expression and filters), and shea's contract (README, What is checked) makes it an error. The
	// same goes for the value of an assign or an echo ("{% assign a = '' < 0
	// %}"), in a tag or on a line of a liquid tag.
	for _, m := range outputMarkup.FindAllStringSubmatch(src, -1) {
		if conditionWords.MatchString(stripStrings(m[1])) {
			return "output markup is a condition"
		}
	}
	for _, tok := range toks {
		if tok.Type != osteeleparser.TagTokenType {
			continue
		}
		lines := []string{tok.Name + " " + tok.Args}
		if tok.Name == "liquid" {
			lines = strings.Split(tok.Args, "\n")
		}
		for _, line := range lines {
			f := strings.Fields(line)
			if len(f) == 0 || (f[0] != "assign" && f[0] != "echo") {
				continue
			}
			value := strings.TrimSpace(line)[len(f[0]):]
			if f[0] == "assign" {
				_, value, _ = strings.Cut(value, "=")
			}
			if conditionWords.MatchString(stripStrings(value)) {
				return "assign or echo value is a condition"
			}
		}
	}
	// 4. An assign or capture target ending in "?". osteele's identifiers
	// may end in "?" everywhere; Shopify allows it in expressions but not
	// in the variable an assign or capture binds.
	if questionTarget.MatchString(src) {
		return `assign or capture target ends in "?"`
	}
	// 8. A render tag whose partial is not named by a quoted string.
	// osteele evaluates any expression there; Shopify's render syntax
	// requires a string literal, so that partials are known statically.
	if renderNotString.MatchString(src) {
		return "render without a quoted partial name"
	}
	return ""
}

// osteeleCommentOnly follows osteele's parser through comment and raw
// bodies and returns why the template is outside the differential test:
//
// 5. An unclosed comment or raw block. osteele's parser ends it silently at
// the end of the template; Shopify reports the block as never closed.
//
// 6. A comment holding a comment or raw tag. Shopify's comments nest and
// skip raw bodies, so "{% comment %}{% comment %}{% endcomment %}" is still
// open for Shopify; osteele's comment ends at the first endcomment.
func osteeleCommentOnly(toks []osteeleparser.Token) string {
	inComment, inRaw := false, false
	for _, tok := range toks {
		tag := tok.Type == osteeleparser.TagTokenType
		switch {
		case inComment:
			if tag && (tok.Name == "comment" || tok.Name == "raw") {
				return "a comment holds a comment or raw tag"
			}
			if tag && tok.Name == "endcomment" {
				inComment = false
			}
		case inRaw:
			if tag && tok.Name == "endraw" {
				inRaw = false
			}
		case tag && tok.Name == "comment":
			inComment = true
		case tag && tok.Name == "raw":
			inRaw = true
		}
	}
	if inComment || inRaw {
		return "unclosed comment or raw block"
	}
	return ""
}

var (
	literalLookup   = regexp.MustCompile(`(^|[^\w.])(-?\d+(\.\d+)?|'[^']*'|"[^"]*")[\s\v]*(\.[\s\v]*[A-Za-z_]|\[)`)
	rangeLookup     = regexp.MustCompile(`\.\.[^()]*\)[\s\v]*(\.[\s\v]*[A-Za-z_]|\[)`)
	captureTarget   = regexp.MustCompile(`^([\w-]+|'[^']*'|"[^"]*")$`)
	renderNotString = regexp.MustCompile(`\{%-?\s*render(\s*-?%\}|\s+[^'"\s])`)
	questionTarget  = regexp.MustCompile(`\{%-?\s*(assign|capture)\s+[\w-]*\?`)
	outputMarkup    = regexp.MustCompile(`\{\{-?([^}]*)-?\}\}`)
	conditionWords  = regexp.MustCompile(`(\b|\d)(and|or|contains)\b|==|!=|<>|<|>`) // "00or" is 00 or
)

// stripStrings blanks out quoted strings, so that operators inside them do
// not count.
func stripStrings(s string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			b.WriteByte(' ')
		case c == '\'' || c == '"':
			quote = c
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// parenNotRange reports whether some "(" in markup is followed by a ")"
// with no ".." in between.
func parenNotRange(markup string) bool {
	for i := 0; i < len(markup); i++ {
		if markup[i] != '(' {
			continue
		}
		j := strings.IndexAny(markup[i+1:], "()")
		if j < 0 || markup[i+1+j] == '(' {
			continue
		}
		if !strings.Contains(markup[i+1:i+1+j], "..") {
			return true
		}
	}
	return false
}

// tagHoldsTagStart reports whether some "{%" is followed by another "{%"
// before the first "%}" after it.
func tagHoldsTagStart(src string) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], "{%")
		if j < 0 {
			return false
		}
		start := i + j + 2
		end := strings.Index(src[start:], "%}")
		if end < 0 {
			return false
		}
		if strings.Contains(src[start:start+end], "{%") {
			return true
		}
		i = start
	}
}

// TestOsteeleExclusions keeps the exclusions narrow: each one skips its own
// construct and nothing else, and most of the golden-liquid suite's valid
// templates are still compared.
func TestOsteeleExclusions(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"{{ x", "osteele leaves a delimiter in text"},
		{"{% # a\n b %}", "osteele leaves a delimiter in text"},
		{"{{%endif%}", `osteele starts a delimiter just after a "{"`},
		{"{% comment %}{% x {% endcomment %}{% endcomment %}", `a tag holds another "{%"`},
		{"{{ a or b }}", "output markup is a condition"},
		{`{{00or""}}`, "output markup is a condition"},
		{"{% assign foo? = 1 %}", `assign or capture target ends in "?"`},
		{"{% render p %}", "render without a quoted partial name"},
		{"{% raw %}x", "unclosed comment or raw block"},
		{"{% comment %}{% comment %}{% endcomment %}", "a comment holds a comment or raw tag"},
		{"{% if (a) %}{% endif %}", "parentheses that are not a range"},
		{"{{ ĺ }}", "non-ASCII markup"},
		{"{% capture ! %}{% endcapture %}", "capture target is not a name"},
		{"{{ 'abc'.size }}", "lookup on a literal"},
		{"{{0\v.A}}", "lookup on a literal"},
		{"{% if %x %}{% endif %}", "a character Liquid has no token for"},
		{`{{ "}" }}`, `a "}" or "{%" inside an output`},
		{"{{A['{%00']}}", `a "}" or "{%" inside an output`},
		{"{% if x == '%%}' %}{% endif %}", `osteele reads a tag past its first "%}"`},
		{"{% for x in list | sort %}{% endfor %}", "a filter in tag markup"},
		{"{% raw x %}{% endraw %}", "raw with arguments"},
		{`{{ "a\"b" }}`, "a backslash before a quote"},
		// Ordinary templates are compared.
		{"{{ 'a or b' }}{{ x | f: '(a)' }}{% for i in (1..3) %}{% endfor %}{% render 'p' %}", ""},
		{"{% capture 'c' %}{% endcapture %}{{ a.size }}{{ x | plus: 1.5 }}", ""},
	} {
		if got := osteeleOnly(c.src); got != c.want {
			t.Errorf("osteeleOnly(%q) = %q, want %q", c.src, got, c.want)
		}
	}
	cases := golden.Load(t)
	compared := 0
	for _, c := range cases {
		if !c.Invalid && osteeleParses(c.Template) && osteeleOnly(c.Template) == "" {
			compared++
		}
	}
	// 928 valid templates; osteele rejects 93 of them; 798 are compared.
	if compared < 790 {
		t.Errorf("only %d golden-liquid templates are compared; the exclusions have grown too broad", compared)
	}
}
