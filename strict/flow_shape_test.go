package strict

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
)

// The may_fail summaries of {{ 1 | divided_by: v }} (and modulo) that
// tell which shape v has at the read, over hazardSchema: pos (an integer
// of at least 1) divides safely, text is a string, count may be 0.
const (
	vString  = `filter "divided_by" fails when v is a string that is not a non-zero number (division by zero)`
	vZero    = `filter "divided_by" fails when v is 0 (division by zero)`
	vUnknown = `filter "divided_by" may fail: the type of v is not known before rendering (nil, for one, makes it fail)`
)

// mayFailAt is the may_fail diagnostic with summary at the last
// divided_by of src.
func mayFailAt(src, summary string) string {
	i := strings.LastIndex(src, "divided_by")
	return fmt.Sprintf("may_fail 1:%d@%d-1:%d@%d %s", i+1, i, i+11, i+10, summary)
}

// unboundAt is the maybe_unbound diagnostic of the last output of name in
// src.
func unboundAt(src, name string) string {
	i := strings.LastIndex(src, "{{ "+name+" }}") + 3
	return fmt.Sprintf("maybe_unbound 1:%d@%d-1:%d@%d", i+1, i, i+1+len(name), i+len(name))
}

// TestLocalShapesAcrossBranches checks the shape a local has at each
// point of the paths through a block: each branch starts from the shape
// before the block, not from what an earlier branch assigned; after the
// block the local has the union of the shapes it has at the end of each
// path (the one before the block included when a path assigns nothing or
// the block may run no branch).
func TestLocalShapesAcrossBranches(t *testing.T) {
	runHazardCases(t, hazardSchema(t), []hazardCase{
		{"a later branch sees the shape before the if",
			"{% assign v = pos %}{% if count %}{% assign v = text %}{% elsif list %}{{ 1 | divided_by: v }}{% else %}{{ 1 | modulo: v }}{% endif %}", nil},
		{"a later when sees the shape before the case",
			"{% assign v = pos %}{% case count %}{% when 1 %}{% assign v = text %}{% when 2 %}{{ 1 | divided_by: v }}{% else %}{{ 1 | modulo: v }}{% endcase %}", nil},
		{"the else of a for sees the shape before the loop",
			"{% assign v = pos %}{% for x in list %}{% assign v = text %}{% else %}{{ 1 | divided_by: v }}{% endfor %}", nil},
		{"after an if without else: before or assigned",
			"{% assign v = pos %}{% if count %}{% assign v = text %}{% endif %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = pos %}{% if count %}{% assign v = text %}{% endif %}{{ 1 | divided_by: v }}", vString)}},
		{"after an if and else that both assign: only what they assign",
			"{% assign v = text %}{% if count %}{% assign v = pos %}{% else %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}", nil},
		{"after an if and else, one assigning: before or assigned",
			"{% assign v = text %}{% if count %}{% assign v = pos %}{% else %}x{% endif %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = text %}{% if count %}{% assign v = pos %}{% else %}x{% endif %}{{ 1 | divided_by: v }}", vString)}},
		{"after an if and else, the other assigning: before or assigned",
			"{% assign v = text %}{% if count %}x{% else %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = text %}{% if count %}x{% else %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}", vString)}},
		{"after if and elsif that both assign: before too",
			"{% assign v = text %}{% if count %}{% assign v = pos %}{% elsif list %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = text %}{% if count %}{% assign v = pos %}{% elsif list %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}", vString)}},
		{"after if and else assigning two shapes: both",
			"{% assign v = pos %}{% if count %}{% assign v = pos %}{% else %}{% assign v = count %}{% endif %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = pos %}{% if count %}{% assign v = pos %}{% else %}{% assign v = count %}{% endif %}{{ 1 | divided_by: v }}", vZero)}},
		{"after if and else assigning, the last shape counts",
			"{% assign v = text %}{% if count %}{% assign v = text %}{% assign v = pos %}{% else %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}", nil},
		{"a name first bound in both branches",
			"{% if count %}{% assign w = pos %}{% else %}{% assign w = pos %}{% endif %}{{ 1 | divided_by: w }}", nil},
		{"a name first bound in both branches with two shapes",
			"{% if count %}{% assign w = pos %}{% else %}{% assign w = count %}{% endif %}{{ 1 | divided_by: w }}",
			[]string{mayFailAt("{% if count %}{% assign w = pos %}{% else %}{% assign w = count %}{% endif %}{{ 1 | divided_by: w }}", `filter "divided_by" fails when w is 0 (division by zero)`)}},
		{"a name first bound in an if without else",
			"{% if count %}{% assign w = pos %}{% endif %}{{ 1 | divided_by: w }}",
			[]string{
				mayFailAt("{% if count %}{% assign w = pos %}{% endif %}{{ 1 | divided_by: w }}", `filter "divided_by" fails when w is nil (division by zero)`),
				`maybe_unbound 1:65@64-1:66@65 "w" may be read before it is bound: it renders as nil on a path where no assign, capture or increment of it has run`,
			}},
		{"nested blocks restore the shape of each level",
			"{% assign v = pos %}{% if count %}{% if list %}{% assign v = text %}{% endif %}{% else %}{{ 1 | divided_by: v }}{% endif %}", nil},
	})
}

// TestLocalShapesAcrossLoops checks a local's shape in and after a loop:
// inside the body, before the body binds it again, a later iteration reads
// what an earlier one bound, of a shape not known yet; after the loop it
// has the shape before the loop or any the body assigned.
func TestLocalShapesAcrossLoops(t *testing.T) {
	runHazardCases(t, hazardSchema(t), []hazardCase{
		{"read before the body binds it again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% assign v = pos %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% assign v = pos %}{% endfor %}", vUnknown)}},
		{"read after the body binds it",
			"{% assign v = text %}{% for x in list %}{% assign v = pos %}{{ 1 | divided_by: v }}{% endfor %}", nil},
		{"after the loop: before or assigned",
			"{% assign v = pos %}{% for x in list %}{% assign v = text %}{% endfor %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{% assign v = text %}{% endfor %}{{ 1 | divided_by: v }}", vString)}},
		{"after a tablerow: before or assigned",
			"{% assign v = pos %}{% tablerow x in list %}{% assign v = text %}{% endtablerow %}{{ 1 | divided_by: v }}",
			[]string{mayFailAt("{% assign v = pos %}{% tablerow x in list %}{% assign v = text %}{% endtablerow %}{{ 1 | divided_by: v }}", vString)}},
		{"a capture in a branch of the body is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% if count %}{% capture v %}a{% endcapture %}{% endif %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% if count %}{% capture v %}a{% endcapture %}{% endif %}{% endfor %}", vUnknown)}},
		{"an assign in a nested loop of the body is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% for y in list %}{% assign v = pos %}{% endfor %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% for y in list %}{% assign v = pos %}{% endfor %}{% endfor %}", vUnknown)}},
		{"an assign in the else of a nested loop is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% for y in list %}{% else %}{% assign v = pos %}{% endfor %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% for y in list %}{% else %}{% assign v = pos %}{% endfor %}{% endfor %}", vUnknown)}},
		{"an assign in a when of the body is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% case count %}{% when 1 %}{% assign v = pos %}{% endcase %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% case count %}{% when 1 %}{% assign v = pos %}{% endcase %}{% endfor %}", vUnknown)}},
		{"an assign in a tablerow of the body is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% tablerow y in list %}{% assign v = pos %}{% endtablerow %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% tablerow y in list %}{% assign v = pos %}{% endtablerow %}{% endfor %}", vUnknown)}},
		{"an assign in an ifchanged of the body is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% ifchanged %}{% assign v = pos %}{% endifchanged %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% ifchanged %}{% assign v = pos %}{% endifchanged %}{% endfor %}", vUnknown)}},
		{"an increment of the body is bound again",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% increment v %}{% endfor %}",
			[]string{mayFailAt("{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% increment v %}{% endfor %}", vUnknown)}},
		{"an assign the body does not make",
			"{% assign v = pos %}{% for x in list %}{{ 1 | divided_by: v }}{% assign w = pos %}{% endfor %}", nil},
	})
}

// TestDefiniteBindingThroughLoopExits checks what a for loop with an else
// leaves bound: a name the body binds on every path to its end and to
// each break or continue, and the else binds too, is bound after the loop;
// a break or continue before the binding (at any depth of blocks, but not
// in a nested loop) leaves it unbound on that path.
func TestDefiniteBindingThroughLoopExits(t *testing.T) {
	runCheckCases(t, Options{Context: hazardSchema(t)}, []checkCase{
		{"break after the assign",
			"{% for l in list %}{% assign x = l %}{% break %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", nil, nil},
		{"continue after the assign",
			"{% for l in list %}{% assign x = l %}{% if count %}{% continue %}{% endif %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", nil, nil},
		{"break in an if before the assign",
			"{% for l in list %}{% if count %}{% break %}{% endif %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}",
			[]string{unboundAt("{% for l in list %}{% if count %}{% break %}{% endif %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", "x")}, nil},
		{"continue before the assign",
			"{% for l in list %}{% continue %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}",
			[]string{unboundAt("{% for l in list %}{% continue %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", "x")}, nil},
		{"two exits after the assign",
			"{% for l in list %}{% assign x = l %}{% if count %}{% break %}{% endif %}{% if text %}{% continue %}{% endif %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", nil, nil},
		{"a break of a nested loop leaves the outer body",
			"{% for l in list %}{% for m in list %}{% break %}{% endfor %}{% assign x = l %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", nil, nil},
		{"the body does not bind it",
			"{% for l in list %}y{% else %}{% assign x = 0 %}{% endfor %}{{ x }}",
			[]string{unboundAt("{% for l in list %}y{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", "x")}, nil},
		{"the else does not bind it",
			"{% for l in list %}{% assign x = l %}{% else %}y{% endfor %}{{ x }}",
			[]string{unboundAt("{% for l in list %}{% assign x = l %}{% else %}y{% endfor %}{{ x }}", "x")}, nil},
		{"the body binds it on one path only",
			"{% for l in list %}{% if count %}{% assign x = l %}{% endif %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}",
			[]string{unboundAt("{% for l in list %}{% if count %}{% assign x = l %}{% endif %}{% else %}{% assign x = 0 %}{% endfor %}{{ x }}", "x")}, nil},
		{"bound before the loop stays bound",
			"{% assign x = 1 %}{% for l in list %}{% break %}{% else %}y{% endfor %}{{ x }}", nil, nil},
		{"two names, one bound on every path",
			"{% for l in list %}{% assign x = l %}{% break %}{% assign y = l %}{% else %}{% assign x = 0 %}{% assign y = 0 %}{% endfor %}{{ x }}{{ y }}",
			[]string{unboundAt("{% for l in list %}{% assign x = l %}{% break %}{% assign y = l %}{% else %}{% assign x = 0 %}{% assign y = 0 %}{% endfor %}{{ x }}{{ y }}", "y")}, nil},
	})
}

// TestMaybeUnboundOnlyInStrictChecks checks that a local that may be read
// before its binding is a maybe_unbound warning in strict checks only:
// Compat and Analyze report nothing.
func TestMaybeUnboundOnlyInStrictChecks(t *testing.T) {
	const src = "{% if a %}{% assign x = 1 %}{% endif %}{{ x }}"
	runCheckCases(t, Options{Compat: true}, []checkCase{{"compat", src, nil, nil}})
	if _, diags := Analyze(src, "t.liquid", diag.Pos{}, nil); len(diags) != 0 {
		t.Errorf("analyze: %v", diags)
	}
}
