package workflows

import (
	"encoding/json"
	"fmt"
	"time"

	"errors"
	"github.com/sheaproject/shea/internal/testclock"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRunContextOrderAndFileForm(t *testing.T) {
	rc, err := DecodeRunContext([]byte(`{"b": 1, "a": {"x": [1, 2]}, "c": "three"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rc.Set("b", json.RawMessage(`"again"`)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "c", "b"}, rc.Keys()); diff != "" {
		t.Errorf("keys (-want +got):\n%s", diff)
	}
	want := "{\n  \"a\": {\"x\":[1,2]},\n  \"c\": \"three\",\n  \"b\": \"again\"\n}\n"
	if got := string(rc.Bytes()); got != want {
		t.Errorf("file form:\n%s\nwant:\n%s", got, want)
	}
	back, err := DecodeRunContext(rc.Bytes())
	if err != nil || string(back.Bytes()) != want {
		t.Errorf("the file form does not read back: %v\n%s", err, back.Bytes())
	}
	if got := string((&RunContext{}).Bytes()); got != "{}\n" {
		t.Errorf("empty: %q", got)
	}
	for _, bad := range []string{`[1]`, `{"a": }`, `{"a": 1} {}`, `"x"`} {
		if _, err := DecodeRunContext([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestRunContextCap: many writes keep the file within the cap by dropping
// the oldest keys; a single value over the cap is an error and changes
// nothing.
func TestRunContextCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run", "context.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	value := json.RawMessage(strconv.Quote(strings.Repeat("x", 10<<10))) // ~10 KB
	var dropped []string
	for i := range 40 {
		d, err := SetRunContextFile(path, "stage"+strconv.Itoa(i), value)
		if err != nil {
			t.Fatal(err)
		}
		dropped = append(dropped, d...)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > MaxRunContextBytes {
			t.Fatalf("after write %d the file has %d bytes", i, len(b))
		}
	}
	rc, err := ReadRunContext(path)
	if err != nil {
		t.Fatal(err)
	}
	keys := rc.Keys()
	if len(keys) != 9 || keys[0] != "stage31" || keys[8] != "stage39" {
		t.Errorf("kept %v, want stage31…stage39", keys)
	}
	if len(dropped) != 31 || dropped[0] != "stage0" || dropped[30] != "stage30" {
		t.Errorf("dropped %v, want stage0…stage30 in order", dropped)
	}

	before, _ := os.ReadFile(path)
	huge := json.RawMessage(strconv.Quote(strings.Repeat("y", MaxRunContextBytes)))
	if _, err := SetRunContextFile(path, "huge", huge); !errors.Is(err, ErrRunContextValueTooLarge) {
		t.Errorf("huge value: %v", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a rejected value changed the file")
	}
	if _, err := SetRunContextFile(path, "", json.RawMessage(`1`)); err == nil {
		t.Error("empty key accepted")
	}
	if _, err := SetRunContextFile(path, "k", json.RawMessage(`{`)); err == nil {
		t.Error("invalid JSON accepted")
	}
}

func TestReadRunContextMissingFile(t *testing.T) {
	rc, err := ReadRunContext(filepath.Join(t.TempDir(), "none.json"))
	if err != nil || len(rc.Keys()) != 0 {
		t.Errorf("%v, %v", rc.Keys(), err)
	}
}

// TestRunContextTrimLinear: a run context far over the cap (a file written
// by hand, 19,500 keys) is trimmed in one pass: the file was serialised
// again after each dropped key (216 s). The keys kept are the newest that
// fit, and one more would not.
func TestRunContextTrimLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	const n = 19_500
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  \"key%05d\": \"%s\"", i, strings.Repeat("v", 1+i%7))
	}
	b.WriteString("\n}\n")
	rc, err := DecodeRunContext([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	dropped, err := rc.Set("new", json.RawMessage(`1`))
	if err != nil {
		t.Fatal(err)
	}
	testclock.Within(t, "trimming", time.Since(start), 20*time.Second)
	if size := len(rc.Bytes()); size > MaxRunContextBytes {
		t.Errorf("kept %d bytes, over the cap", size)
	}
	keys := rc.Keys()
	if keys[len(keys)-1] != "new" || len(dropped)+len(keys) != n+1 || dropped[len(dropped)-1] >= keys[0] {
		t.Fatalf("kept %d keys from %s, dropped %d", len(keys), keys[0], len(dropped))
	}
	// One more key (the newest dropped) would not have fitted.
	last := dropped[len(dropped)-1]
	more := &RunContext{}
	for _, k := range append([]string{last}, keys...) {
		v := json.RawMessage(`1`)
		if k != "new" {
			i, _ := strconv.Atoi(strings.TrimPrefix(k, "key"))
			v = json.RawMessage(strconv.Quote(strings.Repeat("v", 1+i%7)))
		}
		if err := more.put(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if len(more.Bytes()) <= MaxRunContextBytes {
		t.Errorf("dropped %s, which fitted", last)
	}
}
