// Package golden reads the golden-liquid conformance suite that lives beside
// the repository in ../shared/golden-liquid. The suite is third-party data:
// it is never copied into this repository, and tests that need it skip with
// a message when it is absent, or fail when SHEA_REQUIRE_SHARED=1 (see
// package shared).
package golden

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sheaproject/shea/internal/shared"
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

// Dir returns the golden-liquid directory, or skips the test when it is
// absent (fails it with SHEA_REQUIRE_SHARED=1; see package shared).
func Dir(tb testing.TB) string {
	tb.Helper()
	return filepath.Dir(shared.Path(tb, "golden-liquid/golden_liquid.json"))
}

// Load reads the suite's cases, or skips the test when it is absent (see
// Dir).
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
