package render

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// ValidateContext checks vars against the template's schema (nothing in
// compat mode, or without a schema): every required input present, every
// declared input of the declared shape. Problems are context_invalid errors
// naming the JSON pointer.
func (t *Template) ValidateContext(vars map[string]any) diag.List {
	if t.schema == nil {
		return nil
	}
	var problems []strict.ContextProblem
	if t.validators != nil {
		for _, name := range t.schema.RequiredInputs() {
			if _, ok := vars[name]; !ok {
				problems = append(problems, strict.ContextProblem{Pointer: "/" + escapeToken(name), Message: "required input is missing"})
			}
		}
		names := make([]string, 0, len(vars))
		for name := range vars {
			if t.validators[name] != nil {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			checkValue(t.validators[name], vars[name], "/"+escapeToken(name), &problems, 0)
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

// maxProblems bounds the problems one validation reports.
const maxProblems = 50

// checkValue validates a rendering value against v, appending problems.
func checkValue(v *strict.Validator, x any, ptr string, out *[]strict.ContextProblem, depth int) {
	if v == nil || len(*out) >= maxProblems {
		return
	}
	if depth > 200 {
		*out = append(*out, strict.ContextProblem{Pointer: ptr, Message: "value is nested too deeply"})
		return
	}
	add := func(format string, args ...any) {
		*out = append(*out, strict.ContextProblem{Pointer: ptr, Message: fmt.Sprintf(format, args...)})
	}
	x = normalize(x)
	kind := jsonKindOf(x)
	if len(v.Types) > 0 && !typeAllowed(v.Types, kind, x) {
		add("expected %s, but got %s", strings.Join(v.Types, " or "), kind)
		return
	}
	for _, b := range v.AllOf {
		checkValue(b, x, ptr, out, depth+1)
	}
	if len(v.AnyOf) > 0 {
		matched := false
		for _, b := range v.AnyOf {
			var sub []strict.ContextProblem
			checkValue(b, x, ptr, &sub, depth+1)
			if len(sub) == 0 {
				matched = true
				break
			}
		}
		if !matched {
			add("matches none of the allowed forms")
		}
	}
	if v.Enum != nil {
		found := false
		for _, e := range v.Enum {
			if equal(toJSON(x), normalizeJSON(e)) {
				found = true
				break
			}
		}
		if !found {
			add("value must be one of %s", formatEnum(v.Enum))
		}
	}
	switch kind {
	case "string":
		s := x.(string)
		if v.MinLength >= 0 || v.MaxLength >= 0 {
			n := utf8.RuneCountInString(s)
			if v.MinLength >= 0 && n < v.MinLength {
				add("length must be >= %d, but got %d", v.MinLength, n)
			}
			if v.MaxLength >= 0 && n > v.MaxLength {
				add("length must be <= %d, but got %d", v.MaxLength, n)
			}
		}
		if v.Pattern != nil && !v.Pattern.MatchString(s) {
			add("does not match pattern %q", v.Pattern.String())
		}
	case "integer", "number":
		if v.Minimum != nil || v.Maximum != nil {
			r := decimal(x)
			if v.Minimum != nil && r.Cmp(v.Minimum) < 0 {
				add("must be >= %s but found %s", ratString(v.Minimum), toString(x))
			}
			if v.Maximum != nil && r.Cmp(v.Maximum) > 0 {
				add("must be <= %s but found %s", ratString(v.Maximum), toString(x))
			}
		}
	case "array":
		items := toList(x)
		if v.MinItems >= 0 && len(items) < v.MinItems {
			add("minimum %d items required, but found %d items", v.MinItems, len(items))
		}
		if v.MaxItems >= 0 && len(items) > v.MaxItems {
			add("maximum %d items required, but found %d items", v.MaxItems, len(items))
		}
		if v.Items != nil {
			for i, e := range items {
				checkValue(v.Items, e, ptr+"/"+strconv.Itoa(i), out, depth+1)
			}
		}
	case "object":
		ps := pairs(x)
		present := make(map[string]bool, len(ps))
		for _, p := range ps {
			present[p.key] = true
		}
		var missing []string
		for _, r := range v.Required {
			if !present[r] {
				missing = append(missing, strconv.Quote(r))
			}
		}
		if len(missing) > 0 {
			add("missing properties: %s", strings.Join(missing, ", "))
		}
		for _, p := range ps {
			child := ptr + "/" + escapeToken(p.key)
			if pv, ok := v.Properties[p.key]; ok {
				checkValue(pv, p.val, child, out, depth+1)
				continue
			}
			if v.NoAdditional {
				add("additional property %q is not allowed", p.key)
				continue
			}
			checkValue(v.Additional, p.val, child, out, depth+1)
		}
	}
}

// jsonKindOf names the JSON type of a rendering value.
func jsonKindOf(x any) string {
	switch y := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		if y == float64(int64(y)) {
			return "integer"
		}
		return "number"
	case string, time.Time:
		return "string"
	}
	if isArray(x) {
		return "array"
	}
	if isObject(x) {
		return "object"
	}
	return "string"
}

func typeAllowed(types []string, kind string, x any) bool {
	for _, t := range types {
		if t == kind || t == "number" && kind == "integer" {
			return true
		}
		if t == "string" {
			if _, ok := x.(time.Time); ok {
				return true
			}
		}
	}
	return false
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
