package strict

import (
	"regexp"
	"strings"

	"github.com/sheaproject/shea/diag"
)

// Templates written for another language fail as Liquid in confusing ways:
// {{#items}} is a bad expression, {{range .Items}} an unknown variable.
// When an error sits on a construct typical of Mustache/Handlebars, Go's
// text/template or Jinja, the first error of the template says which
// language the file looks like, and that Liquid is expected.

var (
	jinjaTags = map[string]bool{
		"set": true, "endset": true, "macro": true, "endmacro": true, "block": true, "endblock": true,
		"extends": true, "import": true, "from": true, "call": true, "endcall": true, "filter": true,
		"endfilter": true, "elif": true, "with": true, "endwith": true, "do": true, "trans": true,
	}
	goActions  = map[string]bool{"range": true, "end": true, "with": true, "define": true, "template": true, "block": true, "else": true}
	goFuncs    = map[string]bool{"if": true, "not": true, "and": true, "or": true, "len": true, "index": true, "printf": true, "eq": true, "ne": true}
	jinjaCall  = regexp.MustCompile(`\|\s*[A-Za-z_]\w*\s*\(|\w\(`)
	leadingWrd = regexp.MustCompile(`^[A-Za-z_]\w*`)
)

// foreignLanguage names the template language whose construct the markup
// (the text between the delimiters, tag says "{%") is typical of, with a
// short example of what Liquid writes instead; "" when it looks like
// Liquid.
func foreignLanguage(inner string, tag bool) (lang, liquid string) {
	s := strings.TrimSpace(inner)
	if tag {
		s = strings.TrimSpace(strings.Trim(s, "-"))
		if jinjaTags[leadingWrd.FindString(s)] {
			return "Jinja", "{% assign x = … %}, {% elsif %}, {% capture %}, {{ x | filter: arg }}"
		}
		return "", ""
	}
	if strings.HasPrefix(s, "{") || s != "" && strings.ContainsRune("#/^>!&", rune(s[0])) {
		return "Mustache/Handlebars", "{% for item in items %}…{% endfor %}, {% if x %}…{% endif %}, {% render 'partial' %}"
	}
	s = strings.TrimSpace(strings.Trim(s, "-"))
	if s != "" && (s[0] == '.' || s[0] == '$') {
		return "Go text/template", "{{ issue.title }}, {% for x in list %}…{% endfor %}, {% if x %}…{% endif %}"
	}
	word := leadingWrd.FindString(s)
	rest := strings.TrimSpace(s[len(word):])
	if goActions[word] && (rest == "" || rest[0] == '.' || rest[0] == '$') || goFuncs[word] && rest != "" && (rest[0] == '.' || rest[0] == '$') {
		return "Go text/template", "{{ issue.title }}, {% for x in list %}…{% endfor %}, {% if x %}…{% endif %}"
	}
	if word == "loop" && strings.HasPrefix(rest, ".") || jinjaCall.MatchString(s) {
		return "Jinja", "{% assign x = … %}, {% elsif %}, {{ x | filter: arg }}, forloop.index"
	}
	return "", ""
}

// markupAt returns the markup ({{ … }} or {% … %}) that holds byte off of
// src, and whether it is a tag.
func markupAt(src string, off int) (text string, tag, ok bool) {
	if off < 0 || off > len(src) {
		return "", false, false
	}
	end := min(off+2, len(src))
	open := max(strings.LastIndex(src[:end], "{{"), strings.LastIndex(src[:end], "{%"))
	if open < 0 {
		return "", false, false
	}
	tag = src[open+1] == '%'
	closer := "}}"
	if tag {
		closer = "%}"
	}
	close := strings.Index(src[open+2:], closer)
	if close < 0 {
		return "", false, false
	}
	close += open + 2
	if close+2 < off {
		return "", false, false // off lies after the markup
	}
	return src[open : close+2], tag, true
}

// noteForeignLanguage adds to the first error of l, when one of the
// template's errors sits on a construct typical of another template
// language, a note naming that language.
func noteForeignLanguage(src, filename string, start diag.Pos, l diag.List) {
	var first *diag.Diagnostic
	for i, d := range l {
		if i >= 50 {
			return // the first errors tell; past them, the search costs
		}
		if d.Severity != diag.Error || d.Subject.Filename != filename {
			continue
		}
		if first == nil {
			first = d
		}
		markup, tag, ok := markupAt(src, d.Subject.Start.Byte-start.Byte)
		if !ok {
			continue
		}
		inner := markup[2 : len(markup)-2]
		lang, liquid := foreignLanguage(inner, tag)
		if lang == "" {
			continue
		}
		markup = strings.Join(strings.Fields(markup), " ")
		if len(markup) > 40 {
			markup = strings.ToValidUTF8(markup[:37], "") + "…"
		}
		note := "This looks like " + lang + " (" + markup + "), not Liquid; shea, and the orchestrator that reads this file, expect Liquid: " + liquid + "."
		if first.Detail != "" {
			note = first.Detail + "\n" + note
		}
		first.Detail = note
		return
	}
}
