package diag

import (
	"fmt"
	"testing"
)

// TestSuggesterBudget: a Suggester stops comparing once it has compared
// Max candidates in all (47k misspelt properties against 6k declared
// names spent 55 s in suggestions), and suggests as Suggest does before.
func TestSuggesterBudget(t *testing.T) {
	names := make([]string, 6000)
	for i := range names {
		names[i] = fmt.Sprintf("property_%d", i)
	}
	s := Suggester{Max: 60_000}
	for i := range 10 {
		if got := s.Suggest(fmt.Sprintf("propery_%d", i), names); got != fmt.Sprintf("property_%d", i) {
			t.Fatalf("suggestion %d: %q", i, got)
		}
	}
	if s.Spent() {
		t.Fatal("spent after 60,000 comparisons")
	}
	if got := s.Suggest("propery_1", names); got != "" || !s.Spent() {
		t.Errorf("past the budget: %q, spent %v", got, s.Spent())
	}
	var zero Suggester
	if zero.DidYouMean("titel", []string{"title"}) != `Did you mean "title"?` {
		t.Error("the zero Suggester does not suggest")
	}
}
