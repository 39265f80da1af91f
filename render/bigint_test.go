package render

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
)

func bigInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("bad test integer " + s)
	}
	return n
}

// TestBigIntegers: integer literals beyond int64 keep their digits, as
// Ruby's Bignum does. Each want was checked against Ruby Liquid 5.4
// (ruby ../shared/peers/ruby/render.rb T.liquid {} with and without --lax).
func TestBigIntegers(t *testing.T) {
	cases := []struct{ src, want string }{
		{`{{ 18446744073709551615 }}`, "18446744073709551615"},
		{`{{ -18446744073709551615 }}`, "-18446744073709551615"},
		{`{{ 18446744073709551615 | plus: 1 }}`, "18446744073709551616"},
		{`{{ 18446744073709551615 | times: 2 }}`, "36893488147419103230"},
		{`{{ 18446744073709551615 | minus: 18446744073709551614 }}`, "1"},
		{`{{ 18446744073709551615 | divided_by: 2 }}`, "9223372036854775807"},
		{`{{ 9223372036854775807 | plus: 1 }}`, "9223372036854775808"},
		{`{{ 18446744073709551615 | abs }} {{ 18446744073709551615 | ceil }} {{ 18446744073709551615 | round: -1 }}`,
			"18446744073709551615 18446744073709551615 18446744073709551620"},
		{`{{ 18446744073709551615 | append: "x" }}`, "18446744073709551615x"},
		{`{% if 18446744073709551615 > 5 %}y{% endif %}`, "y"},
		{`{% if 18446744073709551615 == 18446744073709551615 %}y{% endif %}`, "y"},
		{`{% if 18446744073709551615 == 18446744073709551614 %}y{% else %}n{% endif %}`, "n"},
		{`{% if 18446744073709551615 < 1.5 %}y{% else %}n{% endif %}`, "n"},
		{`{{ "abcdef" | truncate: 18446744073709551615 }}`, "abcdef"},
	}
	for _, c := range cases {
		out, err := compat(t, Options{}, c.src).Render(context.Background(), map[string]any{})
		if err != nil || out != c.want {
			t.Errorf("%s = %q, %v; want %q", c.src, out, err, c.want)
		}
	}
}

// TestBigIntegerJSON: json writes the digits.
func TestBigIntegerJSON(t *testing.T) {
	out, err := compat(t, Options{}, `{{ 18446744073709551615 | json }}`).Render(context.Background(), map[string]any{})
	if err != nil || out != "18446744073709551615" {
		t.Errorf("got %q, %v", out, err)
	}
}

// TestBigIntegerArgumentError: Ruby rejects a Bignum count in
// truncatewords ("integer 18446744073709551615 too big for truncatewords");
// shea's error is a clean diagnostic, not a Go error text.
func TestBigIntegerArgumentError(t *testing.T) {
	_, err := compat(t, Options{}, `{{ "a b c" | truncatewords: 18446744073709551615 }}`).Render(context.Background(), map[string]any{})
	if err == nil || !strings.Contains(err.Error(), "too big for truncatewords") {
		t.Errorf("got %v", err)
	}
}

// TestBigIntegerData: JSON numbers beyond int64 in the data keep their
// digits too (Ruby Liquid 5.4 renders the same with this data).
func TestBigIntegerData(t *testing.T) {
	vars, err := DecodeJSONObject([]byte(`{"n": 18446744073709551615, "m": -99999999999999999999}`))
	if err != nil {
		t.Fatal(err)
	}
	src := `{{ n }} {{ n | plus: 1 }} {{ m }} {% if n > 1 %}y{% endif %}`
	out, err := compat(t, Options{}, src).Render(context.Background(), vars)
	if want := "18446744073709551615 18446744073709551616 -99999999999999999999 y"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}

// TestBigIntegerSliceError: Ruby's slice converts its arguments to a C long
// and fails on a Bignum (RangeError: bignum too big to convert into
// `long'); shea reports a clean error naming the integer.
func TestBigIntegerSliceError(t *testing.T) {
	for _, src := range []string{
		`{{ "abcdef" | slice: 18446744073709551615 }}`,
		`{{ "abcdef" | slice: 1, 18446744073709551615 }}`,
		`{{ "a b c" | truncatewords: 18446744073709551615 }}`,
	} {
		_, err := compat(t, Options{}, src).Render(context.Background(), map[string]any{})
		if err == nil || !strings.Contains(err.Error(), "integer 18446744073709551615 too big for") {
			t.Errorf("%s: got %v", src, err)
		}
	}
}

// TestBigIntegersStrict: strict mode prints and computes the same.
func TestBigIntegersStrict(t *testing.T) {
	src := `{{ 18446744073709551615 }} {{ 18446744073709551615 | plus: 1 }}`
	tpl, diags := New(Options{}).Compile(src, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := tpl.Render(context.Background(), map[string]any{})
	if want := "18446744073709551615 18446744073709551616"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}
