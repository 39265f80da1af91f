package workflows

import (
	"strconv"
	"strings"
	"testing"
)

// TestDataSchemaBounded: data with an object of more keys than a context
// schema may hold objects is refused before a schema is built for each key
// (one for each of 1.6 million keys took gigabytes, and strict refused the
// result); data within the bounds declares its names as before.
func TestDataSchemaBounded(t *testing.T) {
	wide := map[string]any{}
	for i := range 300_000 {
		wide["k"+strconv.Itoa(i)] = int64(0)
	}
	_, diags := TemplateInputs(TemplateOptions{Data: map[string]any{"o": wide}, Filename: "t.liquid"})
	if len(diags) != 1 || !strings.Contains(diags[0].Summary, "an object of more than 5000 keys") {
		t.Errorf("300,000 keys: %v", diags)
	}
	items := make([]any, 20_000)
	for i := range items {
		items[i] = map[string]any{"id": int64(i), "title": "t"}
	}
	s, diags := TemplateInputs(TemplateOptions{Data: map[string]any{"issues": items}, Filename: "t.liquid"})
	if len(diags) != 0 || !s.Has("issues") {
		t.Errorf("20,000 small items: %v", diags)
	}
}
