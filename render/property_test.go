package render

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// The promise of the check, tested at random: a template the checker
// accepts renders, in strict mode, for every context valid against its
// schema, unless a limit stops it or the check warned that a filter or
// comparison may fail (may_fail). Random schemas (optional, nullable,
// free-form, nested arrays, unions, extensions through allOf) × random
// templates over them (assigns and captures in branches, counters, loops
// with else and break, case, filters on data, comparisons) × random valid
// data with boundary values (0, -1, huge integers, "", long and
// right-to-left strings, text that looks like a number or a date, null,
// empty and one-item arrays, keys left out).
//
// SHEA_PROPERTY_SCHEMAS sets the number of schemas (default 300, 60 with
// -short); FuzzSoundness runs one schema per input under `make fuzz`.
func TestCheckedTemplatesRenderForValidData(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	if v, err := strconv.Atoi(os.Getenv("SHEA_PROPERTY_SCHEMAS")); err == nil && v > 0 {
		n = v
	}
	var st soundStats
	for seed := 0; seed < n; seed++ {
		st.run(t, uint64(seed))
	}
	t.Logf("%d schemas, %d templates: %d accepted (%d with may_fail), %d renders; failures: %d unwarned (in %d templates), %d warned (may_fail); %d contexts wrongly rejected",
		n, st.templates, st.accepted, st.warned, st.renders, st.failures, st.failedTemplates, st.warnedFailures, st.invalid)
	if st.invalid > 0 {
		t.Errorf("%d schema-valid contexts rejected as context_invalid; first: %s", st.invalid, st.firstInvalid)
	}
	if st.failures > 0 {
		t.Errorf("%d renders of accepted templates without a may_fail warning failed; first: %s", st.failures, st.first)
	}
	if st.accepted < st.templates/4 {
		t.Errorf("only %d of %d random templates accepted: the generator has drifted from the checker", st.accepted, st.templates)
	}
}

func FuzzSoundness(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		var st soundStats
		st.run(t, seed)
		if st.failures > 0 {
			t.Fatal(st.first)
		}
		if st.invalid > 0 {
			t.Fatal(st.firstInvalid)
		}
	})
}

type soundStats struct {
	templates, accepted, warned, renders int
	failures, warnedFailures             int
	first                                string
	failedTemplates                      int // accepted templates with a failing render, no may_fail
	invalid                              int // valid data the engine rejected
	firstInvalid                         string
}

// run makes one schema, a few templates over it and a few contexts for
// each, and renders them all.
func (st *soundStats) run(t testing.TB, seed uint64) {
	g := &soundGen{r: rand.New(rand.NewPCG(seed, 23))}
	inputs := g.inputs()
	doc, _ := json.Marshal(g.schemaDoc(inputs))
	schema, err := strict.CompileSchema("gen.json", doc, nil)
	if err != nil {
		t.Fatalf("seed %d: generated schema does not compile: %v\n%s", seed, err, doc)
	}
	eng := New(Options{Limits: Limits{MaxLoopIterations: 10_000}})
	for i := 0; i < 4; i++ {
		src := g.template(inputs)
		st.templates++
		tpl, diags := eng.Compile(src, "t.liquid", diag.Pos{}, schema)
		if diags.HasErrors() {
			if os.Getenv("SHEA_PROPERTY_VERBOSE") == "rejected" {
				t.Logf("rejected: %s", diags.Errors()[0].Summary)
			}
			continue
		}
		st.accepted++
		warned := false
		for _, d := range diags {
			warned = warned || d.Code == "may_fail"
			if d.Code == "may_fail" && os.Getenv("SHEA_PROPERTY_VERBOSE") == "warnings" {
				t.Logf("may_fail: %s", d.Summary)
			}
		}
		if warned {
			st.warned++
		}
		failed := false
		for j := 0; j < 6; j++ {
			data, _ := json.Marshal(g.context(inputs))
			vars, err := DecodeJSONObject(data)
			if err != nil {
				t.Fatal(err)
			}
			st.renders++
			_, err = tpl.Render(context.Background(), vars)
			if err == nil || limitedRender(err) {
				continue
			}
			if l := diag.AsList(err); len(l) > 0 && l[0].Code == codes.ContextInvalid {
				// The generator's data is valid by construction: the
				// engine rejecting it is a failure of its own kind.
				st.invalid++
				if st.firstInvalid == "" {
					st.firstInvalid = fmt.Sprintf("seed %d: %v\nschema: %s\ndata: %s", seed, err, doc, data)
				}
				continue
			}
			if warned {
				st.warnedFailures++
				continue
			}
			st.failures++
			if !failed {
				failed = true
				st.failedTemplates++
			}
			if os.Getenv("SHEA_PROPERTY_VERBOSE") != "" {
				t.Logf("seed %d: %v\ntemplate: %s\ndata: %s", seed, err, src, data)
			}
			if st.first == "" {
				st.first = fmt.Sprintf("seed %d: %v\nschema: %s\ntemplate: %s\ndata: %s\nwarnings: %v", seed, err, doc, src, data, diags)
			}
		}
	}
}

func limitedRender(err error) bool {
	l := diag.AsList(err)
	if len(l) == 0 {
		return false
	}
	for _, d := range l {
		switch d.Code {
		case codes.DeadlineExceeded, codes.OutputLimit, codes.LoopLimit, codes.DepthLimit, codes.MemoryLimit:
		default:
			return false
		}
	}
	return true
}

// gnode is a generated schema node.
type gnode struct {
	kind     string // string, integer, number, boolean, array, object, free, union
	nullable bool
	min      bool // an integer with minimum 1
	items    *gnode
	props    []gprop
	closed   bool
	alts     []*gnode
	ext      []gprop // properties added through allOf (a declared extension)
}

type gprop struct {
	name     string
	n        *gnode
	required bool
}

type soundGen struct {
	r *rand.Rand
	// seen lists the locals bound somewhere before the current point of
	// the template being made (a read before every binding is an error).
	seen []string
	vars int
}

// local returns a local bound somewhere before, or "".
func (g *soundGen) local() string {
	if len(g.seen) == 0 {
		return ""
	}
	return g.seen[g.r.IntN(len(g.seen))]
}

func (g *soundGen) bound(name string) string {
	for _, s := range g.seen {
		if s == name {
			return name
		}
	}
	g.seen = append(g.seen, name)
	return name
}

func (g *soundGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

var propNames = []string{"a", "b", "title", "n", "items", "tags", "meta", "priority"}

func (g *soundGen) inputs() []gprop {
	var out []gprop
	for i, k := 0, 1+g.r.IntN(3); i < k; i++ {
		out = append(out, gprop{name: fmt.Sprintf("in%d", i), n: g.node(0), required: g.r.IntN(2) == 0})
	}
	return out
}

func (g *soundGen) node(depth int) *gnode {
	kinds := []string{"string", "integer", "integer", "number", "boolean"}
	if depth < 3 {
		kinds = append(kinds, "array", "array", "object", "object", "free", "union")
	}
	n := &gnode{kind: kinds[g.r.IntN(len(kinds))], nullable: g.r.IntN(4) == 0}
	switch n.kind {
	case "integer":
		n.min = g.r.IntN(4) == 0
	case "array":
		n.items = g.node(depth + 1)
	case "object":
		n.closed = g.r.IntN(2) == 0
		used := map[string]bool{}
		for i, k := 0, 1+g.r.IntN(3); i < k; i++ {
			name := propNames[g.r.IntN(len(propNames))]
			if !used[name] {
				used[name] = true
				n.props = append(n.props, gprop{name, g.node(depth + 1), g.r.IntN(2) == 0})
			}
		}
		if !n.closed && g.r.IntN(3) == 0 {
			n.ext = []gprop{{"ext", g.node(depth + 1), false}}
		}
	case "union":
		n.alts = []*gnode{{kind: "array", items: g.node(depth + 1)}, g.node(depth + 1)}
		if g.r.IntN(2) == 0 {
			n.alts = []*gnode{{kind: "string"}, {kind: "integer"}}
		}
	}
	return n
}

func (g *soundGen) schemaDoc(inputs []gprop) map[string]any {
	props := map[string]any{}
	var req []string
	for _, p := range inputs {
		props[p.name] = g.schemaOf(p.n)
		if p.required {
			req = append(req, p.name)
		}
	}
	doc := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		doc["required"] = req
	}
	return doc
}

func (g *soundGen) schemaOf(n *gnode) map[string]any {
	var s map[string]any
	switch n.kind {
	case "free":
		s = map[string]any{"type": "object"}
	case "union":
		var alts []any
		for _, a := range n.alts {
			alts = append(alts, g.schemaOf(a))
		}
		s = map[string]any{"anyOf": alts}
	case "array":
		s = map[string]any{"type": "array", "items": g.schemaOf(n.items)}
	case "object":
		props := map[string]any{}
		var req []string
		for _, p := range n.props {
			props[p.name] = g.schemaOf(p.n)
			if p.required {
				req = append(req, p.name)
			}
		}
		s = map[string]any{"type": "object", "properties": props}
		if len(req) > 0 {
			s["required"] = req
		}
		if n.closed {
			s["additionalProperties"] = false
		}
		if len(n.ext) > 0 {
			ext := map[string]any{}
			for _, p := range n.ext {
				ext[p.name] = g.schemaOf(p.n)
			}
			s = map[string]any{"allOf": []any{s, map[string]any{"properties": ext}}}
		}
	default:
		s = map[string]any{"type": n.kind}
		if n.min {
			s["minimum"] = 1
		}
	}
	if n.nullable {
		s = map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
	}
	return s
}

// context makes a valid context, boundary values included.
func (g *soundGen) context(inputs []gprop) map[string]any {
	out := map[string]any{}
	for _, p := range inputs {
		if p.required || g.r.IntN(3) > 0 {
			out[p.name] = g.value(p.n)
		}
	}
	return out
}

var boundaryStrings = []string{"", "a", "0", "123", "-1", "2026-01-01", "2026-01-01T10:00:00Z", "hello world", "שלום עולם", "é", "true", "nil"}

func (g *soundGen) value(n *gnode) any {
	if n.nullable && g.r.IntN(4) == 0 {
		return nil
	}
	switch n.kind {
	case "string":
		if g.r.IntN(20) == 0 {
			return strings.Repeat("x", 10_000)
		}
		return boundaryStrings[g.r.IntN(len(boundaryStrings))]
	case "integer":
		if n.min {
			return json.Number(g.pick("1", "2", "100000000000000000000"))
		}
		return json.Number(g.pick("0", "0", "1", "-1", "7", "9007199254740993", "100000000000000000000", "-100000000000000000000"))
	case "number":
		return json.Number(g.pick("0", "0.5", "-1.5", "1e3", "2"))
	case "boolean":
		return g.r.IntN(2) == 0
	case "array":
		var out []any
		for i, k := 0, g.r.IntN(3); i < k; i++ {
			out = append(out, g.value(n.items))
		}
		if out == nil {
			out = []any{}
		}
		return out
	case "object":
		out := map[string]any{}
		for _, p := range append(append([]gprop(nil), n.props...), n.ext...) {
			if p.required || g.r.IntN(2) == 0 {
				out[p.name] = g.value(p.n)
			}
		}
		return out
	case "free":
		switch g.r.IntN(3) {
		case 0:
			return map[string]any{}
		case 1:
			return map[string]any{"a": json.Number("0"), "title": "t"}
		}
		return map[string]any{"b": []any{}}
	case "union":
		return g.value(n.alts[g.r.IntN(len(n.alts))])
	}
	return nil
}

// template makes a random template over the inputs.
func (g *soundGen) template(inputs []gprop) string {
	g.seen = nil
	var b strings.Builder
	g.block(&b, inputs, nil, 0, false)
	return b.String()
}

// scoped is a loop variable in scope, with its node.
type scoped struct {
	name string
	n    *gnode
}

func (g *soundGen) block(b *strings.Builder, inputs []gprop, loopVars []scoped, depth int, inLoop bool) {
	for i, k := 0, 1+g.r.IntN(4); i < k; i++ {
		g.statement(b, inputs, loopVars, depth, inLoop)
	}
}

func (g *soundGen) statement(b *strings.Builder, inputs []gprop, loopVars []scoped, depth int, inLoop bool) {
	choice := g.r.IntN(12)
	if depth >= 3 && choice >= 6 {
		choice = g.r.IntN(6)
	}
	switch choice {
	case 0, 1:
		fmt.Fprintf(b, "[{{ %s%s }}]", g.path(inputs, loopVars), g.filters(inputs, loopVars))
	case 2:
		value := g.path(inputs, loopVars) + g.filters(inputs, loopVars)
		fmt.Fprintf(b, "{%% assign %s = %s %%}", g.bound(g.pick("v0", "v1")), value)
	case 3:
		if l := g.local(); l != "" {
			fmt.Fprintf(b, "[{{ %s%s }}]", l, g.pick("", "", " | size", " | plus: 1", " | default: 'd'", " | upcase"))
		}
	case 4:
		fmt.Fprintf(b, "{%% %s %s %%}", g.pick("increment", "decrement"), g.bound("k0"))
	case 5:
		if inLoop {
			b.WriteString(g.pick("{% break %}", "{% continue %}"))
		} else {
			value := g.path(inputs, loopVars)
			fmt.Fprintf(b, "{%% capture %s %%}{{ %s }}{%% endcapture %%}", g.bound("c0"), value)
		}
	case 6, 7:
		tag := g.pick("if", "if", "unless")
		fmt.Fprintf(b, "{%% %s %s %%}", tag, g.cond(inputs, loopVars))
		g.block(b, inputs, loopVars, depth+1, inLoop)
		if g.r.IntN(2) == 0 {
			b.WriteString("{% else %}")
			g.block(b, inputs, loopVars, depth+1, inLoop)
		}
		fmt.Fprintf(b, "{%% end%s %%}", tag)
	case 8, 9:
		coll, item := g.collection(inputs, loopVars)
		name := fmt.Sprintf("it%d", g.vars)
		g.vars++
		fmt.Fprintf(b, "{%% for %s in %s %%}", name, coll)
		g.block(b, inputs, append(loopVars, scoped{name, item}), depth+1, true)
		if g.r.IntN(2) == 0 {
			b.WriteString("{% else %}")
			g.block(b, inputs, loopVars, depth+1, inLoop)
		}
		b.WriteString("{% endfor %}")
	case 10:
		fmt.Fprintf(b, "{%% case %s %%}{%% when 0 %%}", g.path(inputs, loopVars))
		g.block(b, inputs, loopVars, depth+1, inLoop)
		b.WriteString("{% when 'a', 1 %}")
		g.block(b, inputs, loopVars, depth+1, inLoop)
		if g.r.IntN(2) == 0 {
			b.WriteString("{% else %}")
			g.block(b, inputs, loopVars, depth+1, inLoop)
		}
		b.WriteString("{% endcase %}")
	case 11:
		fmt.Fprintf(b, "{%% capture c0 %%}")
		g.block(b, inputs, loopVars, depth+1, inLoop)
		b.WriteString("{% endcapture %}")
		g.bound("c0")
	}
}

// path makes a path into the inputs or a loop variable, following the
// schema (with a typo now and then, which the checker must reject).
func (g *soundGen) path(inputs []gprop, loopVars []scoped) string {
	var name string
	var n *gnode
	if len(loopVars) > 0 && g.r.IntN(2) == 0 {
		v := loopVars[g.r.IntN(len(loopVars))]
		name, n = v.name, v.n
	} else {
		p := inputs[g.r.IntN(len(inputs))]
		name, n = p.name, p.n
	}
	for step := 0; step < 4 && n != nil && g.r.IntN(3) > 0; step++ {
		switch n.kind {
		case "object":
			ps := append(append([]gprop(nil), n.props...), n.ext...)
			p := ps[g.r.IntN(len(ps))]
			name, n = name+"."+p.name, p.n
		case "free":
			name, n = name+"."+g.pick("a", "title", "zz"), nil
		case "array":
			s := g.pick("[0]", ".first", ".last", "[-1]", ".size")
			name += s
			if s == ".size" {
				n = &gnode{kind: "integer"}
			} else {
				n = n.items
			}
		case "union":
			if n.alts[0].kind == "array" {
				name, n = name+g.pick("[0]", ".size", ".first"), nil
			} else {
				name, n = name+".size", nil
			}
		case "string":
			name, n = name+".size", &gnode{kind: "integer"}
		default:
			if g.r.IntN(10) == 0 {
				name += ".typo"
			}
			return name
		}
	}
	return name
}

func (g *soundGen) collection(inputs []gprop, loopVars []scoped) (string, *gnode) {
	var arrays []scoped
	var walk func(name string, n *gnode, depth int)
	walk = func(name string, n *gnode, depth int) {
		if n == nil || depth > 3 {
			return
		}
		switch n.kind {
		case "array":
			arrays = append(arrays, scoped{name, n.items})
			walk(name+".first", n.items, depth+1)
		case "object":
			for _, p := range append(append([]gprop(nil), n.props...), n.ext...) {
				walk(name+"."+p.name, p.n, depth+1)
			}
		}
	}
	for _, p := range inputs {
		walk(p.name, p.n, 0)
	}
	for _, v := range loopVars {
		walk(v.name, v.n, 0)
	}
	if len(arrays) == 0 || g.r.IntN(5) == 0 {
		return "(1..2)", &gnode{kind: "integer"}
	}
	a := arrays[g.r.IntN(len(arrays))]
	return a.name, a.n
}

func (g *soundGen) filters(inputs []gprop, loopVars []scoped) string {
	var b strings.Builder
	for i, k := 0, g.r.IntN(3); i < k; i++ {
		// The filters that can fail on data (divided_by, modulo, concat,
		// sort, truncate) are drawn less often than the others, so that
		// most templates carry no may_fail warning.
		c := g.r.IntN(22)
		if c >= 12 {
			c = []int{0, 1, 2, 7, 8, 9, 11}[c%7]
		}
		switch c {
		case 0:
			b.WriteString(" | size")
		case 1:
			b.WriteString(" | default: 'd'")
		case 2:
			b.WriteString(" | plus: 1")
		case 3:
			fmt.Fprintf(&b, " | divided_by: %s", g.path(inputs, loopVars))
		case 4:
			fmt.Fprintf(&b, " | modulo: %s", g.path(inputs, loopVars))
		case 5:
			fmt.Fprintf(&b, " | concat: %s", g.path(inputs, loopVars))
		case 6:
			b.WriteString(" | sort")
		case 7:
			b.WriteString(" | join: ','")
		case 8:
			b.WriteString(" | upcase")
		case 9:
			b.WriteString(" | first")
		case 10:
			fmt.Fprintf(&b, " | truncate: %s", g.path(inputs, loopVars))
		case 11:
			b.WriteString(" | json")
		}
	}
	return b.String()
}

func (g *soundGen) cond(inputs []gprop, loopVars []scoped) string {
	left := g.path(inputs, loopVars)
	if l := g.local(); l != "" && g.r.IntN(4) == 0 {
		left = l
	}
	switch g.r.IntN(4) {
	case 0:
		return left
	case 1:
		return left + " " + g.pick("==", "!=", ">", "<", ">=") + " " + g.pick("0", "1", "'a'", "nil", "''")
	case 2:
		return left + " and " + g.path(inputs, loopVars)
	}
	return left + " " + g.pick("==", "!=", ">", "<", "contains") + " " + g.path(inputs, loopVars)
}
