package render

import (
	"context"
	"testing"
)

// lookupTemplate reads every kind of property: indexes from both ends and
// one past each, the size, first and last commands, a missing key.
const lookupTemplate = `{{ a[0] }}|{{ a[-1] }}|{{ a[3] }}|{{ a[-3] }}|{{ a[-4] }}|{{ a.size }}|{{ a.first }}|{{ a.last }}|{{ e.first }}|{{ e.last }}|{{ e.size }}|{{ h.first }}|{{ h.size }}|{{ h.last }}|{{ eh.first }}|{{ s.size }}|{{ n.size }}|{{ h.x }}|{{ a.x }}`

// lookupWant is Ruby Liquid 5.4's output of lookupTemplate for
// {"a":[1,2,3],"e":[],"h":{"k":"v"},"eh":{},"s":"héllo","n":5}
// (ruby ../shared/peers/ruby/render.rb T.liquid DATA.json --lax; a hash's
// first is its first pair, which prints as key and value; a hash has no
// last; an integer's size is its 8 bytes).
const lookupWant = "1|3||1||3|1|3|||0|kv|1|||5|8||"

// TestLookupGoValues renders lookupTemplate over the same data held in
// plain JSON-like values and in the Go types a runner passes (typed
// slices, arrays, typed maps, structs with liquid and json
// tags): each reads as Ruby Liquid reads the JSON.
func TestLookupGoValues(t *testing.T) {
	type pair struct {
		K      string `liquid:"k"`
		hidden int
	}
	type jsonPair struct {
		K    string `json:"k,omitempty"`
		Skip string `json:"-"`
	}
	s, n := "héllo", 5
	for _, tt := range []struct {
		name string
		vars map[string]any
	}{
		{"json values", map[string]any{"a": []any{int64(1), int64(2), int64(3)}, "e": []any{}, "h": map[string]any{"k": "v"}, "eh": map[string]any{}, "s": s, "n": int64(n)}},
		{"typed slices and maps", map[string]any{"a": []int{1, 2, 3}, "e": []string{}, "h": map[string]string{"k": "v"}, "eh": map[string]int{}, "s": s, "n": n}},
		{"an array and other integer types", map[string]any{"a": [3]int8{1, 2, 3}, "e": [0]int{}, "h": map[string]any{"k": "v"}, "eh": map[string]bool{}, "s": s, "n": uint16(n)}},
		{"a *Map", map[string]any{"a": []any{1, 2, 3}, "e": []any{}, "h": mapOf("k", "v"), "eh": NewMap(), "s": s, "n": n}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := compat(t, Options{}, lookupTemplate).Render(context.Background(), tt.vars)
			if err != nil || out != lookupWant {
				t.Errorf("got %q, %v\nwant %q", out, err, lookupWant)
			}
		})
	}
	// A Go map's keys are strings to be read: a map keyed by integers has
	// no named properties, and an integer index finds nothing in a map keyed by
	// strings, not even the empty key.
	out, err := compat(t, Options{}, `{{ mi.x }}|{{ ms[0] }}|{{ ms.k }}`).Render(context.Background(), map[string]any{"mi": map[int]string{1: "a"}, "ms": map[string]int{"": 5, "k": 6}})
	if want := "||6"; err != nil || out != want {
		t.Errorf("maps not keyed by strings: %q, %v; want %q", out, err, want)
	}

	// A struct's fields read by their liquid tag, else json tag, else
	// name; unexported and json:"-" fields are not properties; a nil
	// pointer has none.
	var nilPair *pair
	const structs = `{{ p.k }}|{{ p.K }}|{{ p.hidden }}|{{ q.k }}|{{ q.Skip }}|{{ ps[1].k }}|{{ np.k }}|{{ mp.k.k }}`
	vars := map[string]any{"p": pair{K: "v", hidden: 1}, "q": &jsonPair{K: "w", Skip: "no"}, "ps": []pair{{K: "x"}, {K: "y"}}, "np": nilPair, "mp": map[string]*pair{"k": {K: "z"}}}
	out, err = compat(t, Options{}, structs).Render(context.Background(), vars)
	if want := "v|||w||y||z"; err != nil || out != want {
		t.Errorf("%s = %q, %v; want %q", structs, out, err, want)
	}
}

// TestLookupScalarsAndRanges pins the commands on values that are not
// collections. Checked against Ruby Liquid 5.4 (render.rb --lax): a
// Bignum's size is the bytes its magnitude needs (Ruby's Integer#size:
// 2**64 is 9, 2**128 is 17); a range's size, first and last are its
// count and ends. A string's first and last are its first and last
// character, whole however many bytes it takes, as current Shopify reads
// them (Liquid 5.4 read nil; the golden suite accepts the character).
// Through brackets, size, first and last are keys, not commands: nothing
// has them (Ruby 5.4 printed nothing for each).
func TestLookupScalarsAndRanges(t *testing.T) {
	for src, want := range map[string]string{
		`{% assign b = 18446744073709551616 %}{% assign c = 340282366920938463463374607431768211456 %}{{ b.size }}|{{ c.size }}|{{ b.first }}`: "9|17|",
		`{% assign r = (2..6) %}{{ r.size }}|{{ r.first }}|{{ r.last }}|{{ r.x }}`:                                                             "5|2|6|",
		`{{ s.first }}|{{ s.last }}|{{ u.first }}|{{ u.last }}|{{ z.first }}|{{ z.last }}|{{ s.size }}|{{ u.size }}`:                           "h|o|é|✓|||5|3",
		`{{ f.size }}|{{ t.size }}|{{ n.first }}|{{ nothing.size }}`:                                                                           "|||",
		// Bracket names are keys, never commands.
		`{{ s["size"] }}|{{ s["first"] }}|{{ a["size"] }}|{{ a["first"] }}|{{ a["last"] }}|{{ h["size"] }}|{{ h["first"] }}|{{ n["size"] }}|{% assign r = (2..6) %}{{ r["size"] }}|{{ r["first"] }}`: "|||||||||",
	} {
		out, err := compat(t, Options{}, src).Render(context.Background(), map[string]any{"s": "héllo", "u": "éa✓", "z": "", "f": 1.5, "t": true, "n": 3, "a": []any{1, 2}, "h": map[string]any{"k": "v"}})
		if err != nil || out != want {
			t.Errorf("%s = %q, %v; want %q", src, out, err, want)
		}
	}
}
