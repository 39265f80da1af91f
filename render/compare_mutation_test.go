package render

import (
	"context"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/diag"
)

// rubyOut is a template rendered with JSON data, and what Shopify Liquid
// 5.4 (Debian's ruby-liquid 5.4.0 on Ruby 3.1, render! with
// strict_variables off) printed for it: the output, or "ERR " and the
// message of the error it raised, without Liquid's "Liquid error: " prefix.
// "ERR " alone is an error whose wording shea does not copy: Ruby's
// RangeError for a number beyond a C long ("bignum too big to convert into
// `long'", "float 9.5e+18 out of range of integer").
// The expected values are Ruby's output, pasted, not shea's.
type rubyOut struct {
	tpl, data, want string
}

func runRubyOuts(t *testing.T, cases []rubyOut) {
	t.Helper()
	eng := New(Options{Compat: true})
	for _, c := range cases {
		tpl, diags := eng.Compile(c.tpl, "t.liquid", diag.Pos{}, nil)
		if diags.HasErrors() {
			t.Errorf("%s: %v", c.tpl, diags)
			continue
		}
		vars, err := DecodeJSONObject([]byte(c.data))
		if err != nil {
			t.Fatalf("%s: %v", c.data, err)
		}
		got, err := tpl.Render(context.Background(), vars)
		if want, ok := strings.CutPrefix(c.want, "ERR "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s with %s: got %q, error %v; want an error containing %q", c.tpl, c.data, got, err, want)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s with %s: got %q, error %v; want %q", c.tpl, c.data, got, err, c.want)
		}
	}
}

// TestCompareMutation covers the operators of compare.go a mutation run
// found untested: blank and empty on both sides, ranges, nested and
// unordered objects, integers beyond int64 against every kind of number,
// the messages of failed orderings, and contains over ranges and hashes.
func TestCompareMutation(t *testing.T) {
	runRubyOuts(t, compareMutationCases)
}

var compareMutationCases = []rubyOut{
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"\":1},\"b\":1}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"\":1},\"b\":\"\"}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"\":1},\"b\":true}", "f"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":\"  \\t\\n\"}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":\"  \\t\\n\"}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":\"  \\t\\n\"}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":\"a\"}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":\"a\"}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":\"a\"}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":\"\"}", "t"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":\"\"}", "t"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":\"\"}", "f"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":[]}", "t"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":[]}", "t"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":[]}", "f"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":[1]}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":[1]}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":[1]}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":{}}", "t"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":{}}", "t"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":{}}", "f"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1}}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1}}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1}}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":null}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":null}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":null}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":false}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":false}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":false}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":true}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":true}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":true}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":0}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":0}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":0}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":1.5}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":1.5}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":1.5}", "t"},
	{"{% if a == empty %}t{% else %}f{% endif %}", "{\"a\":[[]]}", "f"},
	{"{% if empty == a %}t{% else %}f{% endif %}", "{\"a\":[[]]}", "f"},
	{"{% if a != empty %}t{% else %}f{% endif %}", "{\"a\":[[]]}", "t"},
	{"{% if empty == empty %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "f"},
	{"{% assign r = (1..0) %}{% if r == empty %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "f"},
	{"{% assign r = (1..0) %}{% if empty == r %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "f"},
	{"{% assign r = (1..2) %}{% assign s = (1..2) %}{% if r == s %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "t"},
	{"{% assign r = (1..2) %}{% assign s = (1..3) %}{% if r == s %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "f"},
	{"{% assign r = (1..2) %}{% if a == r %}t{% else %}f{% endif %}{% if r == a %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "ff"},
	{"{% assign r = (1..0) %}{% if e == r %}t{% else %}f{% endif %}{% if r == e %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"e\":[]}", "ff"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"b\":1}}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"b\":1}}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"b\":1}}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"b\":1}}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"b\":1}}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":{\"b\":1}}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"b\":2,\"a\":1}}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"b\":2,\"a\":1}}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"b\":2,\"a\":1}}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"b\":2,\"a\":1}}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"b\":2,\"a\":1}}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"b\":2,\"a\":1}}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"a\":1}}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"a\":1}}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"a\":1}}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"a\":1}}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"a\":1}}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1,\"b\":2},\"b\":{\"a\":1}}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[2]]]}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[2]]]}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[2]]]}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[2]]]}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[2]]]}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[2]]]}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[3]]]}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[3]]]}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[3]]]}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[3]]]}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[3]]]}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":[[1,[2]]],\"b\":[[1,[3]]]}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":[2,1]}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":[2,1]}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":[2,1]}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":[2,1]}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":[2,1]}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":[2,1]}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":null}]}}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":null}]}}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":null}]}}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":null}]}}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":null}]}}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":null}]}}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":false}]}}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":false}]}}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":false}]}}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":false}]}}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":false}]}}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":[1,{\"b\":null}]},\"b\":{\"a\":[1,{\"b\":false}]}}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775808}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775808}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775808}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775808}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775808}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775808}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775809}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775809}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775809}", "t"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775809}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775809}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775809}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775807}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775807}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775807}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775807}", "t"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775807}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9223372036854775807}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775807,\"b\":9223372036854775808}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775807,\"b\":9223372036854775808}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775807,\"b\":9223372036854775808}", "t"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775807,\"b\":9223372036854775808}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775807,\"b\":9223372036854775808}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775807,\"b\":9223372036854775808}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9.223372036854776e+18}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9.223372036854776e+18}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9.223372036854776e+18}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9.223372036854776e+18}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9.223372036854776e+18}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":9.223372036854776e+18}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9.223372036854776e+18,\"b\":9223372036854775808}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9.223372036854776e+18,\"b\":9223372036854775808}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9.223372036854776e+18,\"b\":9223372036854775808}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9.223372036854776e+18,\"b\":9223372036854775808}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9.223372036854776e+18,\"b\":9223372036854775808}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9.223372036854776e+18,\"b\":9223372036854775808}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"9223372036854775808\"}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"9223372036854775808\"}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"9223372036854775808\"}", "ERR comparison of Integer with String failed"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"9223372036854775808\"}", "ERR comparison of Integer with String failed"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"9223372036854775808\"}", "ERR comparison of Integer with String failed"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"9223372036854775808\"}", "ERR comparison of Integer with String failed"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":null}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":null}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":null}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":null}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":null}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":null}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":9223372036854775808}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":9223372036854775808}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":9223372036854775808}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":9223372036854775808}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":9223372036854775808}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":9223372036854775808}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":true}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":true}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":true}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":true}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":true}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":true}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":-9223372036854775808,\"b\":-9223372036854775807}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":-9223372036854775808,\"b\":-9223372036854775807}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":-9223372036854775808,\"b\":-9223372036854775807}", "t"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":-9223372036854775808,\"b\":-9223372036854775807}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":-9223372036854775808,\"b\":-9223372036854775807}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":-9223372036854775808,\"b\":-9223372036854775807}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":1.0}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":1.0}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":1.0}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":1.0}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":1.0}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":1.0}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":2,\"b\":2.5}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":2,\"b\":2.5}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":2,\"b\":2.5}", "t"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":2,\"b\":2.5}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":2,\"b\":2.5}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":2,\"b\":2.5}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":2.5,\"b\":2}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":2.5,\"b\":2}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":2.5,\"b\":2}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":2.5,\"b\":2}", "t"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":2.5,\"b\":2}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":2.5,\"b\":2}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":3,\"b\":3.0}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":3,\"b\":3.0}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":3,\"b\":3.0}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":3,\"b\":3.0}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":3,\"b\":3.0}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":3,\"b\":3.0}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":3.0,\"b\":3}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":3.0,\"b\":3}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":3.0,\"b\":3}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":3.0,\"b\":3}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":3.0,\"b\":3}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":3.0,\"b\":3}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "t"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":\"b\",\"b\":\"a\"}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":\"b\",\"b\":\"a\"}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"b\",\"b\":\"a\"}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":\"b\",\"b\":\"a\"}", "t"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":\"b\",\"b\":\"a\"}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":\"b\",\"b\":\"a\"}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"a\"}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"a\"}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"a\"}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"a\"}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"a\"}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"a\"}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":1.5}", "t"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":1.5}", "f"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":1.5}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":1.5}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":1.5}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":1.5}", "t"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":-1.5,\"b\":1}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":-1.5,\"b\":1}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":-1.5,\"b\":1}", "t"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":-1.5,\"b\":1}", "f"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":-1.5,\"b\":1}", "t"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":-1.5,\"b\":1}", "f"},
	{"{% if a == b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":-1.5}", "f"},
	{"{% if a != b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":-1.5}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":-1.5}", "f"},
	{"{% if a > b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":-1.5}", "t"},
	{"{% if a <= b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":-1.5}", "f"},
	{"{% if a >= b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":-1.5}", "t"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":1,\"b\":\"a\"}", "ERR comparison of Integer with String failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":1}", "ERR comparison of String with 1 failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":1.5,\"b\":\"xx\"}", "ERR comparison of Float with String failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":2.5}", "ERR comparison of String with 2.5 failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":-7}", "ERR comparison of String with -7 failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":9223372036854775808}", "ERR comparison of String with Integer failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"a\"}", "ERR comparison of Integer with String failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":\"b\"}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":\"abc\",\"b\":\"bc\"}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":\"abc\",\"b\":\"x\"}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":\"a[1, 2]b\",\"b\":[1,2]}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":\"a1b\",\"b\":1}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":\"a\"}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":\"b\"}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"1\":1},\"b\":1}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":2}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":\"2\"}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":[1,2],\"b\":3}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":null,\"b\":1}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":null}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":false,\"b\":false}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":\"false\",\"b\":false}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":[false],\"b\":false}", "f"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":[1,[2]],\"b\":[2]}", "t"},
	{"{% if a contains b %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1},\"b\":null}", "f"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":0}", "f"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":1}", "t"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":3}", "t"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":5}", "t"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":6}", "f"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":1.0}", "t"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":5.0}", "t"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":5.5}", "f"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":0.5}", "f"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":\"3\"}", "f"},
	{"{% assign r = (1..5) %}{% if r contains b %}t{% else %}f{% endif %}", "{\"b\":null}", "f"},
	{"{% assign x = 1.0 | divided_by: 0 %}{% if a < x %}t{% else %}f{% endif %}{% if x < a %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808}", "tf"},
	{"{% assign x = -1.0 | divided_by: 0 %}{% if a < x %}t{% else %}f{% endif %}{% if x < a %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808}", "ft"},
	{"{% assign x = 1.0 | divided_by: 0 %}{% if a > x %}t{% else %}f{% endif %}{% if x > a %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808}", "ft"},
	{"{% assign x = -1.0 | divided_by: 0 %}{% if a > x %}t{% else %}f{% endif %}{% if x > a %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808}", "tf"},
	{"{% assign x = 1.0 | divided_by: 0 %}{% if a == x %}t{% else %}f{% endif %}{% if x == a %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808}", "ff"},
	{"{% assign x = -1.0 | divided_by: 0 %}{% if a == x %}t{% else %}f{% endif %}{% if x == a %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808}", "ff"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":4611686018427387904}", "ERR comparison of String with Integer failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":4611686018427387903}", "ERR comparison of String with 4611686018427387903 failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":-4611686018427387904}", "ERR comparison of String with -4611686018427387904 failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":\"a\",\"b\":-4611686018427387905}", "ERR comparison of String with Integer failed"},
	{"{% if a < b %}t{% else %}f{% endif %}", "{\"a\":9223372036854775808,\"b\":\"x\"}", "ERR comparison of Integer with String failed"},
}

// nestArrays is n arrays, each the only item of the one outside it.
func nestArrays(n int) any {
	var v any = []any{}
	for i := 1; i < n; i++ {
		v = []any{v}
	}
	return v
}

// TestEqualLimits pins shea's own bounds on ==, which Ruby does not have:
// maxFilterDepth levels of nesting compare, one more is an error; a
// long flat array is not deep; a value that contains itself equals itself
// (Ruby: h = {}; h["h"] = h; h == h is true).
func TestEqualLimits(t *testing.T) {
	if eq, err := equalChecked(nil, nestArrays(maxFilterDepth), nestArrays(maxFilterDepth)); !eq || err != nil {
		t.Errorf("%d levels: %v, %v; want true", maxFilterDepth, eq, err)
	}
	if _, err := equalChecked(nil, nestArrays(maxFilterDepth+1), nestArrays(maxFilterDepth+1)); err == nil {
		t.Errorf("%d levels: no error", maxFilterDepth+1)
	}
	flat := make([]any, 2*maxFilterDepth)
	if eq, err := equalChecked(nil, flat, append([]any(nil), flat...)); !eq || err != nil {
		t.Errorf("flat array of %d: %v, %v; want true", len(flat), eq, err)
	}
	m := NewMap()
	m.Set("self", m)
	if eq, err := equalChecked(nil, m, m); !eq || err != nil {
		t.Errorf("self-containing map == itself: %v, %v; want true", eq, err)
	}
	m2 := NewMap()
	m2.Set("self", m2)
	if _, err := equalChecked(nil, m, m2); err == nil {
		t.Errorf("two self-containing maps: no error")
	}
}

// TestEqualTimes: Ruby's Time#== compares instants, whatever the zone.
func TestEqualTimes(t *testing.T) {
	a := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	b := a.In(time.FixedZone("X", 3600))
	if !equal(a, b) || !equal(b, a) {
		t.Errorf("the same instant in two zones: not equal")
	}
	if equal(a, a.Add(time.Second)) || equal(a, "2024-01-02") {
		t.Errorf("different instants, or a time and a string: equal")
	}
	if ok, err := compare("<", a, a.Add(time.Second)); !ok || err != nil {
		t.Errorf("a < a+1s: %v, %v", ok, err)
	}
	if ok, err := compare(">", a, a.Add(time.Second)); ok || err != nil {
		t.Errorf("a > a+1s: %v, %v", ok, err)
	}
}

// TestCompareBlank: blank on either side of == and !=. Ruby Liquid 5.4
// without ActiveSupport has no blank? on strings, arrays, hashes or nil
// and answers false for all of them; shea follows the golden-liquid suite
// instead (Shopify's blank?), so blankCases is LiquidJS's output
// (parseAndRender, default options), which agrees with golden-liquid's
// blank cases and adds whitespace-only strings and nested arrays.
func TestCompareBlank(t *testing.T) {
	runRubyOuts(t, blankCases)
}

var blankCases = []rubyOut{
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":\"  \\t\\n\"}", "t"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":\"  \\t\\n\"}", "t"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":\"  \\t\\n\"}", "f"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":\"a\"}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":\"a\"}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":\"a\"}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":\"\"}", "t"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":\"\"}", "t"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":\"\"}", "f"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":\" a \"}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":\" a \"}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":\" a \"}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":[]}", "t"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":[]}", "t"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":[]}", "f"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":[1]}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":[1]}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":[1]}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":{}}", "t"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":{}}", "t"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":{}}", "f"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1}}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1}}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":{\"a\":1}}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":null}", "t"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":null}", "t"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":null}", "f"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":false}", "t"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":false}", "t"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":false}", "f"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":true}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":true}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":true}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":0}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":0}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":0}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":1.5}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":1.5}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":1.5}", "t"},
	{"{% if a == blank %}t{% else %}f{% endif %}", "{\"a\":[[]]}", "f"},
	{"{% if blank == a %}t{% else %}f{% endif %}", "{\"a\":[[]]}", "f"},
	{"{% if a != blank %}t{% else %}f{% endif %}", "{\"a\":[[]]}", "t"},
}

// TestCompareBigNaN: an Integer beyond int64 and NaN are unordered and
// unequal either way round (Ruby: 2**64 == Float::NAN, 2**64 < Float::NAN
// and Float::NAN > 2**64 are all false).
func TestCompareBigNaN(t *testing.T) {
	big, _ := new(big.Int).SetString("18446744073709551616", 10)
	nan := math.NaN()
	for _, p := range [][2]any{{big, nan}, {nan, big}} {
		if equal(p[0], p[1]) {
			t.Errorf("%v == %v", p[0], p[1])
		}
		for _, op := range []string{"<", ">", "<=", ">="} {
			if ok, _ := compare(op, p[0], p[1]); ok {
				t.Errorf("%v %s %v", p[0], op, p[1])
			}
		}
	}
}

// TestCompareNaN: NaN (0.0 | divided_by: 0) is unordered and unequal to
// every number and to itself, whichever side it is on; Ruby output.
func TestCompareNaN(t *testing.T) {
	runRubyOuts(t, nanCases)
}

var nanCases = []rubyOut{
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x < b %}t{% else %}f{% endif %}{% if b < x %}t{% else %}f{% endif %}{% if x < x %}t{% else %}f{% endif %}", "{\"b\":1}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x < b %}t{% else %}f{% endif %}{% if b < x %}t{% else %}f{% endif %}{% if x < x %}t{% else %}f{% endif %}", "{\"b\":1.5}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x < b %}t{% else %}f{% endif %}{% if b < x %}t{% else %}f{% endif %}{% if x < x %}t{% else %}f{% endif %}", "{\"b\":9223372036854775808}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x > b %}t{% else %}f{% endif %}{% if b > x %}t{% else %}f{% endif %}{% if x > x %}t{% else %}f{% endif %}", "{\"b\":1}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x > b %}t{% else %}f{% endif %}{% if b > x %}t{% else %}f{% endif %}{% if x > x %}t{% else %}f{% endif %}", "{\"b\":1.5}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x > b %}t{% else %}f{% endif %}{% if b > x %}t{% else %}f{% endif %}{% if x > x %}t{% else %}f{% endif %}", "{\"b\":9223372036854775808}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x <= b %}t{% else %}f{% endif %}{% if b <= x %}t{% else %}f{% endif %}{% if x <= x %}t{% else %}f{% endif %}", "{\"b\":1}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x <= b %}t{% else %}f{% endif %}{% if b <= x %}t{% else %}f{% endif %}{% if x <= x %}t{% else %}f{% endif %}", "{\"b\":1.5}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x <= b %}t{% else %}f{% endif %}{% if b <= x %}t{% else %}f{% endif %}{% if x <= x %}t{% else %}f{% endif %}", "{\"b\":9223372036854775808}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x >= b %}t{% else %}f{% endif %}{% if b >= x %}t{% else %}f{% endif %}{% if x >= x %}t{% else %}f{% endif %}", "{\"b\":1}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x >= b %}t{% else %}f{% endif %}{% if b >= x %}t{% else %}f{% endif %}{% if x >= x %}t{% else %}f{% endif %}", "{\"b\":1.5}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x >= b %}t{% else %}f{% endif %}{% if b >= x %}t{% else %}f{% endif %}{% if x >= x %}t{% else %}f{% endif %}", "{\"b\":9223372036854775808}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x == b %}t{% else %}f{% endif %}{% if b == x %}t{% else %}f{% endif %}{% if x == x %}t{% else %}f{% endif %}", "{\"b\":1}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x == b %}t{% else %}f{% endif %}{% if b == x %}t{% else %}f{% endif %}{% if x == x %}t{% else %}f{% endif %}", "{\"b\":1.5}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x == b %}t{% else %}f{% endif %}{% if b == x %}t{% else %}f{% endif %}{% if x == x %}t{% else %}f{% endif %}", "{\"b\":9223372036854775808}", "fff"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x != b %}t{% else %}f{% endif %}{% if b != x %}t{% else %}f{% endif %}{% if x != x %}t{% else %}f{% endif %}", "{\"b\":1}", "ttt"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x != b %}t{% else %}f{% endif %}{% if b != x %}t{% else %}f{% endif %}{% if x != x %}t{% else %}f{% endif %}", "{\"b\":1.5}", "ttt"},
	{"{% assign x = 0.0 | divided_by: 0 %}{% if x != b %}t{% else %}f{% endif %}{% if b != x %}t{% else %}f{% endif %}{% if x != x %}t{% else %}f{% endif %}", "{\"b\":9223372036854775808}", "ttt"},
}
