package render

import (
	"reflect"
	"time"
)

// GoOptions say how FromGoWith reads a runner's Go values where the
// runner's own engine writes them otherwise than encoding/json does. The
// zero value is FromGo.
type GoOptions struct {
	// TimePrecision truncates every time.Time (and *time.Time) the value
	// holds to a multiple of it (time.Time.Truncate) before it is written
	// as RFC 3339: time.Second writes whole seconds, as a runner that
	// formats its times with time.RFC3339 prints them
	// ("2026-03-30T12:00:00Z" for 12:00:00.5). Zero keeps them as
	// encoding/json writes them, with every fractional digit
	// ("2026-03-30T12:00:00.5Z"). A time behind an embedded pointer to an
	// unexported struct type, or inside a type with its own MarshalJSON or
	// MarshalText, is left to it. The caller's value is never modified: what holds a time
	// is copied first.
	TimePrecision time.Duration
}

// FromGoWith is FromGo with opts: the value is converted as FromGo
// converts it, after the changes opts ask for.
func FromGoWith(v any, opts GoOptions) (any, error) {
	if opts.TimePrecision > 0 {
		if c, ok := truncTimes(reflect.ValueOf(v), opts.TimePrecision, 0); ok {
			v = c.Interface()
		}
	}
	return FromGo(v)
}

var timeType = reflect.TypeFor[time.Time]()

// truncTimes returns rv with each time.Time under it truncated to d, and
// whether anything changed; only what leads to a time is copied. Fields
// encoding/json does not write (unexported ones) are not walked.
func truncTimes(rv reflect.Value, d time.Duration, depth int) (reflect.Value, bool) {
	if depth > maxGoDepth || !rv.IsValid() {
		return rv, false
	}
	t := rv.Type()
	if t == timeType {
		tm := rv.Interface().(time.Time)
		if tr := tm.Truncate(d); !tr.Equal(tm) {
			return reflect.ValueOf(tr), true
		}
		return rv, false
	}
	if t.Kind() != reflect.Pointer && (ownsForm(t) || scalarKind(t.Kind())) {
		return rv, false
	}
	switch rv.Kind() {
	case reflect.Pointer:
		if rv.IsNil() {
			return rv, false
		}
		e, ok := truncTimes(rv.Elem(), d, depth+1)
		if !ok {
			return rv, false
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(e)
		return p, true
	case reflect.Interface:
		if rv.IsNil() {
			return rv, false
		}
		e, ok := truncTimes(rv.Elem(), d, depth+1)
		if !ok {
			return rv, false
		}
		i := reflect.New(t).Elem()
		i.Set(e)
		return i, true
	case reflect.Slice, reflect.Array:
		var cp reflect.Value
		for i := range rv.Len() {
			e, ok := truncTimes(rv.Index(i), d, depth+1)
			if !ok {
				continue
			}
			if !cp.IsValid() {
				if rv.Kind() == reflect.Slice {
					cp = reflect.MakeSlice(t, rv.Len(), rv.Len())
					reflect.Copy(cp, rv)
				} else {
					cp = reflect.New(t).Elem()
					cp.Set(rv)
				}
			}
			cp.Index(i).Set(e)
		}
		return cp, cp.IsValid()
	case reflect.Map:
		var cp reflect.Value
		it := rv.MapRange()
		for it.Next() {
			e, ok := truncTimes(it.Value(), d, depth+1)
			if !ok {
				continue
			}
			if !cp.IsValid() {
				cp = reflect.MakeMapWithSize(t, rv.Len())
				all := rv.MapRange()
				for all.Next() {
					cp.SetMapIndex(all.Key(), all.Value())
				}
			}
			cp.SetMapIndex(it.Key(), e)
		}
		return cp, cp.IsValid()
	case reflect.Struct:
		// The exported fields, and those an unexported embedded struct
		// promotes (encoding/json writes them; they can be set in a copy).
		var cp reflect.Value
		var walk func(sv reflect.Value, path []int)
		walk = func(sv reflect.Value, path []int) {
			st := sv.Type()
			for i := range st.NumField() {
				f := st.Field(i)
				p := append(path[:len(path):len(path)], i)
				if !f.IsExported() {
					if f.Anonymous && f.Type.Kind() == reflect.Struct && len(path) < maxGoDepth {
						walk(sv.Field(i), p)
					}
					continue
				}
				e, ok := truncTimes(sv.Field(i), d, depth+1)
				if !ok {
					continue
				}
				if !cp.IsValid() {
					cp = reflect.New(t).Elem()
					cp.Set(rv)
				}
				cp.FieldByIndex(p).Set(e)
			}
		}
		walk(rv, nil)
		return cp, cp.IsValid()
	}
	return rv, false
}
