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
// minItems, rule the variation out) is left out, the sample too, and so
// is one equal to an earlier one: every context fits the schema, and
// when none does the matrix is empty. The result is the same on every
// call. See Matrix for its bounds.
func (s *Schema) SampleMatrix() []SampleInput {
	in, _, _ := s.Matrix(nil)
	return in
}

// Bounds of a smoke matrix. Each, when reached, is named by the note
// Matrix returns (validate reports it as smoke_limit): no cap is silent.
const (
	// maxMatrixValues bounds the values of one context of the matrix
	// (as maxSampleValues bounds Sample's): past it, values are minimal.
	maxMatrixValues = 2_000
	// maxMatrixValidation bounds the values validated against the schema
	// while the matrix is built (each boundary input is validated once,
	// in full, after its one changed value fitted its own schema).
	maxMatrixValidation = 250_000
)

// Matrix returns SampleMatrix's contexts and, when the matrix reached one
// of its bounds, a note saying which (so that a caller can say that some
// inputs were not tried). The matrix is made once and kept; its work
// (values made and validated) is drawn from b, and when b is spent the
// matrix is not kept and Matrix returns b's *LimitError. A nil b has no
// limit.
func (s *Schema) Matrix(b *Budget) ([]SampleInput, string, error) {
	if s == nil {
		return []SampleInput{{Name: "sample", Vars: map[string]any{}}}, "", nil
	}
	s.matrixMu.Lock()
	defer s.matrixMu.Unlock()
	if !s.matrixMade {
		mb := &matrixBuild{s: s, budget: b}
		m := mb.matrix()
		if mb.err != nil {
			return nil, "", mb.err
		}
		s.matrix, s.matrixNote, s.matrixMade = m, mb.note(), true
	}
	// Each call gets its own top-level maps, which a caller may change.
	out := make([]SampleInput, len(s.matrix))
	for i, in := range s.matrix {
		out[i] = SampleInput{Name: in.Name, Vars: maps.Clone(in.Vars), Varies: in.Varies}
	}
	return out, s.matrixNote, nil
}

// matrixBuild is the state of one matrix being made: its work, drawn from
// the budget in batches, and the bounds it reached.
type matrixBuild struct {
	s      *Schema
	budget *Budget
	work   int64 // not yet drawn
	err    error
	// validated counts the values validated.
	validated int64
	// the bounds reached
	minimal, deep, sampleOver, boundaryCap, validationCap bool
	// none: no input made fits the schema
	none bool
}

// spend counts n units of work, drawing them from the budget every
// walkQuantum units.
func (mb *matrixBuild) spend(n int64) bool {
	if mb.err != nil {
		return false
	}
	mb.work += n
	if mb.work >= walkQuantum {
		mb.err = mb.budget.Spend(mb.work)
		mb.work = 0
	}
	return mb.err == nil
}

// validate validates one input value against its schema, counting the
// values it holds; past maxMatrixValidation it reports false without
// validating.
func (mb *matrixBuild) validate(n *jsonschema.Schema, v any) (ok, tried bool) {
	size := int64(countValues(v))
	if mb.validated+size > maxMatrixValidation {
		mb.validationCap = true
		return false, false
	}
	mb.validated += size
	mb.spend(size)
	return n.Validate(v) == nil, true
}

// validateVars validates a whole context, input by input, as
// Schema.Validate does.
func (mb *matrixBuild) validateVars(vars map[string]any) (ok, tried bool) {
	for _, name := range mb.s.order {
		v, present := vars[name]
		if !present {
			if mb.s.required[name] {
				return false, true
			}
			continue
		}
		if ok, tried := mb.validate(mb.s.props[name], v); !ok {
			return false, tried
		}
	}
	return true, true
}

// countValues counts the JSON values in v (containers and scalars).
func countValues(v any) int {
	switch x := v.(type) {
	case map[string]any:
		n := 1
		for _, e := range x {
			n += countValues(e)
		}
		return n
	case []any:
		n := 1
		for _, e := range x {
			n += countValues(e)
		}
		return n
	}
	return 1
}

// note says which bounds the matrix reached, "" when none.
func (mb *matrixBuild) note() string {
	var parts []string
	if mb.none {
		parts = append(parts, "no input it made fits the schema (its placeholder values miss a pattern, multipleOf, format or other constraint), so the template was not smoke-rendered; give the schema examples or defaults that fit")
	}
	if mb.sampleOver {
		parts = append(parts, fmt.Sprintf("the schema's smallest valid input has more than %d values, so its sample does not fit it", maxSampleTotal))
	}
	if mb.minimal {
		parts = append(parts, fmt.Sprintf("a context past %d values was given only required properties and the items minItems asks for", maxMatrixValues))
	}
	if mb.deep {
		parts = append(parts, fmt.Sprintf("values nested more than %d levels deep were left out", maxSampleDepth))
	}
	if mb.boundaryCap {
		parts = append(parts, fmt.Sprintf("boundary values past the first %d inputs were not tried", maxBoundaryInputs))
	}
	if mb.validationCap {
		parts = append(parts, fmt.Sprintf("inputs past %d values validated against the schema were not tried", maxMatrixValidation))
	}
	return strings.Join(parts, "; ")
}

func (mb *matrixBuild) matrix() []SampleInput {
	s := mb.s
	sample, over := s.sample()
	mb.sampleOver = over
	mb.spend(int64(countValues(sample)))
	// Only inputs that fit the schema are kept: the sample too, which
	// may not fit (a pattern or multipleOf its placeholders miss).
	var out []SampleInput
	// base is the context boundary values vary from: every field present,
	// else the sample, whichever fits the schema.
	var base map[string]any
	if ok, _ := mb.validateVars(sample); ok {
		base = sample
		out = append(out, SampleInput{Name: "sample", Vars: sample})
	}
	for _, m := range matrixModes {
		f := &filler{m: m, mb: mb}
		vars := map[string]any{}
		for _, name := range s.order {
			if m.requiredOnly && !s.required[name] {
				continue
			}
			if v, ok := f.value(name, s.props[name], 0, nil); ok {
				vars[name] = v
			}
		}
		if mb.err != nil {
			return nil
		}
		if ok, _ := mb.validateVars(vars); !ok {
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
		out = append(out, mb.boundaryInputs(base, out)...)
	}
	if mb.err != nil {
		return nil
	}
	mb.none = len(out) == 0
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

// filler fills one context of the matrix in mode m, counting its values.
type filler struct {
	m      matrixMode
	mb     *matrixBuild
	values int
}

// value makes the value of a schema node in mode m. ok is false when the
// value is best left out: a recursive schema reached again, or too deep.
// open lists the (flattened) nodes being filled, outermost first. Past
// maxMatrixValues values, a value is minimal (see Sample).
func (f *filler) value(name string, n *jsonschema.Schema, depth int, open []*jsonschema.Schema) (any, bool) {
	m := f.m
	if n == nil {
		return "smoke_" + name, true
	}
	if depth > maxSampleDepth {
		f.mb.deep = true
		return nil, false
	}
	f.values++
	if !f.mb.spend(1) {
		return nil, false
	}
	if f.values > maxMatrixValues {
		f.mb.minimal = true
		sm := &sampler{open: map[*jsonschema.Schema]bool{}, values: maxSampleValues + 1}
		v := sm.value(name, n, depth, true)
		f.mb.sampleOver = f.mb.sampleOver || sm.over
		f.mb.spend(int64(sm.values - maxSampleValues))
		return v, true
	}
	nodes := flatten(n)
	for _, fn := range nodes {
		for _, o := range open {
			if o == fn {
				return nil, false // a recursive schema: stop here
			}
		}
	}
	typ, nullable := "", false
	for _, fn := range nodes {
		for _, t := range fn.Types {
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
			if v, ok := f.value(k, props[k], depth+1, open); ok {
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
			v, ok := f.value(name, itemNode, depth+1, open)
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
func (mb *matrixBuild) boundaryInputs(base map[string]any, seen []SampleInput) []SampleInput {
	b := &boundaries{s: mb.s, mb: mb, base: base, seen: seen}
	for _, name := range mb.s.order {
		if v, ok := base[name]; ok {
			b.walk([]any{name}, v, mb.s.props[name], 0, true)
		}
	}
	return b.out
}

type boundaries struct {
	s    *Schema
	mb   *matrixBuild
	base map[string]any
	seen []SampleInput
	out  []SampleInput
}

// full reports whether no more boundary inputs are to be made, noting
// the bound reached.
func (b *boundaries) full() bool {
	if len(b.out) >= maxBoundaryInputs {
		b.mb.boundaryCap = true
		return true
	}
	return b.mb.err != nil || b.mb.validationCap
}

// walk tries the boundary values of the value v at path, of schema n, then
// those of the values in it. applies says that n applies to the value in
// every input valid against the schema (no anyOf or oneOf branch was taken
// on the way down), so a candidate that n rejects can be left out
// without validating the whole input.
func (b *boundaries) walk(path []any, v any, n *jsonschema.Schema, depth int, applies bool) {
	if n == nil || depth > maxSampleDepth || b.full() {
		return
	}
	nodes := flatten(n)
	for _, f := range nodes {
		applies = applies && len(f.AnyOf) == 0 && len(f.OneOf) == 0
	}
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
		if b.full() {
			return
		}
		b.try(path, c, n, applies)
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
				b.walk(append(path[:len(path):len(path)], k), x[k], p, depth+1, applies)
			}
		}
	case []any:
		if len(x) > 0 {
			item := shape{nodes: nodes}.items()
			if len(item.nodes) > 0 {
				b.walk(append(path[:len(path):len(path)], 0), x[0], item.nodes[0], depth+1, applies)
			}
		}
	}
}

// try adds the context that is base with the value at path replaced by c,
// when it differs from base and fits the schema. When n applies to the
// value wherever the input is valid, a value n rejects is left out at the
// cost of validating the value alone; an input is validated in full once.
func (b *boundaries) try(path []any, c boundary, n *jsonschema.Schema, applies bool) {
	if applies && len(path) > 1 {
		if ok, tried := b.mb.validate(n, c.value); !ok || !tried {
			return
		}
	}
	v, changed := replaceAt(b.base, path, c.value)
	if !changed {
		return
	}
	vars := v.(map[string]any)
	// The other inputs are base's, which fit: validating the one changed
	// is enough.
	name := path[0].(string)
	if ok, _ := b.mb.validate(b.s.props[name], vars[name]); !ok || containsVars(b.seen, vars) {
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
