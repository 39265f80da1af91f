package workflows

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRenderLaneGoValues renders a gated lane per dispatch from a
// runner's struct (converted, its undeclared field left out) and from the
// same issue as decoded JSON.
func BenchmarkRenderLaneGoValues(b *testing.B) {
	path := filepath.Join(b.TempDir(), "WORKFLOW.md")
	if err := os.WriteFile(path, []byte(gateWorkflow), 0o644); err != nil {
		b.Fatal(err)
	}
	w, err := Gate(context.Background(), path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	url := "https://t/1"
	s := runnerIssue{ID: "1", Identifier: "A-1", Title: "One", State: "Todo", URL: &url, Labels: []string{"a", "b"}, Internal: "x"}
	m := map[string]any{"id": "1", "identifier": "A-1", "title": "One", "state": "Todo", "url": url, "labels": []any{"a", "b"}}
	for _, c := range []struct {
		name  string
		issue any
	}{{"struct", s}, {"map", m}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := w.RenderLane(context.Background(), LaneAgent, LaneInput{Issue: c.issue}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
