package render

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"
)

// String filters. Each reads its input (and arguments) through strOf, so
// numbers, nil and other values are strings here, as in Liquid; an
// undefined argument reads as "".

// rubySpace is the whitespace of Ruby's strip family: ASCII whitespace and
// NUL.
const rubySpace = "\x00\t\n\v\f\r "

func filterAppend(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return concatStrings(b, strOf(in), strOf(args[0]))
}

func filterPrepend(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return concatStrings(b, strOf(args[0]), strOf(in))
}

// concatStrings is x+y, if it fits in the memory budget.
func concatStrings(b *budget, x, y string) (any, error) {
	if err := b.alloc(int64(len(x)) + int64(len(y))); err != nil {
		return nil, err
	}
	return x + y, nil
}

// filterDowncase lowercases with Ruby's full case mapping ("\u0130"
// becomes "i\u0307").
func filterDowncase(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if err := b.alloc(int64(len(s)) + 1); err != nil {
		return nil, err
	}
	return mapCase(s, unicode.ToLower, downcaseSpecial), nil
}

// filterUpcase uppercases with Ruby's full case mapping: ß becomes SS, the
// ligature fi becomes FI.
func filterUpcase(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if err := b.alloc(3 * int64(len(s))); err != nil { // ΐ (2 bytes) becomes 6
		return nil, err
	}
	return mapCase(s, unicode.ToUpper, upcaseSpecial), nil
}

// filterCapitalize titlecases the first character and lowercases the rest,
// as Ruby's String#capitalize ("hELLO wORLD" becomes "Hello world").
func filterCapitalize(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s, nil
	}
	if err := b.alloc(3 * int64(len(s))); err != nil {
		return nil, err
	}
	first := s[:n] // a byte that is not UTF-8 stays as it is
	if r != utf8.RuneError || n > 1 {
		if t, ok := titlecaseSpecial(r); ok {
			first = t
		} else {
			first = string(unicode.ToTitle(r))
		}
	}
	return first + mapCase(s[n:], unicode.ToLower, downcaseSpecial), nil
}

// mapCase maps s character by character as Ruby's full case mapping does:
// special gives the characters that map to several, simple the rest. Bytes
// that are not UTF-8 stay as they are (Go's strings.ToUpper would replace
// them with U+FFFD).
func mapCase(s string, simple func(rune) rune, special func(rune) (string, bool)) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		if simple('a') == 'A' {
			return strings.ToUpper(s)
		}
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteByte(s[i])
		default:
			if m, ok := special(r); ok {
				b.WriteString(m)
			} else {
				b.WriteRune(simple(r))
			}
		}
		i += n
	}
	return b.String()
}

func filterStrip(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	return strings.Trim(strOf(in), rubySpace), nil
}

func filterLstrip(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	return strings.TrimLeft(strOf(in), rubySpace), nil
}

func filterRstrip(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	return strings.TrimRight(strOf(in), rubySpace), nil
}

// filterStripNewlines removes \n and \r\n (a lone \r stays).
func filterStripNewlines(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	return strings.ReplaceAll(strings.ReplaceAll(strOf(in), "\r\n", ""), "\n", ""), nil
}

// filterNewlineToBr puts "<br />" before each line break, turning \r\n
// into \n.
func filterNewlineToBr(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	s := strOf(in)
	if err := b.alloc(int64(len(s)) + 6*int64(strings.Count(s, "\n"))); err != nil {
		return nil, err
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\n", "<br />\n"), nil
}

// filterReplace replaces every occurrence, as Ruby's gsub with a string
// pattern: an empty pattern matches between every two characters, and
// backslash sequences in the replacement (\0, \&, \`, \', \\) expand.
func filterReplace(b *budget, in any, args []any, _ map[string]any) (any, error) {
	repl := ""
	if r, ok := optArg(args, 1); ok {
		repl = strOf(r)
	}
	return rubySub(b, strOf(in), strOf(args[0]), repl, true)
}

// filterReplaceFirst replaces the first occurrence, as Ruby's sub.
func filterReplaceFirst(b *budget, in any, args []any, _ map[string]any) (any, error) {
	repl := ""
	if r, ok := optArg(args, 1); ok {
		repl = strOf(r)
	}
	return rubySub(b, strOf(in), strOf(args[0]), repl, false)
}

// filterReplaceLast replaces the last occurrence; the replacement is
// literal. An empty pattern matches at the end.
func filterReplaceLast(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return replaceLast(b, strOf(in), strOf(args[0]), strOf(args[1]))
}

func filterRemove(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return rubySub(b, strOf(in), strOf(args[0]), "", true)
}

func filterRemoveFirst(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return rubySub(b, strOf(in), strOf(args[0]), "", false)
}

func filterRemoveLast(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return replaceLast(b, strOf(in), strOf(args[0]), "")
}

func replaceLast(b *budget, s, pat, repl string) (any, error) {
	i := strings.LastIndex(s, pat)
	if i < 0 {
		return s, nil
	}
	if err := b.alloc(int64(len(s)) + int64(len(repl))); err != nil {
		return nil, err
	}
	return s[:i] + repl + s[i+len(pat):], nil
}

// rubySub is Ruby's String#gsub (global) or #sub with a string pattern.
// The result is built within the memory budget m.
func rubySub(m *budget, s, pat, repl string, global bool) (any, error) {
	if !strings.Contains(repl, `\`) {
		// Without backslash sequences the result's size is known: check
		// it before building anything.
		n := int64(strings.Count(s, pat)) // for "", characters plus one
		if !global {
			n = min(n, 1)
		}
		if err := m.alloc(int64(len(s)) + n*(int64(len(repl))-int64(len(pat)))); err != nil {
			return nil, err
		}
	}
	b := builder{b: m}
	last := 0 // end of the previous match
	at := 0   // where to look for the next match
	for at <= len(s) {
		i := strings.Index(s[at:], pat)
		if i < 0 {
			break
		}
		start, end := at+i, at+i+len(pat)
		b.WriteString(s[last:start])
		if err := expandReplacement(&b, repl, s, start, end); err != nil {
			return nil, err
		}
		if b.err != nil {
			return nil, b.err
		}
		last = end
		if !global {
			break
		}
		if pat == "" {
			// An empty match: step over one character, which is copied
			// by the next iteration.
			if end >= len(s) {
				break
			}
			_, n := utf8.DecodeRuneInString(s[end:])
			at = end + n
			continue
		}
		at = end
	}
	if last == 0 && b.Len() == 0 {
		return s, nil
	}
	b.WriteString(s[last:])
	return b.result()
}

// expandReplacement writes repl for the match s[start:end], expanding the
// backslash sequences of Ruby's replacement strings: \0 and \& the match,
// \1 to \9 a group (a string pattern has none, so nothing), \` the text
// before the match, \' the text after it, \\ a backslash. Other sequences
// are kept as written.
func expandReplacement(b *builder, repl, s string, start, end int) error {
	for {
		i := strings.IndexByte(repl, '\\')
		if i < 0 || i == len(repl)-1 {
			b.WriteString(repl)
			return nil
		}
		b.WriteString(repl[:i])
		c := repl[i+1]
		repl = repl[i+2:]
		switch {
		case c == '0' || c == '&':
			b.WriteString(s[start:end])
		case c >= '1' && c <= '9':
		case c == '`':
			b.WriteString(s[:start])
		case c == '\'':
			b.WriteString(s[end:])
		case c == '\\':
			b.WriteByte('\\')
		case c == 'k' && strings.HasPrefix(repl, "<") && strings.Contains(repl, ">"):
			name := repl[1:strings.IndexByte(repl, '>')]
			return fmt.Errorf("undefined group name reference: %s", name)
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
}

// filterSplit is Ruby's String#split with a string separator: a single
// space splits on runs of whitespace and ignores leading whitespace, an
// empty separator splits into characters, trailing empty strings are
// dropped, and an empty input gives no items.
func filterSplit(b *budget, in any, args []any, _ map[string]any) (any, error) {
	s, sep := strOf(in), strOf(args[0])
	out := []any{}
	switch {
	case s == "":
	case sep == " ":
		fields := awkSplit(s, 0)
		if err := b.allocItems(int64(len(fields)), int64(len(s))); err != nil {
			return nil, err
		}
		out = make([]any, 0, len(fields))
		for _, f := range fields {
			out = append(out, f)
		}
	case sep == "":
		if err := b.allocItems(int64(utf8.RuneCountInString(s)), int64(len(s))); err != nil {
			return nil, err
		}
		for _, r := range s {
			if err := b.spend(1); err != nil {
				return nil, err
			}
			out = append(out, string(r))
		}
	default:
		if err := b.allocItems(int64(strings.Count(s, sep))+1, int64(len(s))); err != nil {
			return nil, err
		}
		parts := strings.Split(s, sep)
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		out = make([]any, 0, len(parts))
		for _, p := range parts {
			if err := b.spend(1); err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c >= '\t' && c <= '\r'
}

// awkSplit is Ruby's split(" ", limit): fields separated by runs of ASCII
// whitespace, leading whitespace ignored. With limit > 0 there are at most
// limit fields, the last holding the rest of the string (possibly empty);
// with limit <= 0 empty trailing fields are dropped.
func awkSplit(s string, limit int64) []string {
	var out []string
	beg, end := 0, 0
	skip := true
	n := int64(1)
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case skip:
			if isASCIISpace(c) {
				beg = i + 1
			} else {
				end = i + 1
				skip = false
				if limit > 0 && limit <= n {
					i = len(s) // the rest is the last field
				}
			}
		case isASCIISpace(c):
			out = append(out, s[beg:end])
			skip = true
			beg = i + 1
			if limit > 0 {
				n++
			}
		default:
			end = i + 1
		}
	}
	if len(s) > 0 && (limit > 0 || len(s) > beg) {
		out = append(out, s[beg:])
	}
	if limit <= 0 {
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
	}
	return out
}

// filterTruncate shortens its input to length characters (default 50),
// the ellipsis (default "...") included. A written but undefined length is
// an error, a written but undefined ellipsis reads as "".
func filterTruncate(_ *budget, in any, args []any, _ map[string]any) (any, error) {
	if in == nil {
		return nil, nil
	}
	length := int64(50)
	if a, ok := optArg(args, 0); ok {
		n, err := rubyInteger(a)
		if err != nil {
			return nil, err
		}
		length = n
	}
	ellipsis := "..."
	if a, ok := optArg(args, 1); ok {
		ellipsis = strOf(a)
	}
	s := strOf(in)
	r := []rune(s)
	if int64(len(r)) <= length {
		return s, nil
	}
	keep := int64(0) // length minus the ellipsis, which can be negative
	if n := int64(utf8.RuneCountInString(ellipsis)); length > n {
		keep = length - n
	}
	return string(r[:keep]) + ellipsis, nil
}

// filterTruncatewords keeps the first n words (default 15, at least 1),
// joined by single spaces, then the ellipsis (default "..."). When nothing
// is cut, the input comes back unchanged, whitespace included.
func filterTruncatewords(_ *budget, in any, args []any, _ map[string]any) (any, error) {
	if in == nil {
		return nil, nil
	}
	words := int64(15)
	if a, ok := optArg(args, 0); ok {
		if n, big := fnorm(a).(*big.Int); big && n.Sign() < 0 {
			a = int64(0) // Liquid takes any count <= 0 as 1, a Bignum too
		}
		n, err := rubyLong(a, "truncatewords")
		if err != nil {
			return nil, err
		}
		words = n
	}
	if words <= 0 {
		words = 1
	}
	if words >= math.MaxInt32 {
		// Ruby's split takes words+1 as a C int.
		return nil, fmt.Errorf("integer %d too big for truncatewords", words)
	}
	s := strOf(in)
	if words >= int64(len(s)) {
		return s, nil // cannot have more words than bytes
	}
	list := awkSplit(s, words+1)
	if int64(len(list)) <= words {
		return s, nil
	}
	ellipsis := "..."
	if a, ok := optArg(args, 1); ok {
		ellipsis = strOf(a)
	}
	return strings.Join(list[:len(list)-1], " ") + ellipsis, nil
}
