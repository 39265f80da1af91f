package render

import (
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// strftime formats t as Shopify Liquid's date filter does, which is Ruby's
// Time#strftime (Ruby 3.1 under Liquid 5.4). A directive is
// %[flags][width][colons|E|O]conversion, formatted by conversion below;
// the cases where Ruby 3.1 is less regular than that are:
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
	return expandFormat(format, func(d directive) (string, error) { return d.format(t) })
}

// expandFormat copies format, replacing each directive by what conv makes
// of it.
func expandFormat(format string, conv func(directive) (string, error)) (string, error) {
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
		s, err := conv(d)
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

// maxFieldWidth is the widest field a directive may ask for (Ruby has no
// bound; shea keeps a huge width from building a huge string).
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
	if raw != d.raw {
		d.flags = strings.ReplaceAll(d.flags, "-", "")
	}
	s := d.conversion(t)
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

// conversion formats a directive Ruby knows: a number padded to its
// conversion's width (zeros, or spaces for %e, %k and %l; - drops the
// padding, _ pads with spaces and 0 with zeros), a fraction of a second
// (%L, %N: the width is the number of digits), a zone offset (%z), or text
// (names, and the composite conversions, which are formats of their own)
// padded with spaces to the width; ^ upcases text and # swaps the case of
// names.
func (d directive) conversion(t time.Time) string {
	switch d.conv {
	case 'Y':
		return d.number(int64(t.Year()), 4, '0')
	case 'C':
		return d.number(int64(t.Year()/100), 2, '0')
	case 'y':
		return d.number(int64(t.Year()%100), 2, '0')
	case 'm':
		return d.number(int64(t.Month()), 2, '0')
	case 'd':
		return d.number(int64(t.Day()), 2, '0')
	case 'e':
		return d.number(int64(t.Day()), 2, ' ')
	case 'j':
		return d.number(int64(t.YearDay()), 3, '0')
	case 'H':
		return d.number(int64(t.Hour()), 2, '0')
	case 'k':
		return d.number(int64(t.Hour()), 2, ' ')
	case 'I':
		return d.number(int64(hour12(t)), 2, '0')
	case 'l':
		return d.number(int64(hour12(t)), 2, ' ')
	case 'M':
		return d.number(int64(t.Minute()), 2, '0')
	case 'S':
		return d.number(int64(t.Second()), 2, '0')
	case 'u':
		return d.number(int64((t.Weekday()+6)%7+1), 1, '0')
	case 'w':
		return d.number(int64(t.Weekday()), 1, '0')
	case 'G':
		y, _ := t.ISOWeek()
		return d.number(int64(y), 4, '0')
	case 'g':
		y, _ := t.ISOWeek()
		return d.number(int64(y%100), 2, '0')
	case 'V':
		_, w := t.ISOWeek()
		return d.number(int64(w), 2, '0')
	case 'U': // weeks starting on Sunday; days before the first Sunday are week 0
		return d.number(int64((t.YearDay()-int(t.Weekday())+6)/7), 2, '0')
	case 'W': // weeks starting on Monday
		return d.number(int64((t.YearDay()-(int(t.Weekday())+6)%7+6)/7), 2, '0')
	case 's':
		return d.number(t.Unix(), 1, '0')
	case 'L':
		return d.fraction(t, 3)
	case 'N':
		return d.fraction(t, 9)
	case 'z':
		return d.zone(t)
	case 'B':
		return d.name(t.Month().String())
	case 'b', 'h':
		return d.name(t.Month().String()[:3])
	case 'A':
		return d.name(t.Weekday().String())
	case 'a':
		return d.name(t.Weekday().String()[:3])
	case 'p':
		return d.name(ampm(t, "AM", "PM"))
	case 'P':
		return d.name(ampm(t, "am", "pm"))
	case 'Z':
		zone, _ := t.Zone()
		return d.name(zone)
	case 'n':
		return d.text("\n")
	case 't':
		return d.text("\t")
	case '%':
		return d.text("%")
	}
	s, _ := strftime(t, composite(d.conv)) // these formats are valid
	return d.text(s)
}

// composite returns the format a composite conversion stands for.
func composite(conv rune) string {
	switch conv {
	case 'c':
		return "%a %b %e %H:%M:%S %Y"
	case 'D', 'x':
		return "%m/%d/%y"
	case 'F':
		return "%Y-%m-%d"
	case 'r':
		return "%I:%M:%S %p"
	case 'R':
		return "%H:%M"
	case 'T', 'X':
		return "%H:%M:%S"
	case 'v':
		return "%e-%^b-%4Y"
	}
	return ""
}

func hour12(t time.Time) int { return (t.Hour()+11)%12 + 1 }

func ampm(t time.Time, am, pm string) string {
	if t.Hour() < 12 {
		return am
	}
	return pm
}

// pad returns the padding a directive asks for: its width (def when it has
// none) and the padding byte (def, or as the flags say; 0 for none).
func (d directive) pad(width int, pad byte) (int, byte) {
	if d.width != "" {
		width, _ = strconv.Atoi(d.width)
	}
	if strings.Contains(d.flags, "-") {
		return 0, 0
	}
	for _, f := range []byte(d.flags) {
		switch f {
		case '_':
			pad = ' '
		case '0':
			pad = '0'
		}
	}
	return width, pad
}

// number formats n to a width (def when the directive has none), padded by
// pad, the sign before zeros and after spaces.
func (d directive) number(n int64, width int, pad byte) string {
	width, pad = d.pad(width, pad)
	digits := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	fill := width - len(sign) - len(digits)
	switch {
	case fill <= 0 || pad == 0:
		return sign + digits
	case pad == '0':
		return sign + strings.Repeat("0", fill) + digits
	}
	return strings.Repeat(" ", fill) + sign + digits
}

// fraction formats the fraction of a second to as many digits as the
// width says (def when none), truncated or followed by zeros.
func (d directive) fraction(t time.Time, def int) string {
	width := def
	if d.width != "" {
		width, _ = strconv.Atoi(d.width)
	}
	digits := strconv.Itoa(t.Nanosecond() + 1e9)[1:] // nine digits
	if width <= len(digits) {
		return digits[:width]
	}
	return digits + strings.Repeat("0", width-len(digits))
}

// name formats a name: ^ upcases it; # swaps its case (upcased, unless it
// is all capitals: then lowercased), and wins over ^.
func (d directive) name(s string) string {
	if strings.Contains(d.flags, "#") {
		if up := strings.ToUpper(s); s != up || s == strings.ToLower(s) {
			s = up
		} else {
			s = strings.ToLower(s)
		}
		return d.padText(s)
	}
	return d.text(s)
}

// text formats text: ^ upcases it; it is padded with spaces (zeros with
// the 0 flag) to the width.
func (d directive) text(s string) string {
	if strings.Contains(d.flags, "^") {
		s = strings.ToUpper(s)
	}
	return d.padText(s)
}

func (d directive) padText(s string) string {
	width, pad := d.pad(0, ' ')
	if pad == 0 || len(s) >= width {
		return s
	}
	return strings.Repeat(string(pad), width-len(s)) + s
}

// zone formats %z and its colon forms: the sign, then the hours and
// minutes (+0530), with colons (%:z +05:30), with seconds (%::z
// +05:30:00), or as few fields as the offset needs (%:::z +05:30, +05).
// The width counts the sign; zeros pad after it (the default, and with the
// - and 0 flags), spaces before it (_).
func (d directive) zone(t time.Time) string {
	_, off := t.Zone()
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	h, m, s := off/3600, off/60%60, off%60
	two := func(n int) string { return strconv.Itoa(n/10) + strconv.Itoa(n%10) }
	var body string
	width := 5
	colons := d.colons
	if colons == 3 {
		switch {
		case s != 0:
			colons = 2
		case m != 0:
			colons = 1
		default:
			body, width = strconv.Itoa(h), 3
		}
	}
	switch colons {
	case 0:
		body = strconv.Itoa(h*100 + m)
		for len(body) < 3 {
			body = "0" + body
		}
	case 1:
		body, width = strconv.Itoa(h)+":"+two(m), 6
	case 2:
		body, width = strconv.Itoa(h)+":"+two(m)+":"+two(s), 9
	}
	if d.width != "" {
		if w, _ := strconv.Atoi(d.width); w > width {
			width = w
		}
	}
	fill := width - 1 - len(body)
	if fill <= 0 {
		return sign + body
	}
	spaces := false // the last of the flags _, - and 0 decides
	for _, f := range []byte(d.flags) {
		spaces = f == '_' || spaces && f != '-' && f != '0'
	}
	if spaces {
		return strings.Repeat(" ", fill) + sign + body
	}
	return sign + strings.Repeat("0", fill) + body
}
