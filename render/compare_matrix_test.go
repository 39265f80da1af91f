package render

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
)

// compareValues are the operands of TestCompareMatrix, as JSON.
const compareValues = `[null, true, false, 0, 1, 1.0, 2, 2.5, -1, "", "1", "a", "b", "ab", [], [1], [1, 2], ["a"], {}, {"a": 1}]`

// compareMatrix says, for each operator, what Shopify Liquid 5.4 makes of
// {% if a OP b %} for every pair of compareValues: row a, column b; t is
// true, f false, e an error. It is the output of
//
//	ruby render/testdata/compare_matrix.rb "$(compareValues)"
//
// run against Debian's ruby-liquid 5.4.0, not of shea.
var compareMatrix = map[string][]string{
	"==": {
		"tfffffffffffffffffff", // null
		"ftffffffffffffffffff", // true
		"fftfffffffffffffffff", // false
		"ffftffffffffffffffff", // 0
		"ffffttffffffffffffff", // 1
		"ffffttffffffffffffff", // 1.0
		"fffffftfffffffffffff", // 2
		"ffffffftffffffffffff", // 2.5
		"fffffffftfffffffffff", // -1
		"ffffffffftffffffffff", // ""
		"fffffffffftfffffffff", // "1"
		"ffffffffffftffffffff", // "a"
		"fffffffffffftfffffff", // "b"
		"ffffffffffffftffffff", // "ab"
		"fffffffffffffftfffff", // []
		"ffffffffffffffftffff", // [1]
		"fffffffffffffffftfff", // [1, 2]
		"ffffffffffffffffftff", // ["a"]
		"fffffffffffffffffftf", // {}
		"ffffffffffffffffffft", // {"a": 1}
	},
	"!=": {
		"fttttttttttttttttttt", // null
		"tftttttttttttttttttt", // true
		"ttfttttttttttttttttt", // false
		"tttftttttttttttttttt", // 0
		"ttttfftttttttttttttt", // 1
		"ttttfftttttttttttttt", // 1.0
		"ttttttfttttttttttttt", // 2
		"tttttttftttttttttttt", // 2.5
		"ttttttttfttttttttttt", // -1
		"tttttttttftttttttttt", // ""
		"ttttttttttfttttttttt", // "1"
		"tttttttttttftttttttt", // "a"
		"ttttttttttttfttttttt", // "b"
		"tttttttttttttftttttt", // "ab"
		"ttttttttttttttfttttt", // []
		"tttttttttttttttftttt", // [1]
		"ttttttttttttttttfttt", // [1, 2]
		"tttttttttttttttttftt", // ["a"]
		"ttttttttttttttttttft", // {}
		"tttttttttttttttttttf", // {"a": 1}
	},
	"<>": {
		"fttttttttttttttttttt", // null
		"tftttttttttttttttttt", // true
		"ttfttttttttttttttttt", // false
		"tttftttttttttttttttt", // 0
		"ttttfftttttttttttttt", // 1
		"ttttfftttttttttttttt", // 1.0
		"ttttttfttttttttttttt", // 2
		"tttttttftttttttttttt", // 2.5
		"ttttttttfttttttttttt", // -1
		"tttttttttftttttttttt", // ""
		"ttttttttttfttttttttt", // "1"
		"tttttttttttftttttttt", // "a"
		"ttttttttttttfttttttt", // "b"
		"tttttttttttttftttttt", // "ab"
		"ttttttttttttttfttttt", // []
		"tttttttttttttttftttt", // [1]
		"ttttttttttttttttfttt", // [1, 2]
		"tttttttttttttttttftt", // ["a"]
		"ttttttttttttttttttft", // {}
		"tttttttttttttttttttf", // {"a": 1}
	},
	"<": {
		"ffffffffffffffffffff", // null
		"ffffffffffffffffffff", // true
		"ffffffffffffffffffff", // false
		"ffffttttfeeeeeffffff", // 0
		"ffffffttfeeeeeffffff", // 1
		"ffffffttfeeeeeffffff", // 1.0
		"ffffffftfeeeeeffffff", // 2
		"fffffffffeeeeeffffff", // 2.5
		"ffftttttfeeeeeffffff", // -1
		"fffeeeeeefttttffffff", // ""
		"fffeeeeeefftttffffff", // "1"
		"fffeeeeeefffttffffff", // "a"
		"fffeeeeeefffffffffff", // "b"
		"fffeeeeeeffftfffffff", // "ab"
		"ffffffffffffffffffff", // []
		"ffffffffffffffffffff", // [1]
		"ffffffffffffffffffff", // [1, 2]
		"ffffffffffffffffffff", // ["a"]
		"ffffffffffffffffffff", // {}
		"ffffffffffffffffffff", // {"a": 1}
	},
	">": {
		"ffffffffffffffffffff", // null
		"ffffffffffffffffffff", // true
		"ffffffffffffffffffff", // false
		"ffffffffteeeeeffffff", // 0
		"ffftffffteeeeeffffff", // 1
		"ffftffffteeeeeffffff", // 1.0
		"ffftttffteeeeeffffff", // 2
		"fffttttfteeeeeffffff", // 2.5
		"fffffffffeeeeeffffff", // -1
		"fffeeeeeefffffffffff", // ""
		"fffeeeeeetffffffffff", // "1"
		"fffeeeeeettfffffffff", // "a"
		"fffeeeeeetttftffffff", // "b"
		"fffeeeeeetttffffffff", // "ab"
		"ffffffffffffffffffff", // []
		"ffffffffffffffffffff", // [1]
		"ffffffffffffffffffff", // [1, 2]
		"ffffffffffffffffffff", // ["a"]
		"ffffffffffffffffffff", // {}
		"ffffffffffffffffffff", // {"a": 1}
	},
	"<=": {
		"ffffffffffffffffffff", // null
		"ffffffffffffffffffff", // true
		"ffffffffffffffffffff", // false
		"ffftttttfeeeeeffffff", // 0
		"ffffttttfeeeeeffffff", // 1
		"ffffttttfeeeeeffffff", // 1.0
		"ffffffttfeeeeeffffff", // 2
		"ffffffftfeeeeeffffff", // 2.5
		"ffftttttteeeeeffffff", // -1
		"fffeeeeeetttttffffff", // ""
		"fffeeeeeefttttffffff", // "1"
		"fffeeeeeefftttffffff", // "a"
		"fffeeeeeeffftfffffff", // "b"
		"fffeeeeeefffttffffff", // "ab"
		"ffffffffffffffffffff", // []
		"ffffffffffffffffffff", // [1]
		"ffffffffffffffffffff", // [1, 2]
		"ffffffffffffffffffff", // ["a"]
		"ffffffffffffffffffff", // {}
		"ffffffffffffffffffff", // {"a": 1}
	},
	">=": {
		"ffffffffffffffffffff", // null
		"ffffffffffffffffffff", // true
		"ffffffffffffffffffff", // false
		"ffftffffteeeeeffffff", // 0
		"ffftttffteeeeeffffff", // 1
		"ffftttffteeeeeffffff", // 1.0
		"fffttttfteeeeeffffff", // 2
		"ffftttttteeeeeffffff", // 2.5
		"ffffffffteeeeeffffff", // -1
		"fffeeeeeetffffffffff", // ""
		"fffeeeeeettfffffffff", // "1"
		"fffeeeeeetttffffffff", // "a"
		"fffeeeeeetttttffffff", // "b"
		"fffeeeeeetttftffffff", // "ab"
		"ffffffffffffffffffff", // []
		"ffffffffffffffffffff", // [1]
		"ffffffffffffffffffff", // [1, 2]
		"ffffffffffffffffffff", // ["a"]
		"ffffffffffffffffffff", // {}
		"ffffffffffffffffffff", // {"a": 1}
	},
	"contains": {
		"ffffffffffffffffffff", // null
		"ffffffffffffffffffff", // true
		"ffffffffffffffffffff", // false
		"ffffffffffffffffffff", // 0
		"ffffffffffffffffffff", // 1
		"ffffffffffffffffffff", // 1.0
		"ffffffffffffffffffff", // 2
		"ffffffffffffffffffff", // 2.5
		"ffffffffffffffffffff", // -1
		"ffffffffftffffffffff", // ""
		"fffftffffttfffffffff", // "1"
		"ffffffffftftffffffff", // "a"
		"ffffffffftfftfffffff", // "b"
		"ffffffffftftttffffff", // "ab"
		"ffffffffffffffffffff", // []
		"ffffttffffffffffffff", // [1]
		"fffftttfffffffffffff", // [1, 2]
		"ffffffffffftffffffff", // ["a"]
		"ffffffffffffffffffff", // {}
		"ffffffffffftffffffff", // {"a": 1}
	},
}

// TestCompareMatrix renders every operator over every pair of values, at
// equal operands and across types, and compares with Ruby Liquid.
func TestCompareMatrix(t *testing.T) {
	var values []any
	dec := json.NewDecoder(strings.NewReader(compareValues))
	dec.UseNumber()
	if err := dec.Decode(&values); err != nil {
		t.Fatal(err)
	}
	for op, rows := range compareMatrix {
		tpl, diags := New(Options{Compat: true}).Compile("{% if a "+op+" b %}t{% else %}f{% endif %}", "t.liquid", diag.Pos{}, nil)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", op, diags)
		}
		if len(rows) != len(values) {
			t.Fatalf("%s: %d rows for %d values", op, len(rows), len(values))
		}
		for i, row := range rows {
			for j := range values {
				a, b := mustJSON(t, values[i]), mustJSON(t, values[j])
				vars, err := DecodeJSONObject([]byte(`{"a": ` + a + `, "b": ` + b + `}`))
				if err != nil {
					t.Fatal(err)
				}
				out, err := tpl.Render(context.Background(), vars)
				got := out
				if err != nil {
					got = "e"
				}
				if want := string(row[j]); got != want {
					t.Errorf("%s %s %s: got %q (err %v), want %s", a, op, b, out, err, want)
				}
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
