package render

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// toString renders a value as Liquid prints it.
func toString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case *big.Int:
		return x.String()
	case float64:
		return formatFloat(x)
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	var b strings.Builder
	budget := maxValueNodes
	writeValue(&b, v, &budget)
	return b.String()
}

// maxValueNodes bounds how many nested values printing and comparing visit,
// so that a Go value that contains itself (or a huge graph) cannot recurse
// forever or take exponential time.
const maxValueNodes = 10_000

// writeValue appends the printed form of v to b.
func writeValue(b *strings.Builder, v any, depth *int) {
	if *depth <= 0 {
		b.WriteString("…")
		return
	}
	*depth--
	switch x := normalize(v).(type) {
	case nil:
	case string:
		b.WriteString(x)
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case *big.Int:
		b.WriteString(x.String())
	case float64:
		b.WriteString(formatFloat(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case []any:
		// Ruby's Array#join flattens nested arrays.
		for _, e := range x {
			writeValue(b, e, depth)
		}
	case rangeValue:
		fmt.Fprintf(b, "%d..%d", x.lo, x.hi)
	case time.Time:
		b.WriteString(x.Format("2006-01-02 15:04:05 -0700"))
	case *Map, map[string]any:
		writeHash(b, x, depth)
	case *loopObject:
		// A Liquid drop prints its class name.
		if x.table {
			b.WriteString("Liquid::TablerowloopDrop")
		} else {
			b.WriteString("Liquid::ForloopDrop")
		}
	default:
		rv := reflect.ValueOf(x)
		switch rv.Kind() {
		case reflect.Slice, reflect.Array:
			for i := 0; i < rv.Len(); i++ {
				writeValue(b, rv.Index(i).Interface(), depth)
			}
		case reflect.Map, reflect.Struct:
			writeHash(b, x, depth)
		case reflect.Pointer:
			if rv.IsNil() {
				return
			}
			writeValue(b, rv.Elem().Interface(), depth)
		default:
			fmt.Fprint(b, x)
		}
	}
}

// writeHash prints an object the way Ruby (before 3.4) prints a Hash, the
// form the Liquid spec records: {"a"=>1}.
func writeHash(b *strings.Builder, v any, depth *int) {
	b.WriteByte('{')
	for i, kv := range pairs(v) {
		if i > 0 {
			b.WriteString(", ")
		}
		writeRubyQuoted(b, kv.key)
		b.WriteString("=>")
		inspect(b, kv.val, depth)
	}
	b.WriteByte('}')
}

func inspect(b *strings.Builder, v any, depth *int) {
	if *depth <= 0 {
		b.WriteString("…")
		return
	}
	*depth--
	switch x := normalize(v).(type) {
	case nil:
		b.WriteString("nil")
	case string:
		writeRubyQuoted(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, e, depth)
		}
		b.WriteByte(']')
	case *Map, map[string]any:
		writeHash(b, x, depth)
	default:
		writeValue(b, x, depth)
	}
}

// writeRubyQuoted writes s as Ruby's String#inspect does: in double
// quotes, with \" \\ and \n-style escapes, \#{ for the start of an
// interpolation, \uXXXX for other control characters and line separators,
// \xHH (upper case) for each byte that is not UTF-8, and every other
// character as it is.
func writeRubyQuoted(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(b, "\\x%02X", s[i])
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '#' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@'):
			b.WriteString("\\#")
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			if e := rubyEscape(r); e != 0 {
				b.WriteByte('\\')
				b.WriteByte(e)
			} else {
				fmt.Fprintf(b, "\\u%04X", r)
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('"')
}

// rubyEscape is the letter of the escape Ruby's inspect writes for a
// control character by name (\n, \e), or 0.
func rubyEscape(r rune) byte {
	switch r {
	case '\a':
		return 'a'
	case '\b':
		return 'b'
	case '\t':
		return 't'
	case '\n':
		return 'n'
	case '\v':
		return 'v'
	case '\f':
		return 'f'
	case '\r':
		return 'r'
	case 0x1b:
		return 'e'
	}
	return 0
}

// formatFloat prints a float as Ruby's Float#to_s does: the shortest
// representation that round-trips, always with a fractional part, and in
// scientific notation below 1e-4, from 1e16 up, and for a whole number from
// 1e15 up (Ruby prints 1e15 as 1.0e+15 but 1234567890123456.8 in full).
func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	abs := math.Abs(f)
	if abs != 0 && (abs >= 1e16 || abs < 1e-4 || abs >= 1e15 && abs == math.Trunc(abs)) {
		s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+16, 1.5e-05
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		sign := exp[0]
		digits := exp[1:]
		if len(digits) < 2 {
			digits = "0" + digits
		}
		return mant + "e" + string(sign) + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
