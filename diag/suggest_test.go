package diag

import (
	"math/rand/v2"
	"testing"
)

func TestSuggest(t *testing.T) {
	issue := []string{"id", "identifier", "title", "description", "state", "url", "labels", "assignee_id"}
	for _, c := range []struct {
		name       string
		candidates []string
		want       string
	}{
		{"titel", issue, "title"},                     // adjacent swap: 1
		{"tilte", issue, "title"},                     // adjacent swap: 1
		{"titl", issue, "title"},                      // deletion: 1
		{"descripton", issue, "description"},          // deletion: 1
		{"identifer", issue, "identifier"},            // deletion: 1
		{"lables", issue, "labels"},                   // swap: 1
		{"Title", issue, "title"},                     // case only
		{"STATE", issue, "state"},                     // case only, even far by bytes
		{"uri", issue, "url"},                         // 1 of 3 letters: limit is 1
		{"xyz", issue, ""},                            // nothing close
		{"desc", issue, ""},                           // a prefix is not a typo
		{"description_long", issue, ""},               // 5 edits > the cap of 3
		{"title", issue, ""},                          // equal names are never offered
		{"", issue, ""},                               // no name, no suggestion
		{"titel", nil, ""},                            // no candidates
		{"a", []string{"b"}, "b"},                     // short names: limit at least 1
		{"ab", []string{"cd"}, ""},                    // 2 edits > 1
		{"stat", []string{"stats", "state"}, "stats"}, // tie: the earlier wins
		{"stat", []string{"state", "stats"}, "state"},
		{"abcdefghij", []string{"abcdefgxyz", "abcdefghiz"}, "abcdefghiz"}, // closest wins
		{"abcdefghijkl", []string{"abcdefghixyz"}, "abcdefghixyz"},         // 3 edits, limit 12/3 = 4 capped at 3
		{"abcdefghijkl", []string{"abcdefghwxyz"}, ""},                     // 4 edits
	} {
		if got := Suggest(c.name, c.candidates); got != c.want {
			t.Errorf("Suggest(%q, %v) = %q, want %q", c.name, c.candidates, got, c.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	if got, want := DidYouMean("upcased", []string{"downcase", "upcase"}), `Did you mean "upcase"?`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := DidYouMean("zzz", []string{"upcase"}); got != "" {
		t.Errorf("got %q, want no suggestion", got)
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"ab", "ba", 1},  // a transposition is one edit
		{"ca", "abc", 3}, // optimal string alignment, not full Damerau: 3, not 2
		{"flaw", "lawn", 2},
	} {
		if got := distance(c.a, c.b); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	// Names longer than 64 bytes are compared for equality only.
	long := string(make([]byte, 65))
	if got := distance(long, long); got != 0 {
		t.Errorf("equal long names: %d", got)
	}
	if got := distance(long, long[:64]+"x"); got != 65 {
		t.Errorf("different long names: %d, want 65", got)
	}
}

// osa is the optimal string alignment distance computed over the whole
// matrix, the textbook way, to check the banded, bounded computation.
func osa(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestBoundedDistanceMatchesFullMatrix compares boundedDistance with the
// full-matrix distance on random names over a small alphabet (so that
// swaps, repeats and near misses are common), for every limit a suggestion
// uses and for an unbounded one.
func TestBoundedDistanceMatchesFullMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = "abcd_"[rng.IntN(5)]
		}
		return string(b)
	}
	for n := 0; n < 20000; n++ {
		a, b := word(), word()
		if rng.IntN(3) == 0 {
			// A near miss: b is a with one or two edits.
			bb := []byte(a)
			for k := 0; k < 1+rng.IntN(2) && len(bb) > 1; k++ {
				i := rng.IntN(len(bb) - 1)
				bb[i], bb[i+1] = bb[i+1], bb[i]
			}
			b = string(bb)
		}
		want := osa(a, b)
		for _, limit := range []int{0, 1, 2, 3, 4, maxNameLen} {
			got := boundedDistance(a, b, limit)
			if want <= limit && got != want || want > limit && got <= limit {
				t.Fatalf("boundedDistance(%q, %q, %d) = %d; the distance is %d", a, b, limit, got, want)
			}
		}
	}
}
