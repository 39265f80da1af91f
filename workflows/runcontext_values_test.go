package workflows

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sheaproject/shea/render"
)

// runContextSetCases are values and keys Set must refuse, each of which
// it wrote before: the file then failed every render that read it.
var runContextSetCases = []struct {
	name, key, value, msg string
}{
	{"duplicate key", "k", `{"a": 1, "a": 2}`, `duplicate key "a" at /k/a`},
	{"duplicate key, deep", "k", `[{"x": {"b": [], "b": []}}]`, `duplicate key "b" at /k/0/x/b`},
	{"keys the same after replacing invalid UTF-8", "k", "{\"a\xff\": 1, \"a\xfe\": 2}", "duplicate key"},
	{"nesting 1,500 deep", "k", strings.Repeat("[", 1500) + strings.Repeat("]", 1500), "nested more than 1000 deep"},
	// 1,001 levels are a --context the decoder takes, one too many under a key.
	{"nesting one too deep under its key", "k", strings.Repeat("[", 1001) + strings.Repeat("]", 1001), "nested more than 1000 deep"},
	{"a number no float holds", "k", `{"n": [1e400]}`, "beyond the range of a float (about ±1.8e308) at /k/n/0"},
	{"a key that is not UTF-8", "k\xff", `1`, "not valid UTF-8"},
}

// TestRunContextSetRefusesWhatRendersFail: run-context set checks a value
// as --context is checked (render.DecodeJSON, where the value will be in
// the file), and leaves the run context as it was.
func TestRunContextSetRefusesWhatRendersFail(t *testing.T) {
	for _, tt := range runContextSetCases {
		t.Run(tt.name, func(t *testing.T) {
			rc, err := DecodeRunContext([]byte(`{"plan": "x"}`))
			if err != nil {
				t.Fatal(err)
			}
			before := rc.Bytes()
			if _, err := rc.Set(tt.key, json.RawMessage(tt.value)); err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("Set: %v, want an error with %q", err, tt.msg)
			}
			if !bytes.Equal(rc.Bytes(), before) {
				t.Errorf("the run context changed:\n%s", rc.Bytes())
			}
		})
	}
	// At the decoder's bound, the value is taken.
	rc := &RunContext{}
	if _, err := rc.Set("k", json.RawMessage(strings.Repeat("[", 1000)+strings.Repeat("]", 1000))); err != nil {
		t.Errorf("1,000 deep: %v", err)
	}
}

// TestDecodeRunContextRefusesWhatRendersFail: a run context file written
// by hand is read as --context is: a key twice (the top level's too, which
// was taken silently, the last one kept), a number no float holds (a
// *render.DataError that places it in the file).
func TestDecodeRunContextRefusesWhatRendersFail(t *testing.T) {
	for _, tt := range []struct{ doc, msg string }{
		{`{"a": 1, "a": 2}`, `duplicate key "a" at /a`},
		{`{"a": {"b": 1, "b": 1}}`, `duplicate key "b" at /a/b`},
		{`{"a": 1e400}`, "beyond the range of a float (about ±1.8e308) at /a"},
	} {
		_, err := DecodeRunContext([]byte(tt.doc))
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, want %q", tt.doc, err, tt.msg)
		}
	}
	_, err := DecodeRunContext([]byte(`{"a": 1e400}`))
	var de *render.DataError
	if !errors.As(err, &de) || de.Offset != 6 || de.End != 11 {
		t.Errorf("1e400: %v, want a *render.DataError at bytes 6-11", err)
	}
}

// FuzzRunContextSet: whatever file and value it is given, a run context
// that reads or is set without error renders (Map succeeds), stays within
// its cap and reads back with the same keys; a Set that fails changes
// nothing.
func FuzzRunContextSet(f *testing.F) {
	f.Add([]byte(`{"plan": "x"}`), "review", []byte(`{"confirmed": 2}`))
	f.Add([]byte(``), "k", []byte(`[1, 2.5, "x", null, true]`))
	for _, tt := range runContextSetCases {
		f.Add([]byte(`{"a": 1}`), tt.key, []byte(tt.value))
	}
	f.Add([]byte("{\"a\xff\": 1, \"a\xfe\": 2}"), "k", []byte(`1`))
	f.Fuzz(func(t *testing.T, file []byte, key string, value []byte) {
		rc, err := DecodeRunContext(file)
		if err != nil {
			return
		}
		if _, err := rc.Map(); err != nil {
			t.Fatalf("a run context read without error does not render: %v", err)
		}
		before := rc.Bytes()
		if _, err := rc.Set(key, json.RawMessage(value)); err != nil {
			if !bytes.Equal(rc.Bytes(), before) {
				t.Fatalf("a failed Set changed the run context: %v", err)
			}
			return
		}
		out := rc.Bytes()
		if len(out) > MaxRunContextBytes {
			t.Fatalf("%d bytes, over the cap", len(out))
		}
		if _, err := rc.Map(); err != nil {
			t.Fatalf("a run context set without error does not render: %v\n%s", err, out)
		}
		back, err := DecodeRunContext(out)
		if err != nil {
			t.Fatalf("the file form does not read back: %v\n%s", err, out)
		}
		if !slices.Equal(back.Keys(), rc.Keys()) {
			t.Fatalf("keys %q read back as %q", rc.Keys(), back.Keys())
		}
	})
}
