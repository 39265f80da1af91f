package render

import (
	"math/big"
	"strings"
	"time"
)

// Timestamps beyond what time.Time represents exactly. Ruby's Time.at takes
// any integer (Liquid's date of -9223372036854775808 is in the year
// -292277022657), while Go's time wraps its years near ±2.9e11. The
// Gregorian calendar repeats every 400 years (146,097 days, a whole number
// of weeks), so such a timestamp is formatted as the same instant 400·k
// years nearer, with k·400 added back to every year shea prints.

// secondsPer400Years is 146,097 days of 86,400 seconds.
const secondsPer400Years = 146097 * 86400

// farLimit bounds the timestamps time.Unix formats directly (about 2e9
// years either way).
const farLimit = 1 << 56

// farTimestamp returns the seconds of a timestamp input (an integer, or a
// string of digits) that time.Unix cannot format exactly.
func farTimestamp(v any) (*big.Int, bool) {
	switch x := v.(type) {
	case int64:
		if x > farLimit || x < -farLimit {
			return big.NewInt(x), true
		}
	case *big.Int:
		return x, true
	case string:
		if len(x) > 16 && unixDigits().MatchString(x) {
			n, _ := new(big.Int).SetString(x, 10)
			if n.Cmp(big.NewInt(farLimit)) > 0 {
				return n, true
			}
		}
	}
	return nil, false
}

// farDate returns the instant n seconds after the epoch shifted by a
// multiple of 400 years into [1970, 2370), and the years shifted.
func farDate(n *big.Int) (time.Time, *big.Int) {
	k, rem := new(big.Int).DivMod(n, big.NewInt(secondsPer400Years), new(big.Int)) // rem >= 0
	return time.Unix(rem.Int64(), 0).UTC(), k.Mul(k, big.NewInt(400))
}

// strftimeFar formats t, whose years are off by off, as strftime would
// format the real instant secs: the directives that print a year (%Y %C %y
// %G %g, and %c %D %F %v %x, which hold one) and %s are computed here,
// every other one from t, whose calendar is the real one's.
func strftimeFar(t time.Time, off, secs *big.Int, format string) (string, error) {
	return expandFormat(format, func(d directive) (string, error) {
		if !d.known() || d.mod != 0 {
			return d.format(t)
		}
		year := new(big.Int).Add(big.NewInt(int64(t.Year())), off)
		iso, _ := t.ISOWeek()
		isoYear := new(big.Int).Add(big.NewInt(int64(iso)), off)
		switch d.conv {
		case 'Y':
			return padYear(year.String(), d), nil
		case 'G':
			return padYear(isoYear.String(), d), nil
		case 'C':
			return new(big.Int).Div(year, big.NewInt(100)).String(), nil // Euclidean: floors, as Ruby
		case 'y':
			return twoDigits(new(big.Int).Mod(year, big.NewInt(100))), nil
		case 'g':
			return twoDigits(new(big.Int).Mod(isoYear, big.NewInt(100))), nil
		case 's':
			return secs.String(), nil
		case 'c', 'D', 'F', 'v', 'x':
			sub := map[rune]string{'c': "%a %b %e %H:%M:%S %Y", 'D': "%m/%d/%y", 'F': "%Y-%m-%d", 'v': "%e-%^b-%Y", 'x': "%m/%d/%y"}[d.conv]
			return strftimeFar(t, off, secs, sub)
		}
		return d.format(t)
	})
}

// padYear pads a year's digits to the directive's width (4 by default)
// as Ruby's %Y does: zeros after any sign, or with the _ flag spaces
// before it.
func padYear(s string, d directive) string {
	width := 4
	if d.width != "" {
		width = 0
		for _, c := range d.width {
			width = width*10 + int(c-'0')
			if width > maxFieldWidth {
				break
			}
		}
	}
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	if n := width - len(sign) - len(s); n > 0 && !strings.Contains(d.flags, "-") {
		if strings.Contains(d.flags, "_") {
			return strings.Repeat(" ", n) + sign + s // spaces go before the sign
		}
		s = strings.Repeat("0", n) + s
	}
	return sign + s
}

func twoDigits(n *big.Int) string {
	s := n.String()
	if len(s) < 2 {
		s = "0" + s
	}
	return s
}
