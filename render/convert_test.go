package render

import (
	"context"
	"encoding/json"
	"errors"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/strict/diag"
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
}

// FromGo presents Go values as encoding/json does: the same struct
// marshalled and decoded again is the same value.
func TestFromGoMatchesEncodingJSON(t *testing.T) {
	url := "https://x/1"
	in := goIssue{
		goBase: goBase{ID: "I_1", Title: "base"}, Identifier: "ABC-1", Title: "Fix it", State: "Todo", URL: &url,
		Priority: 0, Estimate: 3, Secret: "s", hidden: "h", Fields: map[string]uint16{"b": 2, "a": 1},
		Blob: []byte("hi"), NoTag: true, Addr: netip.MustParseAddr("10.0.0.1"), Raw: json.RawMessage(`{"z": [1, 2.5]}`),
	}
	for _, v := range []any{in, &in, []goIssue{in}, map[string]any{"issue": &in, "n": int32(4)}} {
		got, err := FromGo(v)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want, err := DecodeJSON(b)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(toJSON(want), toJSON(got)); d != "" {
			t.Errorf("FromGo(%T) differs from encoding/json (-json +FromGo):\n%s", v, d)
		}
	}
	// Struct objects keep the field order, embedded fields where the
	// embedded struct is (after the outer struct's own fields).
	got, _ := FromGo(in)
	m := got.(*Map)
	if keys := strings.Join(m.Keys(), ","); keys != "identifier,title,state,url,estimate,fields,blob,NoTag,addr,raw,nil,id" {
		t.Errorf("keys = %s", keys)
	}
}

func TestFromGoValues(t *testing.T) {
	when := time.Date(2026, 6, 6, 12, 0, 0, 0, time.UTC)
	type tagged struct {
		A int      `liquid:"alpha" json:"a"`
		B int      `liquid:",omitempty"`
		C struct{} `json:",omitzero"`
	}
	var nilPtr *goIssue
	for _, tt := range []struct {
		name string
		in   any
		want any
	}{
		{"time stays a date", map[string]any{"t": when}, map[string]any{"t": when}},
		{"pointer to time", &when, when},
		{"nil pointer", nilPtr, nil},
		{"ints widen", []int8{1, -2}, []any{int64(1), int64(-2)}},
		{"huge uint", uint64(1 << 63), float64(1 << 63)},
		{"float32", float32(0.5), 0.5},
		{"json.Number", json.Number("12"), int64(12)},
		{"int keys", map[int]string{2: "b"}, map[string]any{"2": "b"}},
		{"liquid tag first", tagged{A: 1}, mapOf("alpha", int64(1))},
		{"named string", struct{ S issueState }{"Todo"}, mapOf("S", "Todo")},
		{"drop", drop{}, "dropped"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromGo(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got, cmp.AllowUnexported(Map{})); d != "" {
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
		{"channel", map[string]any{"issue": struct{ C chan int }{}}, "/issue/C", "no JSON form"},
		{"func", []any{1, func() {}}, "/1", "no JSON form"},
		{"complex", map[string]complex64{"z": 1}, "/z", "no JSON form"},
		{"cycle", c, "/Next/Next", "nested more than 1000 deep"},
		{"bad key", map[[2]int]string{{1, 2}: "x"}, "", "keys"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromGo(tt.in)
			var ge *GoValueError
			if !errors.As(err, &ge) {
				t.Fatalf("err = %v, want a *GoValueError", err)
			}
			if !strings.HasPrefix(ge.Pointer, tt.ptr) || !strings.Contains(err.Error(), tt.msg) {
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
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != diag.ContextInvalid || !strings.Contains(l[0].Summary, "/issue/title") {
		t.Errorf("got %v", err)
	}
	// A value with no JSON form is context_invalid too, never a panic.
	_, err = tpl.Render(context.Background(), map[string]any{"issue": in, "attempt": func() {}})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != diag.ContextInvalid || !strings.Contains(l[0].Summary, "/attempt") {
		t.Errorf("got %v", err)
	}
}
