package strict

import (
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/golden"
)

func TestGoldenFrontEnd(t *testing.T) {
	cases := golden.Load(t)
	var valid, parsed, invalid, rejected int
	accepted := map[string]bool{}
	for _, c := range cases {
		_, diags := Check(c.Template, "t.liquid", diag.Pos{}, Options{Compat: !c.HasTag("strict2")})
		if c.Invalid {
			invalid++
			if diags.HasErrors() {
				rejected++
				for _, d := range diags {
					if d.Subject.Start.IsZero() {
						t.Errorf("%s: diagnostic without a position: %v", c.Name, d)
					}
				}
			} else {
				accepted[c.Name] = true
				if _, ok := goldenRuntimeErrors[c.Name]; !ok {
					t.Errorf("%s: %q: accepted an invalid template that is not a known runtime error", c.Name, c.Template)
				}
			}
			continue
		}
		valid++
		if diags.HasErrors() {
			t.Errorf("%s: %q\n%v", c.Name, c.Template, diags)
		} else {
			parsed++
		}
	}
	t.Logf("golden-liquid front end: parsed %d of %d valid, rejected %d of %d invalid", parsed, valid, rejected, invalid)
	for name := range goldenRuntimeErrors {
		if !accepted[name] {
			t.Errorf("%s: listed as a runtime error but not an accepted invalid case (rejected statically now, or gone): take it off the list", name)
		}
	}
}

// goldenRuntimeErrors names, one by one, the invalid golden-liquid cases the
// front end accepts, each with the reason: each is an error only for the
// values the template meets when rendered, which a static check cannot see
// (the renderer rejects them). Every other invalid case (98 of 126) must be
// rejected statically; a new acceptance, or a listed case that becomes a
// static rejection, fails the test.
var goldenRuntimeErrors = map[string]string{
	"filters, base64 decode, not a string":                        valueType,
	"filters, base64 url safe decode, not a string":               valueType,
	"filters, concat, non array-like argument is an error":        valueType,
	"filters, concat, undefined argument is an error":             undefinedValue,
	"filters, divided by, arg string not a number":                valueType,
	"filters, divided by, divied by zero":                         "division by zero is a runtime error",
	"filters, divided by, undefined argument":                     undefinedValue,
	"filters, has, array of ints, string argument, default value": valueType,
	"filters, map, array containing a non object":                 valueType,
	"filters, map, left value not an array":                       valueType,
	"filters, modulo, arg string not a number":                    valueType,
	"filters, modulo, undefined argument":                         undefinedValue,
	"filters, reject, array containing an int, default value":     valueType,
	"filters, slice, first argument is a float":                   valueType,
	"filters, slice, first argument not an integer":               valueType,
	"filters, slice, second argument is a float":                  valueType,
	"filters, slice, second argument not an integer":              valueType,
	"filters, slice, undefined first argument":                    undefinedValue,
	"filters, sort, incompatible types":                           valueType,
	"filters, sum, properties arguments with non-hash items":      valueType,
	"filters, truncate, undefined first argument":                 undefinedValue,
	"filters, truncatewords, undefined first argument":            undefinedValue,
	"filters, where, left value is not an array":                  valueType,
	"tags, for, limit is a non-number string":                     valueType,
	"tags, for, limit is not a string or number":                  undefinedValue,
	"tags, for, offset is a non-number string":                    valueType,
	"tags, for, offset is not a string or number":                 undefinedValue,
	"tags, if, string greater than int":                           "comparing a string with an integer is a runtime error (Liquid's ArgumentError)",
}

const (
	valueType      = "the error depends on a value's type, known only when rendered"
	undefinedValue = "an undefined variable as an argument: compat mode checks no names, the renderer rejects it"
)
