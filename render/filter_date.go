package render

import (
	"strconv"
	"strings"
	"time"
)

// filterDate formats a date with a strftime format (see strftime). The
// input may be a time.Time, an integer or a string of digits (seconds
// since the epoch), "now" or "today", or a date string in a form Ruby's
// Time.parse reads (see parseRubyTime). Anything else — nil, floats,
// negative timestamp strings, unparseable text — comes back unchanged, as
// does any input when the format is empty or undefined. Dates without a
// zone are UTC.
func filterDate(b *budget, in any, args []any, _ map[string]any) (any, error) {
	format, err := stringOperand(b, args[0])
	if err != nil {
		return nil, err
	}
	if format == "" {
		return in, nil
	}
	if n, ok := farTimestamp(in); ok {
		t, off := farDate(n)
		return strftimeFar(t, off, n, format)
	}
	t, ok := toDate(in, time.Now().UTC())
	if !ok {
		return in, nil
	}
	return strftime(t, format)
}

// unixDigits is what the date filter reads as a timestamp.
var unixDigits = lazyRegexp(`^\d+$`)

// toDate is Liquid's Utils.to_date, with now for "now", "today" and the
// fields a date string leaves out.
func toDate(v any, now time.Time) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time:
		return x, true
	case int64:
		return time.Unix(x, 0).UTC(), true
	case string:
		s := strings.ToLower(x)
		switch {
		case s == "":
			return time.Time{}, false
		case s == "now" || s == "today":
			return now, true
		case unixDigits().MatchString(s):
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return time.Time{}, false
			}
			return time.Unix(n, 0).UTC(), true
		}
		return parseRubyTime(x, now)
	}
	return time.Time{}, false
}
