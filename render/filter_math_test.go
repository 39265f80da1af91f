package render

import (
	"math"
	"testing"
)

func TestMathFilters(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	runFilterCases(t, []filterCase{
		// abs
		{filter: "abs", in: -5.4, want: 5.4},                                           // golden: filters, abs, negative float
		{filter: "abs", in: int64(-5), want: int64(5)},                                 // golden: filters, abs, negative integer
		{filter: "abs", in: "-5.1", want: 5.1},                                         // golden: filters, abs, negative string float
		{filter: "abs", in: "-5", want: int64(5)},                                      // golden: filters, abs, negative string integer
		{filter: "abs", in: js(`{}`), want: int64(0)},                                  // golden: filters, abs, not a string, int or float
		{filter: "abs", in: "hello", want: int64(0)},                                   // golden: filters, abs, string not a number
		{filter: "abs", in: nil, want: int64(0)},                                       // golden: filters, abs, undefined left value
		{filter: "abs", in: int64(0), want: int64(0)},                                  // golden: filters, abs, zero
		{filter: "abs", in: math.Copysign(0, -1), want: 0.0},                           // ruby
		{filter: "abs", in: int64(math.MinInt64), want: bigInt("9223372036854775808")}, // ruby: a Bignum

		// plus, minus, times
		{filter: "plus", in: "10", args: args("foo"), want: int64(10)},                                        // golden: filters, plus, arg string not a number
		{filter: "plus", in: 10.1, args: args(2.2), want: 12.3},                                               // golden: filters, plus, float value and float arg
		{filter: "plus", in: int64(10), args: args(2.0), want: 12.0},                                          // golden: filters, plus, integer value and float arg
		{filter: "plus", in: int64(10), args: args(int64(2)), want: int64(12)},                                // golden: filters, plus, integer value and integer arg
		{filter: "plus", in: int64(10), args: args(int64(-2)), want: int64(8)},                                // golden: filters, plus, integer value and negative integer arg
		{filter: "plus", in: js(`{}`), args: args(int64(1)), want: int64(1)},                                  // golden: filters, plus, not a string, int or float
		{filter: "plus", in: "foo", args: args("2.0"), want: 2.0},                                             // golden: filters, plus, string not a number
		{filter: "plus", in: "10.1", args: args("2.2"), want: 12.3},                                           // golden: filters, plus, string value and string arg
		{filter: "plus", in: int64(10), args: args(nil), want: int64(10)},                                     // golden: filters, plus, undefined argument
		{filter: "plus", in: nil, args: args(int64(2)), want: int64(2)},                                       // golden: filters, plus, undefined left value
		{filter: "plus", in: 0.1, args: args(0.2), want: 0.3},                                                 // ruby: BigDecimal, not 0.30000000000000004
		{filter: "plus", in: "1e3", args: args(int64(1)), want: int64(2)},                                     // ruby: "1e3".to_i is 1
		{filter: "plus", in: " 12abc", args: args(int64(1)), want: int64(13)},                                 // ruby: leading integer
		{filter: "plus", in: "1_000", args: args(int64(1)), want: int64(1001)},                                // ruby: to_i reads underscores
		{filter: "plus", in: true, args: args(int64(1)), want: int64(1)},                                      // ruby: true is 0
		{filter: "plus", in: " 1.5 ", args: args(int64(1)), want: 2.5},                                        // ruby: decimal strings are stripped
		{filter: "plus", in: "0.1000000000000000000001", args: args("0.1"), want: 0.2},                        // exact decimal strings
		{filter: "plus", in: int64(math.MaxInt64), args: args(int64(1)), want: bigInt("9223372036854775808")}, // ruby: a Bignum
		{filter: "plus", in: inf, args: args(int64(1)), want: inf},
		{filter: "minus", in: "10", args: args("foo"), want: int64(10)},          // golden: filters, minus, arg string not a number
		{filter: "minus", in: 10.1, args: args(2.2), want: 7.9},                  // golden: filters, minus, float value and float arg
		{filter: "minus", in: int64(10), args: args(2.0), want: 8.0},             // golden: filters, minus, integer value and float arg
		{filter: "minus", in: int64(10), args: args(int64(2)), want: int64(8)},   // golden: filters, minus, integer value and integer arg
		{filter: "minus", in: js(`{}`), args: args(int64(1)), want: int64(-1)},   // golden: filters, minus, not a string, int or float
		{filter: "minus", in: "foo", args: args("2.0"), want: -2.0},              // golden: filters, minus, string not a number
		{filter: "minus", in: "10.1", args: args("2.2"), want: 7.9},              // golden: filters, minus, string value and string arg
		{filter: "minus", in: int64(10), args: args(nil), want: int64(10)},       // golden: filters, minus, undefined argument
		{filter: "minus", in: nil, args: args(int64(2)), want: int64(-2)},        // golden: filters, minus, undefined left value
		{filter: "times", in: 5.0, args: args(2.1), want: 10.5},                  // golden: filters, times, float times float
		{filter: "times", in: int64(5), args: args(2.1), want: 10.5},             // golden: filters, times, int times float
		{filter: "times", in: int64(5), args: args(int64(2)), want: int64(10)},   // golden: filters, times, int times int
		{filter: "times", in: int64(-5), args: args(int64(2)), want: int64(-10)}, // golden: filters, times, negative multiplication
		{filter: "times", in: "5.0", args: args("2.1"), want: 10.5},              // golden: filters, times, string times string
		{filter: "times", in: int64(5), args: args(nil), want: int64(0)},         // golden: filters, times, undefined argument
		{filter: "times", in: nil, args: args(int64(2)), want: int64(0)},         // golden: filters, times, undefined left value
		{filter: "times", in: 0.1, args: args(int64(3)), want: 0.3},              // ruby
		{filter: "times", in: 1e300, args: args(1e300), want: inf},               // exact product, then to_f

		// divided_by, modulo
		{filter: "divided_by", in: "10", args: args("foo"), err: "divided by 0"},         // golden: filters, divided by, arg string not a number
		{filter: "divided_by", in: int64(10), args: args(int64(0)), err: "divided by 0"}, // golden: filters, divided by, divied by zero
		{filter: "divided_by", in: int64(20), args: args(7.0), want: 2.857142857142857},  // golden: filters, divided by, float division
		{filter: "divided_by", in: 9.0, args: args(int64(2)), want: 4.5},                 // golden: filters, divided by, float value and integer arg
		{filter: "divided_by", in: int64(9), args: args(int64(2)), want: int64(4)},       // golden: filters, divided by, integer division
		{filter: "divided_by", in: int64(10), args: args(2.0), want: 5.0},                // golden: filters, divided by, integer value and float arg
		{filter: "divided_by", in: int64(5), args: args(int64(3)), want: int64(1)},       // golden: filters, divided by, issue
		{filter: "divided_by", in: "", args: args(int64(2)), want: int64(0)},             // golden: filters, divided by, left value is an empty string
		{filter: "divided_by", in: js(`{}`), args: args(int64(1)), want: int64(0)},       // golden: filters, divided by, not a string, int or float
		{filter: "divided_by", in: "foo", args: args("2"), want: int64(0)},               // golden: filters, divided by, string not a number
		{filter: "divided_by", in: "10", args: args("2"), want: int64(5)},                // golden: filters, divided by, string value and argument
		{filter: "divided_by", in: int64(10), args: args(nil), err: "divided by 0"},      // golden: filters, divided by, undefined argument
		{filter: "divided_by", in: nil, args: args(int64(2)), want: int64(0)},            // golden: filters, divided by, undefined left value
		{filter: "divided_by", in: int64(0), args: args(1.1), want: 0.0},                 // golden: filters, divided by, zero divided by float
		{filter: "divided_by", in: int64(0), args: args(int64(1)), want: int64(0)},       // golden: filters, divided by, zero divided by integer
		{filter: "divided_by", in: int64(-7), args: args(int64(2)), want: int64(-4)},     // ruby: floors
		{filter: "divided_by", in: int64(7), args: args(int64(-2)), want: int64(-4)},     // ruby
		{filter: "divided_by", in: int64(-7), args: args(int64(-2)), want: int64(3)},     // ruby
		{filter: "divided_by", in: 10.0, args: args(int64(0)), want: inf},                // ruby: BigDecimal / 0 is Infinity
		{filter: "divided_by", in: 0.0, args: args(0.0), want: nan},                      // ruby: BigDecimal 0 / 0 is NaN
		{filter: "divided_by", in: int64(1), args: args(3.0), want: 0.3333333333333333},  // ruby
		{filter: "divided_by", in: int64(10), args: args(3.0), want: 3.3333333333333335}, // ruby
		{filter: "divided_by", in: int64(math.MinInt64), args: args(int64(-1)), want: bigInt("9223372036854775808")},
		{filter: "modulo", in: "10", args: args("foo"), err: "divided by 0"},     // golden: filters, modulo, arg string not a number
		{filter: "modulo", in: 10.1, args: args(7.0), want: 3.1},                 // golden: filters, modulo, float value and float arg
		{filter: "modulo", in: int64(10), args: args(2.0), want: 0.0},            // golden: filters, modulo, integer value and float arg
		{filter: "modulo", in: int64(10), args: args(int64(2)), want: int64(0)},  // golden: filters, modulo, integer value and integer arg
		{filter: "modulo", in: js(`{}`), args: args(int64(1)), want: int64(0)},   // golden: filters, modulo, not a string, int or float
		{filter: "modulo", in: "foo", args: args("2.0"), want: 0.0},              // golden: filters, modulo, string not a number
		{filter: "modulo", in: "10", args: args("2.0"), want: 0.0},               // golden: filters, modulo, string value and argument
		{filter: "modulo", in: int64(5), args: args(nil), err: "divided by 0"},   // golden: filters, modulo, undefined argument
		{filter: "modulo", in: nil, args: args(int64(2)), want: int64(0)},        // golden: filters, modulo, undefined left value
		{filter: "modulo", in: int64(-7), args: args(int64(2)), want: int64(1)},  // ruby: floored
		{filter: "modulo", in: int64(7), args: args(int64(-2)), want: int64(-1)}, // ruby
		{filter: "modulo", in: 7.5, args: args(int64(-2)), want: -0.5},           // ruby
		{filter: "modulo", in: 1.5, args: args(0.0), err: "divided by 0"},        // ruby: BigDecimal % 0 raises

		// ceil, floor
		{filter: "ceil", in: -5.4, want: int64(-5)},                                    // golden: filters, ceil, negative float
		{filter: "ceil", in: int64(-5), want: int64(-5)},                               // golden: filters, ceil, negative integer
		{filter: "ceil", in: "-5.1", want: int64(-5)},                                  // golden: filters, ceil, negative string float
		{filter: "ceil", in: js(`{}`), want: int64(0)},                                 // golden: filters, ceil, not a string, int or float
		{filter: "ceil", in: 5.4, want: int64(6)},                                      // golden: filters, ceil, positive float
		{filter: "ceil", in: "5.1", want: int64(6)},                                    // golden: filters, ceil, positive string float
		{filter: "ceil", in: "hello", want: int64(0)},                                  // golden: filters, ceil, string not a number
		{filter: "ceil", in: nil, want: int64(0)},                                      // golden: filters, ceil, undefined left value
		{filter: "ceil", in: 5.0, want: int64(5)},                                      // ruby
		{filter: "ceil", in: "-0.5", want: int64(0)},                                   // ruby: no negative zero
		{filter: "ceil", in: inf, err: "computation results in 'Infinity'"},            // ruby: FloatDomainError
		{filter: "floor", in: -5.4, want: int64(-6)},                                   // golden: filters, floor, negative float
		{filter: "floor", in: "-5.1", want: int64(-6)},                                 // golden: filters, floor, negative string float
		{filter: "floor", in: js(`{}`), want: int64(0)},                                // golden: filters, floor, not a string, int or float
		{filter: "floor", in: 5.4, want: int64(5)},                                     // golden: filters, floor, positive float
		{filter: "floor", in: int64(5), want: int64(5)},                                // golden: filters, floor, positive integer
		{filter: "floor", in: nil, want: int64(0)},                                     // golden: filters, floor, undefined left value
		{filter: "floor", in: 1e20, want: bigInt("100000000000000000000")},             // ruby: a Bignum
		{filter: "floor", in: nan, err: "computation results in 'NaN' (Not a Number)"}, // ruby

		// round
		{filter: "round", in: 5.666, args: args(1.2), want: 5.7},                       // golden: filters, round, argument is a float
		{filter: "round", in: 5.666, args: args(int64(-2)), want: int64(0)},            // golden: filters, round, argument is a negative
		{filter: "round", in: 5.666, args: args("foo"), want: int64(6)},                // golden: filters, round, argument is a string
		{filter: "round", in: 5.666, args: args("1"), want: 5.7},                       // golden: filters, round, argument is a string representation of an integer
		{filter: "round", in: 5.666, args: args(int64(0)), want: int64(6)},             // golden: filters, round, argument is a zero
		{filter: "round", in: "5.666666", args: args(int64(2)), want: 5.67},            // golden: filters, round, decimal places
		{filter: "round", in: "5.6", want: int64(6)},                                   // golden: filters, round, float as a string
		{filter: "round", in: 5.1, want: int64(5)},                                     // golden: filters, round, float round down
		{filter: "round", in: 5.6, want: int64(6)},                                     // golden: filters, round, float round up
		{filter: "round", in: int64(5), want: int64(5)},                                // golden: filters, round, integer
		{filter: "round", in: 5.666, args: args(nil), want: int64(6)},                  // golden: filters, round, undefined argument
		{filter: "round", in: nil, args: args(int64(2)), want: int64(0)},               // golden: filters, round, undefined left value
		{filter: "round", in: 2.5, want: int64(3)},                                     // ruby: half away from zero
		{filter: "round", in: -2.5, want: int64(-3)},                                   // ruby
		{filter: "round", in: 1.005, args: args(int64(2)), want: 1.01},                 // ruby: BigDecimal("1.005"), not the binary float
		{filter: "round", in: int64(1234), args: args(int64(-2)), want: int64(1200)},   // ruby
		{filter: "round", in: int64(1250), args: args(int64(-2)), want: int64(1300)},   // ruby
		{filter: "round", in: int64(-1250), args: args(int64(-2)), want: int64(-1300)}, // ruby
		{filter: "round", in: 15.5, args: args(int64(-1)), want: int64(20)},            // ruby
		{filter: "round", in: int64(3), args: args(2.9), want: int64(3)},               // ruby
		{filter: "round", in: int64(5), args: args(int64(-40)), want: int64(0)},
		{filter: "round", in: 1.5, args: args(int64(1) << 40), err: "too big for round"}, // ruby: RangeError, the digits are a C int
		{filter: "round", in: 1.5, args: args(int64(1)<<31 - 1), want: 1.5},              // ruby: the largest C int
		{filter: "round", in: inf, err: "computation results in 'Infinity'"},             // ruby: FloatDomainError
		{filter: "round", in: inf, args: args(int64(2)), want: inf},                      // ruby: BigDecimal#round(2) keeps Infinity
		{filter: "round", in: 1.5, args: args(inf), err: "Infinity"},                     // ruby: the precision must be finite

		// at_least, at_most
		{filter: "at_least", in: int64(-1), args: args("abc"), want: int64(0)},    // golden: filters, at least, argument string not a number
		{filter: "at_least", in: "abc", args: args(int64(2)), want: int64(2)},     // golden: filters, at least, left value not a number
		{filter: "at_least", in: "abc", args: args(int64(-2)), want: int64(0)},    // golden: filters, at least, left value not a number negative argument
		{filter: "at_least", in: int64(-8), args: args(int64(5)), want: int64(5)}, // golden: filters, at least, negative integer < arg
		{filter: "at_least", in: 5.4, args: args(8.9), want: 8.9},                 // golden: filters, at least, positive float < arg
		{filter: "at_least", in: 8.4, args: args(5.9), want: 8.4},                 // golden: filters, at least, positive float > arg
		{filter: "at_least", in: int64(5), args: args(int64(5)), want: int64(5)},  // golden: filters, at least, positive integer == arg
		{filter: "at_least", in: "9", args: args(int64(8)), want: int64(9)},       // golden: filters, at least, positive string > arg
		{filter: "at_least", in: int64(5), args: args(nil), want: int64(5)},       // golden: filters, at least, undefined argument
		{filter: "at_least", in: nil, args: args(int64(5)), want: int64(5)},       // golden: filters, at least, undefined left value
		{filter: "at_least", in: int64(5), args: args(5.0), want: int64(5)},       // ruby: equal keeps the input
		{filter: "at_most", in: "abc", args: args(int64(-2)), want: int64(-2)},    // golden: filters, at most, left value not a number
		{filter: "at_most", in: int64(-8), args: args(int64(5)), want: int64(-8)}, // golden: filters, at most, negative integer < arg
		{filter: "at_most", in: 5.4, args: args(8.9), want: 5.4},                  // golden: filters, at most, positive float < arg
		{filter: "at_most", in: 8.4, args: args(5.9), want: 5.9},                  // golden: filters, at most, positive float > arg
		{filter: "at_most", in: int64(8), args: args(int64(5)), want: int64(5)},   // golden: filters, at most, positive integer > arg
		{filter: "at_most", in: "9", args: args(int64(8)), want: int64(8)},        // golden: filters, at most, positive string > arg
		{filter: "at_most", in: int64(5), args: args(nil), want: int64(0)},        // golden: filters, at most, undefined argument
		{filter: "at_most", in: nil, args: args(int64(5)), want: int64(0)},        // golden: filters, at most, undefined left value
		{filter: "at_most", in: 5.0, args: args(int64(5)), want: 5.0},             // ruby
		{filter: "at_most", in: int64(5), args: args("4.5"), want: 4.5},           // ruby
		{filter: "at_most", in: int64(5), args: args(nan), want: int64(5)},        // NaN compares false
	})
}
