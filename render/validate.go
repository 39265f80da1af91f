package render

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// ValidateContext checks vars against the template's schema (nothing in
// compat mode, or without a schema): every required input present, every
// declared input of the declared shape. Problems are context_invalid errors
// naming the JSON pointer.
func (t *Template) ValidateContext(vars map[string]any) diag.List {
	if t.schema == nil {
		return nil
	}
	var problems []strict.ContextProblem
	if t.validators != nil {
		for _, name := range t.schema.RequiredInputs() {
			if _, ok := vars[name]; !ok {
				problems = append(problems, strict.ContextProblem{Pointer: "/" + escapeToken(name), Message: "required input is missing"})
			}
		}
		names := make([]string, 0, len(vars))
		for name := range vars {
			if t.validators[name] != nil {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		vd := validation{path: make([]pathElem, 0, 8)}
		for _, name := range names {
			vd.path = append(vd.path[:0], pathElem{key: name})
			vd.check(t.validators[name], vars[name], 0)
		}
		problems = append(problems, vd.out...)
		// Go maps are visited in no particular order; report in pointer order.
		sort.SliceStable(problems, func(i, j int) bool { return problems[i].Pointer < problems[j].Pointer })
	} else {
		plain := make(map[string]any, len(vars))
		for k, v := range vars {
			if t.schema.Has(k) {
				plain[k] = toJSON(v)
			}
		}
		problems = t.schema.Validate(plain)
	}
	var out diag.List
	for _, p := range problems {
		out = append(out, diag.Errorf(diag.ContextInvalid, diag.Range{}, "context does not fit the template's schema at %s: %s", pointerOrRoot(p.Pointer), p.Message))
	}
	return out
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// maxProblems bounds the problems one validation reports.
const maxProblems = 50

// validation checks values against validators, keeping the JSON pointer of
// the value being checked as a stack that becomes a string only when a
// problem is reported.
type validation struct {
	path []pathElem
	out  []strict.ContextProblem
}

type pathElem struct {
	key   string
	index int
	item  bool
}

func (vd *validation) pointer() string {
	var b strings.Builder
	for _, e := range vd.path {
		b.WriteByte('/')
		if e.item {
			b.WriteString(strconv.Itoa(e.index))
		} else {
			b.WriteString(escapeToken(e.key))
		}
	}
	return b.String()
}

func (vd *validation) add(format string, args ...any) {
	vd.out = append(vd.out, strict.ContextProblem{Pointer: vd.pointer(), Message: fmt.Sprintf(format, args...)})
}

// check validates a rendering value against v.
func (vd *validation) check(v *strict.Validator, x any, depth int) {
	if v == nil || len(vd.out) >= maxProblems {
		return
	}
	if depth > 200 {
		vd.add("value is nested too deeply")
		return
	}
	x = normalize(x)
	kind := jsonKindOf(x)
	if len(v.Types) > 0 && !typeAllowed(v.Types, kind, x) {
		vd.add("expected %s, but got %s", strings.Join(v.Types, " or "), kind)
		return
	}
	for _, b := range v.AllOf {
		vd.check(b, x, depth+1)
	}
	if len(v.AnyOf) > 0 {
		matched := false
		for _, b := range v.AnyOf {
			sub := validation{path: vd.path}
			sub.check(b, x, depth+1)
			if len(sub.out) == 0 {
				matched = true
				break
			}
		}
		if !matched {
			vd.add("matches none of the allowed forms")
		}
	}
	if v.Enum != nil {
		found := false
		for _, e := range v.Enum {
			if equal(toJSON(x), normalizeJSON(e)) {
				found = true
				break
			}
		}
		if !found {
			vd.add("value must be one of %s", formatEnum(v.Enum))
		}
	}
	switch kind {
	case "string":
		s, _ := x.(string)
		if v.MinLength >= 0 || v.MaxLength >= 0 {
			n := utf8.RuneCountInString(s)
			if v.MinLength >= 0 && n < v.MinLength {
				vd.add("length must be >= %d, but got %d", v.MinLength, n)
			}
			if v.MaxLength >= 0 && n > v.MaxLength {
				vd.add("length must be <= %d, but got %d", v.MaxLength, n)
			}
		}
		if v.Pattern != nil && !v.Pattern.MatchString(s) {
			vd.add("does not match pattern %q", v.Pattern.String())
		}
	case "integer", "number":
		if v.Minimum != nil || v.Maximum != nil {
			r := decimal(x)
			if v.Minimum != nil && r.Cmp(v.Minimum) < 0 {
				vd.add("must be >= %s but found %s", ratString(v.Minimum), toString(x))
			}
			if v.Maximum != nil && r.Cmp(v.Maximum) > 0 {
				vd.add("must be <= %s but found %s", ratString(v.Maximum), toString(x))
			}
		}
	case "array":
		items := toList(x)
		if v.MinItems >= 0 && len(items) < v.MinItems {
			vd.add("minimum %d items required, but found %d items", v.MinItems, len(items))
		}
		if v.MaxItems >= 0 && len(items) > v.MaxItems {
			vd.add("maximum %d items required, but found %d items", v.MaxItems, len(items))
		}
		if v.Items != nil {
			for i, e := range items {
				vd.path = append(vd.path, pathElem{index: i, item: true})
				vd.check(v.Items, e, depth+1)
				vd.path = vd.path[:len(vd.path)-1]
			}
		}
	case "object":
		var missing []string
		for _, r := range v.Required {
			if _, ok := property(x, r, false); !ok {
				missing = append(missing, strconv.Quote(r))
			}
		}
		if len(missing) > 0 {
			vd.add("missing properties: %s", strings.Join(missing, ", "))
		}
		eachEntry(x, func(key string, val any) {
			pv, declared := v.Properties[key]
			if !declared && v.NoAdditional {
				vd.add("additional property %q is not allowed", key)
				return
			}
			if !declared {
				pv = v.Additional
			}
			vd.path = append(vd.path, pathElem{key: key})
			vd.check(pv, val, depth+1)
			vd.path = vd.path[:len(vd.path)-1]
		})
	}
}

// eachEntry visits an object's entries without collecting them first.
func eachEntry(x any, fn func(string, any)) {
	switch m := x.(type) {
	case *Map:
		for _, k := range m.keys {
			fn(k, m.vals[k])
		}
	case map[string]any:
		for k, v := range m {
			fn(k, v)
		}
	default:
		for _, p := range pairs(x) {
			fn(p.key, p.val)
		}
	}
}

// jsonKindOf names the JSON type of a rendering value.
func jsonKindOf(x any) string {
	switch y := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		if y == float64(int64(y)) {
			return "integer"
		}
		return "number"
	case string, time.Time:
		return "string"
	}
	if isArray(x) {
		return "array"
	}
	if isObject(x) {
		return "object"
	}
	return "string"
}

func typeAllowed(types []string, kind string, x any) bool {
	for _, t := range types {
		if t == kind || t == "number" && kind == "integer" {
			return true
		}
		if t == "string" {
			if _, ok := x.(time.Time); ok {
				return true
			}
		}
	}
	return false
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// normalizeJSON converts decoded schema values (json.Number) to the model.
func normalizeJSON(v any) any {
	switch x := v.(type) {
	case interface{ Int64() (int64, error) }:
		if n, err := x.Int64(); err == nil {
			return n
		}
		if f, ok := x.(interface{ Float64() (float64, error) }); ok {
			g, _ := f.Float64()
			return g
		}
	}
	return v
}

func formatEnum(vals []any) string {
	parts := make([]string, len(vals))
	for i, e := range vals {
		parts[i] = rubyInspect(normalizeJSON(e))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
