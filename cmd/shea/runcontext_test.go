package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sheaproject/shea/workflows"
)

// TestRunContextSetStaysWithinCap: many `shea run-context set` writes keep
// the file at or under 100 KB, dropping the oldest keys first and naming
// each on stderr; a value over the cap alone fails and changes nothing.
func TestRunContextSetStaysWithinCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs", "context.json")
	value := strings.Repeat("v", 20<<10)
	var stderrAll strings.Builder
	for i := range 12 {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"run-context", "set", path, "k" + strconv.Itoa(i), "--value", value}, nil, &stdout, &stderr); code != exitClean {
			t.Fatalf("write %d: exit %d: %s", i, code, stderr.String())
		}
		stderrAll.WriteString(stderr.String())
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > workflows.MaxRunContextBytes {
			t.Fatalf("after write %d: %d bytes", i, st.Size())
		}
	}
	b, _ := os.ReadFile(path)
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 4 || m["k8"] == "" || m["k11"] == "" {
		t.Errorf("kept %d keys, want k8…k11", len(m))
	}
	if got := strings.Count(stderrAll.String(), "dropped the oldest key"); got != 8 || !strings.Contains(stderrAll.String(), `"k0"`) {
		t.Errorf("stderr names %d dropped keys, want 8:\n%s", got, stderrAll.String())
	}

	var stdout, stderr bytes.Buffer
	huge := strings.Repeat("x", workflows.MaxRunContextBytes)
	if code := run([]string{"run-context", "set", path, "huge", "--value", huge}, nil, &stdout, &stderr); code != exitFailure ||
		!strings.Contains(stderr.String(), "the value alone is larger than the run context's cap") {
		t.Errorf("huge value: exit %d: %s", code, stderr.String())
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
		t.Error("a rejected value changed the file")
	}
}
