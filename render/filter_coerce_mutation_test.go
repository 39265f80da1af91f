package render

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestFilterCoerceMutation covers the conversions of filter_coerce.go
// through the filters that use them, against Ruby Liquid: Ruby's
// Integer() on slice and truncatewords arguments (prefixes, signs,
// underscores, and strings of more digits than int64 holds), the inspect
// form of arrays and hashes, ranges and flattening as filters iterate
// them, and value[property] of strings, integers, Bignums, arrays and
// hashes as map, where and sort read it.
func TestFilterCoerceMutation(t *testing.T) {
	runRubyOuts(t, filterCoerceCases)
}

var filterCoerceCases = []rubyOut{
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-0b1000000000000000000000000000000000000000000000000000000000000000\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0b1000000000000000000000000000000000000000000000000000000000000000\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-0b100000000000000000000000000000000000000000000000000000000000000\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-0x8000000000000000\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-9223372036854775808\"}", ""},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\"],\"p\":9.223372036854776e+18}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[[1]],\"p\":9.223372036854776e+18}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",[1]],\"p\":-9.223372036854776e+18}", ",0"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\" 2 \"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\" 2 \"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"\\t2\\n\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"\\t2\\n\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"+2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"+2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-2\"}", "e"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"-2\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0x2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0x2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0X2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0X2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0b10\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0b10\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0B10\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0B10\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0o2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0o2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0O2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0O2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"02\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"02\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0_2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0_2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0d2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0d2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0D2\"}", "c"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0D2\"}", "bc"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"1_0\"}", ""},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"1_0\"}", "bcdef"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"_2\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"_2\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"2_\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"2_\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"1__0\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"1__0\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"  \"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"  \"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0\"}", "a"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"7\"}", ""},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"7\"}", "bcdef"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"08\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"08\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0x\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0x\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0b\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0b\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0z1\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0z1\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-0x3\"}", "d"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"-0x3\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"+0b1\"}", "b"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"+0b1\"}", "b"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"2.5\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"2.5\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"abc\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"abc\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0x1g\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0x1g\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"9999999999999999999999999999999999999999999999999999999999999999999999\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"9999999999999999999999999999999999999999999999999999999999999999999999\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-9999999999999999999999999999999999999999999999999999999999999999999999\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"-9999999999999999999999999999999999999999999999999999999999999999999999\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0x0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0x0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0x0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEFg\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0x0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEFg\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0b1111111111111111111111111111111111111111111111111111111111111111111111\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0b1111111111111111111111111111111111111111111111111111111111111111111111\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"0b1111111111111111111111111111111111111111111111111111111111111111111112\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"0b1111111111111111111111111111111111111111111111111111111111111111111112\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"07777777777777777777777777777777777777777777777777777777777777777777777\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"07777777777777777777777777777777777777777777777777777777777777777777777\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"07777777777777777777777777777777777777777777777777777777777777777777778\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"07777777777777777777777777777777777777777777777777777777777777777777778\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"11111111111111111111111111111111111111111111111111111111111111111\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"11111111111111111111111111111111111111111111111111111111111111111\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"1111111111111111111111111111111111111111111111111111111111111111\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"1111111111111111111111111111111111111111111111111111111111111111\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"9999999999999999999999999999999999999999999999999999999999999999a\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"9999999999999999999999999999999999999999999999999999999999999999a\"}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"1_000000000000000000000000000000000000000000000000000000000000000000\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"1_000000000000000000000000000000000000000000000000000000000000000000\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"9223372036854775807\"}", ""},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"9223372036854775807\"}", "bcdef"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"9223372036854775808\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"9223372036854775808\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-9223372036854775808\"}", ""},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"-9223372036854775808\"}", ""},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"-9223372036854775809\"}", "ERR "},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"-9223372036854775809\"}", "ERR "},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":\"00000000000000000000000000000000000000000000000000000000000000000000003\"}", "d"},
	{"{{ \"abcdef\" | slice: 1, x }}", "{\"x\":\"00000000000000000000000000000000000000000000000000000000000000000000003\"}", "bcd"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":2}", "c"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":2}", "a b..."},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":2.5}", "ERR invalid integer"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":2.5}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":-2}", "e"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":-2}", "a..."},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":null}", "ERR invalid integer"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":null}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":true}", "ERR invalid integer"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":true}", "ERR invalid integer"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":9223372036854775808}", "ERR "},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":9223372036854775808}", "ERR integer 9223372036854775808 too big for truncatewords"},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":-9223372036854775809}", "ERR "},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":-9223372036854775809}", "a..."},
	{"{{ \"abcdef\" | slice: x }}", "{\"x\":9223372036854775807}", ""},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":9223372036854775807}", "ERR integer 9223372036854775807 too big for truncatewords"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":\"2\"}", "a b..."},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":\" 3 \"}", "a b c..."},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":\"0x2\"}", "a b..."},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":\"9999999999999999999999999999999999999999999999999999999999999999999999\"}", "ERR integer 9999999999999999999999999999999999999999999999999999999999999999999999 too big for truncatewords"},
	{"{{ \"a b c d e f\" | truncatewords: x }}", "{\"x\":\"abc\"}", "ERR invalid integer"},
	{"{{ a | append: \"|\" }}", "{\"a\":[1,null,\"x\\\"y\\\\z\",[2,[]],{\"k\":[1,null]},1.5,true,false]}", "[1, nil, \"x\\\"y\\\\z\", [2, []], {\"k\"=>[1, nil]}, 1.5, true, false]|"},
	{"{{ \"|\" | append: a }}", "{\"a\":[1,null,\"x\\\"y\\\\z\",[2,[]],{\"k\":[1,null]},1.5,true,false]}", "|[1, nil, \"x\\\"y\\\\z\", [2, []], {\"k\"=>[1, nil]}, 1.5, true, false]"},
	{"{{ a | join: \",\" }}", "{\"a\":[1,null,\"x\\\"y\\\\z\",[2,[]],{\"k\":[1,null]},1.5,true,false]}", "1,,x\"y\\z,2,{\"k\"=>[1, nil]},1.5,true,false"},
	{"{{ a | upcase }}", "{\"a\":[1,null,\"x\\\"y\\\\z\",[2,[]],{\"k\":[1,null]},1.5,true,false]}", "[1, NIL, \"X\\\"Y\\\\Z\", [2, []], {\"K\"=>[1, NIL]}, 1.5, TRUE, FALSE]"},
	{"{{ a | append: \"|\" }}", "{\"a\":{\"a\":null,\"b\":\"c\",\"d\":{\"e\":[1]}}}", "{\"a\"=>nil, \"b\"=>\"c\", \"d\"=>{\"e\"=>[1]}}|"},
	{"{{ \"|\" | append: a }}", "{\"a\":{\"a\":null,\"b\":\"c\",\"d\":{\"e\":[1]}}}", "|{\"a\"=>nil, \"b\"=>\"c\", \"d\"=>{\"e\"=>[1]}}"},
	{"{{ a | join: \",\" }}", "{\"a\":{\"a\":null,\"b\":\"c\",\"d\":{\"e\":[1]}}}", "{\"a\"=>nil, \"b\"=>\"c\", \"d\"=>{\"e\"=>[1]}}"},
	{"{{ a | upcase }}", "{\"a\":{\"a\":null,\"b\":\"c\",\"d\":{\"e\":[1]}}}", "{\"A\"=>NIL, \"B\"=>\"C\", \"D\"=>{\"E\"=>[1]}}"},
	{"{{ a | append: \"|\" }}", "{\"a\":null}", "|"},
	{"{{ \"|\" | append: a }}", "{\"a\":null}", "|"},
	{"{{ a | join: \",\" }}", "{\"a\":null}", ""},
	{"{{ a | upcase }}", "{\"a\":null}", ""},
	{"{{ a | append: \"|\" }}", "{\"a\":[]}", "[]|"},
	{"{{ \"|\" | append: a }}", "{\"a\":[]}", "|[]"},
	{"{{ a | join: \",\" }}", "{\"a\":[]}", ""},
	{"{{ a | upcase }}", "{\"a\":[]}", "[]"},
	{"{{ a | append: \"|\" }}", "{\"a\":{}}", "{}|"},
	{"{{ \"|\" | append: a }}", "{\"a\":{}}", "|{}"},
	{"{{ a | join: \",\" }}", "{\"a\":{}}", "{}"},
	{"{{ a | upcase }}", "{\"a\":{}}", "{}"},
	{"{{ a | append: \"|\" }}", "{\"a\":[[[\"a\"]]]}", "[[[\"a\"]]]|"},
	{"{{ \"|\" | append: a }}", "{\"a\":[[[\"a\"]]]}", "|[[[\"a\"]]]"},
	{"{{ a | join: \",\" }}", "{\"a\":[[[\"a\"]]]}", "a"},
	{"{{ a | upcase }}", "{\"a\":[[[\"a\"]]]}", "[[[\"A\"]]]"},
	{"{{ a | append: \"|\" }}", "{\"a\":\"s\"}", "s|"},
	{"{{ \"|\" | append: a }}", "{\"a\":\"s\"}", "|s"},
	{"{{ a | join: \",\" }}", "{\"a\":\"s\"}", "s"},
	{"{{ a | upcase }}", "{\"a\":\"s\"}", "S"},
	{"{{ a | append: \"|\" }}", "{\"a\":3}", "3|"},
	{"{{ \"|\" | append: a }}", "{\"a\":3}", "|3"},
	{"{{ a | join: \",\" }}", "{\"a\":3}", "3"},
	{"{{ a | upcase }}", "{\"a\":3}", "3"},
	{"{{ a | append: \"|\" }}", "{\"a\":-2.5}", "-2.5|"},
	{"{{ \"|\" | append: a }}", "{\"a\":-2.5}", "|-2.5"},
	{"{{ a | join: \",\" }}", "{\"a\":-2.5}", "-2.5"},
	{"{{ a | upcase }}", "{\"a\":-2.5}", "-2.5"},
	{"{{ a | append: \"|\" }}", "{\"a\":[1,2,3]}", "[1, 2, 3]|"},
	{"{{ \"|\" | append: a }}", "{\"a\":[1,2,3]}", "|[1, 2, 3]"},
	{"{{ a | join: \",\" }}", "{\"a\":[1,2,3]}", "1,2,3"},
	{"{{ a | upcase }}", "{\"a\":[1,2,3]}", "[1, 2, 3]"},
	{"{% assign r = (1..3) %}{{ r | append: \"|\" }}{{ r | join: \",\" }}{{ r | first }}{{ r | last }}{{ r | size }}", "{}", "1..3|1,2,3133"},
	{"{% assign r = (3..1) %}[{{ r | join: \",\" }}]{{ r | size }}", "{}", "[]0"},
	{"{% assign r = (-2..2) %}{{ r | join: \",\" }}", "{}", "-2,-1,0,1,2"},
	{"{% assign r = (9223372036854775805..9223372036854775807) %}{{ r | join: \",\" }}", "{}", "9223372036854775805,9223372036854775806,9223372036854775807"},
	{"{% assign r = (1..3) %}{{ a | concat: r | join: \",\" }}", "{\"a\":[[1,2]]}", "ERR concat filter requires an array argument"},
	{"{{ a | join: \",\" }}", "{\"a\":[[1,[2,[3]]],4]}", "1,2,3,4"},
	{"{{ a | first }}-{{ a | last }}-{{ a | size }}", "{\"a\":[[1,[2,[3]]],4]}", "123-4-2"},
	{"{{ a | uniq | join: \",\" }}", "{\"a\":[[1,[2,[3]]],4]}", "1,2,3,4"},
	{"{{ a | join: \",\" }}", "{\"a\":[[],[[]],5]}", "5"},
	{"{{ a | first }}-{{ a | last }}-{{ a | size }}", "{\"a\":[[],[[]],5]}", "-5-3"},
	{"{{ a | uniq | join: \",\" }}", "{\"a\":[[],[[]],5]}", "5"},
	{"{{ a | join: \",\" }}", "{\"a\":[1,[2],3]}", "1,2,3"},
	{"{{ a | first }}-{{ a | last }}-{{ a | size }}", "{\"a\":[1,[2],3]}", "1-3-3"},
	{"{{ a | uniq | join: \",\" }}", "{\"a\":[1,[2],3]}", "1,2,3"},
	{"{{ a | join: \",\" }}", "{\"a\":[[1,2]]}", "1,2"},
	{"{{ a | first }}-{{ a | last }}-{{ a | size }}", "{\"a\":[[1,2]]}", "12-12-1"},
	{"{{ a | uniq | join: \",\" }}", "{\"a\":[[1,2]]}", "1,2"},
	{"{{ a | join: \",\" }}", "{\"a\":[{\"a\":[1]},[{\"b\":2}]]}", "{\"a\"=>[1]},{\"b\"=>2}"},
	{"{{ a | first }}-{{ a | last }}-{{ a | size }}", "{\"a\":[{\"a\":[1]},[{\"b\":2}]]}", "{\"a\"=>[1]}-{\"b\"=>2}-2"},
	{"{{ a | uniq | join: \",\" }}", "{\"a\":[{\"a\":[1]},[{\"b\":2}]]}", "{\"a\"=>[1]},{\"b\"=>2}"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":0}", "1,0,1,a,1,0,1,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":1}", "0,1,1,b,1,0,0,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":2}", "1,1,1,c,1,0,0,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":3}", "0,0,1,,0,1,1,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":-1}", "0,0,0,c,0,0,0,,,,,0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":-3}", "0,0,0,a,0,0,0,,,,,0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":-4}", "0,0,0,,0,0,0,,,,,0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":62}", "0,0,1,,0,0,0,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":63}", "0,0,1,,0,0,0,,,,,1,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":64}", "0,0,1,,0,0,0,,,,,0,1,1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":100}", "0,0,1,,0,0,0,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":1.7}", "0,1,1,b,1,0,0,,,,,0,1,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5,6,-1,\"abc\",[7,8,9],{\"1\":\"h\"},null,true,1.5,9223372036854775808,-9223372036854775809,18446744073709551616],\"p\":-1.5}", "0,0,0,c,0,0,0,,,,,0,0,0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"b\"}", "b,b"},
	{"{{ a | where: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"b\"}", "2"},
	{"{{ a | sort: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"b\"}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"b\"}", "1,"},
	{"{{ a | where: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"b\"}", "1"},
	{"{{ a | sort: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"b\"}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5],\"p\":\"b\"}", "ERR cannot select the property 'b'"},
	{"{{ a | where: p | size }}", "{\"a\":[5],\"p\":\"b\"}", "ERR cannot select the property 'b'"},
	{"{{ a | sort: p | size }}", "{\"a\":[5],\"p\":\"b\"}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[[1]],\"p\":\"b\"}", "ERR cannot select the property 'b'"},
	{"{{ a | where: p | size }}", "{\"a\":[[1]],\"p\":\"b\"}", "ERR cannot select the property 'b'"},
	{"{{ a | sort: p | size }}", "{\"a\":[[1]],\"p\":\"b\"}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[null,1.5,true],\"p\":\"b\"}", ",,"},
	{"{{ a | where: p | size }}", "{\"a\":[null,1.5,true],\"p\":\"b\"}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[null,1.5,true],\"p\":\"b\"}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"x\"}", ",x"},
	{"{{ a | where: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"x\"}", "1"},
	{"{{ a | sort: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"x\"}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"x\"}", ",2"},
	{"{{ a | where: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"x\"}", "1"},
	{"{{ a | sort: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"x\"}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5],\"p\":\"x\"}", "ERR cannot select the property 'x'"},
	{"{{ a | where: p | size }}", "{\"a\":[5],\"p\":\"x\"}", "ERR cannot select the property 'x'"},
	{"{{ a | sort: p | size }}", "{\"a\":[5],\"p\":\"x\"}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[[1]],\"p\":\"x\"}", "ERR cannot select the property 'x'"},
	{"{{ a | where: p | size }}", "{\"a\":[[1]],\"p\":\"x\"}", "ERR cannot select the property 'x'"},
	{"{{ a | sort: p | size }}", "{\"a\":[[1]],\"p\":\"x\"}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[null,1.5,true],\"p\":\"x\"}", ",,"},
	{"{{ a | where: p | size }}", "{\"a\":[null,1.5,true],\"p\":\"x\"}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[null,1.5,true],\"p\":\"x\"}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"1\"}", ","},
	{"{{ a | where: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"1\"}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":\"1\"}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"1\"}", ","},
	{"{{ a | where: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"1\"}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":\"1\"}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5],\"p\":\"1\"}", "ERR cannot select the property '1'"},
	{"{{ a | where: p | size }}", "{\"a\":[5],\"p\":\"1\"}", "ERR cannot select the property '1'"},
	{"{{ a | sort: p | size }}", "{\"a\":[5],\"p\":\"1\"}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[[1]],\"p\":\"1\"}", "ERR cannot select the property '1'"},
	{"{{ a | where: p | size }}", "{\"a\":[[1]],\"p\":\"1\"}", "ERR cannot select the property '1'"},
	{"{{ a | sort: p | size }}", "{\"a\":[[1]],\"p\":\"1\"}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[null,1.5,true],\"p\":\"1\"}", ",,"},
	{"{{ a | where: p | size }}", "{\"a\":[null,1.5,true],\"p\":\"1\"}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[null,1.5,true],\"p\":\"1\"}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":null}", "ERR cannot select the property ''"},
	{"{{ a | where: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":null}", "ERR cannot select the property ''"},
	{"{{ a | sort: p | size }}", "{\"a\":[\"abc\",\"xbz\"],\"p\":null}", "2"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":null}", ","},
	{"{{ a | where: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":null}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[{\"b\":1},{\"x\":2}],\"p\":null}", "ERR cannot sort values of incompatible types"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5],\"p\":null}", "ERR cannot select the property ''"},
	{"{{ a | where: p | size }}", "{\"a\":[5],\"p\":null}", "ERR cannot select the property ''"},
	{"{{ a | sort: p | size }}", "{\"a\":[5],\"p\":null}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[[1]],\"p\":null}", "ERR cannot select the property ''"},
	{"{{ a | where: p | size }}", "{\"a\":[[1]],\"p\":null}", "ERR cannot select the property ''"},
	{"{{ a | sort: p | size }}", "{\"a\":[[1]],\"p\":null}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[null,1.5,true],\"p\":null}", ",,"},
	{"{{ a | where: p | size }}", "{\"a\":[null,1.5,true],\"p\":null}", "0"},
	{"{{ a | sort: p | size }}", "{\"a\":[null,1.5,true],\"p\":null}", "ERR cannot sort values of incompatible types"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5],\"p\":0}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[5],\"p\":2}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[4],\"p\":2}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-8],\"p\":2}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-8],\"p\":100}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-1],\"p\":1000}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-1],\"p\":2000000}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808],\"p\":63}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808],\"p\":62}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808],\"p\":2000000}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809],\"p\":0}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809],\"p\":1}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809],\"p\":63}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809],\"p\":64}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809],\"p\":2000000}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-9223372036854775809],\"p\":-1}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[9223372036854775808],\"p\":-1}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-18446744073709551616],\"p\":64}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[-18446744073709551616],\"p\":3}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[18446744073709551616],\"p\":64}", "1"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[18446744073709551616],\"p\":65}", "0"},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",[1],5,-5],\"p\":9.5e+18}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",[1],5,-5],\"p\":-9.5e+18}", "ERR "},
	{"{{ a | map: p | join: \",\" }}", "{\"a\":[\"abc\",[1],5,-5],\"p\":9.3e+18}", "ERR "},
}

// TestFnormNilValues: filters read a nil Go pointer, map or slice as nil,
// and an empty but non-nil one as itself.
func TestFnormNilValues(t *testing.T) {
	type rec struct{ A int }
	for _, v := range []any{(*Map)(nil), (*rec)(nil), map[string]int(nil), []string(nil)} {
		if got := fnorm(v); got != nil {
			t.Errorf("fnorm(%T nil) = %v, want nil", v, got)
		}
	}
	for _, v := range []any{&rec{}, map[string]int{}, []string{}, rec{}} {
		if got := fnorm(v); got == nil {
			t.Errorf("fnorm(%#v) = nil", v)
		}
	}
}

// TestFilterDepthLimits pins shea's own bounds, which Ruby does not have:
// the inspect form shows maxFilterDepth+1 levels of nesting and "[...]"
// below them, and flattening fails past maxFilterDepth levels.
func TestFilterDepthLimits(t *testing.T) {
	nestObjects := func(n int) any {
		var v any = NewMap()
		for i := 1; i < n; i++ {
			m := NewMap()
			m.Set("k", v)
			v = m
		}
		return v
	}
	if s := strOf(nestArrays(maxFilterDepth + 1)); strings.Contains(s, "[...]") || strings.Count(s, "[") != maxFilterDepth+1 {
		t.Errorf("%d nested arrays: %.40q…", maxFilterDepth+1, s)
	}
	if s := strOf(nestArrays(maxFilterDepth + 2)); !strings.HasSuffix(s, "[[...]"+strings.Repeat("]", maxFilterDepth+1)) {
		t.Errorf("%d nested arrays: …%q, want [...] innermost", maxFilterDepth+2, s[len(s)-20:])
	}
	if s := strOf(nestObjects(maxFilterDepth + 1)); strings.Contains(s, "[...]") {
		t.Errorf("%d nested objects: [...] in %.40q…", maxFilterDepth+1, s)
	}
	if s := strOf(nestObjects(maxFilterDepth + 2)); !strings.HasSuffix(s, `{"k"=>[...]}`+strings.Repeat("}", maxFilterDepth)) {
		t.Errorf("%d nested objects: …%q", maxFilterDepth+2, s[len(s)-20:])
	}
	if _, err := flatten([]any{nestArrays(maxFilterDepth)}); err != nil {
		t.Errorf("flatten %d levels: %v", maxFilterDepth+1, err)
	}
	if _, err := flatten([]any{nestArrays(maxFilterDepth + 1)}); err == nil {
		t.Errorf("flatten %d levels: no error", maxFilterDepth+2)
	}
}

// TestIterItemsRanges: a range of maxFilterItems numbers is iterated, one
// more fails; a range ending at the largest int64 stops there; flattening
// keeps a range nested in an array whole (Ruby: [1..2, [3]].flatten is
// [1..2, 3]).
func TestIterItemsRanges(t *testing.T) {
	items, err := iterItems(nil, rangeValue{lo: 1, hi: maxFilterItems})
	if err != nil || len(items) != maxFilterItems || items[len(items)-1] != int64(maxFilterItems) {
		t.Errorf("(1..%d): %d items, %v", maxFilterItems, len(items), err)
	}
	if _, err := iterItems(nil, rangeValue{lo: 1, hi: maxFilterItems + 1}); err == nil {
		t.Errorf("(1..%d): no error", maxFilterItems+1)
	}
	items, err = iterItems(nil, rangeValue{lo: math.MaxInt64 - 1, hi: math.MaxInt64})
	if err != nil || !reflect.DeepEqual(items, []any{int64(math.MaxInt64 - 1), int64(math.MaxInt64)}) {
		t.Errorf("range to MaxInt64: %v, %v", items, err)
	}
	got, err := flatten([]any{rangeValue{lo: 1, hi: 2}, []any{int64(3)}})
	if err != nil || !reflect.DeepEqual(got, []any{rangeValue{lo: 1, hi: 2}, int64(3)}) {
		t.Errorf("flatten [1..2, [3]] = %v, %v", got, err)
	}
}

// TestIterItemsRangeMemory: a range's numbers count against the memory
// limit before they are made, 2 items and 8 bytes per number (the boxed
// numbers and the array a filter builds from them): a limit of exactly
// that much lets (1..1000) through, one byte less stops it.
func TestIterItemsRangeMemory(t *testing.T) {
	const n = 1000
	need := 2*n*itemBytes + 8*n
	for _, c := range []struct {
		max  int
		fail bool
	}{{need, false}, {need - 1, true}} {
		b := &budget{ctx: context.Background(), limits: Limits{MaxMemory: c.max}}
		items, err := iterItems(b, rangeValue{lo: 1, hi: n})
		if c.fail != (err != nil) || !c.fail && len(items) != n {
			t.Errorf("(1..%d) with a %d-byte limit: %d items, error %v", n, c.max, len(items), err)
		}
	}
}
