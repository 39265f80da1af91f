package render

import (
	"encoding/base64"
	"errors"
	"strings"
	"unicode/utf8"
)

// Encoding filters: HTML escaping and stripping, URL (CGI) encoding and
// Base64, with the exact character sets of Ruby's CGI and Base64 modules.

// htmlEscaper is CGI.escapeHTML's table.
var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// filterEscape escapes &, <, >, " and ' for HTML. nil stays nil.
func filterEscape(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	if in == nil {
		return nil, nil
	}
	s := strOf(in)
	if err := b.alloc(escapedLen(s)); err != nil {
		return nil, err
	}
	return htmlEscaper.Replace(s), nil
}

// escapedLen is the length of s escaped for HTML, at most.
func escapedLen(s string) int64 {
	n := int64(len(s))
	for _, c := range []byte{'&', '<', '>', '"', '\''} {
		n += 5 * int64(strings.Count(s, string(c)))
	}
	return n
}

// filterEscapeOnce escapes like escape, but leaves alone an & that already
// starts an entity (&name; or &#digits;).
func filterEscapeOnce(m *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if err := m.alloc(escapedLen(s)); err != nil {
		return nil, err
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			if startsEntity(s[i+1:]) {
				b.WriteByte('&')
			} else {
				b.WriteString("&amp;")
			}
		case '<', '>', '"', '\'':
			b.WriteString(htmlEscaper.Replace(string(c)))
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// startsEntity reports whether s (the text after an &) begins with
// letters or #digits, then ";".
func startsEntity(s string) bool {
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	class := isLetter
	if strings.HasPrefix(s, "#") {
		s, class = s[1:], isDigit
	}
	n := 0
	for n < len(s) && class(s[n]) {
		n++
	}
	return n > 0 && n < len(s) && s[n] == ';'
}

// filterStripHTML removes HTML tags, comments, and script and style
// elements with their content. Entities stay as written.
func filterStripHTML(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	return stripHTML(b, strOf(in))
}

// filterURLEncode is Ruby's CGI.escape: letters, digits and _.-~ stay,
// space becomes +, every other byte %XX. nil stays nil.
func filterURLEncode(m *budget, in any, _ []any, _ map[string]any) (any, error) {
	if in == nil {
		return nil, nil
	}
	const hex = "0123456789ABCDEF"
	s := strOf(in)
	if err := m.alloc(3 * int64(len(s))); err != nil {
		return nil, err
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '.', c == '-', c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String(), nil
}

// filterURLDecode is Ruby's CGI.unescape: + is a space and each valid %XX
// a byte (malformed escapes stay as written). A result that is not valid
// UTF-8 is an error. nil stays nil.
func filterURLDecode(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	if in == nil {
		return nil, nil
	}
	s := strOf(in)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+':
			b.WriteByte(' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	if !utf8.ValidString(out) {
		return nil, errors.New("invalid byte sequence in UTF-8")
	}
	return out, nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// filterBase64Encode is Base64 with padding (Ruby's strict_encode64).
func filterBase64Encode(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if err := b.alloc(int64(base64.StdEncoding.EncodedLen(len(s)))); err != nil {
		return nil, err
	}
	return base64.StdEncoding.EncodeToString([]byte(s)), nil
}

// filterBase64URLSafeEncode is URL-safe Base64 (- and _), with padding.
func filterBase64URLSafeEncode(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if err := b.alloc(int64(base64.URLEncoding.EncodedLen(len(s)))); err != nil {
		return nil, err
	}
	return base64.URLEncoding.EncodeToString([]byte(s)), nil
}

// filterBase64Decode decodes strict Base64: padding required, no line
// breaks or other stray characters.
func filterBase64Decode(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	out, ok := strictBase64(strOf(in))
	if !ok {
		return nil, errors.New("invalid base64 provided to base64_decode")
	}
	return out, nil
}

// filterBase64URLSafeDecode decodes URL-safe Base64 as Ruby's
// urlsafe_decode64: padding may be left out, and the standard alphabet's +
// and / are accepted too.
func filterBase64URLSafeDecode(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if !strings.HasSuffix(s, "=") && len(s)%4 != 0 {
		s += strings.Repeat("=", 4-len(s)%4)
	}
	s = strings.NewReplacer("-", "+", "_", "/").Replace(s)
	out, ok := strictBase64(s)
	if !ok {
		return nil, errors.New("invalid base64 provided to base64_url_safe_decode")
	}
	return out, nil
}

// strictBase64 decodes the standard alphabet with padding, rejecting the
// line breaks Go's decoder would skip.
func strictBase64(s string) (string, bool) {
	if strings.ContainsAny(s, "\r\n") {
		return "", false
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(b), true
}
