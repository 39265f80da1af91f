package main

import (
	"encoding/json"
	"strings"
)

// jv is a JSON value that keeps its key order and the exact text of its
// numbers (so an integer beyond 64 bits reaches both engines as written).
type jv struct {
	kind byte // 'n' null, 'b' bool, 'i' number, 's' string, 'a' array, 'o' object
	s    string
	arr  []jv
	keys []string
	vals []jv
}

func (v jv) write(b *strings.Builder) {
	switch v.kind {
	case 'n':
		b.WriteString("null")
	case 'b', 'i':
		b.WriteString(v.s)
	case 's':
		q, _ := json.Marshal(v.s)
		b.Write(q)
	case 'a':
		b.WriteByte('[')
		for i, e := range v.arr {
			if i > 0 {
				b.WriteByte(',')
			}
			e.write(b)
		}
		b.WriteByte(']')
	case 'o':
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(k)
			b.Write(q)
			b.WriteByte(':')
			v.vals[i].write(b)
		}
		b.WriteByte('}')
	}
}

// JSON is the value's JSON text.
func (v jv) JSON() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

// kindName names the value's kind for a signature: a number beyond 64 bits,
// a float and a non-ASCII string are kinds of their own.
func (v jv) kindName() string {
	switch v.kind {
	case 'n':
		return "nil"
	case 'b':
		return "bool"
	case 'i':
		return numberKind(v.s)
	case 's':
		return stringKind(v.s)
	case 'a':
		if len(v.arr) == 0 {
			return "[]"
		}
		return "[" + v.arr[0].kindName() + "]"
	case 'o':
		return "hash"
	}
	return "?"
}

func numberKind(s string) string {
	if strings.ContainsAny(s, "eE") {
		return "float-exp"
	}
	if strings.Contains(s, ".") {
		return "float"
	}
	digits := strings.TrimLeft(s, "-")
	if len(digits) >= 19 {
		return "bigint"
	}
	return "int"
}

func stringKind(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return "str-utf8"
		}
	}
	return "str"
}

// shrinks returns smaller variants of v: each item or key removed, a
// container replaced by one of its items, a string shortened.
func (v jv) shrinks() []jv {
	var out []jv
	switch v.kind {
	case 'a':
		for i := range v.arr {
			w := v
			w.arr = append(append([]jv{}, v.arr[:i]...), v.arr[i+1:]...)
			out = append(out, w)
		}
		for i := range v.arr {
			for _, s := range v.arr[i].shrinks() {
				w := v
				w.arr = append([]jv{}, v.arr...)
				w.arr[i] = s
				out = append(out, w)
			}
		}
	case 'o':
		for i := range v.keys {
			out = append(out, v.without(i))
		}
		for i := range v.vals {
			for _, s := range v.vals[i].shrinks() {
				w := v
				w.vals = append([]jv{}, v.vals...)
				w.vals[i] = s
				out = append(out, w)
			}
		}
	case 's':
		if r := []rune(v.s); len(r) > 1 {
			out = append(out, jv{kind: 's', s: string(r[:len(r)/2])}, jv{kind: 's', s: string(r[len(r)/2:])})
		}
	}
	return out
}

// without returns the object without its i-th key.
func (v jv) without(i int) jv {
	w := v
	w.keys = append(append([]string{}, v.keys[:i]...), v.keys[i+1:]...)
	w.vals = append(append([]jv{}, v.vals[:i]...), v.vals[i+1:]...)
	return w
}
