package render

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"time"
	"unicode/utf8"
)

// filterJSON encodes its input as JSON, a shea extension for embedding data
// in prompts. Objects keep their key order (*Map in insertion order, Go
// maps sorted by key, structs in field order), floats print as Liquid
// prints them (5.0 stays 5.0), and nothing is HTML-escaped: <, > and & are
// written as they are. A range is an array of its numbers, a date the
// string Liquid prints for it. NaN and infinities cannot be encoded.
func filterJSON(m *budget, in any, _ []any, _ map[string]any) (any, error) {
	b := jsonBuf{m: m}
	if err := writeJSON(&b, in, 0); err != nil {
		return nil, err
	}
	if err := m.alloc(int64(b.Len())); err != nil {
		return nil, err
	}
	return b.String(), nil
}

// jsonBuf is the text being encoded and the budget it keeps within.
type jsonBuf struct {
	bytes.Buffer
	m *budget
}

func writeJSON(b *jsonBuf, v any, depth int) error {
	if depth > maxFilterDepth {
		return errTooDeep
	}
	if err := b.m.alloc(int64(b.Len())); err != nil {
		return err
	}
	if err := b.m.spend(1); err != nil {
		return err
	}
	switch x := fnorm(v).(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case *big.Int:
		b.WriteString(x.String())
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s cannot be encoded as JSON", formatFloat(x))
		}
		b.WriteString(formatFloat(x))
	case string:
		writeJSONString(b, x)
	case time.Time:
		writeJSONString(b, toString(x))
	case rangeValue:
		items, err := iterItems(b.m, x)
		if err != nil {
			return err
		}
		return writeJSONArray(b, items, depth)
	default:
		switch {
		case isArray(x):
			return writeJSONArray(b, toList(x), depth)
		case isObject(x):
			b.WriteByte('{')
			for i, p := range pairs(x) {
				if i > 0 {
					b.WriteByte(',')
				}
				writeJSONString(b, p.key)
				b.WriteByte(':')
				if err := writeJSON(b, p.val, depth+1); err != nil {
					return err
				}
			}
			b.WriteByte('}')
		default:
			writeJSONString(b, toString(x))
		}
	}
	return nil
}

func writeJSONArray(b *jsonBuf, items []any, depth int) error {
	b.WriteByte('[')
	for i, e := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeJSON(b, e, depth+1); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// writeJSONString quotes s, escaping only what JSON requires (quote,
// backslash, control characters); invalid UTF-8 becomes U+FFFD.
func writeJSONString(b *jsonBuf, s string) {
	if b.m.alloc(int64(b.Len())+int64(len(s))) != nil {
		return // writeJSON reports it before the next value
	}
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString(`\ufffd`)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('"')
}
