package render

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// parseRubyTime reads a date written the ways Ruby's Time.parse reads it
// (the date filter's string input), filling what the text leaves out from
// now as Ruby does: a missing year is now's, a date without a time is
// midnight, a time without a date is today's. It recognizes, anywhere in
// the text:
//
//   - a time: 10:04, 10:04:05.123, 10am, 3:04 p.m., 10h30, followed by an
//     optional zone (Z, UTC, GMT, +05:30, -0800, EST, PDT, …);
//   - a date, the first of these forms that matches: "14 March 2016",
//     "March 14, 2016" (and "March 2016", "14 March"), ISO "2016-03-14",
//     "14-Mar-2016", "2016/03/14" and "14/03/2016", "14.03.2016", the
//     ordinal "2016-074", a lone month name, "14th", and digit runs
//     ("20160314", "20160314T101112");
//   - weekday names, which are skipped.
//
// A two-digit year means 1969-2068. A date with a zone keeps its offset
// (UTC zones, and a zero offset, read as UTC); one without is UTC. ok is
// false when nothing date-like is found or a field is out of range, as
// where Ruby raises.
func parseRubyTime(s string, now time.Time) (t time.Time, ok bool) {
	p := timeParts{year: unset, yday: unset, mon: unset, mday: unset, hour: unset, min: unset, sec: unset}
	str := rubyDateJunk().ReplaceAllString(lowerASCII(s), " ")
	str = p.take(str, rubyWeekday(), func([]string) {})
	str = p.take(str, rubyTimeOfDay(), p.setTime)
	p.date(str)
	return p.resolve(now)
}

const unset = -1 << 62

// timeParts are the fields found in a date string.
type timeParts struct {
	year, yday, mon, mday, hour, min, sec int64
	nsec                                  int64
	yearShort                             bool // a two-digit year, to complete
	zone                                  string
	found                                 bool // some date or time field was read
}

// The patterns, case-insensitive on lowered text, each compiled on first
// use (see lazyRegexp).
var (
	rubyDateJunk  = lazyRegexp(`[^-+',./:@0-9a-z\[\]\x80-\xff]+`)
	rubyWeekday   = lazyRegexp(`\b(sun|mon|tue|wed|thu|fri|sat)[^-/\d\s]*`)
	rubyTimeOfDay = lazyRegexp(`((?:\d+\s*:\s*\d+(?:\s*:\s*\d+(?:[,.]\d*)?)?|\d+\s*h(?:\s*\d+m?(?:\s*\d+s?)?)?)(?:\s*[ap](?:m\b|\.m\.))?|\d+\s*[ap](?:m\b|\.m\.))` +
		`(?:\s*((?:gmt|utc?)?[-+]\d+(?:[,.:]\d+(?::\d+)?)?|[a-z.\s]+(?:standard|daylight)\stime\b|[a-z]+(?:\sdst)?\b))?`)
	rubyTimeFields = lazyRegexp(`^(\d+)h?(?:\s*:?\s*(\d+)m?(?:\s*:?\s*(\d+)(?:[,.](\d+))?s?)?)?(?:\s*([ap])(?:m\b|\.m\.))?`)

	rubyDateEU     = lazyRegexp(`'?\b(\d+)[^-\d\s']*\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[^-\d\s']*(?:\s*('?-?\d+))?`)
	rubyDateUS     = lazyRegexp(`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[^-\d\s']*\s*('?\d+)[^-\d\s']*(?:\s*,?\s*('?-?\d+))?`)
	rubyDateISO    = lazyRegexp(`('?[-+]?\d+)-(\d+)-('?-?\d+)`)
	rubyDateVMS1   = lazyRegexp(`('?-?\d+)-(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[^-/.]*-('?-?\d+)`)
	rubyDateVMS2   = lazyRegexp(`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[^-/.]*-('?-?\d+)(?:-('?-?\d+))?`)
	rubyDateSla    = lazyRegexp(`('?-?\d+)/\s*('?\d+)(?:\D\s*('?-?\d+))?`)
	rubyDateDot    = lazyRegexp(`('?-?\d+)\.\s*('?\d+)\.\s*('?-?\d+)`)
	rubyDateOrd    = lazyRegexp(`\b(\d{2}|\d{4})-(\d{3})\b`)
	rubyDateYear   = lazyRegexp(`'(\d+)\b`)
	rubyDateMon    = lazyRegexp(`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\S*`)
	rubyDateMday   = lazyRegexp(`(\d+)(?:st|nd|rd|th)\b`)
	rubyDateDigits = lazyRegexp(`([-+]?)(\d{2,14})(?:\s*t?\s*(\d{2,6})?([,.]\d*)?)?(?:\s*(z\b|[-+]\d{1,4}\b))?`)
	rubyDateFrag   = lazyRegexp(`^\s*(\d{1,2})\s*$`)
)

// monthNumber returns the number of a month from the first three letters
// of its name, or 0.
func monthNumber(name string) int64 {
	if len(name) < 3 {
		return 0
	}
	i := strings.Index("janfebmaraprmayjunjulaugsepoctnovdec", name[:3])
	if i < 0 || i%3 != 0 {
		return 0
	}
	return int64(i/3 + 1)
}

// lowerASCII lowercases ASCII letters only, so byte offsets stay put.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lowerASCIIByte(c)
	}
	return string(b)
}

// take runs re on str; on a match it calls set with the submatches and
// returns str with the match replaced by a space, as Ruby's parser does so
// later patterns do not see it again.
func (p *timeParts) take(str string, re *regexp.Regexp, set func([]string)) string {
	loc := re.FindStringSubmatchIndex(str)
	if loc == nil {
		return str
	}
	groups := make([]string, len(loc)/2)
	for i := range groups {
		if loc[2*i] >= 0 {
			groups[i] = str[loc[2*i]:loc[2*i+1]]
		}
	}
	set(groups)
	return str[:loc[0]] + " " + str[loc[1]:]
}

// setTime reads a time of day and its zone.
func (p *timeParts) setTime(g []string) {
	m := rubyTimeFields().FindStringSubmatch(g[1])
	if m == nil {
		return
	}
	p.found = true
	p.hour = atoi64(m[1])
	if m[2] != "" {
		p.min = atoi64(m[2])
	}
	if m[3] != "" {
		p.sec = atoi64(m[3])
	}
	if m[4] != "" {
		frac := (m[4] + "000000000")[:9]
		p.nsec = atoi64(frac)
	}
	if m[5] != "" {
		p.hour %= 12
		if m[5] == "p" {
			p.hour += 12
		}
	}
	p.zone = strings.TrimSpace(g[2])
}

// date reads the first date form that matches, then a lone number that
// completes it.
func (p *timeParts) date(str string) {
	month := func(name string) string { return strconv.FormatInt(monthNumber(name), 10) }
	forms := []struct {
		re  *regexp.Regexp
		set func(g []string)
	}{
		{rubyDateEU(), func(g []string) { p.setYMD(g[3], month(g[2]), g[1]) }},
		{rubyDateUS(), func(g []string) { p.setYMD(g[3], month(g[1]), g[2]) }},
		{rubyDateISO(), func(g []string) { p.setYMD(g[1], g[2], g[3]) }},
		{rubyDateVMS1(), func(g []string) { p.setYMD(g[3], month(g[2]), g[1]) }},
		{rubyDateVMS2(), func(g []string) { p.setYMD(g[3], month(g[1]), g[2]) }},
		{rubyDateSla(), func(g []string) { p.setYMD(g[1], g[2], g[3]) }},
		{rubyDateDot(), func(g []string) { p.setYMD(g[1], g[2], g[3]) }},
		{rubyDateOrd(), func(g []string) {
			p.year, p.yearShort, p.yday, p.found = atoi64(g[1]), len(g[1]) == 2, atoi64(g[2]), true
		}},
		{rubyDateYear(), func(g []string) { p.year, p.yearShort, p.found = atoi64(g[1]), false, true }},
		{rubyDateMon(), func(g []string) { p.mon, p.found = monthNumber(g[1]), true }},
		{rubyDateMday(), func(g []string) { p.mday, p.found = atoi64(g[1]), true }},
		{rubyDateDigits(), p.digitRun},
	}
	for _, f := range forms {
		if f.re.MatchString(str) {
			str = p.take(str, f.re, f.set)
			break
		}
	}
	if m := rubyDateFrag().FindStringSubmatch(str); m != nil {
		n := atoi64(m[1])
		switch {
		case p.hour != unset && p.mday == unset && n >= 1 && n <= 31:
			p.mday = n
		case p.mday != unset && p.hour == unset && n <= 24:
			p.hour = n
		}
	}
}

// setYMD assigns a year, month and day written in some order ("" for a
// field not written), as Ruby's parser decides it: a field of more than
// two digits, or with an apostrophe, is the year, so "2016/03/14" is March
// 14, "14/03/2016" too, and "03/14/2016" day 3 of month 14 (invalid).
func (p *timeParts) setYMD(y, m, d string) {
	if y != "" && m != "" && d == "" {
		y, m, d = "", y, m // two fields: month and day
	}
	long := func(s string) bool { return strings.HasPrefix(s, "'") || len(s) > 2 }
	if y == "" && d != "" && long(d) {
		y, d = d, ""
	}
	if m != "" && long(m) {
		y, m, d = m, d, y
	}
	if d != "" && long(d) {
		y, d = d, y
	}
	if y != "" {
		digits := strings.TrimLeft(y, "'")
		p.year = atoi64(digits)
		p.yearShort = !strings.ContainsAny(digits, "+-") && len(digits) <= 2
	}
	if m != "" {
		p.mon = atoi64(strings.TrimLeft(m, "'"))
	}
	if d != "" {
		p.mday = atoi64(strings.TrimLeft(d, "'"))
	}
	p.found = true
}

// digitRun reads a run of digits: DD, DDD (day of year), MMDD, YYMMDD,
// YYYYMMDD, then optional HH, MM, SS, and an optional time after "t".
func (p *timeParts) digitRun(g []string) {
	digits := g[2]
	at := func(i, j int) int64 { return atoi64(digits[i:j]) }
	p.found = true
	if g[3] == "" && g[4] != "" && len(digits) <= 8 {
		// A fraction and no time after "t": the digits are a time, read
		// from the right as seconds, minutes, hours and the day ("12.5"
		// is 12.5 seconds past the current minute).
		fields := []*int64{&p.sec, &p.min, &p.hour, &p.mday}
		for k, end := 0, len(digits); end > 0 && k < len(fields); k++ {
			start := max(end-2, 0)
			*fields[k] = at(start, end)
			end = start
		}
		if frac := g[4][1:]; frac != "" {
			p.nsec = atoi64((frac + "000000000")[:9])
		}
		if g[5] != "" {
			p.zone = g[5]
		}
		return
	}
	switch len(digits) {
	case 2:
		p.mday = at(0, 2)
	case 3:
		p.yday = at(0, 3)
	case 4:
		p.mon, p.mday = at(0, 2), at(2, 4)
	case 5:
		p.year, p.yearShort, p.yday = at(0, 2), true, at(2, 5)
	case 6:
		p.year, p.yearShort, p.mon, p.mday = at(0, 2), true, at(2, 4), at(4, 6)
	case 7:
		p.year, p.yday = at(0, 4), at(4, 7)
	case 8, 10, 12, 14:
		p.year, p.mon, p.mday = at(0, 4), at(4, 6), at(6, 8)
		if len(digits) >= 10 {
			p.hour = at(8, 10)
		}
		if len(digits) >= 12 {
			p.min = at(10, 12)
		}
		if len(digits) >= 14 {
			p.sec = at(12, 14)
		}
	default:
		p.found = false
		return
	}
	if g[1] == "-" && p.year != unset {
		p.year = -p.year
	}
	if t := g[3]; t != "" {
		p.hour = atoi64(t[:2])
		if len(t) >= 4 {
			p.min = atoi64(t[2:4])
		}
		if len(t) >= 6 {
			p.sec = atoi64(t[4:6])
		}
	}
	if len(g[4]) > 1 {
		p.nsec = atoi64((g[4][1:] + "000000000")[:9])
	}
	if g[5] != "" {
		p.zone = g[5]
	}
}

// resolve builds the time, completing missing fields as Ruby's Time.parse.
func (p *timeParts) resolve(now time.Time) (time.Time, bool) {
	if !p.found {
		return time.Time{}, false
	}
	loc, hasOffset := zoneLocation(p.zone)
	if p.yearShort && p.year >= 0 && p.year <= 99 {
		if p.year >= 69 {
			p.year += 1900
		} else {
			p.year += 2000
		}
	}
	if hasOffset {
		now = now.In(loc)
	}
	if p.yday != unset {
		if p.yday < 1 || p.yday > 366 {
			return time.Time{}, false
		}
		year := p.year
		if year == unset {
			year = int64(now.Year())
		}
		d := time.Date(int(year), 1, int(p.yday), 0, 0, 0, 0, time.UTC)
		p.year, p.mon, p.mday = int64(d.Year()), int64(d.Month()), int64(d.Day())
	}
	fill := []struct {
		v   *int64
		now int64
	}{
		{&p.year, int64(now.Year())}, {&p.mon, int64(now.Month())}, {&p.mday, int64(now.Day())},
		{&p.hour, int64(now.Hour())}, {&p.min, int64(now.Minute())}, {&p.sec, int64(now.Second())},
	}
	for _, f := range fill {
		if *f.v != unset {
			break
		}
		*f.v = f.now
	}
	defaults := []struct {
		v   *int64
		def int64
	}{{&p.year, 1970}, {&p.mon, 1}, {&p.mday, 1}, {&p.hour, 0}, {&p.min, 0}, {&p.sec, 0}}
	for _, f := range defaults {
		if *f.v == unset {
			*f.v = f.def
		}
	}
	switch {
	case p.year < -1e9 || p.year > 1e9,
		p.mon < 1 || p.mon > 12,
		p.mday < 1 || p.mday > 31,
		p.hour < 0 || p.hour > 24,
		p.min < 0 || p.min > 59,
		p.sec < 0 || p.sec > 60,
		p.hour == 24 && (p.min != 0 || p.sec != 0):
		return time.Time{}, false
	}
	return time.Date(int(p.year), time.Month(p.mon), int(p.mday), int(p.hour), int(p.min), int(p.sec), int(p.nsec), loc), true
}

// zoneHours returns the offset in hours of a zone name Ruby's Time.parse
// knows: UTC and its aliases, the US zones and the military letters.
// Others are ignored (the time is read as local, which is UTC for shea).
func zoneHours(zone string) (int, bool) {
	switch zone {
	case "utc", "z", "ut", "gmt":
		return 0, true
	case "est", "cdt":
		return -5, true
	case "edt":
		return -4, true
	case "cst", "mdt":
		return -6, true
	case "mst", "pdt":
		return -7, true
	case "pst":
		return -8, true
	}
	if len(zone) == 1 && zone[0] >= 'a' && zone[0] <= 'y' && zone[0] != 'j' {
		switch c := int(zone[0]); {
		case c <= 'i':
			return c - 'a' + 1, true
		case c <= 'm':
			return c - 'k' + 10, true
		default:
			return -(c - 'n' + 1), true
		}
	}
	return 0, false
}

// rubyNumericZone is the offsets Ruby's Time.zone_offset accepts: +HH,
// +HHMM, +HH:MM, +HHMMSS, +HH:MM:SS.
var rubyNumericZone = lazyRegexp(`^([+-])(\d\d)(?:(:?)(\d\d)(?:(:?)(\d\d))?)?$`)

// zoneLocation turns a parsed zone into a location: UTC for no zone, an
// unknown one, or a zero offset; a nameless fixed zone otherwise. ok is
// false when the zone carried no usable offset.
func zoneLocation(zone string) (*time.Location, bool) {
	if zone == "" {
		return time.UTC, false
	}
	off, known := 0, false
	if h, ok := zoneHours(zone); ok {
		off, known = h*3600, true
	} else if m := rubyNumericZone().FindStringSubmatch(zone); m != nil && (m[4] == "" || m[6] == "" || m[3] == m[5]) {
		off = int(atoi64(m[2])*3600 + atoi64(m[4])*60 + atoi64(m[6]))
		if m[1] == "-" {
			off = -off
		}
		known = true
	}
	if !known {
		return time.UTC, false
	}
	if off == 0 {
		return time.UTC, true
	}
	return time.FixedZone("", off), true
}

// atoi64 parses a run of decimal digits (with an optional sign), saturating;
// "" is 0.
func atoi64(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		switch {
		case s == "":
			return 0
		case s[0] == '-':
			return -1 << 40 // out of every field's range
		}
		return 1 << 40
	}
	return n
}

// lazyRegexp returns a function that compiles expr on its first call and
// returns the same immutable regexp on every call. Most renders parse no
// date and strip no HTML; compiling these patterns when the package loads
// would cost every run of shea about a millisecond and keep them in the
// heap the garbage collector marks.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
