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
// declared input of the declared shape. Go values are checked as FromGo
// presents them (and rendered so too). Problems are context_invalid errors naming the JSON
// pointer.
func (t *Template) ValidateContext(vars map[string]any) diag.List {
	_, diags := t.contextOf(vars)
	return diags
}

// contextOf converts vars to the value model and validates them. Without
// a schema (compat mode) the values are read as they are, by reflection,
// which lets a compat template render a Go value that contains itself.
func (t *Template) contextOf(vars map[string]any) (map[string]any, diag.List) {
	if t.schema == nil {
		return vars, nil
	}
	conv, err := fromGoVars(vars)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.ContextInvalid, diag.Range{}, "context cannot be rendered: %v", err)}
	}
	diags := t.validateContext(conv)
	for _, d := range diags {
		addGoHint(d, vars, conv)
	}
	return conv, diags
}

// addGoHint gives a context_invalid error about a whole input that came
// from a Go struct (missing or undeclared properties) a detail naming the
// struct's type and the keys encoding/json gave its fields.
func addGoHint(d *diag.Diagnostic, vars, conv map[string]any) {
	if d.Detail != "" {
		return
	}
	for k, v := range vars {
		if strings.Contains(d.Summary, " at /"+escapeToken(k)+": ") {
			d.Detail = GoObjectHint(v, conv[k])
			return
		}
	}
}

// validateContext validates vars, which are in the value model.
func (t *Template) validateContext(vars map[string]any) diag.List {
	if t.schema == nil {
		return nil
	}
	var problems []strict.ContextProblem
	if t.inputs != nil {
		var buf [8]pathElem
		vd := validation{path: buf[:0]}
		for _, in := range t.inputs {
			x, ok := vars[in.name]
			if !ok {
				if in.required {
					problems = append(problems, strict.ContextProblem{Pointer: "/" + escapeToken(in.name), Message: "required input is missing"})
				}
				continue
			}
			vd.path = append(vd.path[:0], pathElem{key: in.name})
			vd.check(in.v, x, 0)
		}
		problems = append(problems, vd.out...)
		if len(problems) > 1 {
			// Go maps are visited in no particular order; report in pointer order.
			sort.SliceStable(problems, func(i, j int) bool { return problems[i].Pointer < problems[j].Pointer })
		}
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

// input is one declared input of a template and its validator.
type input struct {
	name     string
	required bool
	v        *strict.Validator
}

// inputsOf returns the inputs of schema with their validators, or nil when
// the schema needs the full JSON Schema validator. The schema reduces its
// validators once; this only lists them.
func inputsOf(schema *strict.Schema) []input {
	vs, ok := schema.Validators()
	if !ok || schema == nil {
		return nil
	}
	names := schema.Names()
	out := make([]input, len(names))
	for i, n := range names {
		out[i] = input{name: n, required: schema.Required(n), v: vs[n]}
	}
	return out
}

// maxProblems bounds the problems one validation reports.
const maxProblems = 50

// validation checks values, keeping the JSON pointer of the value being
// checked as a stack that becomes a string only when a problem is reported.
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

// kindOf returns the kind of a rendering value and its normalized form.
func kindOf(x any) (strict.Kind, any) {
	switch y := x.(type) {
	case string:
		return strict.KindString, x
	case nil:
		return strict.KindNull, x
	case bool:
		return strict.KindBoolean, x
	case int64, *big.Int:
		return strict.KindInteger, x
	case float64:
		if y == float64(int64(y)) {
			return strict.KindInteger, x
		}
		return strict.KindNumber, x
	case *Map, map[string]any:
		return strict.KindObject, x
	case []any:
		return strict.KindArray, x
	}
	x = normalize(x)
	switch y := x.(type) {
	case string, time.Time:
		return strict.KindString, x
	case int64:
		return strict.KindInteger, x
	case float64:
		if y == float64(int64(y)) {
			return strict.KindInteger, x
		}
		return strict.KindNumber, x
	case nil:
		return strict.KindNull, x
	case bool:
		return strict.KindBoolean, x
	}
	if isArray(x) {
		return strict.KindArray, x
	}
	if isObject(x) {
		return strict.KindObject, x
	}
	return strict.KindString, x
}

// check validates a rendering value against v.
func (vd *validation) check(v *strict.Validator, x any, depth int) {
	if v == nil || len(vd.out) >= maxProblems {
		return
	}
	kind, x := kindOf(x)
	if v.Kinds != 0 && v.Kinds&kind == 0 {
		vd.add("expected %s, but got %s", strings.Join(v.Types, " or "), kind)
		return
	}
	if v.TypeOnly {
		return
	}
	if depth > 200 {
		vd.add("value is nested too deeply")
		return
	}
	vd.branches(v, x, depth)
	if v.Enum != nil {
		vd.enum(v.Enum, x)
	}
	switch kind {
	case strict.KindString:
		s, _ := x.(string)
		vd.string(v, s)
	case strict.KindInteger, strict.KindNumber:
		vd.number(v, x)
	case strict.KindArray:
		vd.array(v, toList(x), depth)
	case strict.KindObject:
		vd.object(v, x, depth)
	}
}

// branches checks v's allOf and anyOf.
func (vd *validation) branches(v *strict.Validator, x any, depth int) {
	for _, b := range v.AllOf {
		vd.check(b, x, depth+1)
	}
	if len(v.AnyOf) == 0 {
		return
	}
	for _, b := range v.AnyOf {
		sub := validation{path: vd.path}
		sub.check(b, x, depth+1)
		if len(sub.out) == 0 {
			return
		}
	}
	vd.add("matches none of the allowed forms")
}

// enum checks that x is one of the allowed values.
func (vd *validation) enum(allowed []any, x any) {
	for _, e := range allowed {
		if equal(toJSON(x), normalizeJSON(e)) {
			return
		}
	}
	vd.add("value must be one of %s", formatEnum(allowed))
}

// string checks a string's length (in characters) and pattern.
func (vd *validation) string(v *strict.Validator, s string) {
	if v.MinLength >= 0 || v.MaxLength >= 0 {
		c := utf8.RuneCountInString(s)
		if v.MinLength >= 0 && c < v.MinLength {
			vd.add("length must be >= %d, but got %d", v.MinLength, c)
		}
		if v.MaxLength >= 0 && c > v.MaxLength {
			vd.add("length must be <= %d, but got %d", v.MaxLength, c)
		}
	}
	if v.Pattern != nil && !v.Pattern.MatchString(s) {
		vd.add("does not match pattern %q", v.Pattern.String())
	}
}

// number checks a number's bounds.
func (vd *validation) number(v *strict.Validator, x any) {
	if v.Minimum == nil && v.Maximum == nil {
		return
	}
	r := decimal(x)
	if v.Minimum != nil && r.Cmp(v.Minimum) < 0 {
		vd.add("must be >= %s but found %s", ratString(v.Minimum), toString(x))
	}
	if v.Maximum != nil && r.Cmp(v.Maximum) > 0 {
		vd.add("must be <= %s but found %s", ratString(v.Maximum), toString(x))
	}
}

// array checks an array's length and items.
func (vd *validation) array(v *strict.Validator, items []any, depth int) {
	if v.MinItems >= 0 && len(items) < v.MinItems {
		vd.add("minimum %d items required, but found %d items", v.MinItems, len(items))
	}
	if v.MaxItems >= 0 && len(items) > v.MaxItems {
		vd.add("maximum %d items required, but found %d items", v.MaxItems, len(items))
	}
	if v.Items == nil {
		return
	}
	for i, e := range items {
		if fits(v.Items, e) {
			continue
		}
		vd.path = append(vd.path, pathElem{index: i, item: true})
		vd.check(v.Items, e, depth+1)
		vd.path = vd.path[:len(vd.path)-1]
	}
}

// object checks an object's required properties and each of its entries.
func (vd *validation) object(v *strict.Validator, x any, depth int) {
	var missing []string
	for _, r := range v.Required {
		if _, ok := property(x, r, false); !ok {
			missing = append(missing, strconv.Quote(r))
		}
	}
	if len(missing) > 0 {
		vd.add("missing properties: %s", strings.Join(missing, ", "))
	}
	switch m := x.(type) {
	case *Map:
		for _, k := range m.keys {
			vd.entry(v, k, m.vals[k], depth)
		}
	case map[string]any:
		for k, e := range m {
			vd.entry(v, k, e, depth)
		}
	default:
		for _, p := range pairs(x) {
			vd.entry(v, p.key, p.val, depth)
		}
	}
}

// fits reports, without recording anything, that x passes a validator that
// only checks types: the common case, checked without the bookkeeping of
// check.
func fits(v *strict.Validator, x any) bool {
	if !v.TypeOnly {
		return false
	}
	if v.Kinds == 0 {
		return true
	}
	kind, _ := kindOf(x)
	return v.Kinds&kind != 0
}

// entry checks one property of an object checked by v.
func (vd *validation) entry(v *strict.Validator, key string, val any, depth int) {
	pv, declared := v.Properties[key]
	if !declared {
		if v.NoAdditional {
			vd.add("additional property %q is not allowed", key)
			return
		}
		pv = v.Additional
	}
	if pv == nil || fits(pv, val) {
		return
	}
	vd.path = append(vd.path, pathElem{key: key})
	vd.check(pv, val, depth+1)
	vd.path = vd.path[:len(vd.path)-1]
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
