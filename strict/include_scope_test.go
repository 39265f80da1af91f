package strict

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sheaproject/shea/diag"
)

// TestIncludeRecheckedPerScope checks that an included partial is checked
// again wherever what it can see differs (other names of the same count,
// another shape, a local bound on fewer paths, other guards, other
// arguments) and only once where nothing differs: its diagnostics are
// those of each distinct scope, none repeated.
func TestIncludeRecheckedPerScope(t *testing.T) {
	partials := partialMap{
		"a":   "{{ a }}",
		"d":   "{{ 1 | divided_by: count }}",
		"bad": "{{ nope }}",
	}
	const (
		aUnknown = "a unknown_variable 1:4@3-1:5@4"
		aUnbound = "a maybe_unbound 1:4@3-1:5@4"
		dZero    = "d may_fail 1:8@7-1:18@17"
		bad      = "bad unknown_variable 1:4@3-1:8@7"
	)
	tests := []struct {
		name, src string
		want      []string
	}{
		{"loop variables of other names",
			"{% for a in list %}{% include 'a' %}{% endfor %}{% for b in list %}{% include 'a' %}{% endfor %}",
			[]string{aUnknown}},
		{"loop variables of other names, the unknown first",
			"{% for b in list %}{% include 'a' %}{% endfor %}{% for a in list %}{% include 'a' %}{% endfor %}",
			[]string{aUnknown}},
		{"arguments of other names",
			"{% include 'a', a: 1 %}{% include 'a', b: 1 %}",
			[]string{aUnknown}},
		{"arguments of render, of other names",
			"{% render 'a', a: 1 %}{% render 'a', b: 1 %}",
			[]string{aUnknown}},
		{"a local bound on fewer paths",
			"{% case count %}{% when 1 %}{% assign a = 1 %}{% include 'a' %}{% else %}{% include 'a' %}{% endcase %}",
			[]string{aUnbound}},
		{"a guard around one include only",
			"{% if count != 0 %}{% include 'd' %}{% endif %}{% include 'd' %}",
			[]string{dZero}},
		{"a guard around the second include only",
			"{% include 'd' %}{% if count != 0 %}{% include 'd' %}{% endif %}",
			[]string{dZero}},
		{"the same scope twice",
			"{% include 'bad' %}{% include 'bad' %}",
			[]string{bad}},
		{"the same scope after a block that binds nothing new",
			"{% include 'bad' %}{% for x in list %}{% endfor %}{% include 'bad' %}",
			[]string{bad}},
		{"render twice with the same arguments",
			"{% render 'bad', x: 1 %}{% render 'bad', x: 2 %}",
			[]string{bad}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Check(tt.src, "t.liquid", diag.Pos{}, Options{Context: hazardSchema(t), Partials: partials})
			diags = withoutTruthy(diags, nil) // truthy_test.go has truthy_condition's cases
			var got []string
			for _, d := range diags {
				got = append(got, d.Subject.Filename+" "+ds(d))
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.src, diff)
			}
		})
	}
}
