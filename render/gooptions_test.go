package render

import (
	"strings"
	"testing"
	"time"
)

// TimePrecision truncates every time a value holds, wherever it is, and
// leaves the caller's value alone; zero keeps FromGo's fractional seconds.
func TestFromGoWithTimePrecision(t *testing.T) {
	at := time.Date(2026, 3, 30, 12, 0, 0, 500_000_000, time.UTC)
	type inner struct {
		At  time.Time  `json:"at"`
		Ptr *time.Time `json:"ptr"`
	}
	type outer struct {
		inner
		Exported inner           `json:"exported"`
		List     []time.Time     `json:"list"`
		ByKey    map[string]any  `json:"by_key"`
		Arr      [1]time.Time    `json:"arr"`
		Nil      *time.Time      `json:"nil"`
		hidden   time.Time       // not written by encoding/json
		Any      any             `json:"any"`
		Inners   []*inner        `json:"inners"`
		Named    map[string]bool `json:"named"`
	}
	p := at
	v := outer{
		inner:    inner{At: at, Ptr: &p},
		Exported: inner{At: at},
		List:     []time.Time{at},
		ByKey:    map[string]any{"t": at, "n": 1},
		Arr:      [1]time.Time{at},
		Any:      at,
		Inners:   []*inner{{At: at}},
		hidden:   at,
	}
	got, err := FromGoWith(v, GoOptions{TimePrecision: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := got.(*Map).MarshalJSON()
	const whole, frac = `"2026-03-30T12:00:00Z"`, `"2026-03-30T12:00:00.5Z"`
	want := `{"at":W,"ptr":W,"exported":{"at":W,"ptr":null},"list":[W],"by_key":{"n":1,"t":W},"arr":[W],"nil":null,"any":W,"inners":[{"at":W,"ptr":null}],"named":{}}`
	if w := strings.ReplaceAll(want, "W", whole); string(b) != w {
		t.Errorf("got  %s\nwant %s", b, w)
	}
	// The caller's value keeps its times.
	if !v.At.Equal(at) || !p.Equal(at) || !v.List[0].Equal(at) || !v.ByKey["t"].(time.Time).Equal(at) || !v.Inners[0].At.Equal(at) {
		t.Error("the caller's value was modified")
	}
	// Without the option, FromGo's fractional seconds.
	plain, _ := FromGoWith(v, GoOptions{})
	if b, _ := plain.(*Map).MarshalJSON(); string(b) != strings.ReplaceAll(want, "W", frac) {
		t.Errorf("zero options: %s", b)
	}
	// A time at the top, and one already whole, are unchanged in form.
	if got, _ := FromGoWith(at, GoOptions{TimePrecision: time.Minute}); got != "2026-03-30T12:00:00Z" {
		t.Errorf("top-level time: %v", got)
	}
}
