package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/sheaproject/shea/internal/testclock"
)

// A panic in a handler is answered as an error, and the server goes on;
// malformed parameters are invalid-params errors.
func TestBadRequestsDoNotStopTheServer(t *testing.T) {
	c := start(t, nil, nil)
	ctx := context.Background()
	var rerr *jsonrpc2.Error
	err := c.conn.Call(ctx, "shea/testPanic", map[string]any{}, nil)
	if !errors.As(err, &rerr) || rerr.Code != jsonrpc2.CodeInternalError || !strings.Contains(rerr.Message, "on purpose") {
		t.Errorf("panic answered with %v", err)
	}
	err = c.conn.Call(ctx, "textDocument/hover", map[string]any{"textDocument": 42}, nil)
	if !errors.As(err, &rerr) || rerr.Code != jsonrpc2.CodeInvalidParams {
		t.Errorf("bad params answered with %v", err)
	}
	err = c.conn.Call(ctx, "textDocument/formatting", map[string]any{}, nil)
	if !errors.As(err, &rerr) || rerr.Code != jsonrpc2.CodeMethodNotFound {
		t.Errorf("unknown method answered with %v", err)
	}
	// requests on documents that do not exist, positions beyond the text,
	// a change to a document that is not open
	for _, m := range []string{"textDocument/hover", "textDocument/completion", "textDocument/definition"} {
		var out any
		c.call(m, docPos("/nonexistent/x.md", Position{Line: 99, Character: -5}), &out)
	}
	c.change("/nonexistent/y.md", 3, "{{")
	dir := canonical(t.TempDir())
	f := filepath.Join(dir, "odd.liquid")
	c.open(f, "{% for %}{{ | }}{% if %}\x00\xff{{ 'a' | append }}")
	var h *hover
	c.call("textDocument/hover", docPos(f, Position{Line: 0, Character: 1000}), &h)
	var l completionList
	c.call("textDocument/completion", docPos(f, Position{Line: 5, Character: 3}), &l)
	p := c.waitFor(f, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	if p.Diagnostics[0].Severity != 1 {
		t.Errorf("%+v", p.Diagnostics)
	}
	// still alive
	var res initializeResult
	c.call("initialize", map[string]any{"capabilities": map[string]any{}}, &res)
}

// shutdown then exit ends Serve with no error; exit without shutdown is
// an error (LSP's exit code 1).
func TestShutdownExit(t *testing.T) {
	c := start(t, nil, nil)
	var out any
	c.call("shutdown", nil, &out)
	var rerr *jsonrpc2.Error
	if err := c.conn.Call(context.Background(), "textDocument/hover", docPos("/x", Position{}), &out); !errors.As(err, &rerr) || rerr.Code != jsonrpc2.CodeInvalidRequest {
		t.Errorf("a request after shutdown: %v", err)
	}
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after exit")
	}

	c = start(t, nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err == nil {
			t.Error("exit without shutdown: no error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after exit")
	}
}

// Opening and closing documents leaves nothing behind: no buffer, no
// published list, and the diagnostics of closed files are cleared.
func TestMemoryBoundedAcrossOpenClose(t *testing.T) {
	dir := fixture(t, "symphony")
	c := start(t, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	for i := range 50 {
		f := filepath.Join(dir, "scratch", "f"+itoa(i)+".liquid")
		c.open(f, "{{ nope }}")
		c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": pathToURI(f)}})
	}
	c.open(wf, read(t, wf))
	c.waitFor(wf, hasCode("unknown_filter"))
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": pathToURI(wf)}})
	c.waitFor(wf, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.srv.checker.mu.Lock()
		pub, infos := len(c.srv.checker.published), len(c.srv.checker.infos)
		c.srv.checker.mu.Unlock()
		docs := len(c.srv.docs.snapshot().docs)
		if pub == 0 && infos == 0 && docs == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after closing everything: %d published, %d infos, %d docs", pub, infos, docs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A burst of 200 edits, as fast as the client sends them, ends with the
// diagnostics of the last text within 2 s of the last edit, and nothing
// older is published after them. The debounce is the default one.
func TestBurstOfEdits(t *testing.T) {
	dir := fixture(t, "symphony")
	c := startWith(t, Options{Log: io.Discard}, nil, nil)
	wf := filepath.Join(dir, "WORKFLOW.md")
	text := read(t, wf)
	c.open(wf, text)
	c.waitFor(wf, hasCode("unknown_filter"))
	var last time.Time
	for v := 2; v <= 201; v++ {
		// each edit appends one line; the last one misspells a variable
		line := "{{ issue.title }}\n"
		if v == 201 {
			line = "{{ isue.title }}\n"
		}
		n := strings.Count(text, "\n")
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": pathToURI(wf), "version": v},
			"contentChanges": []map[string]any{{"range": rng(n, 0, n, 0), "text": line}}})
		text += line
		last = time.Now()
	}
	p := c.waitFor(wf, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 201 })
	took := time.Since(last)
	t.Logf("final diagnostics %v after the last of 200 edits", took)
	if took > 2*time.Second {
		t.Errorf("final diagnostics after %v, want under 2s", took)
	}
	if !hasCode("unknown_variable")(p) {
		t.Errorf("final: %+v", p.Diagnostics)
	}
	time.Sleep(500 * time.Millisecond)
	c.mu.Lock()
	defer c.mu.Unlock()
	seen := 0
	for _, q := range c.log {
		if q.URI != pathToURI(wf) || q.Version == nil {
			continue
		}
		if *q.Version < seen {
			t.Errorf("version %d published after %d", *q.Version, seen)
		}
		seen = *q.Version
	}
	if seen != 201 {
		t.Errorf("last published version %d", seen)
	}
}

// A 1 MB document is checked, and completion answers in it.
func TestLargeDocument(t *testing.T) {
	dir := canonical(t.TempDir())
	f := filepath.Join(dir, "big.liquid")
	c := startWith(t, Options{Log: io.Discard}, nil, nil)
	var b strings.Builder
	// (Each line reads attempt, not the title: the smoke matrix tries a
	// 10 KB title, which printed on every line would pass the output
	// limit, as it would for a runner.)
	for b.Len() < 1_000_000-40 {
		b.WriteString("Some prompt text é 🎉 {{ attempt }}\n")
	}
	b.WriteString("{{ issue.titel }}\n")
	text := b.String()
	start := time.Now()
	c.open(f, text)
	p := c.waitFor(f, hasCode("unknown_property"))
	t.Logf("%d bytes: diagnostics after %v", len(text), time.Since(start))
	lines := strings.Count(text, "\n")
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start.Line != lines-1 {
		t.Errorf("%+v", p.Diagnostics)
	}
	start = time.Now()
	var l completionList
	c.call("textDocument/completion", docPos(f, Position{Line: lines - 1, Character: 9}), &l)
	t.Logf("completion after %v", time.Since(start))
	if _, ok := labels(l.Items)["title"]; !ok {
		t.Errorf("completion in a large document: %d items", len(l.Items))
	}
}

// A 1 MB workflow body (a lane prompt near shea's template size limit) is
// validated, smoke renders included, and its diagnostics published.
func TestLargeWorkflow(t *testing.T) {
	dir := fixture(t, "symphony")
	wf := filepath.Join(dir, "WORKFLOW.md")
	c := startWith(t, Options{Log: io.Discard}, nil, nil)
	var b strings.Builder
	b.WriteString("---\ntracker:\n  kind: linear\n---\n")
	// (Each line reads attempt, not the title: the smoke matrix tries a
	// 10 KB title, which printed on every line would pass the output
	// limit, as it would for a runner.)
	for b.Len() < 1_000_000-40 {
		b.WriteString("Some prompt text é 🎉 {{ attempt }}\n")
	}
	b.WriteString("{{ issue.titel }}\n")
	text := b.String()
	start := time.Now()
	c.open(wf, text)
	p := c.waitFor(wf, hasCode("unknown_property"))
	t.Logf("%d bytes: diagnostics after %v", len(text), time.Since(start))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start.Line != strings.Count(text, "\n")-1 {
		t.Errorf("%+v", p.Diagnostics)
	}
	// fixed: the smoke renders of the whole body run too
	start = time.Now()
	c.change(wf, 2, strings.Replace(text, "titel", "title", 1))
	p = c.waitFor(wf, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
	t.Logf("fixed: diagnostics after %v", time.Since(start))
	if len(p.Diagnostics) != 0 {
		t.Errorf("%+v", p.Diagnostics)
	}
}

// A one-line 680 KB template with 20,000 errors publishes the first
// MaxPublished of them, at their places (counted by hand: one every 34
// bytes), and one more that counts the rest; the publish and the check of
// the next edit are quick (it took 21 s, converting each position from
// the line's start, and sent all 20,000).
func TestManyDiagnosticsOnOneLine(t *testing.T) {
	dir := canonical(t.TempDir())
	f := filepath.Join(dir, "one.liquid")
	c := startWith(t, Options{Log: io.Discard, Debounce: 20 * time.Millisecond}, nil, nil)
	unit := "{{ issue.titel }}" + strings.Repeat(" ", 17) // 34 bytes
	text := strings.Repeat(unit, 20000)
	start := time.Now()
	c.open(f, text)
	p := c.waitFor(f, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	testclock.Within(t, "publishing 20,000 diagnostics", time.Since(start), testclock.Budget(5*time.Second))
	if len(p.Diagnostics) != MaxPublished+1 {
		t.Fatalf("%d diagnostics published", len(p.Diagnostics))
	}
	for i, d := range p.Diagnostics[:MaxPublished] {
		if want := rng(0, 34*i+3, 0, 34*i+14); d.Range != want || d.Code != "unknown_property" {
			t.Fatalf("diagnostic %d: %+v, want %+v", i, d, want)
		}
	}
	last := p.Diagnostics[MaxPublished]
	want := Diagnostic{Range: rng(0, 34*MaxPublished+3, 0, 34*MaxPublished+3), Severity: 1, Source: "shea",
		Message: "19000 more diagnostics in this file (19000 errors, 0 warnings), not shown: shea lsp publishes the first 1000; shea validate and shea check list them all"}
	if !reflect.DeepEqual(last, want) {
		t.Errorf("last diagnostic %+v,\nwant %+v", last, want)
	}
	start = time.Now()
	c.change(f, 2, "{{ issue.titel }}")
	c.waitFor(f, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 2 && len(p.Diagnostics) == 1
	})
	testclock.Within(t, "the next edit", time.Since(start), testclock.Budget(2*time.Second))
}

// Completion and hover take time linear in the document: in a 950 KB
// template of 16,000 captures then 16,000 assigns each answers in well
// under a second (each took 4.5–6 s, sorting the locals by insertion, and
// held up every request behind it).
func TestCompletionAndHoverInManyLocals(t *testing.T) {
	dir := canonical(t.TempDir())
	f := filepath.Join(dir, "locals.liquid")
	c := startWith(t, Options{Log: io.Discard}, nil, nil)
	var b strings.Builder
	for i := range 16000 {
		fmt.Fprintf(&b, "{%% capture c%d %%}x{%% endcapture %%}\n", i)
	}
	for i := range 16000 {
		fmt.Fprintf(&b, "{%% assign a%d = issue.title %%}\n", i)
	}
	b.WriteString("{{ a15999 }} {{ issue. }}\n")
	text := b.String()
	c.open(f, text)
	// the check is over: the time measured is the request's
	c.waitFor(f, func(publishDiagnosticsParams) bool { return true })
	last := strings.Count(text, "\n") - 1
	// bounds on CPU time (testclock): the machine may be busy
	cpu := func() time.Duration {
		d, _ := testclock.ProcessCPU()
		return d
	}
	start := cpu()
	var l completionList
	c.call("textDocument/completion", docPos(f, Position{Line: last, Character: 3}), &l)
	testclock.Within(t, "completion", cpu()-start, testclock.Budget(time.Second))
	got := labels(l.Items)
	for _, w := range []string{"issue", "c0", "c15999", "a0", "a15999"} {
		if _, ok := got[w]; !ok {
			t.Errorf("completion: no %q among %d items", w, len(l.Items))
		}
	}
	start = cpu()
	var h hover
	c.call("textDocument/hover", docPos(f, Position{Line: last, Character: 5}), &h)
	testclock.Within(t, "hover", cpu()-start, testclock.Budget(time.Second))
	if want := "**a15999**: local, bound by `assign` on line 32000 from `issue.title`"; h.Contents.Value != want {
		t.Errorf("hover: %q, want %q", h.Contents.Value, want)
	}
	start = cpu()
	c.call("textDocument/completion", docPos(f, Position{Line: last, Character: 22}), &l)
	testclock.Within(t, "completion of a property", cpu()-start, testclock.Budget(time.Second))
	if _, ok := labels(l.Items)["title"]; !ok {
		t.Errorf("completion after issue.: %d items", len(l.Items))
	}
}

// A document that grows beyond MaxDocumentBytes is dropped, not kept (its
// diagnostics are cleared), changes that do not send it whole are passed
// over, and one that sends it whole and small enough brings it back.
func TestDocumentGrownTooLarge(t *testing.T) {
	dir := canonical(t.TempDir())
	f := filepath.Join(dir, "grow.liquid")
	c := start(t, nil, nil)
	c.open(f, "{{ issue.titel }}")
	c.waitFor(f, hasCode("unknown_property"))
	c.change(f, 2, strings.Repeat("x", MaxDocumentBytes+1))
	c.waitFor(f, func(p publishDiagnosticsParams) bool { return p.Version == nil && len(p.Diagnostics) == 0 })
	c.srv.docs.mu.Lock()
	d := c.srv.docs.docs[f]
	kept := d == nil || !d.refused || d.text != ""
	c.srv.docs.mu.Unlock()
	if kept {
		t.Fatal("the refused document's text is kept")
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": pathToURI(f), "version": 3},
		"contentChanges": []map[string]any{{"range": rng(0, 0, 0, 0), "text": "{{ nope }}"}}})
	c.change(f, 4, "{{ issue.idntifier }}")
	p := c.waitFor(f, func(p publishDiagnosticsParams) bool { return p.Version != nil })
	if *p.Version != 4 || len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "idntifier") {
		t.Errorf("after the whole text came back: version %d, %+v", *p.Version, briefs(p))
	}
}
