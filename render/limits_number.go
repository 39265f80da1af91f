package render

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/strict"
)

// Limits on numbers. Go converts decimal text to a big number in time
// quadratic in its digits, and the arithmetic filters let a template
// square a number again and again (24 chained `times:` make a number of
// millions of digits). So the text of a decimal a filter reads is capped
// (maxNumberText), and every arithmetic result is estimated before it is
// computed: one larger than maxNumberBits is a memory_limit error, and one
// that fits is charged to the memory budget and counted as work, so that
// a render stops near its deadline.

// maxNumberText caps the bytes of a decimal string (such as "3.25") that
// an arithmetic filter converts exactly, and of a number in JSON data
// (DecodeJSON). Integer text in a string has no cap: filters saturate it
// or read its leading digits, in linear time.
const maxNumberText = 10_000

// maxNumberBits caps the size of an integer, or of the numerator and
// denominator of an exact decimal, that arithmetic builds: about 315,000
// decimal digits.
const maxNumberBits = 1 << 20

// checkNumberText refuses a decimal string, as in or one of args, that is
// longer than maxNumberText.
func checkNumberText(in any, args []any) error {
	for i := -1; i < len(args); i++ {
		v := in
		if i >= 0 {
			v = args[i]
		}
		s, ok := fnorm(v).(string)
		if !ok || len(s) <= maxNumberText {
			continue
		}
		if isDecimal(strings.Trim(s, rubySpace)) {
			return &strict.LimitError{Code: codes.MemoryLimit, Msg: fmt.Sprintf("a decimal of %d characters is more than the %d a number may have", len(s), maxNumberText)}
		}
		if n := len(leadingDigits(s)); n > maxNumberText {
			return &strict.LimitError{Code: codes.MemoryLimit, Msg: fmt.Sprintf("an integer of %d digits is more than the %d a number may have", n, maxNumberText)}
		}
	}
	return nil
}

// numberBits is the size of n: the bits of an integer, of the numerator
// and the denominator of a decimal; 64 for a float.
func numberBits(n rnum) int {
	switch {
	case n.kind == rInt && n.b != nil:
		return n.b.BitLen()
	case n.kind == rDec:
		return n.d.Num().BitLen() + n.d.Denom().BitLen()
	}
	return 64
}

// number checks that arithmetic on n and m fits: its result is at most
// the sum of their sizes (a product, a quotient or a sum of fractions).
// A result beyond maxNumberBits is an error; a large one is charged as a
// value of its size and counted as work, and the deadline is looked at.
func (b *budget) number(n, m rnum) error {
	bits := numberBits(n) + numberBits(m) + 1
	if bits <= 256 {
		return nil
	}
	if bits > maxNumberBits {
		return &strict.LimitError{Code: codes.MemoryLimit, Msg: fmt.Sprintf("the result of the arithmetic would have more than %d bits (about %d digits)", maxNumberBits, maxNumberBits*3/10)}
	}
	if b == nil {
		return nil
	}
	if err := b.alloc(int64(bits / 8)); err != nil {
		return err
	}
	if err := b.spend(bits / 64); err != nil {
		return err
	}
	return b.expired()
}

// bigBytes is what a big integer held by a template costs.
func bigBytes(x *big.Int) int64 { return int64(len(x.Bits())) * 8 }

// checkBoundText refuses a range bound given as a string whose leading
// digits, which Ruby's to_i reads exactly, are more than a number may have
// (their conversion takes time quadratic in them).
func checkBoundText(bounds ...any) error {
	for _, v := range bounds {
		if s, ok := normalize(v).(string); ok && len(s) > maxNumberText {
			if n := len(leadingDigits(s)); n > maxNumberText {
				return &strict.LimitError{Code: codes.MemoryLimit, Msg: fmt.Sprintf("a range's bound of %d digits is more than the %d a number may have", n, maxNumberText)}
			}
		}
	}
	return nil
}

// leadingDigits returns the digits of the integer String#to_i reads at
// the start of s (white space, a sign, digits with single underscores
// between them), underscores removed, with its sign.
func leadingDigits(s string) string {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	var b strings.Builder
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		if s[i] == '-' {
			b.WriteByte('-')
		}
		i++
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		b.WriteByte(c)
	}
	return b.String()
}
