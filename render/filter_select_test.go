package render

import "testing"

func TestSelectFilters(t *testing.T) {
	titled := js(`[{"title":"foo"},{"title":"bar"},{"title":null}]`).([]any)
	rejectIn := js(`[{"title":"foo"},{"title":false},{"title":null},{"heading":"baz"}]`).([]any)
	hash := js(`{"foo":1,"bar":2,"baz":3}`)
	runFilterCases(t, []filterCase{
		// map
		{filter: "map", in: js(`[{"title":"foo"},{"title":"bar"},{"title":"baz"}]`), args: args("title"), want: js(`["foo","bar","baz"]`)},   // golden: filters, map, array of objects
		{filter: "map", in: js(`[{"title":"foo"},{"title":"bar"},5,[]]`), args: args("title"), err: "cannot select the property 'title'"},    // golden: filters, map, array containing a non object
		{filter: "map", in: js(`{"title":"foo","some":"thing"}`), args: args("title"), want: js(`["foo"]`)},                                  // golden: filters, map, input is a hash
		{filter: "map", in: int64(123), args: args("title"), err: "cannot select the property 'title'"},                                      // golden: filters, map, left value not an array
		{filter: "map", in: js(`[{"title":"foo"},{"title":"bar"},{"heading":"baz"}]`), args: args("title"), want: js(`["foo","bar",null]`)},  // golden: filters, map, missing property
		{filter: "map", in: js(`[{"title":"foo"},[{"title":"bar"},{"title":"baz"}]]`), args: args("title"), want: js(`["foo","bar","baz"]`)}, // golden: filters, map, nested arrays get flattened
		{filter: "map", in: js(`[{"title":"foo"},{"title":"bar"}]`), args: args(nil), want: js(`[null,null]`)},                               // golden: filters, map, argument is explicit nil
		{filter: "map", in: js(`[3,1,2]`), args: args(int64(0)), want: js(`[1,1,0]`)},                                                        // ruby: Integer#[] is a bit
		{filter: "map", in: js(`["title page",null,1.5]`), args: args("title"), want: js(`["title",null,null]`)},                             // ruby: String#[] substring; nil and floats have no []
		{filter: "map", in: js(`[1,2]`), args: args("to_liquid"), want: js(`[1,2]`)},                                                         // ruby: to_liquid returns the items

		// where
		{filter: "where", in: titled, args: args("title"), want: []any{titled[0], titled[1]}},                                                      // golden: filters, where, array of hashes
		{filter: "where", in: js(`[{"heading":"foo"},{"title":"bar"},{"title":null}]`), args: args("title", "bar"), want: js(`[{"title":"bar"}]`)}, // golden: filters, where, array of hashes with a missing key
		{filter: "where", in: titled, args: args("title", "bar"), want: []any{titled[1]}},                                                          // golden: filters, where, array of hashes with equality test
		{filter: "where", in: titled, args: args(nil, nil), want: js(`[]`)},                                                                        // golden: filters, where, both arguments are undefined
		{filter: "where", in: titled, args: args(nil), want: js(`[]`)},                                                                             // golden: filters, where, first argument is undefined
		{filter: "where", in: int64(123), args: args("title"), err: "cannot select the property 'title'"},                                          // golden: filters, where, left value is not an array
		{filter: "where", in: nil, args: args("title"), want: js(`[]`)},                                                                            // golden: filters, where, left value is undefined
		{filter: "where", in: titled, args: args("title", nil), want: []any{titled[0], titled[1]}},                                                 // golden: filters, where, second argument is undefined
		{filter: "where", in: js(`[{"b":false},{"b":"bar"},{"b":null}]`), args: args("b", nil), want: js(`[{"b":"bar"}]`)},                         // golden: filters, where, value is explicit nil
		{filter: "where", in: js(`[{"b":false},{"b":"bar"},{"b":null}]`), args: args("b", false), want: js(`[{"b":false}]`)},                       // golden: filters, where, value is false
		{filter: "where", in: js(`[{"n":1},{"n":1.0},{"n":"1"}]`), args: args("n", int64(1)), want: js(`[{"n":1},{"n":1.0}]`)},                     // ruby: == between 1 and 1.0
		{filter: "where", in: js(`[3,1,2]`), args: args(int64(1)), want: js(`[3,1,2]`)},                                                            // ruby: bits are 0 or 1, both truthy

		// reject
		{filter: "reject", in: js(`["x","y","cat",1]`), args: args("c"), err: "cannot select the property 'c'"},                                                                                      // golden: filters, reject, array containing an int, default value
		{filter: "reject", in: js(`["x","y","cat",null]`), args: args("c"), want: nil},                                                                                                               // golden: filters, reject, array containing null, default value
		{filter: "reject", in: rejectIn, args: args("title"), want: rejectIn[1:]},                                                                                                                    // golden: filters, reject, array of hashes, default value
		{filter: "reject", in: js(`[{"title":false},{"title":"bar"},{"title":null},{"heading":"baz"}]`), args: args("title", false), want: js(`[{"title":"bar"},{"title":null},{"heading":"baz"}]`)}, // golden: filters, reject, array of hashes, explicit false
		{filter: "reject", in: rejectIn, args: args("title", nil), want: rejectIn[1:]},                                                                                                               // golden: filters, reject, array of hashes, explicit nil
		{filter: "reject", in: js(`[{"title":true},{"title":"bar"},{"title":null}]`), args: args("title", true), want: js(`[{"title":"bar"},{"title":null}]`)},                                       // golden: filters, reject, array of hashes, explicit true
		{filter: "reject", in: js(`[{"heading":"foo"},{"title":"bar"},{"title":null}]`), args: args("title", "bar"), want: js(`[{"heading":"foo"},{"title":null}]`)},                                 // golden: filters, reject, array of hashes, missing property
		{filter: "reject", in: js(`["x","y","cat"]`), args: args("c"), want: js(`["x","y"]`)},                                                                                                        // golden: filters, reject, array of strings, default value
		{filter: "reject", in: hash, args: args("bar"), want: js(`[]`)},                                                                                                                              // golden: filters, reject, input is a hash, default value
		{filter: "reject", in: js(`{"foo":1,"bar":null,"baz":3}`), args: args("bar"), want: js(`[{"foo":1,"bar":null,"baz":3}]`)},                                                                    // golden: filters, reject, input is a hash, default value, nil match
		{filter: "reject", in: hash, args: args("barbar"), want: []any{hash}},                                                                                                                        // golden: filters, reject, input is a hash, default value, no match
		{filter: "reject", in: hash, args: args("bar", int64(2)), want: js(`[]`)},                                                                                                                    // golden: filters, reject, input is a hash, int value, match
		{filter: "reject", in: hash, args: args("bar", int64(1)), want: []any{hash}},                                                                                                                 // golden: filters, reject, input is a hash, int value, no match
		{filter: "reject", in: nil, args: args("c"), want: js(`[]`)},                                                                                                                                 // golden: filters, reject, input is undefined
		{filter: "reject", in: js(`[[{"title":"foo"},{"title":"bar"}],[[{"title":null}]]]`), args: args("title", "bar"), want: js(`[{"title":"foo"},{"title":null}]`)},                               // golden: filters, reject, nested array of hashes gets flattened
		{filter: "reject", in: titled, args: args("title", nil), want: []any{titled[2]}},                                                                                                             // golden: filters, reject, second argument is undefined
		{filter: "reject", in: "foobar", args: args("xx"), want: js(`["foobar"]`)},                                                                                                                   // golden: filters, reject, string input becomes a single element array, no match
		{filter: "reject", in: "foobar", args: args("oo"), want: js(`[]`)},                                                                                                                           // golden: filters, reject, string input becomes a single element array, substring match
		{filter: "reject", in: js(`["x","y","cat"]`), args: args(nil), err: "cannot select the property ''"},                                                                                         // ruby: "x"[nil] is a TypeError (golden: filters, reject, first argument is undefined renders "" because Ruby's lax assign swallows it)

		// has
		{filter: "has", in: js(`[{"x":99},{"z":42}]`), args: args(false), want: false},             // golden: filters, has, array of hashes, false property
		{filter: "has", in: js(`[{"x":99},{"z":42}]`), args: args(int64(42)), want: false},         // golden: filters, has, array of hashes, int property
		{filter: "has", in: js(`[{"x":99},{"z":42}]`), args: args("z", int64(42)), want: true},     // golden: filters, has, array of hashes, int value, match
		{filter: "has", in: js(`[{"x":99},{"z":42}]`), args: args("z", int64(7)), want: false},     // golden: filters, has, array of hashes, int value, no match
		{filter: "has", in: js(`[{"x":99},{"z":42}]`), args: args(nil), want: false},               // golden: filters, has, array of hashes, nil property
		{filter: "has", in: js(`[{"x":99},null,{"z":42}]`), args: args("z", int64(42)), want: nil}, // golden: filters, has, array of hashes, with a nil
		{filter: "has", in: js(`[1,2,3]`), args: args(int64(2)), want: true},                       // golden: filters, has, array of ints, default value
		{filter: "has", in: js(`[1,2,3]`), args: args("2"), err: "cannot select the property '2'"}, // golden: filters, has, array of ints, string argument, default value
		{filter: "has", in: js(`["x","y","z"]`), args: args("z"), want: true},                      // golden: filters, has, array of strings, default value
		{filter: "has", in: js(`["x","y","z"]`), args: args(":("), want: false},                    // golden: filters, has, array of strings, default value, no match
		{filter: "has", in: js(`["x","y","zoo"]`), args: args("z"), want: true},                    // golden: filters, has, array of strings, default value, substring match
		{filter: "has", in: js(`{"z":42}`), args: args("z"), want: true},                           // golden: filters, has, hash input, default value, match
		{filter: "has", in: js(`{"x":42}`), args: args("z"), want: false},                          // golden: filters, has, hash input, default value, no match
		{filter: "has", in: js(`{"z":null}`), args: args("z", nil), want: false},                   // golden: filters, has, hash input, explicit nil, match
		{filter: "has", in: js(`{"z":42}`), args: args("z", nil), want: true},                      // golden: filters, has, hash input, explicit nil, no match
		{filter: "has", in: js(`{"z":false}`), args: args("z", false), want: true},                 // golden: filters, has, hash input, false value, match
		{filter: "has", in: js(`{"z":42}`), args: args("z", "42"), want: false},                    // golden: filters, has, hash input, string value, no type coercion
		{filter: "has", in: js(`["x",null,"z",false,true]`), args: args("z"), want: nil},           // golden: filters, has, mixed array, default value
		{filter: "has", in: "zoo", args: args("z"), want: true},                                    // golden: filters, has, string input, default value, match
		{filter: "has", in: "foo", args: args("z"), want: false},                                   // golden: filters, has, string input, default value, no match
		{filter: "has", in: nil, args: args("z"), want: false},                                     // ruby: an empty input has nothing

		// find, find_index
		{filter: "find", in: js(`[{"x":99},{"z":42,"foo":"bar"}]`), args: args("z", int64(42)), want: js(`{"z":42,"foo":"bar"}`)}, // golden: filters, find, array of hashes, int value, match
		{filter: "find", in: js(`[{"x":99},null,{"z":42,"foo":"bar"}]`), args: args("z", int64(42)), want: nil},                   // golden: filters, find, array of hashes, with a nil
		{filter: "find", in: js(`["x","y","z"]`), args: args("z"), want: "z"},                                                     // golden: filters, find, array of strings, default value
		{filter: "find", in: js(`["x","y","zoo"]`), args: args("foo"), want: nil},                                                 // golden: filters, find, array of strings, default value, no match
		{filter: "find", in: js(`["x","y","zoo"]`), args: args("oo"), want: "zoo"},                                                // golden: filters, find, array of strings, substring match, default value
		{filter: "find", in: js(`{"z":42}`), args: args("z"), want: js(`{"z":42}`)},                                               // golden: filters, find, hash input, default value, match
		{filter: "find", in: js(`{"z":42}`), args: args("foo"), want: nil},                                                        // golden: filters, find, hash input, default value, no match
		{filter: "find", in: js(`{"z":null}`), args: args("z", nil), want: nil},                                                   // golden: filters, find, hash input, explicit nil, match
		{filter: "find", in: js(`["x",null,"z",false,true]`), args: args("z"), want: nil},                                         // golden: filters, find, mixed array, default value
		{filter: "find", in: "zoo", args: args("z", "z"), want: "zoo"},                                                            // golden: filters, find, string input, string value, match
		{filter: "find", in: "zoo", args: args("z", "y"), want: nil},                                                              // golden: filters, find, string input, string value, no match
		{filter: "find_index", in: js(`["foo","bar",{"z":null}]`), args: args("z", nil), want: nil},                               // golden: filters, find index, array of hashes, explicit nil, match
		{filter: "find_index", in: js(`[{"x":99},{"z":42,"foo":"bar"}]`), args: args("z", int64(42)), want: int64(1)},             // golden: filters, find index, array of hashes, int value, match
		{filter: "find_index", in: js(`["x","y","z"]`), args: args("z"), want: int64(2)},                                          // golden: filters, find index, array of strings, default value
		{filter: "find_index", in: js(`["x","y","zoo"]`), args: args("oo"), want: int64(2)},                                       // golden: filters, find index, array of strings, substring match, default value
		{filter: "find_index", in: js(`{"z":42}`), args: args("z"), want: int64(0)},                                               // golden: filters, find index, hash input, default value, match
		{filter: "find_index", in: js(`{"z":42}`), args: args("z", int64(42)), want: int64(0)},                                    // golden: filters, find index, hash input, int value, match
		{filter: "find_index", in: js(`["x",null,"z",false,true]`), args: args("z"), want: nil},                                   // golden: filters, find index, mixed array, default value
		{filter: "find_index", in: "zoo", args: args("z", "y"), want: nil},                                                        // golden: filters, find index, string input, string value, no match

		// sum
		{filter: "sum", in: js(`[]`), want: int64(0)},                                               // golden: filters, sum, empty sequence
		{filter: "sum", in: js(`[{"k":"1"},{"k":"2"},{"k":"3"}]`), args: args("k"), want: int64(6)}, // golden: filters, sum, hashes with numeric strings and property argument
		{filter: "sum", in: js(`[{"k":1},{"k":2},{"k":3}]`), args: args("k"), want: int64(6)},       // golden: filters, sum, hashes with property argument
		{filter: "sum", in: js(`[{"k":1},{"k":2},{"x":3}]`), args: args("k"), want: int64(3)},       // golden: filters, sum, hashes with some missing properties
		{filter: "sum", in: js(`[{"k":1},{"k":2},{"k":3}]`), want: int64(0)},                        // golden: filters, sum, hashes without property argument
		{filter: "sum", in: js(`[1,2,3]`), want: int64(6)},                                          // golden: filters, sum, ints
		{filter: "sum", in: js(`[-1,-2,-3]`), want: int64(-6)},                                      // golden: filters, sum, negative ints
		{filter: "sum", in: js(`["-1","-2","-3"]`), want: int64(-6)},                                // golden: filters, sum, negative strings
		{filter: "sum", in: js(`[1,[2,[3]]]`), want: int64(6)},                                      // golden: filters, sum, nested ints
		{filter: "sum", in: js(`[0,0,0]`), want: int64(0)},                                          // golden: filters, sum, only zeros
		{filter: "sum", in: js(`[-2,-3,10]`), want: int64(5)},                                       // golden: filters, sum, positive and negative ints
		{filter: "sum", in: js(`[1,2,3]`), args: args("k"), err: "cannot select the property 'k'"},  // golden: filters, sum, properties arguments with non-hash items
		{filter: "sum", in: js(`[0.1,0.2,1]`), want: 1.3},                                           // ruby: BigDecimal sum, exact
		{filter: "sum", in: js(`[{"k":[1,2]},{"k":3},null]`), args: args("k"), want: int64(6)},      // ruby: property values flattened, nil items count 0
	})
}

func TestSortFilters(t *testing.T) {
	titled := js(`[{"title":"foo"},{"title":"Baz"},{"title":"bar"}]`).([]any)
	missing := js(`[{"title":"foo"},{"heading":"Baz"},{"title":"bar"}]`).([]any)
	natural := js(`[{"title":"foo"},{"title":"bar"},{"title":"Baz"}]`).([]any)
	runFilterCases(t, []filterCase{
		{filter: "sort", in: js(`["b","a"]`), args: args(nil), want: js(`["a","b"]`)},                                 // golden: filters, sort, argument is undefined
		{filter: "sort", in: js(`[1,1000,3,30]`), want: js(`[1,3,30,1000]`)},                                          // golden: filters, sort, array of integers
		{filter: "sort", in: titled, args: args("title"), want: []any{titled[1], titled[2], titled[0]}},               // golden: filters, sort, array of objects
		{filter: "sort", in: missing, args: args("title"), want: []any{missing[2], missing[0], missing[1]}},           // golden: filters, sort, array of objects with missing key
		{filter: "sort", in: js(`["b","a","C","B","A"]`), want: js(`["A","B","C","a","b"]`)},                          // golden: filters, sort, array of strings
		{filter: "sort", in: js(`[]`), want: js(`[]`)},                                                                // golden: filters, sort, empty array
		{filter: "sort", in: js(`[[],{},1,"4"]`), err: "cannot sort values of incompatible types"},                    // golden: filters, sort, incompatible types
		{filter: "sort", in: int64(123), want: js(`[123]`)},                                                           // golden: filters, sort, left value is not an array
		{filter: "sort", in: nil, want: js(`[]`)},                                                                     // golden: filters, sort, left value is undefined
		{filter: "sort", in: "BzAa4", want: js(`["BzAa4"]`)},                                                          // golden: filters, sort, sort a string
		{filter: "sort", in: js(`["1","3","2","1","3","1","2"]`), want: js(`["1","1","1","2","2","3","3"]`)},          // golden: tags, ifchanged, within for loop
		{filter: "sort", in: js(`[2.5,1,null,-3]`), want: js(`[-3,1,2.5,null]`)},                                      // ruby: nil sorts last, numbers mix
		{filter: "sort", in: js(`[[2,1],[1,5],[1,2]]`), want: js(`[1,1,1,2,2,5]`)},                                    // ruby: input flattened first
		{filter: "sort", in: js(`[{"n":[2,1]},{"n":[1,5]}]`), args: args("n"), want: js(`[{"n":[1,5]},{"n":[2,1]}]`)}, // ruby: arrays compare element-wise
		{filter: "sort", in: js(`[1,"a"]`), err: "cannot sort values of incompatible types"},                          // ruby
		{filter: "sort", in: js(`[{"t":1},null]`), args: args("t"), want: nil},                                        // ruby: an item without [] gives nil
		{filter: "sort", in: js(`[1,2]`), args: args("t"), err: "cannot select the property 't'"},                     // ruby: 1["t"] is a TypeError
		{filter: "sort", in: js(`[1]`), args: args("t"), want: js(`[1]`)},                                             // ruby: a lone item is never compared

		{filter: "sort_natural", in: natural, args: args(nil), want: []any{natural[1], natural[2], natural[0]}},                                                                       // golden: filters, sort natural, argument is undefined
		{filter: "sort_natural", in: natural, args: args("title"), want: []any{natural[1], natural[2], natural[0]}},                                                                   // golden: filters, sort natural, array of objects with a key
		{filter: "sort_natural", in: js(`[{"title":9},{"title":1111},{"title":87}]`), args: args("title"), want: js(`[{"title":1111},{"title":87},{"title":9}]`)},                     // golden: filters, sort natural, array of objects with a key gets stringified
		{filter: "sort_natural", in: js(`[{"title":"foo"},{"title":"bar"},{"heading":"Baz"}]`), args: args("title"), want: js(`[{"title":"bar"},{"title":"foo"},{"heading":"Baz"}]`)}, // golden: filters, sort natural, array of objects with a missing key
		{filter: "sort_natural", in: js(`["b","a","C","B","A"]`), want: js(`["a","A","b","B","C"]`)},                                                                                  // golden: filters, sort natural, array of strings
		{filter: "sort_natural", in: js(`["b","a",null,"C","B","A"]`), want: js(`["a","A","b","B","C",null]`)},                                                                        // golden: filters, sort natural, array of strings with a nul
		{filter: "sort_natural", in: js(`[]`), want: js(`[]`)},                                                                                                                        // golden: filters, sort natural, empty array
		{filter: "sort_natural", in: js(`[{},1,"4"]`), want: js(`[1,"4",{}]`)},                                                                                                        // golden: filters, sort natural, incompatible types
		{filter: "sort_natural", in: int64(123), want: js(`[123]`)},                                                                                                                   // golden: filters, sort natural, left value is not an array
		{filter: "sort_natural", in: nil, want: js(`[]`)},                                                                                                                             // golden: filters, sort natural, left value is undefined
	})
}

func TestCaseCompare(t *testing.T) {
	// ruby: String#casecmp folds ASCII only
	cases := []struct {
		a, b string
		want int
	}{{"abc", "ABD", -1}, {"ABC", "abc", 0}, {"b", "A", 1}, {"ab", "abc", -1}, {"É", "é", -1}, {"[", "a", -1}}
	for _, c := range cases {
		if got := caseCompare(c.a, c.b); got != c.want {
			t.Errorf("caseCompare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
