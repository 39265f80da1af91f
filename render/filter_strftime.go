package render

import (
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/osteele/tuesday"
)

// strftime formats t as Shopify Liquid's date filter does, which is Ruby's
// Time#strftime (Ruby 3.1 under Liquid 5.4). A directive is
// %[flags][width][colons|E|O]conversion; github.com/osteele/tuesday formats
// each one, and this wrapper covers where Ruby 3.1 differs from tuesday:
//
//   - a format that ends inside a directive ("%", "%-", "%5") is an error;
//   - conversions Time#strftime does not know (%Q, %+ and any other
//     letter), colons before anything but z, more than three colons, and E
//     or O before a conversion that takes none are copied as written;
//   - %Z of a zone that is only an offset is empty, whatever the width;
//   - the - flag does not drop the padding of composite conversions (%c,
//     %D, %F, %r, %R, %T, %v, %x, %X), and turns the sign of a zero offset
//     (%-z) into "-";
//   - %Y, %C and %y of years before 1 AD keep Ruby's sign and floor
//     division (-0001, -1, 99 for the year -1).
func strftime(t time.Time, format string) (string, error) {
	var b strings.Builder
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			b.WriteString(format)
			return b.String(), nil
		}
		b.WriteString(format[:i])
		d, ok := scanDirective(format[i:])
		if !ok {
			return "", errors.New("invalid format: " + format)
		}
		s, err := d.format(t)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		format = format[i+len(d.raw):]
	}
}

// directive is one %-directive of a format.
type directive struct {
	raw    string // the directive as written, from % to its conversion
	flags  string // of -_0^#
	width  string // digits
	colons int
	mod    byte // 'E', 'O' or 0
	conv   rune
}

// scanDirective reads the directive at the start of s (which starts with
// %). ok is false when s ends before the conversion (but after only flags
// and a width: Ruby copies "%:" and "%E" as written).
func scanDirective(s string) (d directive, ok bool) {
	i := 1
	for i < len(s) && strings.IndexByte("-_0^#", s[i]) >= 0 {
		i++
	}
	d.flags = s[1:i]
	w := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	d.width = s[w:i]
	if i == len(s) {
		return d, false
	}
	switch {
	case s[i] == ':':
		for i < len(s) && s[i] == ':' {
			d.colons++
			i++
		}
	case s[i] == 'E' || s[i] == 'O':
		if i+1 < len(s) {
			d.mod = s[i]
			i++
		}
	}
	if i == len(s) {
		d.raw = s
		return d, true
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	d.conv = r
	d.raw = s[:i+size]
	return d, true
}

// maxFieldWidth is the widest field a directive may ask for (tuesday's
// bound; Ruby has none).
const maxFieldWidth = 1 << 20

// rubyConversions are the conversions Ruby's Time#strftime knows.
const rubyConversions = "aAbBcCdDeFgGhHIjklLmMnNpPrRsStTuUvVwWxXyYzZ%"

// known reports whether Ruby formats d rather than copying it.
func (d directive) known() bool {
	if d.conv == 0 || d.conv >= utf8.RuneSelf || strings.IndexByte(rubyConversions, byte(d.conv)) < 0 {
		return false
	}
	if d.colons > 0 && (d.conv != 'z' || d.colons > 3) {
		return false
	}
	switch d.mod {
	case 'E':
		return strings.ContainsRune("cCxXyY", d.conv)
	case 'O':
		return strings.ContainsRune("deHkIlmMSuUVwWy", d.conv)
	}
	return true
}

func (d directive) format(t time.Time) (string, error) {
	if !d.known() {
		return d.raw, nil
	}
	if w, err := strconv.Atoi(d.width); d.width != "" && (err != nil || w > maxFieldWidth) {
		return "", errors.New("invalid format: the width of " + d.raw + " is more than " + strconv.Itoa(maxFieldWidth))
	}
	raw := d.raw
	switch d.conv {
	case 'Z':
		if name, _ := t.Zone(); t.Location() != time.UTC && isNumericZone(name) {
			return "", nil
		}
	case 'c', 'D', 'F', 'r', 'R', 'T', 'v', 'x', 'X':
		if strings.Contains(d.flags, "-") {
			raw = "%" + strings.ReplaceAll(d.flags, "-", "") + raw[1+len(d.flags):]
		}
	case 'Y', 'C', 'y':
		if t.Year() < 0 {
			return d.negativeYear(t.Year()), nil
		}
	}
	s, err := tuesday.Strftime(raw, t)
	if err != nil {
		return "", err
	}
	if d.conv == 'z' && strings.Contains(d.flags, "-") {
		if _, off := t.Zone(); off == 0 {
			s = strings.Replace(s, "+", "-", 1)
		}
	}
	return s, nil
}

// negativeYear formats %Y, %C or %y of a negative year as Ruby does: the
// century and the year of the century by floor division, and the sign
// counted in the width.
func (d directive) negativeYear(year int) string {
	n, width := int64(year), 5
	switch d.conv {
	case 'C':
		n, width = floorDiv(n, 100), 2
	case 'y':
		n, width = n-floorDiv(n, 100)*100, 2
	}
	if d.width != "" {
		width, _ = strconv.Atoi(d.width)
	}
	pad := byte('0')
	for _, f := range []byte(d.flags) {
		switch f {
		case '-':
			pad = 0
		case '_':
			pad = ' '
		case '0':
			pad = '0'
		}
	}
	digits := strconv.FormatInt(max(n, -n), 10)
	sign := ""
	if n < 0 {
		sign = "-"
		width--
	}
	fill := ""
	if pad != 0 && len(digits) < width {
		fill = strings.Repeat(string(pad), width-len(digits))
	}
	if pad == '0' {
		return sign + fill + digits
	}
	return fill + sign + digits
}

// isNumericZone reports whether a zone name is only an offset, which Ruby
// does not name.
func isNumericZone(name string) bool {
	return name == "" || name[0] == '+' || name[0] == '-'
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}
