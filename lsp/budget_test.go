package lsp

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A check that runs out of time says so on each workflow it left, in the
// budget's own code: no workflow is passed over in silence.
func TestCheckOutOfTimeSaysSo(t *testing.T) {
	dir := fixture(t, "symphony")
	c := startWith(t, Options{Log: io.Discard, CheckTimeout: time.Nanosecond}, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	c.open(wf, read(t, wf))
	p := c.waitFor(wf, hasCode("deadline_exceeded"))
	found := false
	for _, d := range p.Diagnostics {
		found = found || strings.Contains(d.Message, "this workflow was not checked")
	}
	if !found {
		t.Errorf("no diagnostic says the workflow was not checked: %+v", p.Diagnostics)
	}
}
