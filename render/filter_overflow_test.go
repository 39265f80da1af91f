package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/codes"
)

// TestFilterIntegerExtremes passes the extreme integers to every filter
// that takes an integer argument. The wanted outputs and errors are Ruby
// Liquid 5.4's (ruby ../shared/peers/ruby/render.rb T.liquid {} --lax);
// where Ruby has a Bignum, shea has a float (see intResult), and the test
// only asks for an answer that is not a crash.
func TestFilterIntegerExtremes(t *testing.T) {
	const (
		max = "9223372036854775807"
		min = "-9223372036854775808"
	)
	tests := []struct {
		src  string
		want string // "ERR" for a render_error, "*" for any answer but a crash
	}{
		{`{{ "foobar" | truncate: ` + min + ` }}`, "..."},
		{`{{ "foobar" | truncate: "` + min + `" }}`, "..."},
		{`{{ "foobar" | truncate: ` + max + ` }}`, "foobar"},
		{`{{ "foobar" | truncate: ` + min + `, "" }}`, ""},
		{`{{ "foobar" | truncate: ` + max + `, "xxx" }}`, "foobar"},
		{`{{ "abc" | truncate: ` + min + `, "ab" }}`, "ab"},
		{`{{ "abcdef" | truncate: -9223372036854775807, "abcd" }}`, "abcd"},
		{`{{ "foobar" | truncate: -1 }}`, "..."},
		{`{{ "a b c d" | truncatewords: ` + min + ` }}`, "a..."},
		{`{{ "a b c d" | truncatewords: -2147483649 }}`, "a..."},
		{`{{ "a b c d" | truncatewords: 2147483646 }}`, "a b c d"},
		{`{{ "a b c d" | truncatewords: 2147483647 }}`, "ERR"},
		{`{{ "a b c d" | truncatewords: ` + max + ` }}`, "ERR"},
		{`{{ "foo bar baz" | truncatewords: 1, ` + max + ` }}`, "foo" + max},
		{`{{ "foobar" | slice: ` + min + ` }}`, ""},
		{`{{ "foobar" | slice: ` + max + ` }}`, ""},
		{`{{ "foobar" | slice: 1, ` + max + ` }}`, "oobar"},
		{`{{ "foobar" | slice: -1, ` + max + ` }}`, "r"},
		{`{{ "foobar" | slice: ` + min + `, ` + max + ` }}`, ""},
		{`{{ "foobar" | slice: 2, ` + min + ` }}`, ""},
		{`{{ "abc" | split: "" | slice: ` + min + ` | join }}`, ""},
		{`{{ "abc" | split: "" | slice: 1, ` + max + ` | join }}`, "b c"},
		{`{{ "abc" | split: "" | slice: -1, ` + min + ` | join }}`, ""},
		{`{{ ` + min + ` | modulo: -1 }}`, "0"},
		{`{{ 5 | modulo: ` + min + ` }}`, "-9223372036854775803"},
		{`{{ 5 | divided_by: ` + min + ` }}`, "-1"},
		{`{{ ` + max + ` | ceil }}`, max},
		{`{{ ` + min + ` | floor }}`, min},
		{`{{ 123.456 | round: -2 }}`, "100"},
		// Ruby answers with a Bignum or a RangeError here.
		{`{{ ` + max + ` | plus: 1 }}`, "*"},
		{`{{ ` + min + ` | minus: 1 }}`, "*"},
		{`{{ ` + max + ` | times: 2 }}`, "*"},
		{`{{ ` + min + ` | times: -1 }}`, "*"},
		{`{{ ` + min + ` | divided_by: -1 }}`, "*"},
		{`{{ ` + min + ` | abs }}`, "*"},
		{`{{ ` + max + ` | at_least: 99999999999999999999 }}`, "*"},
		{`{{ ` + min + ` | at_most: -99999999999999999999 }}`, "*"},
		{`{{ 1.5 | round: ` + max + ` }}`, "*"},
		{`{{ 1.5 | round: ` + min + ` }}`, "*"},
		{`{{ 123 | round: ` + min + ` }}`, "*"},
		{`{{ ` + max + ` | divided_by: 0.5 }}`, "*"},
		{`{{ "foobar" | slice: 99999999999999999999 }}`, "*"},
	}
	for _, tt := range tests {
		tpl := compat(t, Options{}, tt.src)
		out, err := tpl.Render(context.Background(), nil)
		if e, ok := AsError(err); ok && e.Diagnostics[0].Code == codes.InternalError {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		switch tt.want {
		case "*":
		case "ERR":
			if e, ok := AsError(err); !ok || e.Diagnostics[0].Code != codes.RenderError {
				t.Errorf("%s: got %q, %v; want a render_error", tt.src, out, err)
			}
		default:
			if err != nil || out != tt.want {
				t.Errorf("%s: got %q, %v; want %q", tt.src, out, err, tt.want)
			}
		}
	}
}
