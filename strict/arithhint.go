package strict

import "strings"

// Liquid has no arithmetic operators: {{ n + 1 }} is Jinja's, Handlebars
// helpers' or a Go template's way of writing what Liquid writes with a
// filter, {{ n | plus: 1 }}. A syntax error on such an operator says so,
// with the filter the expression needs.

// arithmeticFilters maps each operator of other template languages to the
// Liquid filter that computes it.
var arithmeticFilters = map[byte]string{'+': "plus", '-': "minus", '*': "times", '/': "divided_by", '%': "modulo"}

// arithmeticHint returns the detail of a syntax error at byte at of src,
// inside the markup src[from:to], when the character there is an
// arithmetic operator between two operands; "" otherwise.
func arithmeticHint(src string, from, to, at int) string {
	if at < from || at >= to {
		return ""
	}
	filter, ok := arithmeticFilters[src[at]]
	if !ok {
		return ""
	}
	l := at
	for l > from && isSpace(src[l-1]) {
		l--
	}
	ls := l
	if ls > from && isQuote(src[ls-1]) {
		if q := strings.LastIndexByte(src[from:ls-1], src[ls-1]); q >= 0 {
			ls = from + q
		}
	}
	for ls > from && isOperandByte(src[ls-1]) {
		ls--
	}
	r := at + 1
	for r < to && isSpace(src[r]) {
		r++
	}
	re := r
	if re < to && isQuote(src[re]) {
		if q := strings.IndexByte(src[re+1:to], src[re]); q >= 0 {
			re += q + 2
		}
	}
	for re < to && isOperandByte(src[re]) {
		re++
	}
	left, right := src[ls:l], src[r:re]
	if left == "" || right == "" {
		return ""
	}
	if isQuote(left[0]) || isQuote(right[0]) {
		if src[at] != '+' {
			return ""
		}
		filter = "append" // "a" + "b" joins text
	}
	expr := left + " | " + filter + ": " + right
	return "Liquid has no arithmetic operators: write " + expr + " (in a condition, assign it first: {% assign n = " +
		expr + " %}); the math filters are plus, minus, times, divided_by and modulo."
}

func isQuote(c byte) bool { return c == '"' || c == '\'' }

// isOperandByte reports whether c can be part of a simple operand: a path
// (issue.labels[0].name), a number or a quoted word.
func isOperandByte(c byte) bool {
	return isWordByte(c) || c == '.' || c == '[' || c == ']' || c == '"' || c == '\'' || c == '?'
}
