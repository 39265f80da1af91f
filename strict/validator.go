package strict

import (
	"math/big"
	"regexp"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Kind is a JSON type as a bit; a set of types is the union of their bits.
type Kind uint8

// The JSON types. KindNumber is a number that is not an integer: the JSON
// type "number" is KindInteger|KindNumber.
const (
	KindNull Kind = 1 << iota
	KindBoolean
	KindInteger
	KindNumber
	KindString
	KindArray
	KindObject
)

// kindOfType returns the kinds of a JSON Schema type name.
func kindOfType(t string) Kind {
	switch t {
	case "null":
		return KindNull
	case "boolean":
		return KindBoolean
	case "integer":
		return KindInteger
	case "number":
		return KindInteger | KindNumber
	case "string":
		return KindString
	case "array":
		return KindArray
	case "object":
		return KindObject
	}
	return 0
}

// String names a single kind as JSON Schema does ("number" for KindNumber).
func (k Kind) String() string {
	switch k {
	case KindNull:
		return "null"
	case KindBoolean:
		return "boolean"
	case KindInteger:
		return "integer"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	case KindArray:
		return "array"
	case KindObject:
		return "object"
	}
	return "unknown"
}

// Validator is a JSON Schema node reduced to the keywords a rendering
// context is usually checked with, so that an engine (package render) can
// check its own values against it without converting them to JSON first.
// It is read-only; (*Schema).Validators builds it once per schema.
type Validator struct {
	// Types are the allowed JSON types ("null", "boolean", "integer",
	// "number", "string", "array", "object"); empty means any.
	Types []string
	// Kinds are Types as a set of bits; 0 means any.
	Kinds Kind
	// TypeOnly is set when the node checks nothing beyond Kinds.
	TypeOnly bool
	// Properties are the declared properties; Required must be present.
	Properties map[string]*Validator
	Required   []string
	// Additional is the schema of undeclared properties; nil with
	// NoAdditional false means any.
	Additional   *Validator
	NoAdditional bool
	// Items is the schema of array items (nil means any).
	Items *Validator
	// AllOf: every branch must hold; AnyOf: at least one must.
	AllOf, AnyOf []*Validator
	// Enum, when non-nil, lists the allowed values (decoded JSON).
	Enum []any
	// String and number bounds; -1 or nil when absent.
	MinLength, MaxLength int
	Pattern              *regexp.Regexp
	Minimum, Maximum     *big.Rat
	MinItems, MaxItems   int
}

// Validators returns each input's schema reduced to a Validator. ok is false
// when a schema uses keywords the reduction does not cover (or recursion);
// callers then use Validate. The reduction is made once per Schema, and the
// map and validators are shared: callers must not modify them.
func (s *Schema) Validators() (v map[string]*Validator, ok bool) {
	if s == nil {
		return nil, true
	}
	s.validators.once.Do(func() { s.validators.m, s.validators.ok = s.reduceInputs() })
	return s.validators.m, s.validators.ok
}

// validators holds the result of Schema.Validators, made on first use.
type validators struct {
	once sync.Once
	m    map[string]*Validator
	ok   bool
}

func (s *Schema) reduceInputs() (map[string]*Validator, bool) {
	out := make(map[string]*Validator, len(s.props))
	seen := map[*jsonschema.Schema]*Validator{}
	for name, n := range s.props {
		v, ok := reduce(n, seen, 0)
		if !ok {
			return nil, false
		}
		out[name] = v
	}
	return out, true
}

// RequiredInputs returns the inputs that must be supplied.
func (s *Schema) RequiredInputs() []string {
	var out []string
	for _, name := range s.order {
		if s.required[name] {
			out = append(out, name)
		}
	}
	return out
}

func reduce(n *jsonschema.Schema, seen map[*jsonschema.Schema]*Validator, depth int) (*Validator, bool) {
	if n == nil {
		return nil, true
	}
	if v, ok := seen[n]; ok {
		return v, v != nil // a cycle (nil while being built) is not reducible
	}
	if depth > 64 || !reducible(n) {
		return nil, false
	}
	seen[n] = nil
	v := &Validator{
		Types: n.Types, Required: n.Required, MinLength: n.MinLength, MaxLength: n.MaxLength,
		Pattern: n.Pattern, Minimum: n.Minimum, Maximum: n.Maximum, MinItems: n.MinItems, MaxItems: n.MaxItems,
	}
	for _, t := range n.Types {
		v.Kinds |= kindOfType(t)
	}
	if n.Always != nil {
		if *n.Always {
			v.TypeOnly = true
			seen[n] = v
			return v, true
		}
		return nil, false
	}
	if len(n.Constant) > 0 {
		v.Enum = n.Constant[:1]
	} else if n.Enum != nil {
		v.Enum = n.Enum
	}
	if len(n.Properties) > 0 {
		v.Properties = make(map[string]*Validator, len(n.Properties))
		for k, p := range n.Properties {
			pv, ok := reduce(p, seen, depth+1)
			if !ok {
				return nil, false
			}
			v.Properties[k] = pv
		}
	}
	switch ap := n.AdditionalProperties.(type) {
	case bool:
		v.NoAdditional = !ap
	case *jsonschema.Schema:
		av, ok := reduce(ap, seen, depth+1)
		if !ok {
			return nil, false
		}
		v.Additional = av
	}
	switch it := n.Items.(type) {
	case *jsonschema.Schema:
		iv, ok := reduce(it, seen, depth+1)
		if !ok {
			return nil, false
		}
		v.Items = iv
	case nil:
	default:
		return nil, false
	}
	if n.Items2020 != nil {
		iv, ok := reduce(n.Items2020, seen, depth+1)
		if !ok {
			return nil, false
		}
		v.Items = iv
	}
	for _, list := range []struct {
		src []*jsonschema.Schema
		dst *[]*Validator
	}{{n.AllOf, &v.AllOf}, {n.AnyOf, &v.AnyOf}} {
		for _, b := range list.src {
			bv, ok := reduce(b, seen, depth+1)
			if !ok {
				return nil, false
			}
			*list.dst = append(*list.dst, bv)
		}
	}
	if n.Ref != nil {
		rv, ok := reduce(n.Ref, seen, depth+1)
		if !ok {
			return nil, false
		}
		v.AllOf = append(v.AllOf, rv)
	}
	v.TypeOnly = len(v.Properties) == 0 && len(v.Required) == 0 && v.Additional == nil && !v.NoAdditional &&
		v.Items == nil && len(v.AllOf) == 0 && len(v.AnyOf) == 0 && v.Enum == nil && v.MinLength < 0 &&
		v.MaxLength < 0 && v.Pattern == nil && v.Minimum == nil && v.Maximum == nil && v.MinItems < 0 && v.MaxItems < 0
	seen[n] = v
	return v, true
}

// reducible reports whether a node uses only keywords Validator covers.
// oneOf is not covered (it needs "exactly one"), nor formats when asserted,
// nor the object and array keywords beyond properties and items.
func reducible(n *jsonschema.Schema) bool {
	return n.Not == nil && len(n.OneOf) == 0 && n.If == nil && n.DynamicRef == nil && n.RecursiveRef == nil &&
		len(n.PatternProperties) == 0 && n.PropertyNames == nil && len(n.Dependencies) == 0 &&
		len(n.DependentRequired) == 0 && len(n.DependentSchemas) == 0 && n.UnevaluatedProperties == nil &&
		n.MinProperties < 0 && n.MaxProperties < 0 && !n.UniqueItems && n.AdditionalItems == nil &&
		len(n.PrefixItems) == 0 && n.Contains == nil && n.UnevaluatedItems == nil && n.MultipleOf == nil &&
		n.ExclusiveMinimum == nil && n.ExclusiveMaximum == nil && n.ContentEncoding == "" &&
		n.ContentMediaType == "" && n.Format == "" && len(n.Extensions) == 0
}
