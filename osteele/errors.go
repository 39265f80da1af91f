package osteele

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// sourceError is what osteele/liquid's errors implement (liquid.SourceError):
// the path given when the template was parsed ("" for the main template,
// the partial's name for a partial) and the line, counted from 1.
type sourceError interface {
	error
	Path() string
	LineNumber() int
}

// diagnose turns an osteele error into a diagnostic with code, placed in
// the file the user edits: the main template's or a partial's, at the
// line osteele gives and, when osteele quotes the tag, at that tag.
func (s *store) diagnose(main *strict.Template, err error, code diag.Code) *diag.Diagnostic {
	t, line, path := main, 0, ""
	if se, ok := err.(sourceError); ok {
		line, path = se.LineNumber(), se.Path()
		if path != "" {
			if p := s.lookup(path); p != nil {
				t = p
			}
		}
	}
	msg, quoted := words(err.Error(), path)
	rng := locate(t, line, quoted)
	summary, detail := explain(msg, quoted, s.version)
	what := "fails to render the template"
	if code == codes.OsteeleParseError {
		what = "cannot parse the template"
	}
	if summary == "" {
		engine := "osteele/liquid "
		if s.version != Version {
			engine += s.version + " "
		}
		summary = engine + what + ": " + msg
	}
	d := diag.Errorf(code, rng, "%s", summary)
	d.Detail = detail
	return d
}

// words returns osteele's message without the "Liquid error (line N): "
// prefix and the " in …" suffix, and the template text osteele quotes in
// that suffix (the tag or output it failed on; "" when the suffix names a
// partial instead).
func words(s, path string) (msg, quoted string) {
	// A wrapped error repeats the prefix: "Liquid error (line 1): Liquid
	// error (line 1): cycle must be within a forloop in {% cycle … %}".
	for strings.HasPrefix(s, "Liquid error") {
		s = strings.TrimPrefix(s, "Liquid error")
		if rest, ok := strings.CutPrefix(s, " (line "); ok {
			if i := strings.Index(rest, ")"); i >= 0 {
				s = rest[i+1:]
			}
		}
		s = strings.TrimPrefix(s, ": ")
	}
	if path != "" {
		return strings.TrimSuffix(s, " in "+path), ""
	}
	cut := -1
	for _, open := range []string{" in {{", " in {%"} {
		if i := strings.Index(s, open); i >= 0 && (cut < 0 || i < cut) {
			cut = i
		}
	}
	if cut < 0 {
		return s, ""
	}
	return s[:cut], s[cut+len(" in "):]
}

// locate returns the range of what osteele quoted on line (from 1) of t's
// source: the quoted text's first line where it starts on or after that
// line, else the line's text, else t's start.
func locate(t *strict.Template, line int, quoted string) diag.Range {
	src := t.Source
	start := startOf(t)
	at := func(from, to int) diag.Range {
		p := start.Advance(src[:from])
		return diag.Range{Filename: t.Filename, Start: p, End: p.Advance(src[from:to])}
	}
	if line < 1 {
		line = 1
	}
	lineStart := 0
	for n := 1; n < line; n++ {
		i := strings.IndexByte(src[lineStart:], '\n')
		if i < 0 {
			return at(0, 0)
		}
		lineStart += i + 1
	}
	if quoted != "" {
		if i := strings.Index(src[lineStart:], quoted); i >= 0 {
			from := lineStart + i
			to := from + len(quoted)
			if nl := strings.IndexByte(src[from:to], '\n'); nl >= 0 {
				to = from + nl
			}
			return at(from, to)
		}
	}
	end := len(src)
	if i := strings.IndexByte(src[lineStart:], '\n'); i >= 0 {
		end = lineStart + i
	}
	from := lineStart
	for from < end && (src[from] == ' ' || src[from] == '\t') {
		from++
	}
	return at(from, end)
}

var (
	undefinedTag    = regexp.MustCompile(`^undefined tag "([^"]+)"$`)
	undefinedFilter = regexp.MustCompile(`^undefined filter "([^"]+)"$`)
	elsifInUnless   = regexp.MustCompile(`^elsif not inside if; immediate parent is unless$`)
	// keywordMarkup matches quoted strings, blanked before looking for
	// keywords in a tag's markup.
	keywordMarkup  = regexp.MustCompile(`'[^']*'|"[^"]*"`)
	keywordEmpty   = regexp.MustCompile(`(^|[^\w.])empty\b`)
	keywordBlank   = regexp.MustCompile(`(^|[^\w.])blank\b`)
	offsetContinue = regexp.MustCompile(`\boffset:\s*continue\b`)
	includeTag     = regexp.MustCompile(`^\{%-?\s*include\s`)
)

// rewrites says how to write, in what osteele/liquid v1.9.2 parses, each
// tag that shea and Shopify Liquid accept and osteele does not. Every
// entry was found by parsing the tag with osteele (see the package's
// tests).
var rewrites = map[string]string{
	"liquid":    "Write each statement as a tag of its own: {% assign x = 1 %} instead of a line of {% liquid %}, {{ x }} instead of echo x.",
	"echo":      "Write {{ value }} instead of {% echo value %}.",
	"increment": "Keep a counter with {% assign n = n | plus: 1 %} and print it with {{ n }}.",
	"decrement": "Keep a counter with {% assign n = n | minus: 1 %} and print it with {{ n }}.",
	"doc":       "Write {% comment %}…{% endcomment %} instead of {% doc %}…{% enddoc %}.",
	"render":    "osteele/liquid has {% render %} from v1.9.0; before, write {% include %} (which shares the caller's variables).",
	"ifchanged": "Compare with the previous value yourself: {% if x != last %}…{% endif %}{% assign last = x %}.",
}

// explain returns a summary that names a construct osteele/liquid does
// not support, with osteele's words, and how to write it instead; ""
// when msg is not about such a construct.
func explain(msg, quoted, version string) (summary, detail string) {
	lacks := "osteele/liquid " + version + " does not support "
	if msg == "undefined variable" {
		markup := keywordMarkup.ReplaceAllString(quoted, " ")
		switch {
		case keywordEmpty.MatchString(markup):
			return lacks + "the keyword empty (osteele: undefined variable)",
				"osteele reads empty as a variable, which StrictVariables finds undefined. Compare sizes instead: {% if issue.labels.size == 0 %}, {% if text == '' %}."
		case keywordBlank.MatchString(markup):
			return lacks + "the keyword blank (osteele: undefined variable)",
				"osteele reads blank as a variable, which StrictVariables finds undefined. Test the value itself: {% if text == '' %}, or {% if value %} for nil and false."
		case offsetContinue.MatchString(markup):
			return lacks + "offset: continue (osteele: undefined variable)",
				"osteele reads continue as a variable, which StrictVariables finds undefined. Keep the offset in a variable: offset: done, after {% assign done = done | plus: n %}."
		}
	}
	if m := undefinedTag.FindStringSubmatch(msg); m != nil {
		if fix, ok := rewrites[m[1]]; ok {
			return lacks + "the {% " + m[1] + " %} tag (osteele: " + msg + ")",
				"shea and Shopify Liquid accept it, but a runner that renders with osteele fails on this template. " + fix
		}
		return "", "osteele does not know this tag; a runner that renders with osteele fails on this template."
	}
	if msg == "cycle must be within a forloop" {
		return lacks + "cycle outside a for loop (osteele: " + msg + ")",
			"shea and Shopify Liquid accept it, but a runner that renders with osteele fails on this template. Move the cycle into a loop, or print the value itself."
	}
	if strings.HasPrefix(msg, "syntax error in ") && includeTag.MatchString(quoted) {
		return lacks + "include with arguments (osteele: " + msg + ")",
			"osteele's include takes a partial name only, no with, for or keyword arguments. Use {% render 'name', key: value %}, which osteele supports, or assign the values before the include."
	}
	if elsifInUnless.MatchString(msg) {
		return lacks + "elsif inside unless (osteele: " + msg + ")",
			"shea and Shopify Liquid accept it, but a runner that renders with osteele fails on this template. Write {% if %} with the condition negated, or nest an {% if %} inside the unless's {% else %}."
	}
	if m := undefinedFilter.FindStringSubmatch(msg); m != nil {
		return lacks + "the filter " + strconv.Quote(m[1]) + " (osteele: " + msg + ")",
			"shea and Shopify Liquid have this filter, but a runner that renders with osteele fails when it is reached. Compose the result from filters osteele has, or register the filter with the runner's osteele engine."
	}
	return "", ""
}
