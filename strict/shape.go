package strict

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// shape is what the checker knows about a value: the JSON Schema nodes it
// may match (after following $ref, allOf and the non-null branches of
// anyOf/oneOf). A shape with no nodes is unknown: anything goes.
type shape struct {
	nodes []*jsonschema.Schema
	kind  string // for values shea knows without a schema: "integer", "string", "array"
	// fields, when set, are the exact properties of a built-in object
	// (forloop, tablerowloop).
	fields []string
	item   *shape
	// memo remembers the flattened nodes of the schema the shape came
	// from; nil flattens afresh each time.
	memo *flatMemo
	// maybeNil: the value may be nil (null, a key the data leaves out, an
	// element past the end, a local not yet bound). Only kept for shapes
	// whose types are known.
	maybeNil bool
}

// orNil returns the shape of a value that may also be nil.
func (s shape) orNil() shape {
	s.maybeNil = true
	return s
}

// nullable reports whether a schema node allows null (or any value).
func nullable(n *jsonschema.Schema) bool { return nullableDepth(n, 0) }

func nullableDepth(n *jsonschema.Schema, depth int) bool {
	if n == nil || depth > 32 {
		return true
	}
	if n.Always != nil {
		return *n.Always
	}
	if len(n.Types) > 0 && !slices.Contains(n.Types, "null") {
		return false
	}
	if len(n.Constant) > 0 {
		return n.Constant[0] == nil
	}
	if n.Enum != nil {
		return slices.Contains(n.Enum, nil)
	}
	for _, r := range []*jsonschema.Schema{n.Ref, n.DynamicRef, n.RecursiveRef} {
		if r != nil && !nullableDepth(r, depth+1) {
			return false
		}
	}
	for _, s := range n.AllOf {
		if !nullableDepth(s, depth+1) {
			return false
		}
	}
	for _, list := range [][]*jsonschema.Schema{n.AnyOf, n.OneOf} {
		if len(list) == 0 {
			continue
		}
		any := false
		for _, s := range list {
			any = any || nullableDepth(s, depth+1)
		}
		if !any {
			return false
		}
	}
	return true
}

// openObject reports whether the shape may be an object that allows keys
// it does not declare.
func (s shape) openObject() bool {
	for _, n := range s.nodes {
		if !nodeAllowsObject(n) {
			continue
		}
		switch ap := n.AdditionalProperties.(type) {
		case *jsonschema.Schema:
			return true
		case bool:
			if ap {
				return true
			}
		case nil:
			if len(n.Properties) == 0 && !hasComposition(n) || len(n.PatternProperties) > 0 {
				return true
			}
		}
	}
	return false
}

var anyShape = shape{}

func (s shape) unknown() bool { return len(s.nodes) == 0 && s.kind == "" && s.fields == nil }

func schemaShape(n *jsonschema.Schema, memo *flatMemo) shape {
	if n == nil {
		return anyShape
	}
	nodes := memo.flat(n)
	for _, f := range nodes {
		if f.Always != nil && *f.Always {
			return anyShape
		}
	}
	return shape{nodes: nodes, memo: memo, maybeNil: nullable(n)}
}

// flatMemo remembers what flatten returns, and the property names, for each
// schema node a check has met. Compiled schema nodes never change, so an
// entry never goes stale; a Schema keeps one for all the checks that use
// it. Safe for concurrent use.
type flatMemo struct {
	m     sync.Map // *jsonschema.Schema → []*jsonschema.Schema
	names sync.Map // *jsonschema.Schema → []string, its property names
}

// flat returns flatten(n), remembered. The slice is shared: its capacity
// equals its length, so appending to it copies.
func (m *flatMemo) flat(n *jsonschema.Schema) []*jsonschema.Schema {
	if m == nil {
		return flatten(n)
	}
	if v, ok := m.m.Load(n); ok {
		return v.([]*jsonschema.Schema)
	}
	f := flatten(n)
	f = f[:len(f):len(f)]
	m.m.Store(n, f)
	return f
}

// propertyNames returns the names of n's properties, sorted, remembered.
// The slice is shared (see flat).
func (m *flatMemo) propertyNames(n *jsonschema.Schema) []string {
	if m != nil {
		if v, ok := m.names.Load(n); ok {
			return v.([]string)
		}
	}
	names := make([]string, 0, len(n.Properties))
	for k := range n.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	if m != nil {
		m.names.Store(n, names)
	}
	return names
}

// appendNodes appends src to dst, sharing src when dst is empty (a
// remembered slice copies on the next append, see flat).
func appendNodes(dst, src []*jsonschema.Schema) []*jsonschema.Schema {
	if len(dst) == 0 {
		return src
	}
	return append(dst, src...)
}

// flatten expands $ref, allOf, anyOf and oneOf into the nodes a value may
// match. Branches that only allow null are dropped: a null value is present,
// and reading it is fine.
func flatten(n *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	seen := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(n *jsonschema.Schema) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		if onlyNull(n) {
			return
		}
		out = append(out, n)
		walk(n.Ref)
		walk(n.DynamicRef)
		walk(n.RecursiveRef)
		for _, s := range n.AllOf {
			walk(s)
		}
		for _, s := range n.AnyOf {
			walk(s)
		}
		for _, s := range n.OneOf {
			walk(s)
		}
	}
	walk(n)
	return out
}

func onlyNull(n *jsonschema.Schema) bool {
	return len(n.Types) == 1 && n.Types[0] == "null"
}

// typeSet is a set of JSON types, one bit each.
type typeSet uint8

const (
	tNull typeSet = 1 << iota
	tBoolean
	tObject
	tArray
	tNumber
	tInteger
	tString
)

var typeNames = []struct {
	bit  typeSet
	name string
}{{tNull, "null"}, {tBoolean, "boolean"}, {tObject, "object"}, {tArray, "array"}, {tNumber, "number"}, {tInteger, "integer"}, {tString, "string"}}

func typeBit(name string) typeSet {
	for _, t := range typeNames {
		if t.name == name {
			return t.bit
		}
	}
	return 0
}

// names lists the types of the set but null, sorted.
func (ts typeSet) names() []string {
	var out []string
	for _, t := range typeNames {
		if ts&t.bit != 0 && t.bit != tNull {
			out = append(out, t.name)
		}
	}
	sort.Strings(out)
	return out
}

// types returns the JSON types the shape allows; ok is false when they are
// unconstrained.
func (s shape) types() (ts typeSet, ok bool) {
	if s.kind != "" {
		return typeBit(s.kind), true
	}
	if s.fields != nil {
		return tObject, true
	}
	for _, n := range s.nodes {
		for _, t := range n.Types {
			ts |= typeBit(t)
			ok = true
		}
	}
	return ts, ok
}

func (s shape) allows(t typeSet) bool {
	ts, ok := s.types()
	if !ok {
		return true
	}
	if t == tNumber && ts&tInteger != 0 {
		return true
	}
	return ts&t != 0
}

// property resolves name on an object shape. ok is false when the shape
// declares which properties exist and name is not one of them; candidates
// are the declared names then.
func (s shape) property(name string) (res shape, ok bool, candidates []string) {
	if s.fields != nil {
		for _, f := range s.fields {
			if f == name {
				switch name {
				case "parentloop":
					return s.orNil(), true, nil // nil outside a nested loop
				case "name":
					return stringShape, true, nil
				case "first", "last", "col_first", "col_last":
					return booleanShape, true, nil
				}
				return intShape, true, nil
			}
		}
		return anyShape, false, s.fields
	}
	if s.unknown() {
		return anyShape, true, nil
	}
	if s.kind != "" {
		return anyShape, false, nil
	}
	var found []*jsonschema.Schema
	open, maybeNil := false, false
	for _, n := range s.nodes {
		if !nodeAllowsObject(n) {
			continue
		}
		if p, ok := n.Properties[name]; ok {
			fp := s.memo.flat(p)
			found = appendNodes(found, fp)
			open = open || len(fp) == 0
			maybeNil = maybeNil || !slices.Contains(n.Required, name) || nullable(p)
			continue
		}
		// A key that only a pattern or additionalProperties allows may
		// be left out as well, unless required.
		if s.matchPatterns(n, name, &found) {
			maybeNil = maybeNil || !slices.Contains(n.Required, name)
			for re, p := range n.PatternProperties {
				maybeNil = maybeNil || re.MatchString(name) && nullable(p)
			}
			continue
		}
		switch ap := n.AdditionalProperties.(type) {
		case *jsonschema.Schema:
			fa := s.memo.flat(ap)
			found = appendNodes(found, fa)
			open = open || len(fa) == 0
			maybeNil = maybeNil || !slices.Contains(n.Required, name) || nullable(ap)
		case bool:
			if ap {
				open = true
			}
		case nil:
			if len(n.Properties) == 0 && len(n.PatternProperties) == 0 && !hasComposition(n) {
				open = true // a free-form object
			}
		}
	}
	if open {
		return anyShape, true, nil
	}
	if len(found) > 0 {
		return shape{nodes: found, memo: s.memo, maybeNil: maybeNil}, true, nil
	}
	// Not found: the candidates are the properties the object nodes that
	// do not match name declare.
	for _, n := range s.nodes {
		if !nodeAllowsObject(n) || s.matchPatterns(n, name, nil) {
			continue
		}
		names := s.memo.propertyNames(n)
		if candidates == nil {
			candidates = names
			continue
		}
		candidates = append(candidates[:len(candidates):len(candidates)], names...)
		sort.Strings(candidates)
		candidates = slices.Compact(candidates)
	}
	return anyShape, false, candidates
}

// declares reports whether the shape names name among its properties (not
// only allows it, as an open object does).
func (s shape) declares(name string) bool {
	for _, n := range s.nodes {
		if _, ok := n.Properties[name]; ok && nodeAllowsObject(n) {
			return true
		}
	}
	return false
}

// declaredNames returns the property names the shape's object nodes
// declare, sorted.
func (s shape) declaredNames() []string {
	var out []string
	for _, n := range s.nodes {
		if nodeAllowsObject(n) {
			out = mergeSorted(out, s.memo.propertyNames(n))
		}
	}
	return out
}

// mergeSorted returns the sorted union of two sorted lists; it may return
// either list itself.
func mergeSorted(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := append(append(make([]string, 0, len(a)+len(b)), a...), b...)
	sort.Strings(out)
	return slices.Compact(out)
}

// matchPatterns reports whether name matches one of n's pattern properties,
// appending the matching schemas' nodes to found when it is not nil.
func (s shape) matchPatterns(n *jsonschema.Schema, name string, found *[]*jsonschema.Schema) bool {
	matched := false
	for re, p := range n.PatternProperties {
		if re.MatchString(name) {
			matched = true
			if found == nil {
				return true
			}
			*found = appendNodes(*found, s.memo.flat(p))
		}
	}
	return matched
}

func hasComposition(n *jsonschema.Schema) bool {
	return n.Ref != nil || len(n.AllOf) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0
}

func nodeAllowsObject(n *jsonschema.Schema) bool {
	if len(n.Types) == 0 {
		return true
	}
	for _, t := range n.Types {
		if t == "object" {
			return true
		}
	}
	return false
}

// items returns the shape of an array's elements.
func (s shape) items() shape {
	if s.item != nil {
		return *s.item
	}
	var found []*jsonschema.Schema
	for _, n := range s.nodes {
		switch it := n.Items.(type) {
		case *jsonschema.Schema:
			found = appendNodes(found, s.memo.flat(it))
		case []*jsonschema.Schema:
			for _, x := range it {
				found = appendNodes(found, s.memo.flat(x))
			}
		}
		if n.Items2020 != nil {
			found = appendNodes(found, s.memo.flat(n.Items2020))
		}
		for _, x := range n.PrefixItems {
			found = appendNodes(found, s.memo.flat(x))
		}
	}
	if len(found) == 0 {
		return anyShape
	}
	return shape{nodes: found, memo: s.memo}.nilIf(false, found)
}

// nilIf sets maybeNil when may is set or when one of the nodes allows
// null.
func (s shape) nilIf(may bool, nodes []*jsonschema.Schema) shape {
	s.maybeNil = may
	for _, n := range nodes {
		s.maybeNil = s.maybeNil || nullable(n)
	}
	return s
}

var (
	intShape          = shape{kind: "integer"}
	numberShape       = shape{kind: "number"}
	booleanShape      = shape{kind: "boolean"}
	stringShape       = shape{kind: "string"}
	forloopShape      = shape{fields: []string{"first", "index", "index0", "last", "length", "name", "parentloop", "rindex", "rindex0"}}
	tablerowloopShape = shape{fields: []string{"col", "col0", "col_first", "col_last", "first", "index", "index0", "last", "length", "rindex", "rindex0", "row"}}
)

// fingerprint writes what identifies the shape within one check: its
// schema nodes (by identity), its kind, fields and item shape, and whether
// it may be nil.
func (s shape) fingerprint(b *strings.Builder) {
	b.WriteString(s.kind)
	if s.maybeNil {
		b.WriteByte('?')
	}
	if s.fields != nil {
		b.WriteString("{" + strings.Join(s.fields, ",") + "}")
	}
	for _, n := range s.nodes {
		fmt.Fprintf(b, "%p,", n)
	}
	if s.item != nil {
		b.WriteByte('[')
		s.item.fingerprint(b)
		b.WriteByte(']')
	}
}

// unionShape is what is known of a value that has shape a on some paths
// and b on others.
func unionShape(a, b shape) shape {
	var fa, fb strings.Builder
	a.fingerprint(&fa)
	b.fingerprint(&fb)
	if fa.String() == fb.String() {
		return a
	}
	nilToo := a.maybeNil || b.maybeNil
	switch {
	case a.kind == "" && b.kind == "" && a.fields == nil && b.fields == nil && a.item == nil && b.item == nil &&
		len(a.nodes) > 0 && len(b.nodes) > 0:
		memo := a.memo
		if memo == nil {
			memo = b.memo
		}
		nodes := append(append(make([]*jsonschema.Schema, 0, len(a.nodes)+len(b.nodes)), a.nodes...), b.nodes...)
		return shape{nodes: nodes, memo: memo, maybeNil: nilToo}
	case a.kind != "" && a.kind == b.kind && a.item == nil && b.item == nil:
		a.maybeNil = nilToo
		return a
	}
	return anyShape
}
