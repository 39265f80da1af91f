package lsp

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/sourcegraph/jsonrpc2"

	"github.com/sheaproject/shea/internal/testclock"
)

// client drives a server through an in-memory stream, as an editor does.
type client struct {
	t    *testing.T
	conn *jsonrpc2.Conn
	done chan error
	srv  *Server

	mu    sync.Mutex
	diags map[string]publishDiagnosticsParams // latest per URI
	log   []publishDiagnosticsParams          // every publish, in order
	more  chan struct{}
}

func (c *client) Handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Method != "textDocument/publishDiagnostics" || req.Params == nil {
		return
	}
	var p publishDiagnosticsParams
	if err := json.Unmarshal(*req.Params, &p); err != nil {
		c.t.Errorf("bad publishDiagnostics: %v", err)
		return
	}
	c.mu.Lock()
	c.diags[p.URI] = p
	c.log = append(c.log, p)
	c.mu.Unlock()
	select {
	case c.more <- struct{}{}:
	default:
	}
}

// start runs a server and initializes it with the given client
// capabilities' position encodings.
func start(t *testing.T, encodings []string, initOpts any) *client {
	t.Helper()
	return startWith(t, Options{Debounce: 20 * time.Millisecond, Log: io.Discard}, encodings, initOpts)
}

func startWith(t *testing.T, opts Options, encodings []string, initOpts any) *client {
	t.Helper()
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{t: t, done: make(chan error, 1), diags: map[string]publishDiagnosticsParams{}, more: make(chan struct{}, 1)}
	c.srv = newServer(opts)
	c.srv.extra = map[string]func(*jsonrpc2.Request) (any, error){
		"shea/testPanic": func(*jsonrpc2.Request) (any, error) { panic("on purpose") },
	}
	go func() { c.done <- c.srv.serve(ctx, a) }()
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}), c)
	t.Cleanup(func() {
		c.conn.Close()
		cancel()
	})
	params := map[string]any{"capabilities": map[string]any{"general": map[string]any{"positionEncodings": encodings}}}
	if initOpts != nil {
		params["initializationOptions"] = initOpts
	}
	var res initializeResult
	c.call("initialize", params, &res)
	want := encUTF16
	if len(encodings) > 0 && encodings[0] != "bogus" {
		want = encodings[0]
	}
	if res.Capabilities.PositionEncoding != want {
		t.Fatalf("positionEncoding %q, want %q", res.Capabilities.PositionEncoding, want)
	}
	c.notify("initialized", map[string]any{})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testclock.Budget(10*time.Second))
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) open(path, text string) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": pathToURI(path), "languageId": "markdown", "version": 1, "text": text}})
}

func (c *client) change(path string, version int, text string) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": pathToURI(path), "version": version},
		"contentChanges": []map[string]any{{"text": text}}})
}

// waitFor waits until the latest publish for path satisfies ok.
func (c *client) waitFor(path string, ok func(publishDiagnosticsParams) bool) publishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(testclock.Budget(10 * time.Second)) // -race reads a 4 MB message slowly
	uri := pathToURI(path)
	for {
		c.mu.Lock()
		p, have := c.diags[uri]
		c.mu.Unlock()
		if have && ok(p) {
			return p
		}
		select {
		case <-c.more:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("no matching diagnostics for %s; last: %+v", path, p)
		}
	}
}

// fixture writes a txtar fixture of testdata into a new directory.
func fixture(t *testing.T, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := canonical(t.TempDir())
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// brief is a diagnostic as the tests compare it.
type brief struct {
	Code     string
	Severity int
	Range    Range
	Message  string
}

func briefs(p publishDiagnosticsParams) []brief {
	var out []brief
	for _, d := range p.Diagnostics {
		out = append(out, brief{d.Code, d.Severity, d.Range, d.Message})
	}
	return out
}

func hasCode(code string) func(publishDiagnosticsParams) bool {
	return func(p publishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if d.Code == code {
				return true
			}
		}
		return false
	}
}

func rng(l1, c1, l2, c2 int) Range {
	return Range{Start: Position{l1, c1}, End: Position{l2, c2}}
}

func labels(items []CompletionItem) map[string]CompletionItem {
	m := map[string]CompletionItem{}
	for _, it := range items {
		m[it.Label] = it
	}
	return m
}

// posOf returns the LSP position (UTF-16) just after the first occurrence
// of marker in text, plus delta bytes.
func posOf(t *testing.T, text, marker string, delta int) Position {
	t.Helper()
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("%q not in text", marker)
	}
	return newConverter(text, encUTF16).at(i + len(marker) + delta)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
