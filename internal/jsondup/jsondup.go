// Package jsondup finds duplicate object keys in a JSON document.
//
// encoding/json keeps the last of two equal keys, and other parsers keep
// the first, so a document with duplicates can mean one thing to shea and
// another to the program that wrote or reads it. shea's JSON inputs refuse
// them, as its YAML loader does.
package jsondup

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Duplicate is the second occurrence of a key in one object.
type Duplicate struct {
	Key     string // the key, decoded
	Pointer string // JSON pointer of the duplicated member ("/issue/title")
	Offset  int    // byte offset of the second occurrence's opening quote
	End     int    // byte offset just past its closing quote
}

// MaxDepth is the nesting Find follows, as encoding/json does: a deeper
// document is a syntax error to every decoder shea uses, so Find stops
// there without a duplicate.
const MaxDepth = 10000

// Find returns the first duplicate key of data, in document order. It
// stops without one at the first syntax error, which the caller's decoder
// reports, and past MaxDepth. Its memory is proportional to the keys of
// the open objects: pointers are built only for the duplicate found.
func Find(data []byte) (Duplicate, bool) {
	type frame struct {
		object bool
		seen   map[string]bool
		index  int
		key    string // the key whose value is next (objects)
		inKey  bool   // the next token is a key
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*frame
	// pointer is the pointer of the innermost container's current member.
	pointer := func() string {
		var b strings.Builder
		for _, f := range stack {
			b.WriteByte('/')
			if f.object {
				b.WriteString(escape(f.key))
			} else {
				b.WriteString(strconv.Itoa(f.index))
			}
		}
		return b.String()
	}
	// done records that a value of the innermost container was read.
	done := func() {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if f.object {
			f.inKey = true
		} else {
			f.index++
		}
	}
	for {
		before := int(dec.InputOffset())
		t, err := dec.Token()
		if err != nil {
			return Duplicate{}, false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].inKey {
			f := stack[n-1]
			if d, ok := t.(json.Delim); ok && d == '}' {
				stack = stack[:n-1]
				done()
				continue
			}
			k, _ := t.(string)
			if f.seen[k] {
				f.key = k
				return Duplicate{Key: k, Pointer: pointer(), Offset: keyStart(data, before), End: int(dec.InputOffset())}, true
			}
			f.seen[k] = true
			f.key, f.inKey = k, false
			continue
		}
		switch d, _ := t.(json.Delim); d {
		case '{', '[':
			if len(stack) >= MaxDepth {
				return Duplicate{}, false
			}
			f := &frame{object: d == '{', inKey: d == '{'}
			if f.object {
				f.seen = map[string]bool{}
			}
			stack = append(stack, f)
		case ']', '}':
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
		if len(stack) == 0 {
			return Duplicate{}, false
		}
	}
}

// keyStart returns the offset of the opening quote of the key whose token
// starts after offset from (past white space and the separating comma).
func keyStart(data []byte, from int) int {
	for i := from; i < len(data); i++ {
		if data[i] == '"' {
			return i
		}
	}
	return from
}

// escape escapes a key for a JSON pointer (RFC 6901).
func escape(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
