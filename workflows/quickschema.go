package workflows

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"
)

// quickSchema decides whether a value is valid against one of shea's
// embedded draft-07 schemas by reading the schema's JSON directly.
//
// jsonschema compiles a schema before it validates anything, and checks
// the schema against its metaschema first: for the settings schema that is
// most of what loading a workflow costs, and it buys nothing for a schema
// that ships inside shea and is tested. Most workflows are valid, so the
// settings are checked here first; only a value quickSchema finds invalid,
// or a schema that uses a keyword it does not evaluate, goes to jsonschema,
// whose errors make the diagnostics. quickSchema must therefore never call
// valid what jsonschema rejects: it follows jsonschema's rules (numbers
// compared as exact decimals, a $ref hiding its siblings, patterns as Go
// regular expressions), gives up on anything else, and a differential test
// and fuzz target hold it to that.
type quickSchema struct {
	root     map[string]any
	patterns map[string]*regexp.Regexp
}

// draft07 is the $schema quickSchema evaluates.
const draft07 = "http://json-schema.org/draft-07/schema#"

// maxQuickDepth bounds how deeply schemas may nest through $ref and
// composition while one value is checked; deeper gives up.
const maxQuickDepth = 64

// errQuickUnsupported reports a schema quickSchema does not evaluate.
var errQuickUnsupported = fmt.Errorf("schema not evaluated by quickSchema")

// newQuickSchema returns the evaluator of a decoded schema document, or
// nil when the document is not a draft-07 object schema.
func newQuickSchema(doc any) *quickSchema {
	root, ok := doc.(map[string]any)
	if !ok || root["$schema"] != draft07 {
		return nil
	}
	return &quickSchema{root: root, patterns: map[string]*regexp.Regexp{}}
}

// valid reports whether v (plain values: map[string]any, []any, string,
// int64, float64, bool, nil) is valid. ok is false when quickSchema cannot
// tell, and jsonschema must decide.
func (q *quickSchema) valid(v any) (valid, ok bool) {
	if q == nil {
		return false, false
	}
	res, err := q.check(q.root, v, 0)
	if err != nil {
		return false, false
	}
	return res, true
}

func (q *quickSchema) check(s any, v any, depth int) (bool, error) {
	if depth > maxQuickDepth {
		return false, errQuickUnsupported
	}
	switch s := s.(type) {
	case bool:
		return s, nil
	case map[string]any:
		if ref, ok := s["$ref"]; ok {
			// In draft-07 a $ref's siblings are ignored.
			target, err := q.resolve(ref)
			if err != nil {
				return false, err
			}
			return q.check(target, v, depth+1)
		}
		valid := true
		for k, kv := range s {
			ok, err := q.keyword(s, k, kv, v, depth)
			if err != nil {
				return false, err
			}
			// Keep going after a failure: a later keyword may be one
			// quickSchema cannot evaluate, and jsonschema must then
			// decide anyway.
			valid = valid && ok
		}
		return valid, nil
	}
	return false, errQuickUnsupported
}

// keyword evaluates keyword k (whose value is kv) of schema s on v.
func (q *quickSchema) keyword(s map[string]any, k string, kv, v any, depth int) (bool, error) {
	switch k {
	case "$schema", "$comment", "title", "description", "default", "examples", "readOnly", "writeOnly",
		"$defs", "definitions", "contentMediaType", "contentEncoding":
		return true, nil
	case "$id":
		if depth == 0 { // the document's own; only the root is at depth 0
			return true, nil
		}
		return false, errQuickUnsupported // a nested base URI
	case "type":
		return q.typeOK(kv, v)
	case "enum":
		vals, ok := kv.([]any)
		if !ok {
			return false, errQuickUnsupported
		}
		for _, e := range vals {
			eq, err := jsonEqual(v, e)
			if err != nil {
				return false, err
			}
			if eq {
				return true, nil
			}
		}
		return false, nil
	case "const":
		return jsonEqual(v, kv)
	case "properties", "patternProperties", "additionalProperties":
		obj, isObj := v.(map[string]any)
		if !isObj {
			return true, nil
		}
		return q.objectKeyword(s, k, kv, obj, depth)
	case "required":
		names, ok := kv.([]any)
		if !ok {
			return false, errQuickUnsupported
		}
		obj, isObj := v.(map[string]any)
		for _, n := range names {
			name, ok := n.(string)
			if !ok {
				return false, errQuickUnsupported
			}
			if _, present := obj[name]; isObj && !present {
				return false, nil
			}
		}
		return true, nil
	case "minProperties", "maxProperties":
		obj, isObj := v.(map[string]any)
		if !isObj {
			return count(kv) >= 0, nilIfCount(kv)
		}
		return countBound(k == "minProperties", kv, len(obj))
	case "items":
		item, ok := kv.(map[string]any)
		if !ok {
			if b, isBool := kv.(bool); isBool {
				arr, isArr := v.([]any)
				return b || !isArr || len(arr) == 0, nil
			}
			return false, errQuickUnsupported // the tuple form
		}
		arr, isArr := v.([]any)
		if !isArr {
			return true, nil
		}
		valid := true
		for _, x := range arr {
			ok, err := q.check(item, x, depth+1)
			if err != nil {
				return false, err
			}
			valid = valid && ok
		}
		return valid, nil
	case "minItems", "maxItems":
		arr, isArr := v.([]any)
		if !isArr {
			return count(kv) >= 0, nilIfCount(kv)
		}
		return countBound(k == "minItems", kv, len(arr))
	case "minLength", "maxLength":
		str, isStr := v.(string)
		if !isStr {
			return count(kv) >= 0, nilIfCount(kv)
		}
		return countBound(k == "minLength", kv, utf8.RuneCountInString(str))
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		bound, err := ratOf(kv)
		if err != nil {
			return false, err
		}
		if !isNumber(v) {
			return true, nil
		}
		n, err := ratOf(v)
		if err != nil {
			return false, err
		}
		c := n.Cmp(bound)
		switch k {
		case "minimum":
			return c >= 0, nil
		case "maximum":
			return c <= 0, nil
		case "exclusiveMinimum":
			return c > 0, nil
		}
		return c < 0, nil
	case "pattern":
		re, err := q.pattern(kv)
		if err != nil {
			return false, err
		}
		str, isStr := v.(string)
		return !isStr || re.MatchString(str), nil
	case "allOf", "anyOf", "oneOf":
		subs, ok := kv.([]any)
		if !ok || len(subs) == 0 {
			return false, errQuickUnsupported
		}
		matched := 0
		for _, sub := range subs {
			ok, err := q.check(sub, v, depth+1)
			if err != nil {
				return false, err
			}
			if ok {
				matched++
			}
		}
		switch k {
		case "allOf":
			return matched == len(subs), nil
		case "anyOf":
			return matched > 0, nil
		}
		return matched == 1, nil
	case "not":
		ok, err := q.check(kv, v, depth+1)
		return !ok, err
	case "if":
		cond, err := q.check(kv, v, depth+1)
		if err != nil {
			return false, err
		}
		branch, ok := s["else"]
		if cond {
			branch, ok = s["then"]
		}
		if !ok {
			return true, nil
		}
		return q.check(branch, v, depth+1)
	case "then", "else":
		return true, nil // evaluated with if
	case "multipleOf", "additionalItems", "uniqueItems", "contains", "dependencies", "propertyNames", "format",
		"unevaluatedProperties", "unevaluatedItems", "dependentRequired", "dependentSchemas", "prefixItems",
		"minContains", "maxContains", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary":
		return false, errQuickUnsupported
	}
	// Draft-07 ignores keywords it does not define (shea's x-expect and
	// x-unknown-keys among them), and so does jsonschema.
	return true, nil
}

// objectKeyword evaluates properties, patternProperties or
// additionalProperties on an object.
func (q *quickSchema) objectKeyword(s map[string]any, k string, kv any, obj map[string]any, depth int) (bool, error) {
	var props, pats map[string]any
	if p, ok := s["properties"]; ok {
		if props, ok = p.(map[string]any); !ok {
			return false, errQuickUnsupported
		}
	}
	if p, ok := s["patternProperties"]; ok {
		if pats, ok = p.(map[string]any); !ok {
			return false, errQuickUnsupported
		}
	}
	valid := true
	each := func(sub any, x any) error {
		ok, err := q.check(sub, x, depth+1)
		valid = valid && ok
		return err
	}
	switch k {
	case "properties":
		for name, sub := range props {
			if x, present := obj[name]; present {
				if err := each(sub, x); err != nil {
					return false, err
				}
			}
		}
	case "patternProperties":
		for pat, sub := range pats {
			re, err := q.pattern(pat)
			if err != nil {
				return false, err
			}
			for name, x := range obj {
				if re.MatchString(name) {
					if err := each(sub, x); err != nil {
						return false, err
					}
				}
			}
		}
	case "additionalProperties":
		for name, x := range obj {
			if _, declared := props[name]; declared {
				continue
			}
			matched := false
			for pat := range pats {
				re, err := q.pattern(pat)
				if err != nil {
					return false, err
				}
				matched = matched || re.MatchString(name)
			}
			if matched {
				continue
			}
			if err := each(kv, x); err != nil {
				return false, err
			}
		}
	}
	return valid, nil
}

// typeOK evaluates the type keyword. An integer is a number with no
// fraction, as jsonschema reads it.
func (q *quickSchema) typeOK(kv, v any) (bool, error) {
	var types []string
	switch t := kv.(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return false, errQuickUnsupported
			}
			types = append(types, s)
		}
	default:
		return false, errQuickUnsupported
	}
	vt, err := jsonTypeOf(v)
	if err != nil {
		return false, err
	}
	for _, t := range types {
		switch {
		case t == vt:
			return true, nil
		case t == "integer" && vt == "number":
			n, err := ratOf(v)
			if err != nil {
				return false, err
			}
			if n.IsInt() {
				return true, nil
			}
		case t != "null" && t != "boolean" && t != "object" && t != "array" && t != "number" && t != "integer" && t != "string":
			return false, errQuickUnsupported
		}
	}
	return false, nil
}

// resolve follows a $ref within the document ("#" or "#/json/pointer").
func (q *quickSchema) resolve(ref any) (any, error) {
	r, ok := ref.(string)
	if !ok || r != "#" && !strings.HasPrefix(r, "#/") || strings.ContainsRune(r, '%') {
		return nil, errQuickUnsupported
	}
	target, ok := lookupPointer(q.root, r[1:])
	if !ok {
		return nil, errQuickUnsupported
	}
	return target, nil
}

func (q *quickSchema) pattern(p any) (*regexp.Regexp, error) {
	s, ok := p.(string)
	if !ok {
		return nil, errQuickUnsupported
	}
	if re, ok := q.patterns[s]; ok {
		return re, nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, errQuickUnsupported
	}
	q.patterns[s] = re
	return re, nil
}

// jsonTypeOf names v's JSON type as jsonschema does ("number" for every
// number).
func jsonTypeOf(v any) (string, error) {
	switch v.(type) {
	case nil:
		return "null", nil
	case bool:
		return "boolean", nil
	case int64, float64:
		return "number", nil
	case string:
		return "string", nil
	case []any:
		return "array", nil
	case map[string]any:
		return "object", nil
	}
	return "", errQuickUnsupported
}

func isNumber(v any) bool {
	switch v.(type) {
	case int64, float64:
		return true
	}
	return false
}

// ratOf returns a number as the exact decimal jsonschema compares: the
// rational of its printed form. NaN and infinities have none.
func ratOf(v any) (*big.Rat, error) {
	switch n := v.(type) {
	case int64:
		return new(big.Rat).SetInt64(n), nil
	case float64:
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return nil, errQuickUnsupported
		}
		r, ok := new(big.Rat).SetString(fmt.Sprint(n))
		if !ok {
			return nil, errQuickUnsupported
		}
		return r, nil
	}
	return nil, errQuickUnsupported
}

// jsonEqual compares two values as JSON values (numbers by value).
func jsonEqual(a, b any) (bool, error) {
	ta, err := jsonTypeOf(a)
	if err != nil {
		return false, err
	}
	tb, err := jsonTypeOf(b)
	if err != nil {
		return false, err
	}
	if ta != tb {
		return false, nil
	}
	switch ta {
	case "number":
		ra, err := ratOf(a)
		if err != nil {
			return false, err
		}
		rb, err := ratOf(b)
		if err != nil {
			return false, err
		}
		return ra.Cmp(rb) == 0, nil
	case "array":
		xa, xb := a.([]any), b.([]any)
		if len(xa) != len(xb) {
			return false, nil
		}
		for i := range xa {
			if eq, err := jsonEqual(xa[i], xb[i]); err != nil || !eq {
				return false, err
			}
		}
		return true, nil
	case "object":
		ma, mb := a.(map[string]any), b.(map[string]any)
		if len(ma) != len(mb) {
			return false, nil
		}
		for k, x := range ma {
			y, ok := mb[k]
			if !ok {
				return false, nil
			}
			if eq, err := jsonEqual(x, y); err != nil || !eq {
				return false, err
			}
		}
		return true, nil
	}
	return a == b, nil
}

// count reads a non-negative integer keyword value, or -1.
func count(kv any) int {
	f, ok := kv.(float64)
	if !ok || f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
		return -1
	}
	return int(f)
}

func nilIfCount(kv any) error {
	if count(kv) < 0 {
		return errQuickUnsupported
	}
	return nil
}

// countBound checks a min/max count keyword against n.
func countBound(isMin bool, kv any, n int) (bool, error) {
	c := count(kv)
	if c < 0 {
		return false, errQuickUnsupported
	}
	if isMin {
		return n >= c, nil
	}
	return n <= c, nil
}
