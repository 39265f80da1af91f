package render

import (
	"fmt"
	"math/big"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"weak"

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
	vars, err := fromGoVars(vars)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.ContextInvalid, diag.Range{}, "context cannot be rendered: %v", err)}
	}
	return vars, t.validateContext(vars)
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
			vd.check(in.node, x, 0)
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

// input is one declared input of a template and the check of its value.
type input struct {
	name     string
	required bool
	node     *vnode
}

// The JSON types, as bits.
const (
	kNull uint8 = 1 << iota
	kBoolean
	kInteger
	kNumber // numbers that are not integers
	kString
	kArray
	kObject
)

var kindNames = map[string]uint8{
	"null": kNull, "boolean": kBoolean, "integer": kInteger, "number": kInteger | kNumber,
	"string": kString, "array": kArray, "object": kObject,
}

// vnode is a strict.Validator compiled for rendering values: types as a bit
// mask, and a flag for the common node that only checks a type.
type vnode struct {
	kinds     uint8 // allowed kinds; 0 means any
	typesText string
	onlyType  bool // nothing to check beyond kinds

	props        map[string]*vnode
	required     []string
	additional   *vnode
	noAdditional bool
	items        *vnode
	allOf, anyOf []*vnode
	enum         []any
	minLen       int
	maxLen       int
	pattern      *regexp.Regexp
	min, max     *big.Rat
	minItems     int
	maxItems     int
}

// compileInputs compiles a schema's validators, or returns nil when the
// schema needs the full JSON Schema validator.
// compiledInputs remembers compileInputs's result for each schema a
// template was compiled against, for as long as the schema lives: a
// workflow compiles many templates against one schema, and a service the
// same template again and again. An entry goes when its schema is
// collected.
var compiledInputs sync.Map // weak.Pointer[strict.Schema] → []input

// inputsOf returns the compiled inputs of schema, compiling them once.
func inputsOf(schema *strict.Schema) []input {
	if schema == nil {
		return compileInputs(nil)
	}
	key := weak.Make(schema)
	if v, ok := compiledInputs.Load(key); ok {
		return v.([]input)
	}
	in := compileInputs(schema)
	if _, loaded := compiledInputs.LoadOrStore(key, in); !loaded {
		runtime.AddCleanup(schema, func(k weak.Pointer[strict.Schema]) { compiledInputs.Delete(k) }, key)
	}
	return in
}

func compileInputs(schema *strict.Schema) []input {
	vs, ok := schema.Validators()
	if !ok || schema == nil {
		return nil
	}
	memo := map[*strict.Validator]*vnode{}
	names := schema.Names()
	out := make([]input, len(names))
	for i, n := range names {
		out[i] = input{name: n, required: schema.Required(n), node: compileNode(vs[n], memo)}
	}
	return out
}

func compileNode(v *strict.Validator, memo map[*strict.Validator]*vnode) *vnode {
	if v == nil {
		return nil
	}
	if n, ok := memo[v]; ok {
		return n
	}
	n := &vnode{typesText: strings.Join(v.Types, " or "), required: v.Required, noAdditional: v.NoAdditional,
		enum: v.Enum, minLen: v.MinLength, maxLen: v.MaxLength, pattern: v.Pattern, min: v.Minimum, max: v.Maximum,
		minItems: v.MinItems, maxItems: v.MaxItems}
	memo[v] = n
	for _, t := range v.Types {
		n.kinds |= kindNames[t]
	}
	if len(v.Properties) > 0 {
		n.props = make(map[string]*vnode, len(v.Properties))
		for k, p := range v.Properties {
			n.props[k] = compileNode(p, memo)
		}
	}
	n.additional = compileNode(v.Additional, memo)
	n.items = compileNode(v.Items, memo)
	for _, b := range v.AllOf {
		n.allOf = append(n.allOf, compileNode(b, memo))
	}
	for _, b := range v.AnyOf {
		n.anyOf = append(n.anyOf, compileNode(b, memo))
	}
	n.onlyType = len(n.props) == 0 && len(n.required) == 0 && n.additional == nil && !n.noAdditional &&
		n.items == nil && len(n.allOf) == 0 && len(n.anyOf) == 0 && n.enum == nil && n.minLen < 0 &&
		n.maxLen < 0 && n.pattern == nil && n.min == nil && n.max == nil && n.minItems < 0 && n.maxItems < 0
	return n
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

// kindOf returns the kind bit of a rendering value and its normalized form.
func kindOf(x any) (uint8, any) {
	switch y := x.(type) {
	case string:
		return kString, x
	case nil:
		return kNull, x
	case bool:
		return kBoolean, x
	case int64:
		return kInteger, x
	case float64:
		if y == float64(int64(y)) {
			return kInteger, x
		}
		return kNumber, x
	case *Map, map[string]any:
		return kObject, x
	case []any:
		return kArray, x
	}
	x = normalize(x)
	switch y := x.(type) {
	case string, time.Time:
		return kString, x
	case int64:
		return kInteger, x
	case float64:
		if y == float64(int64(y)) {
			return kInteger, x
		}
		return kNumber, x
	case nil:
		return kNull, x
	case bool:
		return kBoolean, x
	}
	if isArray(x) {
		return kArray, x
	}
	if isObject(x) {
		return kObject, x
	}
	return kString, x
}

var kindText = map[uint8]string{kNull: "null", kBoolean: "boolean", kInteger: "integer", kNumber: "number",
	kString: "string", kArray: "array", kObject: "object"}

// check validates a rendering value against n.
func (vd *validation) check(n *vnode, x any, depth int) {
	if n == nil || len(vd.out) >= maxProblems {
		return
	}
	kind, x := kindOf(x)
	if n.kinds != 0 && n.kinds&kind == 0 {
		vd.add("expected %s, but got %s", n.typesText, kindText[kind])
		return
	}
	if n.onlyType {
		return
	}
	if depth > 200 {
		vd.add("value is nested too deeply")
		return
	}
	for _, b := range n.allOf {
		vd.check(b, x, depth+1)
	}
	if len(n.anyOf) > 0 {
		matched := false
		for _, b := range n.anyOf {
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
	if n.enum != nil {
		found := false
		for _, e := range n.enum {
			if equal(toJSON(x), normalizeJSON(e)) {
				found = true
				break
			}
		}
		if !found {
			vd.add("value must be one of %s", formatEnum(n.enum))
		}
	}
	switch kind {
	case kString:
		s, _ := x.(string)
		if n.minLen >= 0 || n.maxLen >= 0 {
			c := utf8.RuneCountInString(s)
			if n.minLen >= 0 && c < n.minLen {
				vd.add("length must be >= %d, but got %d", n.minLen, c)
			}
			if n.maxLen >= 0 && c > n.maxLen {
				vd.add("length must be <= %d, but got %d", n.maxLen, c)
			}
		}
		if n.pattern != nil && !n.pattern.MatchString(s) {
			vd.add("does not match pattern %q", n.pattern.String())
		}
	case kInteger, kNumber:
		if n.min != nil || n.max != nil {
			r := decimal(x)
			if n.min != nil && r.Cmp(n.min) < 0 {
				vd.add("must be >= %s but found %s", ratString(n.min), toString(x))
			}
			if n.max != nil && r.Cmp(n.max) > 0 {
				vd.add("must be <= %s but found %s", ratString(n.max), toString(x))
			}
		}
	case kArray:
		items := toList(x)
		if n.minItems >= 0 && len(items) < n.minItems {
			vd.add("minimum %d items required, but found %d items", n.minItems, len(items))
		}
		if n.maxItems >= 0 && len(items) > n.maxItems {
			vd.add("maximum %d items required, but found %d items", n.maxItems, len(items))
		}
		if n.items != nil {
			for i, e := range items {
				if n.items.fits(e) {
					continue
				}
				vd.path = append(vd.path, pathElem{index: i, item: true})
				vd.check(n.items, e, depth+1)
				vd.path = vd.path[:len(vd.path)-1]
			}
		}
	case kObject:
		var missing []string
		for _, r := range n.required {
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
				vd.entry(n, k, m.vals[k], depth)
			}
		case map[string]any:
			for k, e := range m {
				vd.entry(n, k, e, depth)
			}
		default:
			for _, p := range pairs(x) {
				vd.entry(n, p.key, p.val, depth)
			}
		}
	}
}

// fits reports, without recording anything, that x passes a node that
// only checks types: the common case, checked without the bookkeeping of
// check.
func (n *vnode) fits(x any) bool {
	if !n.onlyType {
		return false
	}
	if n.kinds == 0 {
		return true
	}
	kind, _ := kindOf(x)
	return n.kinds&kind != 0
}

// entry checks one property of an object checked by n.
func (vd *validation) entry(n *vnode, key string, val any, depth int) {
	pn, declared := n.props[key]
	if !declared {
		if n.noAdditional {
			vd.add("additional property %q is not allowed", key)
			return
		}
		pn = n.additional
	}
	if pn == nil || pn.fits(val) {
		return
	}
	vd.path = append(vd.path, pathElem{key: key})
	vd.check(pn, val, depth+1)
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
