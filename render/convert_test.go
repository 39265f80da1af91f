package render

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

type goBase struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

type goIssue struct {
	goBase
	Identifier string            `json:"identifier"`
	Title      string            `json:"title"` // shadows goBase.Title
	State      string            `json:"state"`
	URL        *string           `json:"url"`
	Labels     []string          `json:"labels,omitempty"`
	Priority   int               `json:"priority,omitempty"`
	Estimate   int               `json:"estimate,string"`
	Secret     string            `json:"-"`
	hidden     string            //nolint:unused // unexported: never shown
	Fields     map[string]uint16 `json:"fields"`
	Blob       []byte            `json:"blob"`
	NoTag      bool
	Addr       netip.Addr      `json:"addr"` // a TextMarshaler
	Raw        json.RawMessage `json:"raw"`  // a json.Marshaler
	Nil        []string        `json:"nil"`
	When       time.Time       `json:"when"`
}

// FromGo presents Go values as encoding/json does: the same struct
// marshalled and decoded again is the same value, but for its nil slice,
// which is empty (FromGo's one exception).
func TestFromGoMatchesEncodingJSON(t *testing.T) {
	url := "https://x/1"
	in := goIssue{
		goBase: goBase{ID: "I_1", Title: "base"}, Identifier: "ABC-1", Title: "Fix it", State: "Todo", URL: &url,
		Priority: 0, Estimate: 3, Secret: "s", hidden: "h", Fields: map[string]uint16{"b": 2, "a": 1},
		Blob: []byte("hi"), NoTag: true, Addr: netip.MustParseAddr("10.0.0.1"), Raw: json.RawMessage(`{"z": [1, 2.5]}`),
		When: time.Date(2026, 3, 30, 12, 0, 0, 0, time.UTC),
	}
	withEmpty := in
	withEmpty.Nil = []string{}
	for _, v := range []struct{ in, json any }{
		{in, withEmpty}, {&in, &withEmpty}, {[]goIssue{in}, []goIssue{withEmpty}},
		{map[string]any{"issue": &in, "n": int32(4)}, map[string]any{"issue": &withEmpty, "n": int32(4)}},
	} {
		got, err := FromGo(v.in)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(v.json)
		if err != nil {
			t.Fatal(err)
		}
		want, err := DecodeJSON(b)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(toJSON(want), toJSON(got)); d != "" {
			t.Errorf("FromGo(%T) differs from encoding/json (-json +FromGo):\n%s", v.in, d)
		}
	}
	if in.Nil != nil {
		t.Error("FromGo changed the caller's struct")
	}
	// Struct objects keep encoding/json's field order: embedded fields
	// where the embedded struct is; a time is its RFC 3339 string.
	got, _ := FromGo(in)
	m := got.(*Map)
	if keys := strings.Join(m.Keys(), ","); keys != "id,identifier,title,state,url,estimate,fields,blob,NoTag,addr,raw,nil,when" {
		t.Errorf("keys = %s", keys)
	}
	if when, _ := m.Get("when"); when != "2026-03-30T12:00:00Z" {
		t.Errorf("when = %#v, want the RFC 3339 string", when)
	}
}

// marshalsNull is a slice type that writes its own JSON.
type marshalsNull []int

func (marshalsNull) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

type inner struct {
	Tags []string `json:"tags"`
}

type withUnexportedEmbed struct {
	inner
	P *inner         `json:"p"`
	M map[string]any `json:"m"`
}

// A nil slice or map is empty wherever it is, and the caller's value is
// left as it was; a nil pointer stays null, and a type with its own
// MarshalJSON keeps its form.
func TestFromGoNilSlicesAndMapsAreEmpty(t *testing.T) {
	p := &inner{}
	in := withUnexportedEmbed{P: p}
	box := any([]int(nil))
	for _, tt := range []struct {
		name string
		in   any
		want string // the converted value as JSON
	}{
		{"top-level nil slice", []string(nil), `[]`},
		{"top-level nil map", map[string]int(nil), `{}`},
		{"nil []byte", struct{ B []byte }{}, `{"B":""}`},
		{"struct fields, embedded, through a pointer", &in, `{"tags":[],"p":{"tags":[]},"m":{}}`},
		{"in a slice and a map", map[string][]inner{"a": {{}}}, `{"a":[{"tags":[]}]}`},
		{"in an interface", []any{box, map[string]any{"x": []string(nil)}}, `[[],{"x":[]}]`},
		{"array of structs", [2]inner{}, `[{"tags":[]},{"tags":[]}]`},
		{"nil pointer stays null", struct{ P *[]int }{}, `{"P":null}`},
		{"own MarshalJSON", struct{ M marshalsNull }{}, `{"M":null}`},
		{"behind an unexported embedded pointer", struct{ *inner }{&inner{}}, `{"tags":null}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromGo(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(toJSON(got))
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, string(b), tt.want) {
				t.Errorf("got %s, want %s", b, tt.want)
			}
		})
	}
	if in.Tags != nil || in.M != nil || p.Tags != nil || box.([]int) != nil {
		t.Error("FromGo changed the caller's value")
	}
}

func jsonEqual(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatal(err)
	}
	return cmp.Equal(x, y)
}

func TestFromGoValues(t *testing.T) {
	when := time.Date(2026, 6, 6, 12, 0, 0, 0, time.UTC)
	type tagged struct {
		A int      `liquid:"alpha" json:"a"` // encoding/json reads only the json tag
		B int      `json:",omitempty"`
		C struct{} `json:",omitzero"`
	}
	var nilPtr *goIssue
	for _, tt := range []struct {
		name string
		in   any
		want any
	}{
		{"time as RFC 3339", map[string]any{"t": when}, map[string]any{"t": "2026-06-06T12:00:00Z"}},
		{"pointer to time", &when, "2026-06-06T12:00:00Z"},
		{"nil pointer", nilPtr, nil},
		{"ints widen", []int8{1, -2}, []any{int64(1), int64(-2)}},
		{"huge uint keeps its digits", uint64(1 << 63), new(big.Int).SetUint64(1 << 63)},
		{"float32", float32(0.5), 0.5},
		{"json.Number", json.Number("12"), int64(12)},
		{"int keys", map[int]string{2: "b"}, mapOf("2", "b")},
		{"json tags only", tagged{A: 1}, mapOf("a", int64(1))},
		{"named string", struct{ S issueState }{"Todo"}, mapOf("S", "Todo")},
		{"drop", drop{}, "dropped"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromGo(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got, cmp.AllowUnexported(Map{}), cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

type issueState string

type drop struct{}

func (drop) ToLiquid() any { return "dropped" }

func mapOf(kv ...any) *Map {
	m := NewMap()
	for i := 0; i < len(kv); i += 2 {
		m.Set(kv[i].(string), kv[i+1])
	}
	return m
}

// Values already in the model are not copied.
func TestFromGoKeepsModelValues(t *testing.T) {
	in := map[string]any{"a": []any{int64(1), "x", map[string]any{"b": nil}}, "m": mapOf("k", true)}
	got, err := FromGo(in)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.ValueOf(got).UnsafePointer() != reflect.ValueOf(in).UnsafePointer() {
		t.Error("FromGo copied a value already in the model")
	}
	vars, err := fromGoVars(in)
	if err != nil || reflect.ValueOf(vars).UnsafePointer() != reflect.ValueOf(in).UnsafePointer() {
		t.Errorf("fromGoVars copied a context already in the model (%v)", err)
	}
	// A Go value nested in model containers is converted, and the
	// containers copied: the caller's map is left as it was.
	in2 := map[string]any{"a": []any{int64(1), int32(2)}}
	got2, _ := FromGo(in2)
	if d := cmp.Diff(map[string]any{"a": []any{int64(1), int64(2)}}, got2); d != "" {
		t.Error(d)
	}
	if _, ok := in2["a"].([]any)[1].(int32); !ok {
		t.Error("FromGo changed its input")
	}
}

type cyclic struct{ Next *cyclic }

func TestFromGoErrors(t *testing.T) {
	c := &cyclic{}
	c.Next = c
	for _, tt := range []struct {
		name string
		in   any
		ptr  string
		msg  string
	}{
		// The pointer names the model value that holds the Go value
		// encoding/json refused; the message names the Go type.
		{"channel", map[string]any{"issue": struct{ C chan int }{}}, "/issue", "holds a Go chan int, which has no JSON form"},
		{"func", []any{1, func() {}}, "/1", "has no JSON form"},
		{"complex", map[string]complex64{"z": 1}, "", "holds a Go complex64"},
		{"NaN in a struct", struct{ F float64 }{math.NaN()}, "", "JSON cannot encode (NaN)"},
		{"cycle", c, "", "cycle"},
		{"bad key", map[[2]int]string{{1, 2}: "x"}, "", "map[[2]int]string"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromGo(tt.in)
			var ge *GoValueError
			if !errors.As(err, &ge) {
				t.Fatalf("err = %v, want a *GoValueError", err)
			}
			if ge.Pointer != tt.ptr || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %v (pointer %q), want pointer %q… and %q", err, ge.Pointer, tt.ptr, tt.msg)
			}
		})
	}
}

// A strict template renders a Go struct, validated against the schema as
// decoded JSON is.
func TestRenderGoStruct(t *testing.T) {
	tpl, diags := New(Options{}).Compile("{{ issue.identifier }}: {{ issue.title }}{% if issue.url %} <{{ issue.url }}>{% endif %}{% for l in issue.labels %} #{{ l }}{% endfor %}|{{ issue.priority }}|{{ attempt }}",
		"p.md", diag.Pos{}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	type issue struct {
		ID         string   `json:"id"`
		Identifier string   `json:"identifier"`
		Title      string   `json:"title"`
		State      string   `json:"state"`
		URL        *string  `json:"url"`
		Labels     []string `json:"labels"`
		Priority   *int     `json:"priority,omitempty"`
	}
	attempt, prio := 2, 1
	in := issue{ID: "1", Identifier: "ABC-1", Title: "Fix", State: "Todo", Labels: []string{"bug"}, Priority: &prio}
	out, err := tpl.Render(context.Background(), map[string]any{"issue": &in, "attempt": &attempt})
	if want := "ABC-1: Fix #bug|1|2"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
	// omitempty leaves the key out, and a render sees exactly what it sees
	// in the same data as JSON.
	in.Priority = nil
	out, err = tpl.Render(context.Background(), map[string]any{"issue": &in, "attempt": &attempt})
	b, _ := json.Marshal(map[string]any{"issue": &in, "attempt": &attempt})
	vars, jerr := DecodeJSONObject(b)
	if jerr != nil {
		t.Fatal(jerr)
	}
	wantOut, wantErr := tpl.Render(context.Background(), vars)
	if out != wantOut || (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
		t.Errorf("struct: %q, %v; JSON: %q, %v", out, err, wantOut, wantErr)
	}

	// A field of the wrong type is context_invalid at its pointer, as in JSON.
	type badIssue struct {
		issue
		Title int `json:"title"`
	}
	_, err = tpl.Render(context.Background(), map[string]any{"issue": badIssue{issue: in, Title: 3}, "attempt": nil})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Summary, "/issue/title") {
		t.Errorf("got %v", err)
	}
	// A value with no JSON form is context_invalid too, never a panic.
	_, err = tpl.Render(context.Background(), map[string]any{"issue": in, "attempt": func() {}})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Summary, "/attempt") {
		t.Errorf("got %v", err)
	}
}

// A struct whose fields do not fit the schema (no json tags here) fails
// with a detail naming its Go type and the keys its fields became.
func TestRenderUntaggedStructHint(t *testing.T) {
	tpl, diags := New(Options{}).Compile("{{ issue.identifier }}", "p.md", diag.Pos{}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	type untagged struct{ ID, Identifier, Title, State string }
	_, err := tpl.Render(context.Background(), map[string]any{"issue": &untagged{"1", "ABC-1", "Fix", "Todo"}})
	l := diag.AsList(err)
	if len(l) == 0 || l[0].Code != codes.ContextInvalid {
		t.Fatalf("got %v, want context_invalid", err)
	}
	for _, want := range []string{"render.untagged", "no json tags", `"ID", "Identifier", "Title", "State"`} {
		if !strings.Contains(l[0].Detail, want) {
			t.Errorf("detail %q lacks %q", l[0].Detail, want)
		}
	}
	// A tagged struct with a wrong field is not given the hint.
	type tagged struct {
		ID    string `json:"id"`
		Ident string `json:"ident"`
	}
	_, err = tpl.Render(context.Background(), map[string]any{"issue": tagged{"1", "x"}})
	if l := diag.AsList(err); len(l) == 0 || !strings.Contains(l[0].Detail, `keys "id", "ident"`) {
		t.Errorf("got %v, want a detail listing the keys", err)
	}
}
