package render

import (
	"encoding/json"
	"math"
	"testing"
	"time"
)

func TestJSONFilter(t *testing.T) {
	type item struct {
		Name  string `json:"name"`
		Count int    `liquid:"count"`
		Skip  bool   `json:"-"`
		Plain float64
	}
	runFilterCases(t, []filterCase{
		{filter: "json", in: nil, want: "null"},
		{filter: "json", in: js(`{"z":1,"a":[1,2.5,5.0,"x",null,true],"m":{"b":{},"a":[]}}`), want: `{"z":1,"a":[1,2.5,5.0,"x",null,true],"m":{"b":{},"a":[]}}`}, // key order kept, 5.0 stays 5.0
		{filter: "json", in: "<a href=\"x\">&'</a>", want: `"<a href=\"x\">&'</a>"`},                                                                             // no HTML escaping
		{filter: "json", in: "tab\tnl\ncr\rnul\x00 \\ \u2028 é", want: `"tab\tnl\ncr\rnul\u0000 \\ ` + "\u2028" + ` é"`},
		{filter: "json", in: "bad \xff byte", want: `"bad \ufffd byte"`},
		{filter: "json", in: map[string]any{"b": int64(2), "a": int64(1)}, want: `{"a":1,"b":2}`}, // Go maps sorted by key
		{filter: "json", in: item{Name: "n", Count: 2, Skip: true, Plain: 1}, want: `{"name":"n","count":2,"Plain":1.0}`},
		{filter: "json", in: []int{1, 2}, want: `[1,2]`},
		{filter: "json", in: rangeValue{lo: 1, hi: 3}, want: `[1,2,3]`},
		{filter: "json", in: 1e20, want: `1.0e+20`},
		{filter: "json", in: time.Date(2016, 3, 14, 10, 0, 0, 0, time.UTC), want: `"2016-03-14 10:00:00 +0000"`},
		{filter: "json", in: math.NaN(), err: "NaN cannot be encoded as JSON"},
		{filter: "json", in: []any{math.Inf(1)}, err: "Infinity cannot be encoded as JSON"},
	})
}

// TestJSONFilterIsValidJSON checks that what json writes decodes, as JSON,
// to the same data.
func TestJSONFilterIsValidJSON(t *testing.T) {
	in := js(`{"s":"a\"b\\c</script>\u0001é","n":-12,"f":0.000015,"big":1e300,"l":[[],[{}],null],"t":true}`)
	out, err := standardFilters()["json"](in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal([]byte(out.(string)), &got); err != nil {
		t.Fatalf("json output %s does not decode: %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"s":"a\"b\\c</script>\u0001é","n":-12,"f":0.000015,"big":1e300,"l":[[],[{}],null],"t":true}`), &want); err != nil {
		t.Fatal(err)
	}
	if !sameValue(got, want) {
		t.Errorf("round trip: got %v, want %v", got, want)
	}
}
