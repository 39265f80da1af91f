package render

import (
	"context"
	"math"
	"math/big"
	"testing"
)

// TestRubyIntegerSaturates: a string of more digits than int64 holds goes
// through Integer() as a Bignum; truncate compares the input's length with
// it, so Ruby prints the input whole (or only the ellipsis, for a negative
// one) where shea saturates. Each base, each digit range of hexadecimal
// (0-9, a-f, A-F, and g or G past them), and the first invalid digit of
// binary, octal and decimal, against Ruby Liquid 5.4.
func TestRubyIntegerSaturates(t *testing.T) {
	runRubyOuts(t, rubyIntegerSaturateCases)
}

var rubyIntegerSaturateCases = []rubyOut{
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"1000000000000000000000000000000000000000000000000000000000000000000000\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"-1000000000000000000000000000000000000000000000000000000000000000000000\"}", "..."},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0xAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0x1999999999999999999999999999999999999999999999999999999999999999999999\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0x0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffg\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFG\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0b1111111111111111111111111111111111111111111111111111111111111111111111\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0b1000000000000000000000000000000000000000000000000000000000000000000000\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"07777777777777777777777777777777777777777777777777777777777777777777777\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0o7777777777777777777777777777777777777777777777777777777777777777777777\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"07777777777777777777777777777777777777777777777777777777777777777777778\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"9999999999999999999999999999999999999999999999999999999999999999999999\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"999999999999999999999999999999999999999999999999999999999999999999999a\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"1_00000000000000000000000000000000000000000000000000000000000000000000\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0d9999999999999999999999999999999999999999999999999999999999999999999999\"}", "abcdef"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"+9999999999999999999999999999999999999999999999999999999999999999999999\"}", "abcdef"},
	// Characters between 9 and A, and G, are no digits.
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"100000000000000000000000000000000000000000000000000000000000000000000@\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"100000000000000000000000000000000000000000000000000000000000000000000:\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0x100000000000000000000000000000000000000000000000000000000000000000000@\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | truncate: x }}", "{\"x\":\"0x100000000000000000000000000000000000000000000000000000000000000000000G\"}", "ERR invalid integer"},
}

// TestIntegerIndexEdges: value[property] of an integer as map reads it
// (Integer#[]), at the edges of its conversions, against Ruby Liquid 5.4:
// zero at a bit index of 63 and beyond; a float index at exactly 2**63 and
// beyond, which a Fixnum takes as a huge bit index and a Bignum refuses
// (RangeError); an integer index beyond int64, which reads the sign or 0
// (and which String#[] refuses); NaN and infinities, which Ruby refuses
// (FloatDomainError, RangeError).
func TestIntegerIndexEdges(t *testing.T) {
	runRubyOuts(t, integerIndexCases)
}

var integerIndexCases = []rubyOut{
	{"{% assign p = 0.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[5]}", "ERR "},
	{"{% assign p = 0.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\"]}", "ERR "},
	{"{% assign p = 0.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[[1]]}", "ERR "},
	{"{% assign p = 0.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808]}", "ERR "},
	{"{% assign p = 1.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[5]}", "ERR "},
	{"{% assign p = 1.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[-5]}", "ERR "},
	{"{% assign p = -1.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[-5]}", "ERR "},
	{"{% assign p = 1.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\"]}", "ERR "},
	{"{% assign p = 1.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808]}", "ERR "},
	{"{% assign p = 1.0 | divided_by: 0 %}{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809]}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,-5,0],\"p\":9.223372036854776e+18}", "0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,-5,0],\"p\":-9.223372036854776e+18}", "0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,-5,0],\"p\":9.5e+18}", "0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,-5,0],\"p\":-9.5e+18}", "0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808,-9223372036854775809],\"p\":9.5e+18}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808,-9223372036854775809],\"p\":-9.5e+18}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[0],\"p\":63}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[0],\"p\":64}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[0],\"p\":100}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",[1,2]],\"p\":-9.223372036854776e+18}", ",0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",[1,2]],\"p\":-9223372036854775807}", ",0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\"],\"p\":-9.223372036854778e+18}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,-5,0,18446744073709551616,-18446744073709551616],\"p\":18446744073709551616}", "0,1,0,0,1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,-5,0,18446744073709551616,-18446744073709551616],\"p\":-18446744073709551616}", "0,0,0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[18446744073709551617],\"p\":64.0}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[18446744073709551617],\"p\":0.5}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[18446744073709551617],\"p\":9223372036854775807}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-18446744073709551617],\"p\":9223372036854775807}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-18446744073709551617],\"p\":9.2e+18}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-18446744073709551617],\"p\":-9.2e+18}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\"],\"p\":18446744073709551616}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[[1]],\"p\":18446744073709551616}", "0"},
}

// TestIterItemsDeadline: a range's numbers are made in quanta of
// workQuantum, and the deadline is looked at once per quantum (when a
// number is a multiple of it), as work against the budget: with a context
// already cancelled, (1..workQuantum-1) is made whole and (1..workQuantum)
// stops with the deadline error.
func TestIterItemsDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		hi   int64
		fail bool
	}{{workQuantum - 1, false}, {workQuantum, true}, {3 * workQuantum, true}} {
		b := &budget{ctx: ctx, limits: Limits{MaxMemory: 1 << 30}}
		items, err := iterItems(b, rangeValue{lo: 1, hi: c.hi})
		if c.fail != (err != nil) || !c.fail && int64(len(items)) != c.hi {
			t.Errorf("(1..%d) with a cancelled context: %d items, error %v", c.hi, len(items), err)
		}
	}
}

// TestBignumBitsBeyondNumberLimit: a Go caller may pass an integer larger
// than the number limits of JSON data and arithmetic (2^20 bits); its bits
// are still read exactly. The expected bits are by hand: 2^k has bit k
// set and no other; -2^k in two's complement has bits k and above set and
// those below clear.
func TestBignumBitsBeyondNumberLimit(t *testing.T) {
	const k = 1<<20 + 5
	pos := new(big.Int).Lsh(big.NewInt(1), k)
	neg := new(big.Int).Neg(pos)
	for _, c := range []struct {
		x    *big.Int
		i    int64
		want int64
	}{
		{pos, k, 1}, {pos, k - 1, 0}, {pos, k + 1, 0}, {pos, 1 << 40, 0}, {pos, math.MaxInt64, 0},
		{neg, k, 1}, {neg, k - 1, 0}, {neg, k + 1, 1}, {neg, 1 << 40, 1}, {neg, math.MaxInt64, 1},
	} {
		v, has, err := rubyIndex(c.x, c.i)
		if v != c.want || !has || err != nil {
			t.Errorf("(%s2^%d)[%d] = %v, %v, %v; want %d", map[bool]string{true: "-"}[c.x.Sign() < 0], k, c.i, v, has, err, c.want)
		}
	}
}

// TestBigIntWithinInt64: a Go caller may pass a *big.Int that fits int64;
// as an index or as the integer indexed it means that integer. Expected
// bits by hand: 5 is 101, -5 is ...1011 in two's complement, 0 has none.
func TestBigIntWithinInt64(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, c := range []struct {
		item, prop any
		want       int64
	}{
		{int64(5), big.NewInt(2), 1}, {int64(5), big.NewInt(1), 0},
		{int64(-5), big.NewInt(0), 1}, {int64(-5), big.NewInt(2), 0},
		{big.NewInt(5), int64(2), 1}, {big.NewInt(-5), int64(0), 1},
		{big.NewInt(0), huge, 0}, {big.NewInt(-1), huge, 1},
		{big.NewInt(-5), big.NewInt(2), 0}, {big.NewInt(5), big.NewInt(0), 1},
	} {
		v, has, err := rubyIndex(c.item, c.prop)
		if v != c.want || !has || err != nil {
			t.Errorf("%v[%v] = %v, %v, %v; want %d", c.item, c.prop, v, has, err, c.want)
		}
	}
}
