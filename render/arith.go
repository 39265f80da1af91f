package render

import "math/bits"

// smallIntOp applies + - * / or % to two int64s as Ruby's Integer does
// (floored division and modulo, the remainder taking the divisor's sign),
// without building big.Ints: ok is false when the result does not fit in
// an int64, or the divisor is 0, and the caller then takes the exact path.
func smallIntOp(sym byte, a, b int64) (r int64, ok bool) {
	switch sym {
	case '+':
		r = a + b
		return r, (a >= 0) != (b >= 0) || (r >= 0) == (a >= 0)
	case '-':
		r = a - b
		return r, (a >= 0) == (b >= 0) || (r >= 0) == (a >= 0)
	case '*':
		if a == 0 || b == 0 {
			return 0, true
		}
		neg := (a < 0) != (b < 0)
		hi, lo := bits.Mul64(absU(a), absU(b))
		if hi != 0 || lo > 1<<63 || lo == 1<<63 && !neg {
			return 0, false
		}
		if neg {
			return -int64(lo), true
		}
		return int64(lo), true
	case '/', '%':
		if b == 0 {
			return 0, false
		}
		if b == -1 { // a / -1 overflows for the least int64
			if sym == '%' {
				return 0, true
			}
			return -a, a != -1<<63
		}
		q, m := a/b, a%b
		if m != 0 && (m < 0) != (b < 0) {
			q--
			m += b
		}
		if sym == '/' {
			return q, true
		}
		return m, true
	}
	return 0, false
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // -(-1<<63) wraps to 1<<63, as uint64 wants
	}
	return uint64(a)
}
