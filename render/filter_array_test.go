package render

import (
	"math"
	"testing"
)

func TestArrayFilters(t *testing.T) {
	objs := js(`[{"title":"foo","name":"a"},{"title":null,"name":"b"},{"title":"bar","name":"c"}]`).([]any)
	runFilterCases(t, []filterCase{
		// join
		{filter: "join", in: js(`["a","b"]`), args: args("#"), want: "a#b"},                          // golden: filters, join, join an array of strings
		{filter: "join", in: js(`[1,2]`), args: args("#"), want: "1#2"},                              // golden: filters, join, join an array of integers
		{filter: "join", in: js(`["a","b"]`), args: args(int64(5)), want: "a5b"},                     // golden: filters, join, argument is not a string
		{filter: "join", in: "a,b", args: args("#"), want: "a,b"},                                    // golden: filters, join, joining a string is a noop
		{filter: "join", in: int64(123), args: args("#"), want: "123"},                               // golden: filters, join, joining an int is a noop
		{filter: "join", in: js(`["a","b"]`), want: "a b"},                                           // golden: filters, join, missing argument defaults to a space
		{filter: "join", in: rangeValue{lo: 1, hi: 3}, args: args("#"), want: "1#2#3"},               // golden: filters, join, range literal join filter left value
		{filter: "join", in: rangeValue{lo: 5, hi: 1}, args: args("#"), want: ""},                    // golden: range, end is less than start
		{filter: "join", in: js(`["a","b"]`), args: args(nil), want: "ab"},                           // golden: filters, join, undefined argument
		{filter: "join", in: nil, args: args("#"), want: ""},                                         // golden: filters, join, undefined left value
		{filter: "join", in: js(`["a",1]`), args: args("#"), want: "a#1"},                            // golden: special, first of an object (joins the pair)
		{filter: "join", in: js(`["a",1,null,{"k":1.5}]`), args: args(","), want: `a,1,,{"k"=>1.5}`}, // ruby: items through Utils.to_s; Hash#inspect before Ruby 3.4, the spec's recorded form
		{filter: "join", in: js(`[[1,[2]],3]`), args: args(","), want: "1,2,3"},                      // ruby: flattened
		{filter: "join", in: []string{"x", "y"}, args: args("-"), want: "x-y"},                       // Go slices are arrays
		{filter: "join", in: rangeValue{lo: 1, hi: 1 << 40}, args: args(","), err: "too many items"}, // shea: bounded

		// first, last
		{filter: "first", in: js(`["a","b"]`), want: "a"},               // golden: filters, first, array of strings
		{filter: "first", in: js(`[]`), want: nil},                      // golden: filters, first, empty left value
		{filter: "first", in: js(`{"b":1,"c":2}`), want: js(`["b",1]`)}, // golden: filters, first, first of a hash
		{filter: "first", in: "hello", want: "h"},                       // golden: filters, first, first of a string (results "" or "h")
		{filter: "first", in: int64(12), want: nil},                     // golden: filters, first, left value is not an array
		{filter: "first", in: nil, want: nil},                           // golden: filters, first, left value is undefined
		{filter: "first", in: rangeValue{lo: 1, hi: 3}, want: int64(1)}, // golden: filters, first, range literal first filter left value
		{filter: "first", in: js(`[[1,2],3]`), want: js(`[1,2]`)},       // ruby: not flattened
		{filter: "first", in: "", want: nil},                            // empty string: no first character
		{filter: "last", in: js(`["a","b"]`), want: "b"},                // golden: filters, last, array of strings
		{filter: "last", in: js(`["a","b",1,[],{}]`), want: js(`{}`)},   // golden: filters, last, array of things
		{filter: "last", in: js(`[]`), want: nil},                       // golden: filters, last, empty array
		{filter: "last", in: js(`{"b":1,"c":2}`), want: nil},            // golden: filters, last, last of a hash
		{filter: "last", in: "hello", want: "o"},                        // golden: filters, last, last of a string (results "" or "o")
		{filter: "last", in: int64(12), want: nil},                      // golden: filters, last, left value not an array
		{filter: "last", in: rangeValue{lo: 1, hi: 3}, want: int64(3)},  // golden: filters, last, range literal last filter left value

		// size
		{filter: "size", in: js(`{"a":1,"b":2}`), want: int64(2)},      // golden: filters, size, size of a hash
		{filter: "size", in: "abc", want: int64(3)},                    // golden: filters, size, size of a string
		{filter: "size", in: js(`["a","b","c"]`), want: int64(3)},      // golden: filters, size, size of an array
		{filter: "size", in: js(`[]`), want: int64(0)},                 // golden: filters, size, size of an empty array
		{filter: "size", in: nil, want: int64(0)},                      // golden: filters, size, undefined left value
		{filter: "size", in: "héllo", want: int64(5)},                  // ruby: characters, not bytes
		{filter: "size", in: int64(5), want: int64(8)},                 // ruby: Integer#size is 8
		{filter: "size", in: 1.5, want: int64(0)},                      // ruby: Float has no size
		{filter: "size", in: true, want: int64(0)},                     // ruby
		{filter: "size", in: rangeValue{lo: 1, hi: 5}, want: int64(5)}, // ruby: Range#size

		// reverse
		{filter: "reverse", in: js(`["b","a","B","A"]`), want: js(`["A","B","a","b"]`)}, // golden: filters, reverse, array of strings
		{filter: "reverse", in: js(`["a","b",1,[],{}]`), want: js(`[{},1,"b","a"]`)},    // golden: filters, reverse, array of things (the [] flattens away)
		{filter: "reverse", in: js(`[]`), want: js(`[]`)},                               // golden: filters, reverse, empty array
		{filter: "reverse", in: nil, want: js(`[]`)},                                    // golden: filters, reverse, left value is undefined
		{filter: "reverse", in: int64(123), want: js(`[123]`)},                          // golden: filters, reverse, left value not an array
		{filter: "reverse", in: rangeValue{lo: 2, hi: 5}, want: js(`[5,4,3,2]`)},        // golden: output, reverse a range
		{filter: "reverse", in: js(`{"a":1}`), want: js(`[{"a":1}]`)},                   // ruby: a hash is one item

		// concat
		{filter: "concat", in: js(`["a","b",5]`), args: args(js(`["c","d"]`)), want: js(`["a","b",5,"c","d"]`)},                             // golden: filters, concat, left value contains non string
		{filter: "concat", in: "ab", args: args(js(`["c","d"]`)), want: js(`["ab","c","d"]`)},                                               // golden: filters, concat, left value is not array-like
		{filter: "concat", in: js(`[["a","x"],["b",["y",["z"]]]]`), args: args(js(`["c","d"]`)), want: js(`["a","x","b","y","z","c","d"]`)}, // golden: filters, concat, nested left value gets flattened
		{filter: "concat", in: js(`["a","b"]`), args: args(int64(5)), err: "concat filter requires an array argument"},                      // golden: filters, concat, non array-like argument is an error
		{filter: "concat", in: rangeValue{lo: 1, hi: 3}, args: args(js(`[5,6,7]`)), want: js(`[1,2,3,5,6,7]`)},                              // golden: filters, concat, range literal concat filter left value
		{filter: "concat", in: js(`["a","b"]`), args: args(nil), err: "concat filter requires an array argument"},                           // golden: filters, concat, undefined argument is an error
		{filter: "concat", in: nil, args: args(js(`["c","d"]`)), want: js(`["c","d"]`)},                                                     // golden: filters, concat, undefined left value
		{filter: "concat", in: js(`[1]`), args: args(js(`[[2],3]`)), want: js(`[1,[2],3]`)},                                                 // ruby: the argument is not flattened
		{filter: "concat", in: js(`[1]`), args: args(rangeValue{lo: 2, hi: 3}), err: "requires an array"},                                   // ruby: a Range has no to_ary
		{filter: "concat", in: js(`[1]`), args: args(js(`{"a":1}`)), err: "requires an array"},                                              // ruby

		// compact
		{filter: "compact", in: objs, args: args("title"), want: []any{objs[0], objs[2]}},            // golden: filters, compact, array of objects with key property
		{filter: "compact", in: js(`["b","a",null,"A"]`), want: js(`["b","a","A"]`)},                 // golden: filters, compact, array with a nil
		{filter: "compact", in: js(`[]`), want: js(`[]`)},                                            // golden: filters, compact, empty array
		{filter: "compact", in: int64(123), want: js(`[123]`)},                                       // golden: filters, compact, left value is not an array
		{filter: "compact", in: nil, want: js(`[]`)},                                                 // golden: filters, compact, left value is undefined
		{filter: "compact", in: js(`[{"a":1},null]`), args: args("a"), want: nil},                    // ruby: an item without [] gives nil
		{filter: "compact", in: js(`[1,2]`), args: args("a"), err: "cannot select the property 'a'"}, // ruby: 1["a"] is a TypeError

		// uniq
		{filter: "uniq", in: js(`[{"title":"foo","name":"a"},{"title":"foo","name":"b"},{"title":"bar","name":"c"}]`), args: args("title"), want: js(`[{"title":"foo","name":"a"},{"title":"bar","name":"c"}]`)},                                                                                        // golden: filters, uniq, array of objects with key property
		{filter: "uniq", in: js(`[{"title":"foo","name":"a"},{"title":"foo","name":"b"},{"title":"bar","name":"c"},{"heading":"bar","name":"c"},{"heading":"baz","name":"d"}]`), args: args("title"), want: js(`[{"title":"foo","name":"a"},{"title":"bar","name":"c"},{"heading":"bar","name":"c"}]`)}, // golden: filters, uniq, array of objects with missing key property
		{filter: "uniq", in: js(`["a","b","b","a"]`), want: js(`["a","b"]`)},                   // golden: filters, uniq, array of strings
		{filter: "uniq", in: js(`["a","b",1,1]`), want: js(`["a","b",1]`)},                     // golden: filters, uniq, array of things
		{filter: "uniq", in: js(`[]`), want: js(`[]`)},                                         // golden: filters, uniq, empty array
		{filter: "uniq", in: int64(123), want: js(`[123]`)},                                    // golden: filters, uniq, left value is not an array
		{filter: "uniq", in: nil, want: js(`[]`)},                                              // golden: filters, uniq, left value is undefined
		{filter: "uniq", in: js(`["a","b",[],{},{}]`), want: js(`["a","b",{}]`)},               // golden: filters, uniq, unhashable items
		{filter: "uniq", in: js(`[1,1.0,"1"]`), want: js(`[1,1.0,"1"]`)},                       // ruby: eql? keeps 1 and 1.0 apart
		{filter: "uniq", in: js(`[{"a":1,"b":2},{"b":2,"a":1}]`), want: js(`[{"a":1,"b":2}]`)}, // ruby: hashes equal whatever the order

		// slice
		{filter: "slice", in: "Liquid", args: args(2.2), err: "invalid integer"},                      // golden: filters, slice, first argument is a float
		{filter: "slice", in: "hello", args: args("2"), want: "l"},                                    // golden: filters, slice, first argument is a string
		{filter: "slice", in: "hello", args: args("foo"), err: "invalid integer"},                     // golden: filters, slice, first argument not an integer
		{filter: "slice", in: "Liquid", args: args(int64(-2)), want: "i"},                             // golden: filters, slice, negative first argument
		{filter: "slice", in: "Liquid", args: args(int64(-2), int64(99)), want: "id"},                 // golden: filters, slice, negative first argument and length out of range
		{filter: "slice", in: "Liquid", args: args(int64(-2), int64(-1)), want: ""},                   // golden: filters, slice, negative first argument and negative length
		{filter: "slice", in: "Liquid", args: args(int64(-2), int64(2)), want: "id"},                  // golden: filters, slice, negative first argument and positive length
		{filter: "slice", in: int64(5), args: args(int64(1)), want: ""},                               // golden: filters, slice, not a string
		{filter: "slice", in: "hello", args: args(int64(1)), want: "e"},                               // golden: filters, slice, one
		{filter: "slice", in: "hello", args: args(int64(1), int64(3)), want: "ell"},                   // golden: filters, slice, one length three
		{filter: "slice", in: "hello", args: args(int64(99)), want: ""},                               // golden: filters, slice, out of range
		{filter: "slice", in: "Liquid", args: args(int64(1), 2.2), err: "invalid integer"},            // golden: filters, slice, second argument is a float
		{filter: "slice", in: "hello", args: args(int64(3), "2"), want: "lo"},                         // golden: filters, slice, second argument is a string
		{filter: "slice", in: "hello", args: args(int64(5), "foo"), err: "invalid integer"},           // golden: filters, slice, second argument not an integer
		{filter: "slice", in: js(`[1,2,3,4,5]`), args: args(int64(2), int64(3)), want: js(`[3,4,5]`)}, // golden: filters, slice, slice an array of numbers
		{filter: "slice", in: "hello", args: args(nil, int64(3)), err: "invalid integer"},             // golden: filters, slice, undefined first argument
		{filter: "slice", in: nil, args: args(int64(1), int64(3)), want: ""},                          // golden: filters, slice, undefined left value
		{filter: "slice", in: "hello", args: args(int64(1), nil), want: "e"},                          // golden: filters, slice, undefined second argument
		{filter: "slice", in: "hello", args: args(int64(0)), want: "h"},                               // golden: filters, slice, zero
		{filter: "slice", in: "hello", args: args("0x1"), want: "e"},                                  // ruby: Integer("0x1")
		{filter: "slice", in: "hello", args: args(" 1 "), want: "e"},                                  // ruby: Integer(" 1 ")
		{filter: "slice", in: "hello", args: args(int64(-10), int64(3)), want: ""},                    // ruby
		{filter: "slice", in: "hello", args: args(int64(5)), want: ""},                                // ruby: at the end is "", not nil
		{filter: "slice", in: "hello", args: args(int64(2), int64(0)), want: ""},                      // ruby
		{filter: "slice", in: js(`[3,1,2]`), args: args(int64(1), int64(5)), want: js(`[1,2]`)},       // ruby
		{filter: "slice", in: js(`[3,1,2]`), args: args(int64(-1)), want: js(`[2]`)},                  // ruby
		{filter: "slice", in: js(`[3,1,2]`), args: args(int64(4)), want: js(`[]`)},                    // ruby: nil becomes []
		{filter: "slice", in: "héllo", args: args(int64(1), int64(2)), want: "él"},                    // characters, not bytes
		{filter: "slice", in: "hello", args: args(int64(math.MinInt64), int64(math.MaxInt64)), want: ""},
		{filter: "slice", in: "hello", args: args(int64(1), int64(math.MaxInt64)), want: "ello"},
	})
}

func TestParseRubyInteger(t *testing.T) {
	// ruby: Kernel#Integer
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"42", 42, true}, {" -42\n", -42, true}, {"+7", 7, true}, {"1_000", 1000, true},
		{"0x1A", 26, true}, {"0b101", 5, true}, {"0o17", 15, true}, {"017", 15, true}, {"0", 0, true},
		{"08", 0, false}, {"1__0", 0, false}, {"_1", 0, false}, {"1_", 0, false}, {"2.5", 0, false},
		{"", 0, false}, {"abc", 0, false}, {"12abc", 0, false}, {"0x", 0, false},
		{"99999999999999999999", math.MaxInt64, true}, {"-99999999999999999999", math.MinInt64, true},
	}
	for _, c := range cases {
		got, ok := parseRubyInteger(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("parseRubyInteger(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
