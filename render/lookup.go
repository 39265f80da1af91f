package render

import (
	"math/big"
	"reflect"
	"time"
	"unicode/utf8"
)

// property reads key (a string, or an integer index) of obj. found is false
// when obj is an object without that key, an array indexed by a non-integer,
// or a scalar; the caller decides whether that is an error. dot reports
// ".key" notation, under which size, first and last are commands when no
// such key exists.
func property(obj any, key any, dot bool) (v any, found bool) {
	obj = normalize(obj)
	switch x := obj.(type) {
	case nil:
		return nil, false
	case *Map:
		if x == nil {
			return nil, false
		}
		if k, ok := key.(string); ok {
			if v, ok := x.vals[k]; ok {
				return v, true
			}
			if dot {
				return command(x, k)
			}
		}
		return nil, false
	case map[string]any:
		if k, ok := key.(string); ok {
			if v, ok := x[k]; ok {
				return v, true
			}
			if dot {
				return command(x, k)
			}
		}
		return nil, false
	case []any:
		switch k := normalize(key).(type) {
		case int64:
			return index(len(x), k, func(i int) any { return x[i] })
		case string:
			if dot {
				return command(x, k)
			}
		}
		return nil, false
	case string:
		if k, ok := key.(string); ok && dot {
			switch k {
			case "first", "last":
				// Current Shopify reads a string's first and last
				// character (Liquid 5.4 read nil; the spec and the
				// golden suite accept the character).
				return stringEnd(x, k == "first"), true
			}
			return command(x, k)
		}
		return nil, false
	case rangeValue:
		switch k := normalize(key).(type) {
		case int64:
			return index(int(x.len()), k, func(i int) any { return x.at(int64(i)) })
		case string:
			if dot {
				return command(x, k)
			}
		}
		return nil, false
	case int64:
		// Ruby's Integer#size, which Liquid answers for .size: the bytes
		// of a machine integer. first and last are not found, as on a
		// string (Ruby's strict_variables raises for them).
		if k, ok := key.(string); ok && dot && k == "size" {
			return int64(8), true
		}
		return nil, false
	case *big.Int:
		// A Bignum's size is the bytes its magnitude needs.
		if k, ok := key.(string); ok && dot && k == "size" {
			return int64((x.BitLen() + 7) / 8), true
		}
		return nil, false
	case float64, bool, time.Time:
		return nil, false
	case propObject:
		if k, ok := key.(string); ok {
			return x.prop(k)
		}
		return nil, false
	}
	return reflectProperty(obj, key, dot)
}

// stringEnd is the first or last character of s, "" when it has none.
func stringEnd(s string, first bool) string {
	if s == "" {
		return ""
	}
	if first {
		_, n := utf8.DecodeRuneInString(s)
		return s[:n]
	}
	_, n := utf8.DecodeLastRuneInString(s)
	return s[len(s)-n:]
}

// index reads element k of a sequence of length n; negative k counts from
// the end. Out of range is found but nil, as in Liquid.
func index(n int, k int64, at func(int) any) (any, bool) {
	if k < 0 {
		k += int64(n)
	}
	if k < 0 || k >= int64(n) {
		return nil, true
	}
	return at(int(k)), true
}

// command answers size, first and last.
func command(obj any, name string) (any, bool) {
	switch name {
	case "size":
		if r, ok := obj.(rangeValue); ok {
			return r.count(), true
		}
		return size(obj), true
	case "first":
		if r, ok := obj.(rangeValue); ok {
			return r.first(), true // Ruby's Range#first, without making the numbers
		}
		if isArray(obj) {
			l := toList(obj)
			if len(l) == 0 {
				return nil, true
			}
			return l[0], true
		}
		if isObject(obj) {
			ps := pairs(obj)
			if len(ps) == 0 {
				return nil, true
			}
			return []any{ps[0].key, ps[0].val}, true
		}
	case "last":
		if r, ok := obj.(rangeValue); ok {
			return r.last(), true
		}
		if isArray(obj) {
			l := toList(obj)
			if len(l) == 0 {
				return nil, true
			}
			return l[len(l)-1], true
		}
	}
	return nil, false
}

func reflectProperty(obj any, key any, dot bool) (any, bool) {
	rv := reflect.ValueOf(obj)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return nil, false
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Map:
		if k, ok := key.(string); ok && rv.Type().Key().Kind() == reflect.String {
			mv := rv.MapIndex(reflect.ValueOf(k).Convert(rv.Type().Key()))
			if mv.IsValid() {
				return mv.Interface(), true
			}
			if dot {
				return command(obj, k)
			}
		}
		return nil, false
	case reflect.Slice, reflect.Array:
		switch k := normalize(key).(type) {
		case int64:
			return index(rv.Len(), k, func(i int) any { return rv.Index(i).Interface() })
		case string:
			if dot {
				return command(obj, k)
			}
		}
		return nil, false
	case reflect.Struct:
		k, ok := key.(string)
		if !ok {
			return nil, false
		}
		t := rv.Type()
		for i := 0; i < t.NumField(); i++ {
			if name, ok := fieldName(t.Field(i)); ok && name == k {
				return rv.Field(i).Interface(), true
			}
		}
		if dot {
			return command(obj, k)
		}
	}
	return nil, false
}
