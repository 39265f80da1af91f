package render

import (
	"math"
	"math/big"
	"testing"
)

// TestSmallIntOp checks the int64 fast path against math/big, with Ruby's
// floored division and modulo, at the edges of int64: where it answers, it
// must agree; where the exact result does not fit, it must decline.
func TestSmallIntOp(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 1 << 31, -(1 << 31), 1 << 32, 3037000499, 3037000500, -3037000500,
		math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, math.MaxInt64 / 2, math.MinInt64 / 2}
	for _, a := range vals {
		for _, b := range vals {
			for _, sym := range []byte("+-*/%") {
				x, y := big.NewInt(a), big.NewInt(b)
				var want *big.Int
				switch sym {
				case '+':
					want = x.Add(x, y)
				case '-':
					want = x.Sub(x, y)
				case '*':
					want = x.Mul(x, y)
				default:
					if b == 0 {
						break
					}
					q, r := new(big.Int), new(big.Int)
					q.DivMod(x, y, r)
					if r.Sign() != 0 && y.Sign() < 0 {
						q.Sub(q, big.NewInt(1))
						r.Add(r, y)
					}
					want = q
					if sym == '%' {
						want = r
					}
				}
				got, ok := smallIntOp(sym, a, b)
				switch {
				case want == nil || !want.IsInt64():
					if ok {
						t.Errorf("%d %c %d = %d, want no answer (exact %v)", a, sym, b, got, want)
					}
				case !ok:
					t.Errorf("%d %c %d: no answer, want %v", a, sym, b, want)
				case got != want.Int64():
					t.Errorf("%d %c %d = %d, want %v", a, sym, b, got, want)
				}
			}
		}
	}
}

// TestSliceString checks the substring path of the slice filter against
// slicing the decoded characters, for ASCII and multi-byte text and every
// offset and length around the ends.
func TestSliceString(t *testing.T) {
	for _, s := range []string{"", "a", "hello", "héllo wörld", "日本語テキスト", "a😀b😀c"} {
		r := []rune(s)
		n := int64(len(r))
		for off := -n - 2; off <= n+2; off++ {
			for length := int64(-1); length <= n+2; length++ {
				want := ""
				if lo, hi, ok := sliceBounds(n, off, length); ok {
					want = string(r[lo:hi])
				}
				if got := sliceString(s, off, length); got != want {
					t.Errorf("sliceString(%q, %d, %d) = %q, want %q", s, off, length, got, want)
				}
			}
		}
	}
}
