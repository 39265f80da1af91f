package render

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// toInteger is Liquid's to_integer, used by loop limits and offsets.
func toInteger(v any) (int64, error) {
	switch x := normalize(v).(type) {
	case int64:
		return x, nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("invalid integer")
		}
		return int64(x), nil
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("invalid integer")
		}
		return n, nil
	case nil:
		return 0, fmt.Errorf("invalid integer")
	}
	return 0, fmt.Errorf("invalid integer")
}

// isDecimal matches -?\d+\.\d+ exactly.
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if digits == 0 || i >= len(s) || s[i] != '.' {
		return false
	}
	i++
	frac := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		frac++
	}
	return frac > 0 && i == len(s)
}

// leadingInt is Ruby's String#to_i: optional sign and leading digits
// (underscores between digits allowed), 0 when there are none.
func leadingInt(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	i, neg := 0, false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	var n int64
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if n > (math.MaxInt64-int64(c-'0'))/10 {
			break // saturate rather than overflow
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n
}

// decimal returns the exact decimal value of a number, as Ruby's BigDecimal
// sees a float (through its shortest printed form).
func decimal(v any) *big.Rat {
	switch x := v.(type) {
	case int64:
		return new(big.Rat).SetInt64(x)
	case float64:
		r, ok := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
		if !ok {
			return new(big.Rat)
		}
		return r
	}
	return new(big.Rat)
}
