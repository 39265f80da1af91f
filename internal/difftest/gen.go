package main

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
)

// Case is one template and its data.
type Case struct {
	Template string
	Data     jv // an object
}

// gen generates random cases from a seeded source, so that a run is
// reproducible from its seed.
type gen struct {
	r     *rand.Rand
	depth int
	vars  []string // names the template has bound so far (assign, capture, loop variables)
}

func newGen(seed int64) *gen { return &gen{r: rand.New(rand.NewSource(seed))} }

func (g *gen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

// The pools values are drawn from: boundaries Ruby and Go treat differently.
var (
	intPool = []string{"0", "1", "2", "3", "-1", "-3", "10", "7", "100",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"99999999999999999999", "-99999999999999999999"}
	floatPool = []string{"1.5", "-1.5", "0.1", "2.0", "0.0", "-0.5", "3.75", "1e20", "1.0e-5", "123456789.125"}
	strPool   = []string{"", "abc", "Hello World", " padded ", "1", "2.5", "-3", "99999999999999999999",
		"İ", "ﬁ", "ß", "héllo", "日本語", "a,b,c", "<b>x</b> &amp; y", "2024-01-15", "2024-01-15 10:30:00",
		"true", "nil", "a b  c", "line1\nline2", "x-y_z", "Zebra", "apple", "10", "%20é", "SGVsbG8=", "/w==", "a'b\"c"}
	props = []string{"name", "n", "tag"}
)

// value returns a random JSON value; depth bounds nesting.
func (g *gen) value(depth int) jv {
	n := 7
	if depth <= 0 {
		n = 5
	}
	switch g.r.Intn(n) {
	case 0:
		if g.chance(0.5) {
			return jv{kind: 'n'}
		}
		return jv{kind: 'b', s: g.pick("true", "false")}
	case 1, 2:
		return jv{kind: 'i', s: g.pick(intPool...)}
	case 3:
		return jv{kind: 'i', s: g.pick(floatPool...)}
	case 4:
		return jv{kind: 's', s: g.pick(strPool...)}
	case 5:
		a := jv{kind: 'a'}
		for i := g.r.Intn(5); i > 0; i-- {
			if g.chance(0.4) {
				a.arr = append(a.arr, g.object(depth-1))
			} else {
				a.arr = append(a.arr, g.value(depth-1))
			}
		}
		return a
	default:
		return g.object(depth - 1)
	}
}

// object returns a hash with some of the properties templates read.
func (g *gen) object(depth int) jv {
	o := jv{kind: 'o'}
	for _, p := range props {
		if g.chance(0.7) {
			o.keys = append(o.keys, p)
			o.vals = append(o.vals, g.value(depth))
		}
	}
	return o
}

// data returns the top-level object: variables a to e.
func (g *gen) data() jv {
	o := jv{kind: 'o'}
	for _, k := range []string{"a", "b", "c", "d", "e"} {
		if g.chance(0.85) {
			o.keys = append(o.keys, k)
			o.vals = append(o.vals, g.value(2))
		}
	}
	return o
}

// literal returns a Liquid literal.
func (g *gen) literal() string {
	switch g.r.Intn(8) {
	case 0, 1:
		return g.pick(intPool...)
	case 2:
		return g.pick(floatPool[:8]...)
	case 3, 4:
		s := g.pick(strPool...)
		if strings.Contains(s, "'") || strings.Contains(s, "\"") || strings.Contains(s, "\n") {
			s = "abc"
		}
		if g.chance(0.5) {
			return "'" + s + "'"
		}
		return `"` + s + `"`
	case 5:
		return g.pick("nil", "true", "false", "empty", "blank")
	case 6:
		return "(" + g.rangeBound() + ".." + g.rangeBound() + ")"
	default:
		return g.pick("1", "2", "'a'", "'b'")
	}
}

func (g *gen) rangeBound() string {
	if g.chance(0.3) {
		return g.variable()
	}
	return g.pick("1", "3", "0", "-2", "5", "1.5", "'2'", "'x'")
}

// variable returns a path into the data or a bound name.
func (g *gen) variable() string {
	var base string
	if len(g.vars) > 0 && g.chance(0.4) {
		base = g.vars[g.r.Intn(len(g.vars))]
	} else {
		base = g.pick("a", "b", "c", "d", "e")
	}
	switch g.r.Intn(10) {
	case 0:
		return base + "." + g.pick("size", "first", "last")
	case 1:
		return base + "." + g.pick(props...)
	case 2:
		return base + "[" + g.pick("0", "1", "-1", "'name'") + "]"
	case 3:
		return base + "[0]." + g.pick(props...)
	}
	return base
}

func (g *gen) expr() string {
	if g.chance(0.6) {
		return g.variable()
	}
	return g.literal()
}

// filterSpecs are Ruby Liquid 5.4's standard filters, each with the
// argument lists tried: "e" an expression, "n" a number, "s" a string, "p" a
// property name, "f" a date format.
var filterSpecs = map[string][]string{
	"abs": {""}, "append": {"e"}, "at_least": {"n"}, "at_most": {"n"}, "base64_decode": {""},
	"base64_encode": {""}, "base64_url_safe_decode": {""}, "base64_url_safe_encode": {""},
	"capitalize": {""}, "ceil": {""}, "compact": {"", "p"}, "concat": {"e"}, "date": {"f"},
	"default": {"e", "e,allow_false"}, "divided_by": {"n"}, "downcase": {""}, "escape": {""},
	"escape_once": {""}, "first": {""}, "floor": {""}, "join": {"", "s"}, "last": {""},
	"lstrip": {""}, "map": {"p"}, "minus": {"n"}, "modulo": {"n"}, "newline_to_br": {""},
	"plus": {"n"}, "prepend": {"e"}, "remove": {"s"}, "remove_first": {"s"}, "remove_last": {"s"},
	"replace": {"s,s", "s"}, "replace_first": {"s,s"}, "replace_last": {"s,s"}, "reverse": {""},
	"round": {"", "n"}, "rstrip": {""}, "size": {""}, "slice": {"n", "n,n"}, "sort": {"", "p"},
	"sort_natural": {"", "p"}, "split": {"s"}, "strip": {""}, "strip_html": {""},
	"strip_newlines": {""}, "times": {"n"}, "truncate": {"n", "n,s"}, "truncatewords": {"n", "n,s"},
	"uniq": {"", "p"}, "upcase": {""}, "url_decode": {""}, "url_encode": {""}, "where": {"p", "p,e"},
}

var filterNames = func() []string {
	var out []string
	for name := range filterSpecs {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}()

func (g *gen) arg(kind string) string {
	switch kind {
	case "e":
		return g.expr()
	case "n":
		if g.chance(0.25) {
			return g.variable()
		}
		return g.pick(append(append([]string{}, intPool...), "1.5", "-1.5", "0.5", "2.0", "'2'", "nil")...)
	case "s":
		return g.pick("' '", "','", "'a'", "'b'", "''", "'é'", "'-'", "'x'")
	case "p":
		return "'" + g.pick(append(props, "missing")...) + "'"
	case "f":
		return g.pick("'%Y'", "'%Y-%m-%d'", "'%s'", "'%b %d, %Y'", "'%H:%M'", "'%j %a %A'", "'%e'", "''")
	case "allow_false":
		return "allow_false: " + g.pick("true", "false")
	}
	return g.expr()
}

func (g *gen) filters() string {
	var b strings.Builder
	for i := g.r.Intn(4); i > 0; i-- {
		name := filterNames[g.r.Intn(len(filterNames))]
		specs := filterSpecs[name]
		spec := specs[g.r.Intn(len(specs))]
		b.WriteString(" | ")
		b.WriteString(name)
		if spec != "" {
			b.WriteString(": ")
			for j, k := range strings.Split(spec, ",") {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(g.arg(k))
			}
		}
	}
	return b.String()
}

func (g *gen) cond() string {
	c := g.expr()
	if g.chance(0.7) {
		c += " " + g.pick("==", "!=", "<", ">", "<=", ">=", "contains", "<>") + " " + g.expr()
	}
	if g.chance(0.2) {
		c += " " + g.pick("and", "or") + " " + g.cond()
	}
	return c
}

func (g *gen) body() string {
	if g.depth >= 3 {
		return g.leaf()
	}
	g.depth++
	defer func() { g.depth-- }()
	var b strings.Builder
	for i := 1 + g.r.Intn(3); i > 0; i-- {
		b.WriteString(g.node())
	}
	return b.String()
}

func (g *gen) leaf() string {
	switch g.r.Intn(6) {
	case 0:
		return g.pick("x", " ", "\n", "-", "é", "|")
	case 1:
		name := g.pick("x", "y")
		g.vars = append(g.vars, name)
		return fmt.Sprintf("{%% assign %s = %s%s %%}", name, g.expr(), g.filters())
	}
	l, r := "{{ ", " }}"
	if g.chance(0.1) {
		l, r = "{{- ", " -}}"
	}
	return l + g.expr() + g.filters() + r
}

func (g *gen) node() string {
	switch g.r.Intn(14) {
	case 0, 1:
		s := fmt.Sprintf("{%% if %s %%}%s", g.cond(), g.body())
		if g.chance(0.3) {
			s += fmt.Sprintf("{%% elsif %s %%}%s", g.cond(), g.body())
		}
		if g.chance(0.4) {
			s += "{% else %}" + g.body()
		}
		return s + "{% endif %}"
	case 2:
		return fmt.Sprintf("{%% unless %s %%}%s{%% endunless %%}", g.cond(), g.body())
	case 3, 4:
		v := g.pick("i", "item")
		g.vars = append(g.vars, v)
		head := fmt.Sprintf("%s in %s", v, g.expr())
		if g.chance(0.3) {
			head += " limit: " + g.arg("n")
		}
		if g.chance(0.3) {
			head += " offset: " + g.pick(g.arg("n"), "continue")
		}
		if g.chance(0.2) {
			head += " reversed"
		}
		body := g.body()
		if g.chance(0.3) {
			body += "{{ forloop." + g.pick("index", "index0", "rindex", "first", "last", "length") + " }}"
		}
		s := fmt.Sprintf("{%% for %s %%}%s", head, body)
		if g.chance(0.2) {
			s += "{% else %}" + g.body()
		}
		return s + "{% endfor %}"
	case 5:
		s := fmt.Sprintf("{%% case %s %%}", g.expr())
		for i := 1 + g.r.Intn(2); i > 0; i-- {
			s += fmt.Sprintf("{%% when %s %%}%s", g.expr(), g.body())
		}
		if g.chance(0.4) {
			s += "{% else %}" + g.body()
		}
		return s + "{% endcase %}"
	case 6:
		g.vars = append(g.vars, "cap")
		return fmt.Sprintf("{%% capture cap %%}%s{%% endcapture %%}{{ cap }}", g.body())
	case 7:
		var vals []string
		for i := 1 + g.r.Intn(3); i > 0; i-- {
			vals = append(vals, g.pick(g.expr(), "'a'", "'b,c'", "nil", "1"))
		}
		if g.chance(0.3) {
			return fmt.Sprintf("{%% cycle 'g': %s %%}", strings.Join(vals, ", "))
		}
		return fmt.Sprintf("{%% cycle %s %%}", strings.Join(vals, ", "))
	case 8:
		v := "t"
		g.vars = append(g.vars, v)
		head := fmt.Sprintf("%s in %s", v, g.expr())
		if g.chance(0.5) {
			head += " cols: " + g.arg("n")
		}
		if g.chance(0.2) {
			head += " limit: " + g.arg("n")
		}
		body := g.body()
		if g.chance(0.4) {
			body += "{{ tablerowloop." + g.pick("col", "col0", "col_first", "col_last", "row", "index") + " }}"
		}
		return fmt.Sprintf("{%% tablerow %s %%}%s{%% endtablerow %%}", head, body)
	case 9:
		return fmt.Sprintf("{%% %s k %%}", g.pick("increment", "decrement"))
	default:
		return g.leaf()
	}
}

// Case returns the next random case.
func (g *gen) Case() Case {
	g.vars = g.vars[:0]
	var b strings.Builder
	for i := 1 + g.r.Intn(3); i > 0; i-- {
		b.WriteString(g.node())
	}
	return Case{Template: b.String(), Data: g.data()}
}
