package render

import "testing"

func TestStringFilters(t *testing.T) {
	runFilterCases(t, []filterCase{
		// append, prepend
		{filter: "append", in: "hello", args: args("there"), want: "hellothere"},                                  // golden: filters, append, concat
		{filter: "append", in: "hello", args: args(int64(5)), want: "hello5"},                                     // golden: filters, append, argument not a string
		{filter: "append", in: int64(5), args: args("there"), want: "5there"},                                     // golden: filters, append, not a string
		{filter: "append", in: "hi", args: args(nil), want: "hi"},                                                 // golden: filters, append, undefined argument
		{filter: "append", in: nil, args: args("hi"), want: "hi"},                                                 // golden: filters, append, undefined left value
		{filter: "append", in: 1.5, args: args(int64(1)), want: "1.51"},                                           // ruby: Float#to_s
		{filter: "append", in: js(`["a",1,null,{"k":1.5}]`), args: args("x"), want: `["a", 1, nil, {"k"=>1.5}]x`}, // ruby: Array#inspect (Hash#inspect before Ruby 3.4, the spec's recorded form)
		{filter: "prepend", in: "hello", args: args("there"), want: "therehello"},                                 // golden: filters, prepend, concat
		{filter: "prepend", in: "hello", args: args(int64(5)), want: "5hello"},                                    // golden: filters, prepend, argument not a string
		{filter: "prepend", in: int64(5), args: args("there"), want: "there5"},                                    // golden: filters, prepend, not a string
		{filter: "prepend", in: "hi", args: args(nil), want: "hi"},                                                // golden: filters, prepend, undefined argument
		{filter: "prepend", in: nil, args: args("hi"), want: "hi"},                                                // golden: filters, prepend, undefined left value

		// case
		{filter: "upcase", in: "hello", want: "HELLO"},                 // golden: filters, upcase, make lower case
		{filter: "upcase", in: int64(5), want: "5"},                    // golden: filters, upcase, not a string
		{filter: "upcase", in: nil, want: ""},                          // golden: filters, upcase, undefined left value
		{filter: "upcase", in: "straße", want: "STRASSE"},              // ruby: String#upcase
		{filter: "downcase", in: "HELLO", want: "hello"},               // golden: filters, downcase, make lower case
		{filter: "downcase", in: int64(5), want: "5"},                  // golden: filters, downcase, not a string
		{filter: "downcase", in: nil, want: ""},                        // golden: filters, downcase, undefined left value
		{filter: "capitalize", in: "hello", want: "Hello"},             // golden: filters, capitalize, lower case string
		{filter: "capitalize", in: "Hello", want: "Hello"},             // golden: filters, capitalize, already capitalized string
		{filter: "capitalize", in: "hello world", want: "Hello world"}, // golden: filters, capitalize, multi-word string
		{filter: "capitalize", in: nil, want: ""},                      // golden: filters, capitalize, undefined left value
		{filter: "capitalize", in: "hELLO wORLD", want: "Hello world"}, // ruby: String#capitalize lowercases the rest
		{filter: "capitalize", in: "ǆa", want: "ǅa"},                   // ruby: titlecase, not uppercase
		{filter: "capitalize", in: "ßa", want: "Ssa"},                  // ruby: full case mapping

		// strip family
		{filter: "strip", in: " \t\r\n  hello  \t\r\n ", want: "hello"},                                   // golden: filters, strip, left and right padded
		{filter: "strip", in: int64(5), want: "5"},                                                        // golden: filters, strip, not a string
		{filter: "strip", in: nil, want: ""},                                                              // golden: filters, strip, undefined left value
		{filter: "strip", in: "\x00 a \x00", want: "a"},                                                   // ruby: strip removes NUL too
		{filter: "lstrip", in: " \t\r\n  hello  \t\r\n ", want: "hello  \t\r\n "},                         // golden: filters, lstrip, left and right padded
		{filter: "lstrip", in: "hello \t\r\n  ", want: "hello \t\r\n  "},                                  // golden: filters, lstrip, right padded
		{filter: "rstrip", in: " \t\r\n  hello  \t\r\n ", want: " \t\r\n  hello"},                         // golden: filters, rstrip, left and right padded
		{filter: "rstrip", in: " \t\r\n  hello", want: " \t\r\n  hello"},                                  // golden: filters, rstrip, left padded
		{filter: "rstrip", in: nil, want: ""},                                                             // golden: filters, rstrip, undefined left value
		{filter: "strip_newlines", in: "hello there\nyou", want: "hello thereyou"},                        // golden: filters, strip newlines, newline and other whitespace
		{filter: "strip_newlines", in: "a\r\nb\nc", want: "abc"},                                          // golden: filters, strip newlines, reference implementation test 2
		{filter: "strip_newlines", in: "a\rb", want: "a\rb"},                                              // ruby: gsub(/\r?\n/, '') keeps a lone \r
		{filter: "strip_newlines", in: int64(5), want: "5"},                                               // golden: filters, strip newlines, not a string
		{filter: "newline_to_br", in: "a\nb\nc", want: "a<br />\nb<br />\nc"},                             // golden: filters, newline to br, reference implementation test 1
		{filter: "newline_to_br", in: "a\r\nb\nc", want: "a<br />\nb<br />\nc"},                           // golden: filters, newline to br, reference implementation test 2
		{filter: "newline_to_br", in: "- apples\n- oranges\n", want: "- apples<br />\n- oranges<br />\n"}, // golden: filters, newline to br, string with newlines
		{filter: "newline_to_br", in: nil, want: ""},                                                      // golden: filters, newline to br, undefined left value

		// replace and remove
		{filter: "replace", in: "Take my protein pills and put my helmet on", args: args("my", "your"), want: "Take your protein pills and put your helmet on"},     // golden: filters, replace, replace substrings
		{filter: "replace", in: "hello", args: args(int64(5), "your"), want: "hello"},                                                                               // golden: filters, replace, argument not a string
		{filter: "replace", in: js(`{}`), args: args("{", "!"), want: "!}"},                                                                                         // golden: filters, replace, left value is an object
		{filter: "replace", in: "hello", args: args("ll"), want: "heo"},                                                                                             // golden: filters, replace, missing argument
		{filter: "replace", in: int64(5), args: args("rain", "foo"), want: "5"},                                                                                     // golden: filters, replace, not a string
		{filter: "replace", in: "Take my protein", args: args(nil, "#"), want: "#T#a#k#e# #m#y# #p#r#o#t#e#i#n#"},                                                   // golden: filters, replace, undefined first argument
		{filter: "replace", in: nil, args: args("my", "your"), want: ""},                                                                                            // golden: filters, replace, undefined left value
		{filter: "replace", in: "Take my protein pills and put my helmet on", args: args("my", nil), want: "Take  protein pills and put  helmet on"},                // golden: filters, replace, undefined second argument
		{filter: "replace", in: "a-b", args: args("-", `\\`), want: `a\b`},                                                                                          // ruby: gsub expands \\ in the replacement
		{filter: "replace", in: "a-b", args: args("-", `[\&]`), want: "a[-]b"},                                                                                      // ruby: \& is the match
		{filter: "replace", in: "abc", args: args("b", `\0\0`), want: "abbc"},                                                                                       // ruby: \0 is the match
		{filter: "replace", in: "hello", args: args("l", "\\`"), want: "hehehelo"},                                                                                  // ruby: \` is the text before the match
		{filter: "replace", in: "abc", args: args("b", `\'`), want: "acc"},                                                                                          // ruby: \' is the text after the match
		{filter: "replace", in: "abc", args: args("b", `\1x\9`), want: "axc"},                                                                                       // ruby: groups of a string pattern are empty
		{filter: "replace", in: "abc", args: args("b", `\q\`), want: `a\q\c`},                                                                                       // ruby: other sequences stay
		{filter: "replace", in: "abc", args: args("b", `\k<x>`), err: "undefined group name reference: x"},                                                          // ruby: IndexError
		{filter: "replace", in: "héllo", args: args("", "-"), want: "-h-é-l-l-o-"},                                                                                  // ruby: an empty pattern matches between characters
		{filter: "replace", in: "", args: args("", "-"), want: "-"},                                                                                                 // ruby: "".gsub("", "-")
		{filter: "replace_first", in: "Take my protein pills and put my helmet on", args: args("my", "your"), want: "Take your protein pills and put my helmet on"}, // golden: filters, replace first, replace substrings
		{filter: "replace_first", in: "hello5", args: args(int64(5), "your"), want: "helloyour"},                                                                    // golden: filters, replace first, argument not a string
		{filter: "replace_first", in: "hello", args: args("ll"), want: "heo"},                                                                                       // golden: filters, replace first, missing argument
		{filter: "replace_first", in: "Take my protein", args: args(nil, "#"), want: "#Take my protein"},                                                            // golden: filters, replace first, undefined first argument
		{filter: "replace_first", in: "Take my protein pills and put my helmet on", args: args("my", nil), want: "Take  protein pills and put my helmet on"},        // golden: filters, replace first, undefined second argument
		{filter: "replace_last", in: "Take my protein pills and put my helmet on", args: args("my", "your"), want: "Take my protein pills and put your helmet on"},  // golden: filters, replace last, replace substrings
		{filter: "replace_last", in: "hello5", args: args(int64(5), "your"), want: "helloyour"},                                                                     // golden: filters, replace last, argument not a string
		{filter: "replace_last", in: int64(5), args: args("rain", "foo"), want: "5"},                                                                                // golden: filters, replace last, not a string
		{filter: "replace_last", in: "Take my protein", args: args(nil, "#"), want: "Take my protein#"},                                                             // golden: filters, replace last, undefined first argument
		{filter: "replace_last", in: nil, args: args("my", "your"), want: ""},                                                                                       // golden: filters, replace last, undefined left value
		{filter: "replace_last", in: "Take my protein pills and put my helmet on", args: args("my", nil), want: "Take my protein pills and put  helmet on"},         // golden: filters, replace last, undefined second argument
		{filter: "replace_last", in: "a-b", args: args("-", `\\`), want: `a\\b`},                                                                                    // ruby: replace_last is literal (index assignment)
		{filter: "replace_last", in: "hello", args: args("ll"), err: "wrong number of arguments"},                                                                   // golden: filters, replace last, missing argument
		{filter: "remove", in: "I strained to see the train through the rain", args: args("rain"), want: "I sted to see the t through the "},                        // golden: filters, remove, remove substrings
		{filter: "remove", in: "hello", args: args(int64(5)), want: "hello"},                                                                                        // golden: filters, remove, argument not a string
		{filter: "remove", in: "hello", args: args(nil), want: "hello"},                                                                                             // golden: filters, remove, undefined argument
		{filter: "remove", in: nil, args: args("rain"), want: ""},                                                                                                   // golden: filters, remove, undefined left value
		{filter: "remove_first", in: "I strained to see the train through the rain", args: args("rain"), want: "I sted to see the train through the rain"},          // golden: filters, remove first, remove substrings
		{filter: "remove_first", in: int64(5), args: args("rain"), want: "5"},                                                                                       // golden: filters, remove first, not a string
		{filter: "remove_last", in: "I strained to see the train through the rain", args: args("rain"), want: "I strained to see the train through the "},           // golden: filters, remove last, remove substrings
		{filter: "remove_last", in: "hello", args: args(nil), want: "hello"},                                                                                        // golden: filters, remove last, undefined argument

		// split
		{filter: "split", in: "Hi, how are you today?", args: args(" "), want: js(`["Hi,","how","are","you","today?"]`)}, // golden: filters, split, split string
		{filter: "split", in: "abc", args: args(","), want: js(`["abc"]`)},                                               // golden: filters, split, argument does not appear in string
		{filter: "split", in: "a b\nc", args: args("\n"), want: js(`["a b","c"]`)},                                       // golden: filters, split, argument is a newline
		{filter: "split", in: "a b\nc", args: args(" "), want: js(`["a","b","c"]`)},                                      // golden: filters, split, argument is a single space
		{filter: "split", in: "Hello there", args: args(false), want: js(`["Hello there"]`)},                             // golden: filters, split, argument is false
		{filter: "split", in: "Hello", args: args(nil), want: js(`["H","e","l","l","o"]`)},                               // golden: filters, split, argument is nil
		{filter: "split", in: "hello th1ere", args: args(int64(1)), want: js(`["hello th","ere"]`)},                      // golden: filters, split, argument not a string
		{filter: "split", in: "", args: args(""), want: js(`[]`)},                                                        // golden: filters, split, empty string and empty argument
		{filter: "split", in: "", args: args(","), want: js(`[]`)},                                                       // golden: filters, split, empty string and single char argument
		{filter: "split", in: "abc", args: args(""), want: js(`["a","b","c"]`)},                                          // golden: filters, split, empty string argument
		{filter: "split", in: ",", args: args(","), want: js(`[]`)},                                                      // golden: filters, split, left matches argument
		{filter: "split", in: "1", args: args(int64(1)), want: js(`[]`)},                                                 // golden: filters, split, left matches string repr of argument
		{filter: "split", in: int64(56), args: args(" "), want: js(`["56"]`)},                                            // golden: filters, split, not a string
		{filter: "split", in: nil, args: args(" "), want: js(`[]`)},                                                      // golden: filters, split, undefined left value
		{filter: "split", in: "a,b,,c,,", args: args(","), want: js(`["a","b","","c"]`)},                                 // ruby: trailing empty strings dropped
		{filter: "split", in: ",a", args: args(","), want: js(`["","a"]`)},                                               // ruby: leading empty string kept
		{filter: "split", in: "  a\t b  ", args: args(" "), want: js(`["a","b"]`)},                                       // ruby: awk-style split
		{filter: "split", in: "hello", args: args("l"), want: js(`["he","","o"]`)},                                       // ruby: "hello".split("l")

		// truncate
		{filter: "truncate", in: "Ground control to Major Tom.", args: args(int64(25), ", and so on"), want: "Ground control, and so on"},                 // golden: filters, truncate, custom end
		{filter: "truncate", in: "Ground control to Major Tom.", args: args(int64(20)), want: "Ground control to..."},                                     // golden: filters, truncate, default end
		{filter: "truncate", in: "Ground control to Major Tom. Ground control to Major Tom.", want: "Ground control to Major Tom. Ground control to ..."}, // golden: filters, truncate, default length is 50
		{filter: "truncate", in: "Ground control to Major Tom.", args: args(int64(20), ""), want: "Ground control to Ma"},                                 // golden: filters, truncate, no end
		{filter: "truncate", in: int64(5), args: args(int64(10)), want: "5"},                                                                              // golden: filters, truncate, not a string
		{filter: "truncate", in: "Ground control", args: args(int64(20)), want: "Ground control"},                                                         // golden: filters, truncate, string is shorter than length
		{filter: "truncate", in: "Ground control to Major Tom.", args: args(nil), err: "invalid integer"},                                                 // golden: filters, truncate, undefined first argument
		{filter: "truncate", in: nil, args: args(int64(5)), want: nil},                                                                                    // golden: filters, truncate, undefined left value
		{filter: "truncate", in: "Ground control to Major Tom.", args: args(int64(20), nil), want: "Ground control to Ma"},                                // golden: filters, truncate, undefined second argument
		{filter: "truncate", in: "abcdef", args: args(int64(2)), want: "..."},                                                                             // ruby: length below the ellipsis
		{filter: "truncate", in: "abcdef", args: args(int64(-1)), want: "..."},                                                                            // ruby
		{filter: "truncate", in: "héllo wörld", args: args(int64(8)), want: "héllo..."},                                                                   // ruby: counts characters
		{filter: "truncate", in: "abcdef", args: args("3", "~"), want: "ab~"},                                                                             // ruby: Integer("3")
		{filter: "truncate", in: "abcdef", args: args(2.5), err: "invalid integer"},                                                                       // ruby: Integer("2.5") fails

		// truncatewords
		{filter: "truncatewords", in: "    one    two three    four  ", args: args(int64(2)), want: "one two..."},              // golden: filters, truncatewords, all whitespace is clobbered
		{filter: "truncatewords", in: "Ground control to Major Tom.", args: args(int64(3), "--"), want: "Ground control to--"}, // golden: filters, truncatewords, custom end
		{filter: "truncatewords", in: "Ground control to Major Tom.", args: args(int64(3)), want: "Ground control to..."},      // golden: filters, truncatewords, default end
		{filter: "truncatewords", in: "Ground control", args: args(int64(3)), want: "Ground control"},                          // golden: filters, truncatewords, fewer words than word count
		{filter: "truncatewords", in: "Ground control to Major Tom.", args: args(int64(3), ""), want: "Ground control to"},     // golden: filters, truncatewords, no end
		{filter: "truncatewords", in: int64(5), args: args(int64(10)), want: "5"},                                              // golden: filters, truncatewords, not a string
		{filter: "truncatewords", in: "a b c d e f g h i j k l m n o p q", want: "a b c d e f g h i j k l m n o..."},           // golden: filters, truncatewords, number of words defaults to 15
		{filter: "truncatewords", in: "测试测试测试测试", args: args(int64(5)), want: "测试测试测试测试"},                                      // golden: filters, truncatewords, reference implementation test 1
		{filter: "truncatewords", in: "one two three", args: args(int64(2), int64(1)), want: "one two1"},                       // golden: filters, truncatewords, reference implementation test 2
		{filter: "truncatewords", in: "one  two\tthree\nfour", args: args(int64(3)), want: "one two three..."},                 // golden: filters, truncatewords, reference implementation test 3
		{filter: "truncatewords", in: "one two three four", args: args(int64(0)), want: "one..."},                              // golden: filters, truncatewords, reference implementation test 5
		{filter: "truncatewords", in: "one two three four", args: args(nil), err: "invalid integer"},                           // golden: filters, truncatewords, undefined first argument
		{filter: "truncatewords", in: nil, args: args(int64(5)), want: nil},                                                    // golden: filters, truncatewords, undefined left value
		{filter: "truncatewords", in: "one two three four", args: args(int64(2), nil), want: "one two"},                        // golden: filters, truncatewords, undefined second argument
		{filter: "truncatewords", in: "  one   two three  ", args: args(int64(4)), want: "  one   two three  "},                // ruby: nothing cut, input unchanged
		{filter: "truncatewords", in: "one two ", args: args(int64(2)), want: "one two..."},                                    // ruby: split(" ", 3) leaves a trailing ""
		{filter: "truncatewords", in: "one two", args: args(int64(2)), want: "one two"},                                        // ruby
		{filter: "truncatewords", in: "one two", args: args(int64(1) << 62), err: "too big for truncatewords"},                 // ruby: split's limit is a C int
	})
}

func TestAwkSplit(t *testing.T) {
	// ruby: String#split(" ", limit)
	cases := []struct {
		s     string
		limit int64
		want  []string
	}{
		{"one two ", 3, []string{"one", "two", ""}},
		{"one two ", 2, []string{"one", "two "}},
		{" one two  ", 3, []string{"one", "two", ""}},
		{"  ", 2, []string{""}},
		{"", 2, nil},
		{"  a  b  ", 0, []string{"a", "b"}},
		{"one two three", 2, []string{"one", "two three"}},
	}
	for _, c := range cases {
		got := awkSplit(c.s, c.limit)
		if len(got) != len(c.want) {
			t.Errorf("awkSplit(%q, %d) = %q, want %q", c.s, c.limit, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("awkSplit(%q, %d) = %q, want %q", c.s, c.limit, got, c.want)
				break
			}
		}
	}
}
