// Package golden reads the golden-liquid conformance suite that lives beside
// the repository in ../shared/golden-liquid. The suite is third-party data:
// it is never copied into this repository, and tests that need it skip with
// a message when it is absent.
package golden

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Case is one case of the suite.
type Case struct {
	Name      string            `json:"name"`
	Template  string            `json:"template"`
	Data      json.RawMessage   `json:"data"`
	Result    *string           `json:"result"`
	Results   []string          `json:"results"`
	Invalid   bool              `json:"invalid"`
	Templates map[string]string `json:"templates"`
	Tags      []string          `json:"tags"`
}

// Accepts reports whether out is an expected result of the case.
func (c Case) Accepts(out string) bool {
	if c.Result != nil && *c.Result == out {
		return true
	}
	for _, r := range c.Results {
		if r == out {
			return true
		}
	}
	return false
}

// HasTag reports whether the case carries the tag.
func (c Case) HasTag(tag string) bool {
	for _, t := range c.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// SharedDir returns ../shared relative to the module root, found by walking
// up from the working directory to the directory holding go.mod.
func SharedDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Dir returns the golden-liquid directory, or skips the test when it is
// absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	shared, err := SharedDir()
	if err != nil {
		tb.Skipf("golden-liquid suite not found: %v", err)
	}
	dir := filepath.Join(shared, "golden-liquid")
	if _, err := os.Stat(filepath.Join(dir, "golden_liquid.json")); err != nil {
		tb.Skipf("golden-liquid suite not found at %s (it lives beside the repository in ../shared): skipping", dir)
	}
	return dir
}

// Load reads the suite's cases, or skips the test when it is absent.
func Load(tb testing.TB) []Case {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(tb), "golden_liquid.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var f struct {
		Tests []Case `json:"tests"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		tb.Fatalf("golden_liquid.json: %v", err)
	}
	return f.Tests
}
