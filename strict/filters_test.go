package strict

import (
	"fmt"
	"sort"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// TestFilterReturnsTypeResult checks that the checker types a filter's
// result by the Returns of its signature, for each kind: reading a
// property of a string or an integer is an unknown_property, of an item
// of an array of strings too, while a result of any kind lets it pass.
// issue.title is a string, issue.labels an array of strings, issue an
// object with a title.
func TestFilterReturnsTypeResult(t *testing.T) {
	tests := []struct {
		returns Returns
		src     string
		want    []diag.Code
	}{
		{ReturnsAny, "{% assign x = issue.title | f %}{{ x.nope }}", nil},
		{ReturnsString, "{% assign x = issue.title | f %}{{ x.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsStringOrNil, "{% assign x = issue.title | f %}{{ x.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsStringOrInput, "{% assign x = issue.title | f %}{{ x.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsStringOrInput, "{% assign x = issue | f %}{{ x.title }}{{ x.nope }}", nil}, // the object, unchanged, or any value
		{ReturnsInteger, "{% assign x = issue.title | f %}{{ x.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsNumber, "{% assign x = issue.title | f %}{{ x.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsStrings, "{% assign x = issue.title | f %}{{ x.first.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsInput, "{% assign x = issue.labels | f %}{{ x.first.nope }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsInput, "{% assign x = issue | f %}{{ x.title }}", nil},
		{ReturnsInput, "{% assign x = issue | f %}{{ x.titel }}", []diag.Code{codes.UnknownProperty}},
		{ReturnsItem, "{% assign x = issue.labels | f %}{{ x.nope }}", []diag.Code{codes.UnknownProperty}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s", tt.returns, tt.src), func(t *testing.T) {
			opts := Options{Context: mustLane(t), Filters: map[string]FilterSig{"f": {Returns: tt.returns}}}
			_, diags := Check(tt.src, "t.liquid", diag.Pos{}, opts)
			var got []diag.Code
			for _, d := range diags {
				got = append(got, d.Code)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("codes %v, want %v: %v", got, tt.want, diags)
			}
		})
	}
}

// TestReplacedFilterReturns: a filter of Options.Filters that replaces a
// standard one is typed by its own signature, not the standard one's.
func TestReplacedFilterReturns(t *testing.T) {
	src := "{% assign x = issue.title | upcase %}{{ x.nope }}"
	if _, diags := Check(src, "t.liquid", diag.Pos{}, Options{Context: mustLane(t)}); len(diags) != 1 || diags[0].Code != codes.UnknownProperty {
		t.Errorf("standard upcase: %v, want one unknown_property", diags)
	}
	opts := Options{Context: mustLane(t), Filters: map[string]FilterSig{"upcase": {}}}
	if _, diags := Check(src, "t.liquid", diag.Pos{}, opts); len(diags) != 0 {
		t.Errorf("replaced upcase returning any value: %v", diags)
	}
}

// TestStandardStringFiltersTypeTheirResult derives its cases from the
// registry: every standard filter declared to return a string (or a
// number) makes reading a property of its result an error.
func TestStandardStringFiltersTypeTheirResult(t *testing.T) {
	var names []string
	for name, sig := range StandardFilters() {
		switch sig.Returns {
		case ReturnsString, ReturnsStringOrNil, ReturnsStringOrInput, ReturnsInteger, ReturnsNumber:
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) < 40 {
		t.Fatalf("only %d standard filters declare a string or number result", len(names))
	}
	for _, name := range names {
		sig := standardFilters[name]
		call := name
		for i := 0; i < sig.Min; i++ {
			if i == 0 {
				call += ": 1"
			} else {
				call += ", 1"
			}
		}
		src := "{% assign x = issue.title | " + call + " %}{{ x.nope }}"
		_, diags := Check(src, "t.liquid", diag.Pos{}, Options{Context: mustLane(t)})
		found := false
		for _, d := range diags {
			found = found || d.Code == codes.UnknownProperty
		}
		if !found {
			t.Errorf("%s (%s): %v, want an unknown_property", src, sig.Returns, diags)
		}
	}
}
