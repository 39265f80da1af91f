package render

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// goWalk is the state of one FromGo conversion: what it has met on the
// way to the value it is at, to find cycles, and the Go values it has
// walked or copied already, so that a Go value shared by many parts is
// walked and copied once.
//
// encoding/json finds a cycle only after following it 1,000 pointers
// deep, and FromGo's walk for nil slices and maps had no bound but that
// depth: an epic whose two children point back to it was walked down
// every one of 2^333 paths. With the pointers, maps and slices on the
// current path recorded, a cycle is an error the first time it closes,
// and with the results of the Go values walked kept, each is walked once.
//
// A list or map of the value model (decoded JSON, mostly) is only checked
// against the lists and maps on the way to it, kept in a short stack:
// data decoded from JSON shares nothing, and a memo of each of its lists
// would cost every render memory in proportion to its data.
type goWalk struct {
	path   map[goRef]bool          // Go values on the way to the current value
	nils   map[goRef]bool          // walked: whether it holds a nil slice or map
	copies map[goRef]reflect.Value // copied by emptyNils, each once
	models []goRef                 // model lists and maps on the way
	owns   map[reflect.Type]bool   // ownsForm of the types met
}

// goRef names a Go pointer, map or slice (a slice with its length, as
// encoding/json names them to find cycles) of one type.
type goRef struct {
	ptr uintptr
	typ reflect.Type
	n   int
}

func newGoWalk() *goWalk {
	return &goWalk{} // its maps are made when first written
}

// refOf names rv when it is a non-nil pointer, map or slice.
func refOf(rv reflect.Value) (goRef, bool) {
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map:
		if !rv.IsNil() {
			return goRef{ptr: rv.Pointer(), typ: rv.Type()}, true
		}
	case reflect.Slice:
		if !rv.IsNil() && rv.Len() > 0 {
			return goRef{ptr: rv.Pointer(), typ: rv.Type(), n: rv.Len()}, true
		}
	}
	return goRef{}, false
}

// modelRef names a list or map of the value model ([]any, map[string]any,
// *Map), which may hold itself as a Go value can.
func modelRef(v any) (goRef, bool) {
	switch x := v.(type) {
	case []any, map[string]any, *Map:
		return refOf(reflect.ValueOf(x))
	}
	return goRef{}, false
}

// cycleError is the *GoValueError of a value of type t met again inside
// itself.
func cycleError(t reflect.Type) error {
	return &GoValueError{"", fmt.Errorf("holds a cycle: a %s contains itself", t)}
}

// model converts the model list or map ref with convert: meeting it again
// on the way to it is a cycle.
func (w *goWalk) model(ref goRef, convert func() (any, bool, error)) (any, bool, error) {
	if slices.Contains(w.models, ref) {
		return nil, false, cycleError(ref.typ)
	}
	w.models = append(w.models, ref)
	out, changed, err := convert()
	w.models = w.models[:len(w.models)-1]
	return out, changed, err
}

// ownsForm is the package's ownsForm, kept for each type.
func (w *goWalk) ownsForm(t reflect.Type) bool {
	owns, ok := w.owns[t]
	if !ok {
		owns = ownsForm(t)
		if w.owns == nil {
			w.owns = map[reflect.Type]bool{}
		}
		w.owns[t] = owns
	}
	return owns
}

// ownsForm reports whether values of type t write their own JSON, so that
// a nil slice or map of that type is left to them (time.Time is one).
func ownsForm(t reflect.Type) bool {
	jm, tm := reflect.TypeFor[json.Marshaler](), reflect.TypeFor[encoding.TextMarshaler]()
	if t.Implements(jm) || t.Implements(tm) {
		return true
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		p := reflect.PointerTo(t)
		return p.Implements(jm) || p.Implements(tm)
	}
	return false
}

// marshalled reports whether encoding/json writes struct field f: an
// exported field (or an embedded one) not tagged "-".
func marshalled(f reflect.StructField) bool {
	return (f.IsExported() || f.Anonymous) && f.Tag.Get("json") != "-"
}

// holdsNil reports whether rv holds a nil slice or map that JSON would
// write as null: the walk FromGo makes before marshalling. It walks all of
// rv that encoding/json writes (a field tagged omitempty too, harmlessly),
// and a cycle on the way is an error. A type that writes its own JSON is
// left to it. Beyond maxGoDepth it gives up (encoding/json bounds the
// rest).
func (w *goWalk) holdsNil(rv reflect.Value, depth int) (bool, error) {
	if depth > maxGoDepth || !rv.IsValid() || w.ownsForm(rv.Type()) {
		return false, nil
	}
	ref, isRef := refOf(rv)
	if !isRef {
		return w.holdsNilIn(rv, depth)
	}
	if w.path[ref] {
		return false, cycleError(rv.Type())
	}
	if has, ok := w.nils[ref]; ok {
		return has, nil
	}
	if w.path == nil {
		w.path, w.nils = map[goRef]bool{}, map[goRef]bool{}
	}
	w.path[ref] = true
	has, err := w.holdsNilIn(rv, depth)
	delete(w.path, ref)
	if err != nil {
		return false, err
	}
	w.nils[ref] = has
	return has, nil
}

// holdsNilIn is holdsNil of what rv holds.
func (w *goWalk) holdsNilIn(rv reflect.Value, depth int) (bool, error) {
	has := false
	visit := func(v reflect.Value) error {
		h, err := w.holdsNil(v, depth+1)
		has = has || h
		return err
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Map:
		if rv.IsNil() {
			return true, nil
		}
		if scalarKind(rv.Type().Elem().Kind()) {
			return false, nil
		}
		if rv.Kind() == reflect.Map {
			it := rv.MapRange()
			for it.Next() {
				if err := visit(it.Value()); err != nil {
					return false, err
				}
			}
			return has, nil
		}
		fallthrough
	case reflect.Array:
		if rv.Kind() == reflect.Array && scalarKind(rv.Type().Elem().Kind()) {
			return false, nil
		}
		for i := range rv.Len() {
			if err := visit(rv.Index(i)); err != nil {
				return false, err
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !rv.IsNil() {
			return w.holdsNil(rv.Elem(), depth+1)
		}
	case reflect.Struct:
		t := rv.Type()
		for i := range t.NumField() {
			if marshalled(t.Field(i)) {
				if err := visit(rv.Field(i)); err != nil {
					return false, err
				}
			}
		}
	}
	return has, nil
}

func scalarKind(k reflect.Kind) bool {
	return k >= reflect.Bool && k <= reflect.Complex128 || k == reflect.String
}

// emptyNils returns a copy of rv in which every nil slice or map that
// holdsNil finds is empty. Only what leads to one is copied, and each
// pointer, map or slice once: what the value shares stays shared.
func (w *goWalk) emptyNils(rv reflect.Value) reflect.Value {
	cp := reflect.New(rv.Type()).Elem()
	cp.Set(rv)
	w.fillNils(cp, 0)
	return cp
}

// fillNils makes the nil slices and maps under v empty, in place: v is
// addressable, part of a copy emptyNils made. What a pointer, map, slice or
// interface refers to belongs to the caller, and is copied before it
// changes. A field that cannot be set (under an unexported embedded
// pointer) is left as it is. holdsNil has walked v already (so v holds no
// cycle), and its answers are kept.
func (w *goWalk) fillNils(v reflect.Value, depth int) {
	if has, _ := w.holdsNil(v, depth); !has {
		return
	}
	ref, isRef := refOf(v)
	if c, ok := w.copies[ref]; isRef && ok && v.CanSet() {
		v.Set(c)
		return
	}
	t := v.Type()
	switch v.Kind() {
	case reflect.Slice:
		if !v.CanSet() {
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeSlice(t, 0, 0))
			return
		}
		n := reflect.MakeSlice(t, v.Len(), v.Len())
		reflect.Copy(n, v)
		for i := range n.Len() {
			w.fillNils(n.Index(i), depth+1)
		}
		v.Set(n)
	case reflect.Map:
		if !v.CanSet() {
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(t))
			return
		}
		n := reflect.MakeMapWithSize(t, v.Len())
		it := v.MapRange()
		for it.Next() {
			e := it.Value()
			if has, _ := w.holdsNil(e, depth+1); has {
				e = w.emptyNils(e)
			}
			n.SetMapIndex(it.Key(), e)
		}
		v.Set(n)
	case reflect.Array:
		for i := range v.Len() {
			w.fillNils(v.Index(i), depth+1)
		}
	case reflect.Pointer:
		if v.CanSet() {
			p := reflect.New(t.Elem())
			p.Elem().Set(v.Elem())
			w.fillNils(p.Elem(), depth+1)
			v.Set(p)
		}
	case reflect.Interface:
		if v.CanSet() {
			v.Set(w.emptyNils(v.Elem()))
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if marshalled(t.Field(i)) {
				w.fillNils(v.Field(i), depth+1)
			}
		}
	}
	if isRef && v.CanSet() {
		if w.copies == nil {
			w.copies = map[goRef]reflect.Value{}
		}
		w.copies[ref] = v
	}
}
