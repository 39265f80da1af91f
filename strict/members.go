package strict

import (
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Members says, of the values an input's schema describes, which object
// keys the schema certainly rejects and which schemas apply to each key's
// value and each array item. A runner leaves the rejected keys out of the
// data it passes (its own bookkeeping, fields of a newer tracker) instead
// of failing validation over them: no template can read a key the schema
// rejects, since the static check refuses it.
//
// Every keyword of the JSON Schema library is taken into account or is
// irrelevant to which keys exist: a key is rejected when a schema that
// must hold (the node itself, its allOf branches and $ref, $dynamicRef and
// $recursiveRef targets) neither declares it in properties nor matches it
// by patternProperties and has additionalProperties false, or its
// propertyNames rejects the name, or its unevaluatedProperties is false
// and nothing under it can evaluate the key; or when every branch of an
// anyOf or oneOf rejects it, or both then and else do. Keywords on values
// (format, pattern, minimum, …) do not decide which keys exist and leave
// the pruning alone. A Members is immutable.
type Members struct {
	nodes []*jsonschema.Schema // the schemas that must hold, flattened
}

// maxMemberDepth bounds the schema walks of Members.
const maxMemberDepth = 64

// Members returns what input name's schema says of its members, or nil
// when the input is not declared (nil keeps everything).
func (s *Schema) Members(name string) *Members {
	n := s.input(name)
	if n == nil {
		return nil
	}
	return membersOf([]*jsonschema.Schema{n})
}

// membersOf returns the Members of values that must satisfy every node of
// ns, or nil when none constrains anything.
func membersOf(ns []*jsonschema.Schema) *Members {
	var out []*jsonschema.Schema
	seen := map[*jsonschema.Schema]bool{}
	var walk func(n *jsonschema.Schema, depth int)
	walk = func(n *jsonschema.Schema, depth int) {
		if n == nil || seen[n] || depth > maxMemberDepth {
			return
		}
		seen[n] = true
		out = append(out, n)
		walk(n.Ref, depth+1)
		walk(n.DynamicRef, depth+1)
		walk(n.RecursiveRef, depth+1)
		for _, b := range n.AllOf {
			walk(b, depth+1)
		}
	}
	for _, n := range ns {
		walk(n, 0)
	}
	if len(out) == 0 {
		return nil
	}
	return &Members{nodes: out}
}

// Property reports whether key k of an object may be kept (the schema does
// not certainly reject it) and returns the Members of its value (nil:
// nothing to prune there).
func (m *Members) Property(k string) (child *Members, keep bool) {
	if m == nil {
		return nil, true
	}
	for _, n := range m.nodes {
		if rejects(n, k, 0) {
			return nil, false
		}
	}
	var apply []*jsonschema.Schema
	for _, n := range m.nodes {
		if p, ok := n.Properties[k]; ok {
			apply = append(apply, p)
			continue
		}
		matched := false
		for re, p := range n.PatternProperties {
			if re.MatchString(k) {
				apply = append(apply, p)
				matched = true
			}
		}
		if !matched {
			if p, ok := n.AdditionalProperties.(*jsonschema.Schema); ok {
				apply = append(apply, p)
			}
		}
	}
	return membersOf(apply), true
}

// Item returns the Members of item i of an array (nil: nothing to prune
// there).
func (m *Members) Item(i int) *Members {
	if m == nil {
		return nil
	}
	var apply []*jsonschema.Schema
	for _, n := range m.nodes {
		switch items := n.Items.(type) {
		case *jsonschema.Schema:
			apply = append(apply, items)
		case []*jsonschema.Schema:
			if i < len(items) {
				apply = append(apply, items[i])
			} else if p, ok := n.AdditionalItems.(*jsonschema.Schema); ok {
				apply = append(apply, p)
			}
		}
		if i < len(n.PrefixItems) {
			apply = append(apply, n.PrefixItems[i])
		} else if n.Items2020 != nil {
			apply = append(apply, n.Items2020)
		}
	}
	return membersOf(apply)
}

// Declares reports whether a schema that must hold declares k in
// properties (Declared holds k): a cheaper test than building the list.
func (m *Members) Declares(k string) bool {
	if m == nil {
		return false
	}
	for _, n := range m.nodes {
		if _, ok := n.Properties[k]; ok {
			return true
		}
	}
	return false
}

// Declared returns the keys the schemas that must hold declare in
// properties, sorted.
func (m *Members) Declared() []string {
	if m == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, n := range m.nodes {
		for k := range n.Properties {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// rejects reports whether every object valid against n certainly lacks
// key k.
func rejects(n *jsonschema.Schema, k string, depth int) bool {
	if n == nil || depth > maxMemberDepth {
		return false
	}
	if n.Always != nil {
		return false // false rejects the whole value, which no key helps
	}
	_, declared := n.Properties[k]
	if !declared {
		for re := range n.PatternProperties {
			if re.MatchString(k) {
				declared = true
				break
			}
		}
	}
	if !declared {
		if b, ok := n.AdditionalProperties.(bool); ok && !b {
			return true
		}
		if p, ok := n.AdditionalProperties.(*jsonschema.Schema); ok && p.Always != nil && !*p.Always {
			return true
		}
	}
	if n.PropertyNames != nil && n.PropertyNames.Validate(k) != nil {
		return true
	}
	if u := n.UnevaluatedProperties; u != nil && u.Always != nil && !*u.Always && !mayEvaluate(n, k, 0) {
		return true
	}
	for _, r := range []*jsonschema.Schema{n.Ref, n.DynamicRef, n.RecursiveRef} {
		if rejects(r, k, depth+1) {
			return true
		}
	}
	for _, b := range n.AllOf {
		if rejects(b, k, depth+1) {
			return true
		}
	}
	for _, l := range [][]*jsonschema.Schema{n.AnyOf, n.OneOf} {
		if len(l) > 0 && all(l, func(b *jsonschema.Schema) bool { return rejects(b, k, depth+1) }) {
			return true
		}
	}
	if n.If != nil && n.Then != nil && n.Else != nil && rejects(n.Then, k, depth+1) && rejects(n.Else, k, depth+1) {
		return true
	}
	return false
}

func all(l []*jsonschema.Schema, f func(*jsonschema.Schema) bool) bool {
	for _, b := range l {
		if !f(b) {
			return false
		}
	}
	return true
}

// mayEvaluate reports whether some subschema of n that applies to the same
// object (in-place applicators) could evaluate key k, which makes it
// acceptable to unevaluatedProperties.
func mayEvaluate(n *jsonschema.Schema, k string, depth int) bool {
	if n == nil || depth > maxMemberDepth {
		return false
	}
	if _, ok := n.Properties[k]; ok {
		return true
	}
	for re := range n.PatternProperties {
		if re.MatchString(k) {
			return true
		}
	}
	if n.AdditionalProperties != nil {
		if b, ok := n.AdditionalProperties.(bool); !ok || b {
			return true
		}
	}
	if depth > 0 && n.UnevaluatedProperties != nil {
		return true // a nested unevaluatedProperties schema evaluates what is left
	}
	subs := []*jsonschema.Schema{n.Ref, n.DynamicRef, n.RecursiveRef, n.If, n.Then, n.Else}
	subs = append(subs, n.AllOf...)
	subs = append(subs, n.AnyOf...)
	subs = append(subs, n.OneOf...)
	for _, d := range n.DependentSchemas {
		subs = append(subs, d)
	}
	for _, d := range n.Dependencies {
		if s, ok := d.(*jsonschema.Schema); ok {
			subs = append(subs, s)
		}
	}
	for _, s := range subs {
		if mayEvaluate(s, k, depth+1) {
			return true
		}
	}
	return false
}
