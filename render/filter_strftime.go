package render

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// strftime formats t as Ruby's Time#strftime does. A directive is
// %[flags][width][colons]conversion. Flags: - (no padding), _ (pad with
// spaces), 0 (pad with zeros), ^ (upcase), # (change case). Conversions:
//
//	%Y year (at least 4 digits)   %C century   %y year % 100
//	%m month 01-12    %B January  %b %h Jan
//	%d day 01-31      %e day, space-padded     %j day of year 001-366
//	%H hour 00-23     %k hour, space-padded    %I hour 01-12  %l hour 1-12 space-padded
//	%M minute   %S second   %L milliseconds   %N fractional seconds (width = digits)
//	%p AM/PM    %P am/pm    %A Sunday  %a Sun  %u weekday 1-7 (Monday 1)  %w weekday 0-6
//	%z +hhmm (%:z +hh:mm, %::z +hh:mm:ss)      %Z zone name ("" for a bare offset)
//	%G %g %V ISO 8601 week-based year, short year, week   %U %W week of year (Sunday, Monday first)
//	%s seconds since the epoch   %n newline   %t tab   %% percent
//	%c "%a %b %e %H:%M:%S %Y"  %D %x "%m/%d/%y"  %F "%Y-%m-%d"  %R "%H:%M"
//	%r "%I:%M:%S %p"  %T %X "%H:%M:%S"  %v "%e-%^b-%4Y"
//
// E and O modifiers are accepted and ignored. An unknown conversion is
// copied as written; a format ending inside a directive is an error, as in
// Ruby.
func strftime(t time.Time, format string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		start := i
		d := directive{width: -1}
		i++
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '-', '_', '0', '^', '#':
				d.flags = append(d.flags, format[i])
			default:
				break flags
			}
		}
		for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
			if d.width < 0 {
				d.width = 0
			}
			if d.width < 1024 {
				d.width = d.width*10 + int(format[i]-'0')
			}
		}
		for ; i < len(format) && format[i] == ':'; i++ {
			d.colons++
		}
		if i < len(format) && (format[i] == 'E' || format[i] == 'O') && i+1 < len(format) && strings.IndexByte("cCxXyYdeHImMSuUVwWy", format[i+1]) >= 0 {
			i++
		}
		if i >= len(format) {
			return "", errors.New("invalid format: " + format)
		}
		d.conv = format[i]
		if d.colons > 0 && d.conv != 'z' || !d.write(&b, t) {
			b.WriteString(format[start : i+1])
		}
	}
	return b.String(), nil
}

// directive is one parsed %-directive.
type directive struct {
	flags  []byte
	width  int // -1: the conversion's default
	colons int
	conv   byte
}

func (d directive) has(flag byte) bool {
	return strings.IndexByte(string(d.flags), flag) >= 0
}

// padding returns the padding character the flags ask for, or def; 0
// means no padding.
func (d directive) padding(def byte) byte {
	pad := def
	for _, f := range d.flags {
		switch f {
		case '-':
			pad = 0
		case '_':
			pad = ' '
		case '0':
			pad = '0'
		}
	}
	return pad
}

// num writes n padded to the directive's width (def when none), with the
// padding character the flags choose (defPad by default).
func (d directive) num(b *strings.Builder, n int64, def int, defPad byte) {
	w := def
	if d.width >= 0 {
		w = d.width
	}
	pad := d.padding(defPad)
	s := strconv.FormatInt(abs64(n), 10)
	neg := n < 0
	if neg {
		w-- // the width counts the sign, as printf's
	}
	if pad == '0' && neg {
		b.WriteByte('-')
	}
	if pad != 0 {
		for k := len(s); k < w; k++ {
			b.WriteByte(pad)
		}
	}
	if pad != '0' && neg {
		b.WriteByte('-')
	}
	b.WriteString(s)
}

// text writes s, case-changed by the flags (swap turns on lowercasing for
// #, for %p and %Z), padded with spaces to the directive's width.
func (d directive) text(b *strings.Builder, s string, lowerOnSwap bool) {
	switch {
	case d.has('^'):
		s = strings.ToUpper(s)
	case d.has('#'):
		if lowerOnSwap {
			s = strings.ToLower(s)
		} else {
			s = strings.ToUpper(s)
		}
	}
	if pad := d.padding(' '); pad != 0 && d.width > 0 {
		for k := len(s); k < d.width; k++ {
			b.WriteByte(pad)
		}
	}
	b.WriteString(s)
}

// composite formats t with a sub-format, then applies ^ and the width
// (# changes nothing here, as in Ruby).
func (d directive) composite(b *strings.Builder, t time.Time, format string) {
	s, _ := strftime(t, format)
	if d.has('^') {
		s = strings.ToUpper(s)
	}
	if pad := d.padding(' '); pad != 0 && d.width > 0 {
		for k := len(s); k < d.width; k++ {
			b.WriteByte(pad)
		}
	}
	b.WriteString(s)
}

// write writes the conversion; false when it is unknown.
func (d directive) write(b *strings.Builder, t time.Time) bool {
	switch d.conv {
	case 'Y':
		def := 4
		if t.Year() < 0 {
			def = 5 // four digits after the sign
		}
		d.num(b, int64(t.Year()), def, '0')
	case 'C':
		d.num(b, floorDiv(int64(t.Year()), 100), 2, '0')
	case 'y':
		d.num(b, floorMod(int64(t.Year()), 100), 2, '0')
	case 'm':
		d.num(b, int64(t.Month()), 2, '0')
	case 'B':
		d.text(b, t.Month().String(), false)
	case 'b', 'h':
		d.text(b, t.Month().String()[:3], false)
	case 'd':
		d.num(b, int64(t.Day()), 2, '0')
	case 'e':
		d.num(b, int64(t.Day()), 2, ' ')
	case 'j':
		d.num(b, int64(t.YearDay()), 3, '0')
	case 'H':
		d.num(b, int64(t.Hour()), 2, '0')
	case 'k':
		d.num(b, int64(t.Hour()), 2, ' ')
	case 'I':
		d.num(b, int64(hour12(t)), 2, '0')
	case 'l':
		d.num(b, int64(hour12(t)), 2, ' ')
	case 'M':
		d.num(b, int64(t.Minute()), 2, '0')
	case 'S':
		d.num(b, int64(t.Second()), 2, '0')
	case 'L', 'N':
		digits := 3
		if d.conv == 'N' {
			digits = 9
		}
		if d.width > 0 {
			digits = d.width
		}
		frac := strconv.Itoa(t.Nanosecond())
		frac = strings.Repeat("0", 9-len(frac)) + frac
		if digits <= 9 {
			b.WriteString(frac[:digits])
		} else {
			b.WriteString(frac)
			b.WriteString(strings.Repeat("0", digits-9))
		}
	case 'p':
		if t.Hour() < 12 {
			d.text(b, "AM", true)
		} else {
			d.text(b, "PM", true)
		}
	case 'P':
		if t.Hour() < 12 {
			d.text(b, "am", false)
		} else {
			d.text(b, "pm", false)
		}
	case 'A':
		d.text(b, t.Weekday().String(), false)
	case 'a':
		d.text(b, t.Weekday().String()[:3], false)
	case 'u':
		wd := int64(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		d.num(b, wd, 1, '0')
	case 'w':
		d.num(b, int64(t.Weekday()), 1, '0')
	case 'z':
		d.zone(b, t)
	case 'Z':
		name, _ := t.Zone()
		if t.Location() == time.UTC {
			name = "UTC"
		} else if isNumericZone(name) {
			name = "" // a bare offset has no name in Ruby
		}
		d.text(b, name, true)
	case 'G':
		y, _ := t.ISOWeek()
		d.num(b, int64(y), 4, '0')
	case 'g':
		y, _ := t.ISOWeek()
		d.num(b, floorMod(int64(y), 100), 2, '0')
	case 'V':
		_, w := t.ISOWeek()
		d.num(b, int64(w), 2, '0')
	case 'U':
		d.num(b, int64((t.YearDay()-1+7-int(t.Weekday()))/7), 2, '0')
	case 'W':
		d.num(b, int64((t.YearDay()-1+7-(int(t.Weekday())+6)%7)/7), 2, '0')
	case 's':
		d.num(b, t.Unix(), 1, '0')
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case '%':
		d.text(b, "%", false)
	case 'c':
		d.composite(b, t, "%a %b %e %H:%M:%S %Y")
	case 'D', 'x':
		d.composite(b, t, "%m/%d/%y")
	case 'F':
		d.composite(b, t, "%Y-%m-%d")
	case 'R':
		d.composite(b, t, "%H:%M")
	case 'r':
		d.composite(b, t, "%I:%M:%S %p")
	case 'T', 'X':
		d.composite(b, t, "%H:%M:%S")
	case 'v':
		d.composite(b, t, "%e-%^b-%4Y")
	default:
		return false
	}
	return true
}

// zone writes the UTC offset: +hhmm, or with colons +hh:mm, +hh:mm:ss.
func (d directive) zone(b *strings.Builder, t time.Time) {
	_, off := t.Zone()
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	h, m, s := off/3600, off/60%60, off%60
	two := func(n int) string {
		if n < 10 {
			return "0" + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	}
	var z string
	switch d.colons {
	case 0:
		z = two(h) + two(m)
	case 1:
		z = two(h) + ":" + two(m)
	case 2:
		z = two(h) + ":" + two(m) + ":" + two(s)
	default:
		z = two(h)
		if m != 0 || s != 0 {
			z += ":" + two(m)
		}
		if s != 0 {
			z += ":" + two(s)
		}
	}
	out := string(sign) + z
	if d.width > len(out) {
		pad := d.padding('0')
		if pad == 0 {
			pad = '0'
		}
		fill := strings.Repeat(string(pad), d.width-len(out))
		if pad == '0' {
			out = string(sign) + fill + z
		} else {
			out = fill + out
		}
	}
	b.WriteString(out)
}

func isNumericZone(name string) bool {
	return name == "" || name[0] == '+' || name[0] == '-'
}

func hour12(t time.Time) int {
	h := t.Hour() % 12
	if h == 0 {
		return 12
	}
	return h
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 {
	return a - floorDiv(a, b)*b
}
