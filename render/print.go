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
	p := printer{w: &b, nodes: maxValueNodes}
	p.value(v)
	if p.err != nil {
		b.WriteString("…") // only outside a render: see printValue
	}
	return b.String()
}

// maxValueNodes bounds how many nested values toString visits outside a
// render (where no budget or deadline holds), so that a Go value that
// contains itself, or a huge graph, cannot recurse forever or take
// exponential time. A render prints with printValue, which has no such
// cap: its output is exact, or an error.
const maxValueNodes = 1 << 22

// stringWriter is what printing writes to: a strings.Builder, or a
// builder that keeps within a render's memory budget.
type stringWriter interface {
	WriteString(string) (int, error)
	WriteByte(byte) error
}

// printer prints values. It stops at the first error: a value nested
// deeper than maxFilterDepth (a Go value that contains itself), more than
// nodes values visited (when nodes > 0), or the writer's own error (the
// memory budget, the deadline).
type printer struct {
	w       stringWriter
	nodes   int // values that may be visited; 0 for no cap
	visited int
	level   int
	err     error
}

// printValue prints v as a render writes it: charged to b as it is built
// and counted against the deadline, and exact, or an error.
func printValue(b *budget, v any) (string, error) {
	w := &builder{b: b}
	p := printer{w: w}
	p.value(v)
	if p.err != nil {
		return "", p.err
	}
	return w.result()
}

// enter counts a value visited at one level deeper; false stops printing.
func (p *printer) enter() bool {
	if p.err != nil {
		return false
	}
	if p.level >= maxFilterDepth {
		p.err = errTooDeep
		return false
	}
	if p.nodes > 0 {
		if p.visited == p.nodes {
			p.err = errTooDeep
			return false
		}
		p.visited++
	}
	p.level++
	return true
}

func (p *printer) leave() { p.level-- }

func (p *printer) str(s string) {
	if p.err == nil {
		_, p.err = p.w.WriteString(s)
	}
}

// quoted writes s as Ruby's inspect quotes it.
func (p *printer) quoted(s string) {
	if p.err == nil {
		writeRubyQuoted(p.w, s)
	}
}

func (p *printer) byte(c byte) {
	if p.err == nil {
		p.err = p.w.WriteByte(c)
	}
}

// value appends the printed form of v.
func (p *printer) value(v any) {
	if !p.enter() {
		return
	}
	defer p.leave()
	switch x := normalize(v).(type) {
	case nil:
	case string:
		p.str(x)
	case int64:
		p.str(strconv.FormatInt(x, 10))
	case *big.Int:
		p.str(x.String())
	case float64:
		p.str(formatFloat(x))
	case bool:
		p.str(strconv.FormatBool(x))
	case []any:
		// Ruby's Array#join flattens nested arrays.
		for _, e := range x {
			p.value(e)
		}
	case rangeValue:
		p.str(x.String())
	case time.Time:
		p.str(x.Format("2006-01-02 15:04:05 -0700"))
	case *Map, map[string]any:
		p.hash(x)
	case *loopObject:
		// A Liquid drop prints its class name.
		if x.table {
			p.str("Liquid::TablerowloopDrop")
		} else {
			p.str("Liquid::ForloopDrop")
		}
	default:
		rv := reflect.ValueOf(x)
		switch rv.Kind() {
		case reflect.Slice, reflect.Array:
			for i := 0; i < rv.Len(); i++ {
				p.value(rv.Index(i).Interface())
			}
		case reflect.Map, reflect.Struct:
			p.hash(x)
		case reflect.Pointer:
			if rv.IsNil() {
				return
			}
			p.value(rv.Elem().Interface())
		default:
			p.str(fmt.Sprint(x))
		}
	}
}

// hash prints an object the way Ruby (before 3.4) prints a Hash, the
// form the Liquid spec records: {"a"=>1}.
func (p *printer) hash(v any) {
	p.byte('{')
	for i, kv := range pairs(v) {
		if i > 0 {
			p.str(", ")
		}
		p.quoted(kv.key)
		p.str("=>")
		p.inspect(kv.val)
	}
	p.byte('}')
}

func (p *printer) inspect(v any) {
	if !p.enter() {
		return
	}
	defer p.leave()
	switch x := normalize(v).(type) {
	case nil:
		p.str("nil")
	case string:
		p.quoted(x)
	case []any:
		p.byte('[')
		for i, e := range x {
			if i > 0 {
				p.str(", ")
			}
			p.inspect(e)
		}
		p.byte(']')
	case *Map, map[string]any:
		p.hash(x)
	default:
		p.value(x)
	}
}

// writeRubyQuoted writes s as Ruby's String#inspect does: in double
// quotes, with \" \\ and \n-style escapes, \#{ for the start of an
// interpolation, \uXXXX for other control characters and line separators,
// \xHH (upper case) for each byte that is not UTF-8, and every other
// character as it is.
// It stops at the first write that fails (a builder past the memory
// budget, a capWriter that is full).
func writeRubyQuoted(b stringWriter, s string) {
	if b.WriteByte('"') != nil {
		return
	}
	var err error
	for i := 0; i < len(s) && err == nil; {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			err = writeBytes(b, '\\', 'x', upperHex[s[i]>>4], upperHex[s[i]&15])
		case r == '"' || r == '\\':
			err = writeBytes(b, '\\', byte(r))
		case r == '#' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@'):
			_, err = b.WriteString("\\#")
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			if e := rubyEscape(r); e != 0 {
				err = writeBytes(b, '\\', e)
			} else {
				err = writeBytes(b, '\\', 'u', upperHex[r>>12&15], upperHex[r>>8&15], upperHex[r>>4&15], upperHex[r&15])
			}
		default:
			// A run of characters that need no escape is written at once.
			j := i + n
			for j < len(s) && plainQuoted(s, j) {
				j++
			}
			_, err = b.WriteString(s[i:j])
			n = j - i
		}
		i += n
	}
	if err == nil {
		b.WriteByte('"')
	}
}

const upperHex = "0123456789ABCDEF"

// writeBytes writes bs one byte at a time, stopping at the first error.
func writeBytes(b stringWriter, bs ...byte) error {
	for _, c := range bs {
		if err := b.WriteByte(c); err != nil {
			return err
		}
	}
	return nil
}

// plainQuoted reports whether the byte at s[j] is written as it is by
// writeRubyQuoted: printable ASCII other than a quote, a backslash or a
// # that starts an interpolation.
func plainQuoted(s string, j int) bool {
	c := s[j]
	switch {
	case c < 0x20 || c >= 0x7f || c == '"' || c == '\\':
		return false
	case c == '#':
		return j+1 >= len(s) || s[j+1] != '{' && s[j+1] != '$' && s[j+1] != '@'
	}
	return true
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
