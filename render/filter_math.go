package render

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Number filters, with the arithmetic of Shopify Liquid: operands go
// through Utils.to_number (integers stay integers; floats and decimal
// strings become Ruby BigDecimals, that is exact decimals; other strings
// read their leading integer; anything else is 0). Integer arithmetic stays
// integral (division floors, modulo takes the divisor's sign); once a
// decimal is involved the arithmetic is exact and the result a float, so
// 10.1 | minus: 2.2 is 7.9, not 7.8999999999999995.

type rnumKind int

const (
	rInt   rnumKind = iota // a Ruby Integer
	rDec                   // a Ruby BigDecimal: exact
	rFloat                 // a non-finite float (NaN, ±Infinity)
)

// rnum is a number as Liquid's arithmetic sees it.
type rnum struct {
	kind rnumKind
	i    int64
	b    *big.Int // an rInt beyond int64 (Ruby Bignum); i is then saturated
	d    *big.Rat
	f    float64
	neg0 bool // an rDec zero with a negative sign (BigDecimal's -0)
}

func rnumInt(i int64) rnum       { return rnum{kind: rInt, i: i} }
func rnumDec(d *big.Rat) rnum    { return rnum{kind: rDec, d: d} }
func rnumSpecial(f float64) rnum { return rnum{kind: rFloat, f: f} }
func rnumFromFloat(f float64) rnum {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return rnumSpecial(f)
	}
	if f == 0 {
		return rnum{kind: rDec, d: new(big.Rat), neg0: math.Signbit(f)}
	}
	return rnumDec(decimal(f))
}

// signbit reports a negative number, or a BigDecimal -0.
func (n rnum) signbit() bool {
	switch n.kind {
	case rInt:
		if n.b != nil {
			return n.b.Sign() < 0
		}
		return n.i < 0
	case rDec:
		if n.d.Sign() == 0 {
			return n.neg0
		}
		return n.d.Sign() < 0
	}
	return math.Signbit(n.f)
}

// isZero reports a zero of any kind.
func (n rnum) isZero() bool {
	switch n.kind {
	case rInt:
		return n.b == nil && n.i == 0
	case rDec:
		return n.d.Sign() == 0
	}
	return n.f == 0
}

// signedZero gives an exact zero result BigDecimal's sign: a sum of two
// zeros is -0 when both are negative (a difference when the first is
// negative and the second positive), a product or quotient is -0 when the
// signs differ; any other zero is +0.
func signedZero(z rnum, sym byte, n, m rnum) rnum {
	if z.kind != rDec || z.d.Sign() != 0 {
		return z
	}
	switch sym {
	case '+':
		z.neg0 = n.isZero() && m.isZero() && n.signbit() && m.signbit()
	case '-':
		z.neg0 = n.isZero() && m.isZero() && n.signbit() && !m.signbit()
	case '*', '/':
		z.neg0 = n.signbit() != m.signbit()
	}
	return z
}

// toRnum is Liquid's Utils.to_number.
func toRnum(v any) rnum {
	switch x := fnorm(v).(type) {
	case int64:
		return rnumInt(x)
	case *big.Int:
		return intResult(new(big.Int).Set(x))
	case float64:
		return rnumFromFloat(x)
	case string:
		if s := strings.Trim(x, rubySpace); isDecimal(s) {
			if r, ok := new(big.Rat).SetString(s); ok {
				return rnum{kind: rDec, d: r, neg0: r.Sign() == 0 && s[0] == '-'}
			}
		}
		if len(x) < 19 {
			return rnumInt(leadingInt(x)) // fewer than 19 digits always fit
		}
		return intResult(leadingBigInt(x)) // it may have more digits than int64 holds
	}
	return rnumInt(0)
}

// rat returns n as an exact rational; not for rFloat.
func (n rnum) rat() *big.Rat {
	if n.kind == rInt {
		if n.b != nil {
			return new(big.Rat).SetInt(n.b)
		}
		return new(big.Rat).SetInt64(n.i)
	}
	return n.d
}

// bigInt returns a fresh copy of an rInt as a big.Int.
func (n rnum) bigInt() *big.Int {
	if n.b != nil {
		return new(big.Int).Set(n.b)
	}
	return big.NewInt(n.i)
}

// float returns n as the nearest float64.
func (n rnum) float() float64 {
	switch n.kind {
	case rInt:
		if n.b != nil {
			f, _ := new(big.Float).SetInt(n.b).Float64()
			return f
		}
		return float64(n.i)
	case rDec:
		if n.neg0 && n.d.Sign() == 0 {
			return math.Copysign(0, -1)
		}
		f, _ := n.d.Float64()
		return f
	}
	return n.f
}

// value converts n back to the value model: integers stay int64,
// BigDecimals become floats (Liquid's to_f).
func (n rnum) value() any {
	if n.kind == rInt {
		if n.b != nil {
			return n.b
		}
		return n.i
	}
	return n.float()
}

// intResult converts an exact integer to an rnum; one beyond int64 keeps
// its digits, as a Ruby Bignum does.
func intResult(z *big.Int) rnum {
	if z.IsInt64() {
		return rnumInt(z.Int64())
	}
	return rnum{kind: rInt, i: clampInt(z), b: z}
}

func rnumSpecialOrDec(f float64) rnum {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return rnumSpecial(f)
	}
	return rnumDec(decimal(f))
}

var errDivideByZero = errors.New("divided by 0")

// op applies + - * / or % (Ruby's Numeric operators) to n and m.
func (n rnum) op(sym byte, m rnum) (rnum, error) {
	if n.kind == rInt && m.kind == rInt && n.b == nil && m.b == nil {
		if r, ok := smallIntOp(sym, n.i, m.i); ok {
			return rnumInt(r), nil
		}
	}
	switch {
	case n.kind == rInt && m.kind == rInt:
		a, b := n.bigInt(), m.bigInt()
		switch sym {
		case '+':
			return intResult(a.Add(a, b)), nil
		case '-':
			return intResult(a.Sub(a, b)), nil
		case '*':
			return intResult(a.Mul(a, b)), nil
		case '/', '%':
			if b.Sign() == 0 {
				return rnum{}, errDivideByZero
			}
			q, r := new(big.Int), new(big.Int)
			q.DivMod(a, b, r) // Euclidean: 0 <= r < |b|
			if r.Sign() != 0 && b.Sign() < 0 {
				q.Sub(q, big.NewInt(1)) // to floored division: r takes b's sign
				r.Add(r, b)
			}
			if sym == '/' {
				return intResult(q), nil
			}
			return intResult(r), nil
		}
	case n.kind == rFloat || m.kind == rFloat:
		a, b := n.float(), m.float()
		switch sym {
		case '+':
			return rnumSpecialOrDec(a + b), nil
		case '-':
			return rnumSpecialOrDec(a - b), nil
		case '*':
			return rnumSpecialOrDec(a * b), nil
		case '/':
			return rnumSpecialOrDec(a / b), nil
		case '%':
			if b == 0 {
				return rnum{}, errDivideByZero
			}
			r := math.Mod(a, b)
			if r != 0 && (r < 0) != (b < 0) {
				r += b
			}
			return rnumSpecialOrDec(r), nil
		}
	default:
		a, b := n.rat(), m.rat()
		z := new(big.Rat)
		switch sym {
		case '+':
			return signedZero(rnumDec(z.Add(a, b)), sym, n, m), nil
		case '-':
			return signedZero(rnumDec(z.Sub(a, b)), sym, n, m), nil
		case '*':
			return signedZero(rnumDec(z.Mul(a, b)), sym, n, m), nil
		case '/':
			if b.Sign() == 0 {
				// BigDecimal division by zero is Infinity (NaN for 0/0).
				switch a.Sign() {
				case 0:
					return rnumSpecial(math.NaN()), nil
				case 1:
					return rnumSpecial(math.Inf(1)), nil
				}
				return rnumSpecial(math.Inf(-1)), nil
			}
			return signedZero(rnumDec(z.Quo(a, b)), sym, n, m), nil
		case '%':
			if b.Sign() == 0 {
				return rnum{}, errDivideByZero
			}
			q := ratFloor(new(big.Rat).Quo(a, b))
			return rnumDec(z.Sub(a, new(big.Rat).Mul(b, new(big.Rat).SetInt(q)))), nil
		}
	}
	return rnum{}, fmt.Errorf("unknown operator %q", sym)
}

// cmp orders n and m; NaN is unordered (ok false).
func (n rnum) cmp(m rnum) (int, bool) {
	if n.kind == rFloat || m.kind == rFloat {
		a, b := n.float(), m.float()
		if math.IsNaN(a) || math.IsNaN(b) {
			return 0, false
		}
		return cmpFloat(a, b), true
	}
	if n.kind == rInt && m.kind == rInt && n.b == nil && m.b == nil {
		return cmpOrdered(n.i, m.i), true
	}
	return n.rat().Cmp(m.rat()), true
}

// ratFloor returns the greatest integer <= r.
func ratFloor(r *big.Rat) *big.Int {
	q, _ := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int)) // Denom > 0: Euclidean is floor
	return q
}

// ratCeil returns the least integer >= r.
func ratCeil(r *big.Rat) *big.Int {
	q := ratFloor(r)
	if !r.IsInt() {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// floatDomainError is Ruby's FloatDomainError for converting a non-finite
// BigDecimal to an integer.
func floatDomainError(f float64) error {
	switch {
	case math.IsNaN(f):
		return errors.New("computation results in 'NaN' (Not a Number)")
	case f > 0:
		return errors.New("computation results in 'Infinity'")
	}
	return errors.New("computation results in '-Infinity'")
}

// arithmetic applies one of Ruby's operators to the input and the
// argument.
func arithmetic(b *budget, sym byte, in any, args []any) (any, error) {
	if err := checkNumberText(in, args); err != nil {
		return nil, err
	}
	n, m := toRnum(in), toRnum(args[0])
	if err := b.number(n, m); err != nil {
		return nil, err
	}
	r, err := n.op(sym, m)
	if err != nil {
		return nil, err
	}
	return r.value(), nil
}

func filterPlus(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return arithmetic(b, '+', in, args)
}

func filterMinus(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return arithmetic(b, '-', in, args)
}

func filterTimes(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return arithmetic(b, '*', in, args)
}

// filterDividedBy divides; two integers give the floored integer quotient,
// and an integer divided by integer 0 is an error (a decimal divided by 0
// is Infinity, as with Ruby's BigDecimal).
func filterDividedBy(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return arithmetic(b, '/', in, args)
}

// filterModulo is the floored remainder: its sign is the divisor's.
func filterModulo(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return arithmetic(b, '%', in, args)
}

// filterAbs is the absolute value.
func filterAbs(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	if err := checkNumberText(in, nil); err != nil {
		return nil, err
	}
	n := toRnum(in)
	switch n.kind {
	case rInt:
		return intResult(new(big.Int).Abs(n.bigInt())).value(), nil
	case rDec:
		return rnumDec(new(big.Rat).Abs(n.d)).value(), nil
	}
	return math.Abs(n.f), nil
}

// filterCeil rounds up to an integer.
func filterCeil(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	if err := checkNumberText(in, nil); err != nil {
		return nil, err
	}
	n := toRnum(in)
	switch n.kind {
	case rInt:
		return n.value(), nil
	case rDec:
		return intResult(ratCeil(n.d)).value(), nil
	}
	return nil, floatDomainError(n.f)
}

// filterFloor rounds down to an integer.
func filterFloor(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	if err := checkNumberText(in, nil); err != nil {
		return nil, err
	}
	n := toRnum(in)
	switch n.kind {
	case rInt:
		return n.value(), nil
	case rDec:
		return intResult(ratFloor(n.d)).value(), nil
	}
	return nil, floatDomainError(n.f)
}

// maxRoundDigits bounds round's precision argument (Ruby limits it to a C
// int; shea to what a float can show).
const maxRoundDigits = 400

// filterRound rounds half away from zero to the given number of decimal
// places (default 0; the argument goes through to_number and is
// truncated, so "1" and 1.2 mean 1). Fewer than one place gives an
// integer, more a float; a negative count rounds to tens, hundreds, ….
func filterRound(_ *budget, in any, args []any, _ map[string]any) (any, error) {
	if err := checkNumberText(in, args); err != nil {
		return nil, err
	}
	digits := int64(0)
	if a, ok := optArg(args, 0); ok {
		d := toRnum(a)
		switch d.kind {
		case rInt:
			if d.b != nil || d.i > math.MaxInt32 || d.i < math.MinInt32 {
				// Ruby's round takes its digits as a C int.
				return nil, fmt.Errorf("integer %s too big for round", d.bigInt())
			}
			digits = d.i
		case rDec:
			q := new(big.Int).Quo(d.d.Num(), d.d.Denom()) // truncates toward zero
			if !q.IsInt64() || q.Int64() > math.MaxInt32 || q.Int64() < math.MinInt32 {
				return nil, fmt.Errorf("integer %s too big for round", q)
			}
			digits = q.Int64()
		default:
			return nil, floatDomainError(d.f)
		}
	}
	digits = max(-maxRoundDigits, min(maxRoundDigits, digits))
	n := toRnum(in)
	switch n.kind {
	case rInt:
		if digits >= 0 {
			return n.value(), nil
		}
		return intResult(roundHalfUp(n.rat(), digits).Num()).value(), nil
	case rDec:
		r := roundHalfUp(n.d, digits)
		if digits < 1 {
			return intResult(new(big.Int).Set(r.Num())).value(), nil
		}
		return rnum{kind: rDec, d: r, neg0: n.signbit()}.value(), nil // -0.04 rounds to -0.0
	}
	if digits < 1 {
		return nil, floatDomainError(n.f)
	}
	return n.f, nil
}

// roundHalfUp rounds r to digits decimal places (negative: to a power of
// ten), halves away from zero.
func roundHalfUp(r *big.Rat, digits int64) *big.Rat {
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(digits)), nil))
	x := new(big.Rat).Set(r)
	if digits >= 0 {
		x.Mul(x, scale)
	} else {
		x.Quo(x, scale)
	}
	neg := x.Sign() < 0
	x.Abs(x)
	x.Add(x, big.NewRat(1, 2))
	q := ratFloor(x)
	if neg {
		q.Neg(q)
	}
	out := new(big.Rat).SetInt(q)
	if digits >= 0 {
		return out.Quo(out, scale)
	}
	return out.Mul(out, scale)
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// filterAtLeast returns the larger of the input and the argument, as
// numbers.
func filterAtLeast(_ *budget, in any, args []any, _ map[string]any) (any, error) {
	if err := checkNumberText(in, args); err != nil {
		return nil, err
	}
	n, limit := toRnum(in), toRnum(args[0])
	if c, ok := limit.cmp(n); ok && c > 0 {
		n = limit
	}
	return n.value(), nil
}

// filterAtMost returns the smaller of the input and the argument, as
// numbers.
func filterAtMost(_ *budget, in any, args []any, _ map[string]any) (any, error) {
	if err := checkNumberText(in, args); err != nil {
		return nil, err
	}
	n, limit := toRnum(in), toRnum(args[0])
	if c, ok := limit.cmp(n); ok && c < 0 {
		n = limit
	}
	return n.value(), nil
}
