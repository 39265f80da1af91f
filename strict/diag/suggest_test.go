package diag

import "testing"

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
