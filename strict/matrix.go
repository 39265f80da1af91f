package strict

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// SampleInput is one rendering context of a Schema's smoke matrix.
type SampleInput struct {
	// Name says how the context was made: "sample", "every field",
	// "required only", "nullable as null", "arrays empty" or "arrays with
	// two items".
	Name string
	Vars map[string]any
	// Varies is, for a boundary input, the path of the one value it
	// changes, as a template reads it ("issue.blocked_by[0].state"); empty
	// for the other contexts. A template that reads neither the path nor
	// anything above or below it renders a boundary input as it renders
	// the every-field context, and may skip it.
	Varies string
}

// matrixMode is how one context of the matrix fills the schema.
type matrixMode struct {
	name         string
	requiredOnly bool // leave out every property (and input) not required
	nulls        bool // give every nullable value null
	items        int  // the length of every array
}

var matrixModes = []matrixMode{
	{name: "every field", items: 1},
	{name: "required only", requiredOnly: true},
	{name: "nullable as null", nulls: true, items: 1},
	{name: "arrays empty"},
	{name: "arrays with two items", items: 2},
}

// SampleMatrix returns a small matrix of contexts valid against the schema,
// for smoke-rendering a template so that the branches data can take are
// run: first Sample's context, then every field present; only the
// required properties and inputs; every nullable value null; every array
// empty; every array with two items. Values are those Sample would give.
// A context that does not fit the schema (its own constraints, such as
// minItems, rule the variation out) is left out, and so is one equal to
// an earlier one. The result is the same on every call.
func (s *Schema) SampleMatrix() []SampleInput {
	if s == nil {
		return []SampleInput{{Name: "sample", Vars: map[string]any{}}}
	}
	s.matrixOnce.Do(func() { s.matrix = s.sampleMatrix() })
	// Each call gets its own top-level maps, which a caller may change.
	out := make([]SampleInput, len(s.matrix))
	for i, in := range s.matrix {
		out[i] = SampleInput{Name: in.Name, Vars: maps.Clone(in.Vars), Varies: in.Varies}
	}
	return out
}

func (s *Schema) sampleMatrix() []SampleInput {
	out := []SampleInput{{Name: "sample", Vars: s.Sample()}}
	// base is the context boundary values vary from: every field present,
	// else the sample, whichever fits the schema.
	var base map[string]any
	if len(s.Validate(out[0].Vars)) == 0 {
		base = out[0].Vars
	}
	for _, m := range matrixModes {
		vars := map[string]any{}
		for _, name := range s.order {
			if m.requiredOnly && !s.required[name] {
				continue
			}
			if v, ok := m.value(name, s.props[name], 0, nil); ok {
				vars[name] = v
			}
		}
		if len(s.Validate(vars)) > 0 {
			continue
		}
		if m.name == "every field" {
			base = vars
		}
		if containsVars(out, vars) {
			continue
		}
		out = append(out, SampleInput{Name: m.name, Vars: vars})
	}
	if base != nil {
		out = append(out, s.boundaryInputs(base, out)...)
	}
	return out
}

func containsVars(l []SampleInput, vars map[string]any) bool {
	for _, x := range l {
		if equalJSON(x.Vars, vars) {
			return true
		}
	}
	return false
}

func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// value makes the value of a schema node in mode m. ok is false when the
// value is best left out: a recursive schema reached again, or too deep.
// open lists the (flattened) nodes being filled, outermost first.
func (m matrixMode) value(name string, n *jsonschema.Schema, depth int, open []*jsonschema.Schema) (any, bool) {
	if n == nil {
		return "smoke_" + name, true
	}
	if depth > maxSampleDepth {
		return nil, false
	}
	nodes := flatten(n)
	for _, f := range nodes {
		for _, o := range open {
			if o == f {
				return nil, false // a recursive schema: stop here
			}
		}
	}
	typ, nullable := "", false
	for _, f := range nodes {
		for _, t := range f.Types {
			if t == "null" {
				nullable = true
			} else if typ == "" {
				typ = t
			}
		}
	}
	// flatten drops the null-only branches of anyOf/oneOf.
	nullable = nullable || allowsNull(n)
	if m.nulls && nullable {
		return nil, true
	}
	open = append(open[:len(open):len(open)], nodes...)
	switch typ {
	case "object":
		props, required := mergedProperties(nodes)
		if len(props) == 0 {
			if m.requiredOnly {
				return map[string]any{}, true
			}
			return m.sample(name, n, depth), true // a free-form object: its example
		}
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		obj := map[string]any{}
		for _, k := range keys {
			if m.requiredOnly && !required[k] {
				continue
			}
			if v, ok := m.value(k, props[k], depth+1, open); ok {
				obj[k] = v
			}
		}
		return obj, true
	case "array":
		arr := []any{}
		item := shape{nodes: nodes}.items()
		var itemNode *jsonschema.Schema
		if len(item.nodes) > 0 {
			itemNode = item.nodes[0]
		}
		for i := 0; i < m.items; i++ {
			v, ok := m.value(name, itemNode, depth+1, open)
			if !ok {
				break
			}
			arr = append(arr, v)
		}
		return arr, true
	}
	return m.sample(name, n, depth), true
}

// allowsNull reports whether a branch of n's anyOf or oneOf allows only
// null.
func allowsNull(n *jsonschema.Schema) bool {
	for _, l := range [][]*jsonschema.Schema{n.AnyOf, n.OneOf} {
		for _, b := range l {
			if onlyNull(b) {
				return true
			}
		}
	}
	return false
}

// sample is the value Sample gives n.
func (m matrixMode) sample(name string, n *jsonschema.Schema, depth int) any {
	return (&sampler{open: map[*jsonschema.Schema]bool{}}).value(name, n, depth, false)
}

// Boundary values: after the modes, the matrix varies one value at a time
// from the "every field" context, to a value at an edge of its type that
// the schema allows. Every variation is validated against the schema and
// left out when it does not fit (an enum, a minimum, a pattern, a format,
// minLength rule it out), so every context stays schema-valid. The
// matrix then grows linearly with the number of values in the context,
// never combinatorially, and is capped at maxBoundaryInputs.

// maxBoundaryInputs bounds the boundary variations of one schema.
const maxBoundaryInputs = 512

// longStringBytes is the length of the long string boundary value.
const longStringBytes = 10 << 10

// maxEnumBoundaries bounds how many of an enum's values are tried.
const maxEnumBoundaries = 8

// boundary is one candidate value, with the label its context's name
// shows.
type boundary struct {
	label string
	value any
}

func stringBoundaries() []boundary {
	long := strings.Repeat("0123456789abcdef", longStringBytes/16)
	return []boundary{
		{`""`, ""},
		{fmt.Sprintf("a %d-byte string", len(long)), long},
		{`"Ünïcödé 漢字 🚀"`, "Ünïcödé 漢字 🚀"},
		{`"مرحبا עולם" (right to left)`, "مرحبا עולם"},
		{`"123"`, "123"},
		{`"2026-01-01"`, "2026-01-01"},
		{`" "`, " "},
	}
}

// hugeInteger is beyond int64 (and float64's exact integers).
const hugeInteger = "18446744073709551616"

func integerBoundaries() []boundary {
	return []boundary{
		{"0", int64(0)}, {"-1", int64(-1)}, {"1", int64(1)},
		{"9223372036854775807", int64(math.MaxInt64)},
		{"-9223372036854775808", int64(math.MinInt64)},
		{hugeInteger, json.Number(hugeInteger)},
	}
}

func numberBoundaries() []boundary {
	return append(integerBoundaries(), boundary{"0.5", 0.5}, boundary{"-0.5", -0.5}, boundary{"1e300", 1e300})
}

// boundaryInputs returns the boundary variations of base, each named
// "<path> = <value>".
func (s *Schema) boundaryInputs(base map[string]any, seen []SampleInput) []SampleInput {
	b := &boundaries{s: s, base: base, seen: seen}
	for _, name := range s.order {
		if v, ok := base[name]; ok {
			b.walk([]any{name}, v, s.props[name], 0)
		}
	}
	return b.out
}

type boundaries struct {
	s    *Schema
	base map[string]any
	seen []SampleInput
	out  []SampleInput
}

func (b *boundaries) walk(path []any, v any, n *jsonschema.Schema, depth int) {
	if n == nil || depth > maxSampleDepth || len(b.out) >= maxBoundaryInputs {
		return
	}
	nodes := flatten(n)
	types := map[string]bool{}
	for _, f := range nodes {
		for _, t := range f.Types {
			types[t] = true
		}
	}
	var cands []boundary
	if (types["null"] || allowsNull(n)) && v != nil {
		cands = append(cands, boundary{"null", nil})
	}
	switch {
	case types["number"]:
		cands = append(cands, numberBoundaries()...)
	case types["integer"]:
		cands = append(cands, integerBoundaries()...)
	}
	for _, f := range nodes {
		for _, r := range []*big.Rat{f.Minimum, f.Maximum} {
			if r != nil && r.IsInt() && r.Num().IsInt64() {
				cands = append(cands, boundary{r.RatString(), r.Num().Int64()})
			}
		}
	}
	if types["string"] {
		cands = append(cands, stringBoundaries()...)
		if fv, ok := formatSamples[stringFormat(nodes)]; ok {
			cands = append(cands, boundary{strconv.Quote(fv), fv})
		}
	}
	if types["boolean"] {
		cands = append(cands, boundary{"false", false}, boundary{"true", true})
	}
	for _, f := range nodes {
		for i, e := range f.Enum {
			if i == maxEnumBoundaries {
				break
			}
			e = plainJSON(e)
			if js, err := json.Marshal(e); err == nil {
				cands = append(cands, boundary{string(js), e})
			}
		}
	}
	switch x := v.(type) {
	case []any:
		cands = append(cands, boundary{"[]", []any{}})
		if len(x) > 1 {
			cands = append(cands, boundary{"one item", x[:1:1]})
		}
	}
	for _, c := range cands {
		b.try(path, c)
		if len(b.out) >= maxBoundaryInputs {
			return
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := mergedProperties(nodes)
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, ok := props[k]; ok {
				b.walk(append(path[:len(path):len(path)], k), x[k], p, depth+1)
			}
		}
	case []any:
		if len(x) > 0 {
			item := shape{nodes: nodes}.items()
			if len(item.nodes) > 0 {
				b.walk(append(path[:len(path):len(path)], 0), x[0], item.nodes[0], depth+1)
			}
		}
	}
}

// try adds the context that is base with the value at path replaced by c,
// when it differs from base and fits the schema.
func (b *boundaries) try(path []any, c boundary) {
	v, changed := replaceAt(b.base, path, c.value)
	if !changed {
		return
	}
	vars := v.(map[string]any)
	// The other inputs are base's, which fit: validating the one changed
	// is enough.
	name := path[0].(string)
	if b.s.props[name].Validate(vars[name]) != nil || containsVars(b.seen, vars) {
		return
	}
	b.out = append(b.out, SampleInput{Name: boundaryPath(path) + " = " + c.label, Vars: vars, Varies: boundaryPath(path)})
}

// replaceAt returns v with the value at path replaced by x, copying only
// the containers on the path, and whether anything changed.
func replaceAt(v any, path []any, x any) (any, bool) {
	if len(path) == 0 {
		return x, !equalJSON(v, x)
	}
	switch c := v.(type) {
	case map[string]any:
		k, _ := path[0].(string)
		e, ok := c[k]
		if !ok {
			return v, false
		}
		ne, changed := replaceAt(e, path[1:], x)
		if !changed {
			return v, false
		}
		out := maps.Clone(c)
		out[k] = ne
		return out, true
	case []any:
		i, ok := path[0].(int)
		if !ok || i >= len(c) {
			return v, false
		}
		ne, changed := replaceAt(c[i], path[1:], x)
		if !changed {
			return v, false
		}
		out := append([]any(nil), c...)
		out[i] = ne
		return out, true
	}
	return v, false
}

// boundaryPath writes a path as a template reads it: issue.labels[0].name.
func boundaryPath(path []any) string {
	var sb strings.Builder
	for i, p := range path {
		switch x := p.(type) {
		case string:
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(x)
		case int:
			fmt.Fprintf(&sb, "[%d]", x)
		}
	}
	return sb.String()
}

// ReadPaths returns the external paths a checked program reads, in its
// template and the partials it holds, as written ("issue.labels[0]",
// "issue[key]"), each once, sorted. They were gathered while Check walked
// the program: a compiled program is shared by concurrent renders and
// validations, so nothing walks it again.
func (p *Program) ReadPaths() []string {
	if p == nil {
		return nil
	}
	seen := make(map[string]bool, len(p.reads))
	var out []string
	for _, r := range p.reads {
		if s := pathString(r); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}
