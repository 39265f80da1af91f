package strict

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sheaproject/shea/diag"
)

// A local bound on some paths only is read as nil on the others: the read
// is a maybe_unbound warning, never an error. Positions were computed from
// the index of the read in the source.
func TestCheckDefiniteBinding(t *testing.T) {
	runCheckCases(t, Options{}, []checkCase{
		{"if without else", "{% if attempt %}{% assign x = 1 %}{% endif %}{{ x }}", []string{"maybe_unbound 1:49@48-1:50@49"}, nil},
		{"if with else binds on both", "{% if attempt %}{% assign x = 1 %}{% else %}{% assign x = 2 %}{% endif %}{{ x }}", nil, nil},
		{"elsif without else", "{% if attempt %}{% assign x = 1 %}{% elsif issue.url %}{% assign x = 2 %}{% endif %}{{ x }}", []string{"maybe_unbound 1:88@87-1:89@88"}, nil},
		{"unless", "{% unless attempt %}{% assign x = 1 %}{% endunless %}{{ x }}", []string{"maybe_unbound 1:57@56-1:58@57"}, nil},
		{"capture in a branch", "{% if attempt %}{% capture c %}y{% endcapture %}{% endif %}{{ c }}", []string{"maybe_unbound 1:63@62-1:64@63"}, nil},
		{"counter in a branch", "{% if attempt %}{% increment n %}{% endif %}{{ n }}", []string{"maybe_unbound 1:48@47-1:49@48"}, nil},
		{"loop over an empty collection", "{% for l in issue.labels %}{% assign x = l %}{% endfor %}{{ x }}", []string{"maybe_unbound 1:61@60-1:62@61"}, nil},
		{"for else binds on both", "{% for l in issue.labels %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", nil, nil},
		{"for else with a break before the assign", "{% for l in issue.labels %}{% break %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", []string{"maybe_unbound 1:100@99-1:101@100"}, nil},
		{"unmatched case", "{% case attempt %}{% when 1 %}{% assign x = 1 %}{% endcase %}{{ x }}", []string{"maybe_unbound 1:65@64-1:66@65"}, nil},
		{"case with else binds", "{% case attempt %}{% when 1 %}{% assign x = 1 %}{% else %}{% assign x = 2 %}{% endcase %}{{ x }}", nil, nil},
		{"earlier iteration", "{% for l in issue.labels %}{{ prev }}{% assign prev = l %}{% endfor %}", []string{"maybe_unbound 1:31@30-1:35@34"}, nil},
		{"bound before the branch", "{% assign x = 0 %}{% if attempt %}{% assign x = 1 %}{% endif %}{{ x }}", nil, nil},
		{"nested branches", "{% if attempt %}{% if issue.url %}{% assign x = 1 %}{% else %}{% assign x = 2 %}{% endif %}{{ x }}{% endif %}{{ x }}", []string{"maybe_unbound 1:113@112-1:114@113"}, nil},
		{"input of the same name", "{% if attempt %}{% assign issue = 1 %}{% endif %}{{ issue }}", nil, nil},
		// A read before every binding, outside a loop that could bind it
		// first, is always nil: that stays an error (see flow.go).
		{"read before every binding", "{{ x }}{% assign x = 1 %}", []string{"unknown_variable 1:4@3-1:5@4"}, nil},
	})
}

// A partial is walked again when what it can see has another shape, not
// only other names: card reads x.title, which issue has and issue.labels
// (an array) does not.
func TestCheckPartialsByShape(t *testing.T) {
	parts := examplePartials{"card.md": "{{ x.title }}", "row.md": "{{ y.title }}"}
	for _, tc := range []struct{ name, src, want string }{
		{"render", "{% render 'card', x: issue %}{% render 'card', x: issue.labels %}", "unknown_property card.md 1:4"},
		{"render reversed", "{% render 'card', x: issue.labels %}{% render 'card', x: issue %}", "unknown_property card.md 1:4"},
		{"include with a local", "{% assign y = issue %}{% include 'row' %}{% assign y = issue.labels %}{% include 'row' %}", "unknown_property row.md 1:4"},
		{"same shape twice", "{% render 'card', x: issue %}{% render 'card', x: issue %}", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := Check(tc.src, "t.liquid", diag.Pos{}, Options{Context: mustLane(t), Partials: parts})
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s %s %d:%d", d.Code, d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column))
			}
			want := []string(nil)
			if tc.want != "" {
				want = []string{tc.want}
			}
			if !slices.Equal(got, want) {
				t.Errorf("got %v, want %v", diags, want)
			}
		})
	}
}
