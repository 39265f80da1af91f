package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPiecesRoundTrip: splitting a template loses nothing.
func TestPiecesRoundTrip(t *testing.T) {
	g := newGen(7)
	for i := 0; i < 200; i++ {
		c := g.Case()
		if got := strings.Join(pieces(c.Template), ""); got != c.Template {
			t.Fatalf("pieces(%q) joined = %q", c.Template, got)
		}
	}
	want := []string{"a", "{{ x }}", "b", "{% if y %}", "{% endif %}", "{{ unterminated"}
	if got := pieces(strings.Join(want, "")); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("pieces = %q, want %q", got, want)
	}
}

// TestGeneratorSeeded: a seed gives the same cases, and the data is JSON.
func TestGeneratorSeeded(t *testing.T) {
	a, b, c := newGen(3), newGen(3), newGen(4)
	same := true
	for i := 0; i < 50; i++ {
		x, y, z := a.Case(), b.Case(), c.Case()
		if x.Template != y.Template || x.Data.JSON() != y.Data.JSON() {
			t.Fatalf("seed 3 gave %q then %q", x.Template, y.Template)
		}
		same = same && x.Template == z.Template
		var v map[string]any
		if err := json.Unmarshal([]byte(x.Data.JSON()), &v); err != nil {
			t.Fatalf("data %s: %v", x.Data.JSON(), err)
		}
	}
	if same {
		t.Error("seeds 3 and 4 gave the same cases")
	}
}

// TestMinimize: with a predicate that holds while the template still calls
// upcase on a and the data still has a, the minimiser removes the rest.
func TestMinimize(t *testing.T) {
	c := Case{
		Template: `x{% if b %}{{ b }}{% for i in c %}{{ a | downcase | upcase: 1, 2 }}{% endfor %}{% endif %}{{ c }}`,
		Data: jv{kind: 'o', keys: []string{"a", "b", "c"}, vals: []jv{
			{kind: 'a', arr: []jv{{kind: 's', s: "hello"}, {kind: 'i', s: "1"}}},
			{kind: 'b', s: "true"},
			{kind: 'n'},
		}},
	}
	still := func(d Case) bool {
		return strings.Contains(d.Template, "{{ a |") && strings.Contains(d.Template, "upcase") && strings.Contains(d.Data.JSON(), `"a"`)
	}
	m := minimize(c, still, 1000)
	if m.Template != "{{ a | upcase }}" {
		t.Errorf("template = %q, want %q", m.Template, "{{ a | upcase }}")
	}
	if m.Data.JSON() != `{"a":[]}` {
		t.Errorf("data = %s, want {\"a\":[]}", m.Data.JSON())
	}
	if got := signature("differ", m); got != "differ | out([]|upcase)" {
		t.Errorf("signature = %q", got)
	}
}

// TestDepartures: the disagreements shea means to have are told apart, and
// others are not.
func TestDepartures(t *testing.T) {
	ds := departures()
	for _, tt := range []struct {
		src  string
		data jv
		want bool
	}{
		{"{% if blank == a %}x{% endif %}", jv{kind: 'o'}, true},
		{"{{ 'abc' | first }}", jv{kind: 'o'}, true},
		{"{{ a.last }}", jv{kind: 'o', keys: []string{"a"}, vals: []jv{{kind: 's', s: "xy"}}}, true},
		{"{{ a.last }}", jv{kind: 'o', keys: []string{"a"}, vals: []jv{{kind: 'a', arr: []jv{{kind: 'n'}}}}}, false},
		{"{% tablerow i in a %}{{ tablerowloop.col_last }}{% endtablerow %}", jv{kind: 'o'}, true},
		{"{% tablerow i in a cols: 2 %}{{ tablerowloop.col_last }}{% endtablerow %}", jv{kind: 'o'}, false},
		{"{{ 1 | plus: 2 }}", jv{kind: 'o'}, false},
	} {
		c := Case{Template: tt.src, Data: tt.data}
		if got := departureOf(ds, c, signature("differ", c)) != ""; got != tt.want {
			t.Errorf("%s with %s: departure %v, want %v", tt.src, tt.data.JSON(), got, tt.want)
		}
	}
}
