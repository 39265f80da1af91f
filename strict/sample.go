package strict

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Sample returns a context that fits the schema, for smoke-rendering a
// template: each value is the first of its schema's examples, else its
// default, const or first enum value, else a typed placeholder (strings
// "smoke_<name>", integers their minimum or 1, booleans true). Nullable
// values are given their non-null form and arrays one element, so that every
// branch and loop body a template guards with them runs. The result is the
// same on every call.
//
// A recursive schema (a tree whose nodes hold nodes) is sampled down to
// the first recursion: a value whose schema is already being sampled
// further up is minimal, holding only its required properties, and its
// arrays only the items minItems asks for. Past maxSampleValues values, or
// maxSampleDepth levels, every value is minimal too, so a sample stays
// small whatever the schema; a schema whose minimal values alone pass
// maxSampleTotal values gets nil past them (a sample that does not fit).
func (s *Schema) Sample() map[string]any {
	out, _ := s.sample()
	return out
}

// sample is Sample, and whether it passed maxSampleTotal.
func (s *Schema) sample() (map[string]any, bool) {
	out := map[string]any{}
	if s == nil {
		return out, false
	}
	sm := &sampler{open: map[*jsonschema.Schema]bool{}}
	for _, name := range s.order {
		out[name] = sm.value(name, s.props[name], 0, false)
	}
	return out, sm.over
}

const (
	maxSampleDepth  = 8
	maxSampleValues = 10_000
	// maxSampleTotal stops a schema whose minimal values alone are more
	// (required properties and minItems nested in each other): past it a
	// value is nil, the sample no longer fits the schema, and the smoke
	// matrix says so (smoke_limit).
	maxSampleTotal = 100_000
	// maxMinimalDepth stops a schema that requires itself without end
	// (which no finite value satisfies).
	maxMinimalDepth = 64
)

// sampler is the state of one Sample: the schemas being sampled (on the
// path from the root) and how many values have been made.
type sampler struct {
	open   map[*jsonschema.Schema]bool
	values int
	over   bool // past maxSampleTotal
}

// value samples n. A minimal value (below a recursion, or past the
// bounds) has only required properties and only the items minItems asks
// for, and so do the values in it.
func (sm *sampler) value(name string, n *jsonschema.Schema, depth int, minimal bool) any {
	if n == nil || depth > maxMinimalDepth {
		return nil
	}
	if sm.values >= maxSampleTotal {
		sm.over = true
		return nil
	}
	sm.values++
	nodes := flatten(n)
	minimal = minimal || depth > maxSampleDepth || sm.values > maxSampleValues
	for _, f := range nodes {
		if sm.open[f] {
			minimal = true // recursion
		}
	}
	for _, f := range nodes {
		if len(f.Examples) > 0 {
			if v := plainJSON(f.Examples[0]); !emptyArray(v) {
				return v
			}
		}
	}
	for _, f := range nodes {
		if f.Default != nil {
			if v := plainJSON(f.Default); !emptyArray(v) {
				return v
			}
		}
		if len(f.Constant) > 0 {
			return plainJSON(f.Constant[0])
		}
		if len(f.Enum) > 0 {
			return plainJSON(f.Enum[0])
		}
	}
	typ := ""
	for _, f := range nodes {
		for _, t := range f.Types {
			if t != "null" {
				typ = t
				break
			}
		}
		if typ != "" {
			break
		}
	}
	var opened []*jsonschema.Schema
	if typ == "object" || typ == "array" {
		for _, f := range nodes {
			if !sm.open[f] {
				sm.open[f] = true
				opened = append(opened, f)
			}
		}
		defer func() {
			for _, f := range opened {
				delete(sm.open, f)
			}
		}()
	}
	switch typ {
	case "object":
		obj := map[string]any{}
		props, required := mergedProperties(nodes)
		keys := make([]string, 0, len(props))
		for k := range props {
			if !minimal || required[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			obj[k] = sm.value(k, props[k], depth+1, minimal)
		}
		return obj
	case "array":
		item := shape{nodes: nodes}.items()
		var itemNode *jsonschema.Schema
		if len(item.nodes) > 0 {
			itemNode = item.nodes[0]
		}
		n := 1 // an item, so that loop bodies run
		if minimal {
			n = 0
		}
		for _, f := range nodes {
			n = max(n, min(f.MinItems, maxSampleValues))
		}
		out := make([]any, 0, n)
		for range n {
			out = append(out, sm.value(name, itemNode, depth+1, minimal))
		}
		return out
	case "integer":
		for _, f := range nodes {
			if f.Minimum != nil && f.Minimum.IsInt() {
				return f.Minimum.Num().Int64()
			}
		}
		return int64(1)
	case "number":
		return 1.5
	case "boolean":
		return true
	case "string":
		return stringSample(name, nodes)
	}
	// An unconstrained value.
	return "smoke_" + name
}

func emptyArray(v any) bool {
	a, ok := v.([]any)
	return ok && len(a) == 0
}

// plainJSON converts schema annotation values (decoded with json.Number) to
// int64, float64 and plain containers.
func plainJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainJSON(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plainJSON(e)
		}
		return out
	}
	return v
}

// mergedProperties gathers the properties of a flattened schema's nodes
// (the first node to declare a name supplies its schema) and the names any
// of them requires.
func mergedProperties(nodes []*jsonschema.Schema) (map[string]*jsonschema.Schema, map[string]bool) {
	props := map[string]*jsonschema.Schema{}
	required := map[string]bool{}
	for _, f := range nodes {
		for k, v := range f.Properties {
			if _, ok := props[k]; !ok {
				props[k] = v
			}
		}
		for _, k := range f.Required {
			required[k] = true
		}
	}
	return props, required
}

// formatSamples are valid values of the formats the schema library
// asserts, for a string whose schema names one.
var formatSamples = map[string]string{
	"date-time":             "2026-01-01T00:00:00Z",
	"date":                  "2026-01-01",
	"time":                  "12:00:00Z",
	"duration":              "P1D",
	"period":                "2026-01-01T00:00:00Z/P1D",
	"hostname":              "example.com",
	"idn-hostname":          "example.com",
	"email":                 "smoke@example.com",
	"idn-email":             "smoke@example.com",
	"ip-address":            "192.0.2.1",
	"ipv4":                  "192.0.2.1",
	"ipv6":                  "2001:db8::1",
	"uri":                   "https://example.com/smoke",
	"iri":                   "https://example.com/smoke",
	"uri-reference":         "/smoke",
	"uriref":                "/smoke",
	"iri-reference":         "/smoke",
	"uri-template":          "https://example.com/{id}",
	"regex":                 "smoke.*",
	"json-pointer":          "/smoke",
	"relative-json-pointer": "0/smoke",
	"uuid":                  "00000000-0000-4000-8000-000000000000",
}

// stringFormat returns the format a flattened string schema names, or "".
func stringFormat(nodes []*jsonschema.Schema) string {
	for _, f := range nodes {
		if f.Format != "" {
			return f.Format
		}
	}
	return ""
}

// stringSample is a string's placeholder: "smoke_<name>", cut or padded
// with "x" to its schema's maxLength or minLength; or a valid value of the
// format its schema names.
func stringSample(name string, nodes []*jsonschema.Schema) string {
	if v, ok := formatSamples[stringFormat(nodes)]; ok {
		return v
	}
	s := "smoke_" + name
	for _, f := range nodes {
		if f.MaxLength >= 0 && utf8.RuneCountInString(s) > f.MaxLength {
			s = string([]rune(s)[:f.MaxLength])
		}
		if n := utf8.RuneCountInString(s); f.MinLength > n && f.MinLength <= maxSampleValues {
			s += strings.Repeat("x", f.MinLength-n)
		}
	}
	// A pattern the placeholder does not match: the first of a few common
	// shapes that fits every constraint, if any does.
	for _, c := range []string{s, "123", "1", "a", "A", "ABC-123", "2026-01-01", "smoke"} {
		if fitsString(c, nodes) {
			return c
		}
	}
	return s
}

// fitsString reports whether s meets the pattern and length bounds of
// every node.
func fitsString(s string, nodes []*jsonschema.Schema) bool {
	n := utf8.RuneCountInString(s)
	for _, f := range nodes {
		if f.Pattern != nil && !f.Pattern.MatchString(s) || f.MaxLength >= 0 && n > f.MaxLength || n < f.MinLength {
			return false
		}
	}
	return true
}
