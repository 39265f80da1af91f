package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// raw is a client that writes and reads the base protocol's bytes itself,
// to send what a well-behaved client library never would.
type raw struct {
	t    *testing.T
	conn net.Conn
	msgs chan map[string]any
	done chan error
}

func startRaw(t *testing.T) *raw {
	t.Helper()
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	r := &raw{t: t, conn: b, msgs: make(chan map[string]any, 1000), done: make(chan error, 1)}
	srv := newServer(Options{Debounce: 20 * time.Millisecond, Log: io.Discard})
	go func() { r.done <- srv.serve(ctx, a) }()
	go r.read(bufio.NewReader(b))
	t.Cleanup(func() {
		b.Close()
		cancel()
	})
	return r
}

// read reads the server's messages into r.msgs until the stream ends.
func (r *raw) read(br *bufio.Reader) {
	defer close(r.msgs)
	for {
		n := -1
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(br, body); err != nil {
			return
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			r.t.Errorf("the server wrote a body that is not JSON: %q", body)
			return
		}
		r.msgs <- m
	}
}

// send writes a framed body.
func (r *raw) send(body string) {
	r.t.Helper()
	if _, err := fmt.Fprintf(r.conn, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		r.t.Fatalf("writing: %v", err)
	}
}

// reply waits for the response to id (as JSON: 7, "x", null) and returns
// it, passing over notifications and other responses.
func (r *raw) reply(id string) map[string]any {
	r.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-r.msgs:
			if !ok {
				r.t.Fatalf("the stream ended before the response to %s", id)
			}
			if _, isResp := m["method"]; isResp {
				continue
			}
			if b, _ := json.Marshal(m["id"]); string(b) == id {
				return m
			}
		case <-deadline:
			r.t.Fatalf("no response to %s", id)
		}
	}
}

// errorCode returns a response's error code, or 0 when it has none.
func errorCode(m map[string]any) int {
	e, ok := m["error"].(map[string]any)
	if !ok {
		return 0
	}
	c, _ := e["code"].(float64)
	return int(c)
}

// Bodies that are not JSON-RPC messages are answered as JSON-RPC says,
// with the request's id when it has a usable one (null otherwise), and
// the session goes on. (jsonrpc2's own reading ended the session on the
// first of them, and answered an id of -1 with the id 2^64-1.)
func TestMalformedMessagesAreAnswered(t *testing.T) {
	r := startRaw(t)
	for _, tc := range []struct {
		body, id string
		code     int
	}{
		{`{"jsonrpc":"2.0","id":1,"method":`, "null", -32700},
		{`not json`, "null", -32700},
		{``, "null", -32700},
		{`[{"jsonrpc":"2.0","id":2,"method":"shutdown"}]`, "null", -32600},
		{`42`, "null", -32600},
		{`{}`, "null", -32600},
		{`{"jsonrpc":"2.0","id":-1,"method":"initialize","params":{}}`, "-1", -32600},
		{`{"jsonrpc":"2.0","id":1.5,"method":"initialize","params":{}}`, "1.5", -32600},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"initialize","params":{}}`, "null", -32600},
		{`{"jsonrpc":"2.0","id":3,"method":5}`, "3", -32600},
		{`{"jsonrpc":"2.0","id":"s","method":"initialize","result":1}`, `"s"`, -32600},
	} {
		t.Logf("%q", tc.body)
		r.send(tc.body)
		if m := r.reply(tc.id); errorCode(m) != tc.code {
			t.Errorf("%q: %v, want error %d", tc.body, m, tc.code)
		}
	}
	r.send(`{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"capabilities":{}}}`)
	if m := r.reply("9"); m["result"] == nil {
		t.Errorf("initialize after the bad messages: %v", m)
	}
	r.send(`{"jsonrpc":"2.0","id":"x","method":"shutdown"}`)
	r.reply(`"x"`)
	r.send(`{"jsonrpc":"2.0","method":"exit"}`)
	select {
	case err := <-r.done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no exit")
	}
}

// A message over MaxMessageBytes is refused unread: a 50 MB didOpen costs
// the server a few kilobytes (it allocated over 500 MB to refuse it), a
// request that large gets an error with its id, and the session goes on.
func TestOversizedMessageIsNotRead(t *testing.T) {
	r := startRaw(t)
	r.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	r.reply("1")
	const size = 50 << 20
	huge := func(head, tail string) int {
		t.Helper()
		fmt.Fprintf(r.conn, "Content-Length: %d\r\n\r\n%s", len(head)+size+len(tail), head)
		chunk := []byte(strings.Repeat("x", 64<<10))
		for n := 0; n < size; n += len(chunk) {
			if _, err := r.conn.Write(chunk); err != nil {
				t.Fatal(err)
			}
		}
		io.WriteString(r.conn, tail)
		return len(head) + size + len(tail)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := huge(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nonexistent/huge.liquid","languageId":"liquid","version":1,"text":"`, `"}}}`)
	var logged string
	for m := range r.msgs {
		if m["method"] == "window/logMessage" {
			logged = m["params"].(map[string]any)["message"].(string)
			break
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("refusing a 50 MB didOpen allocated %d bytes", got)
	}
	if !strings.Contains(logged, "file:///nonexistent/huge.liquid") || !strings.Contains(logged, fmt.Sprintf("textDocument/didOpen of %d bytes", n)) {
		t.Errorf("logged %q", logged)
	}
	huge(`{"jsonrpc":"2.0","method":"textDocument/hover","params":{"text":"`, `"},"id":"big"}`)
	if m := r.reply(`"big"`); errorCode(m) != -32600 {
		t.Errorf("a 50 MB request: %v", m)
	}
	r.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nonexistent/huge.liquid"},"position":{"line":0,"character":0}}}`)
	if m := r.reply("2"); errorCode(m) != 0 {
		t.Errorf("hover after the refusals: %v", m)
	}
}

// idKey is how a request id is compared with the id of its response: a
// string by its value, an integer by its value, another number by its
// text.
func idKey(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 {
		return "", false
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return "s:" + s, true
	}
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return "n:" + strconv.FormatInt(n, 10), true
	}
	if raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9') {
		return "n:" + string(raw), true
	}
	return "", false
}

// The server's message handling takes any bytes: the bodies (separated by
// \x1e) are framed and sent, then a last request, then tail as it is (a
// broken header, a body cut short). The server never panics, not even in
// a handler (where it would recover); every request before an exit gets a
// response with its id; what it writes is bounded; and the session ends
// when the client closes the stream.
func FuzzServe(f *testing.F) {
	const doc = `"textDocument":{"uri":"file:///nonexistent-shea-fuzz/a.liquid"`
	f.Add(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`+"\x1e"+
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{`+doc+`,"version":1,"text":"{{ issue.titel }}\r{% assign a = issue %}{{ a. }}"}}}`+"\x1e"+
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{`+doc+`},"position":{"line":1,"character":28}}}`+"\x1e"+
		`{"jsonrpc":"2.0","id":"h","method":"textDocument/hover","params":{`+doc+`},"position":{"line":0,"character":5}}}`, []byte(""))
	f.Add(`{"id":-1,"method":"x"}`+"\x1e"+`[1]`+"\x1e"+`{"jsonrpc":"2.0","id":"s","method":"shutdown"}`+"\x1e"+`{"jsonrpc":"2.0","method":"exit"}`, []byte("Content-Length: 5\r\n\r\n{}"))
	f.Add(`{"jsonrpc":"2.0","id":1,"method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///x","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":-4}},"text":"x"}]}}`,
		[]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add("", []byte("content-length: 2\r\nContent-Type: x\r\n\r\n{}Content-Length: 1\n\n["))
	f.Fuzz(func(t *testing.T, bodies string, tail []byte) {
		if len(bodies)+len(tail) > 1<<16 {
			return
		}
		want := map[string]int{}
		var frames bytes.Buffer
		for _, b := range strings.Split(bodies, "\x1e") {
			fmt.Fprintf(&frames, "Content-Length: %d\r\n\r\n%s", len(b), b)
			var m map[string]json.RawMessage
			if json.Unmarshal([]byte(b), &m) != nil {
				continue
			}
			var method string
			if raw, ok := m["method"]; ok && json.Unmarshal(raw, &method) == nil && method == "exit" {
				break // the session may end here
			}
			if _, ok := m["method"]; !ok {
				continue // a response, or no message
			}
			if k, ok := idKey(m["id"]); ok {
				want[k]++
			}
		}
		const last = `{"jsonrpc":"2.0","id":"fuzz-last","method":"shutdown"}`
		fmt.Fprintf(&frames, "Content-Length: %d\r\n\r\n%s", len(last), last)
		frames.Write(tail)

		a, b := net.Pipe()
		log := &syncWriter{}
		srv := newServer(Options{Debounce: time.Millisecond, Log: log})
		done := make(chan error, 1)
		go func() { done <- srv.serve(context.Background(), a) }()
		go func() { _, _ = b.Write(frames.Bytes()) }()
		got := map[string]int{}
		replies := make(chan struct{})
		var written int64
		go func() {
			defer close(replies)
			br := bufio.NewReader(&countingReader{r: b, n: &written})
			for {
				n := -1
				for {
					line, err := br.ReadString('\n')
					if err != nil {
						return
					}
					if line = strings.TrimRight(line, "\r\n"); line == "" {
						break
					}
					if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
						n, _ = strconv.Atoi(v)
					}
				}
				if n < 0 || written > 64<<20 {
					t.Errorf("the server wrote a bad header, or more than 64 MB")
					return
				}
				body := make([]byte, n)
				if _, err := io.ReadFull(br, body); err != nil {
					return
				}
				var m map[string]json.RawMessage
				if err := json.Unmarshal(body, &m); err != nil {
					t.Errorf("the server wrote %q", body)
					return
				}
				if _, isNotif := m["method"]; isNotif {
					continue
				}
				k, _ := idKey(m["id"])
				got[k]++
				if k == "s:fuzz-last" {
					return
				}
			}
		}()
		served := false
		select {
		case <-replies:
		case <-done:
			served = true
		case <-time.After(20 * time.Second):
			t.Fatal("no answer to the last request within 20 s")
		}
		b.Close()
		if !served {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Serve did not return after the stream closed")
			}
		}
		<-replies
		if l := log.String(); strings.Contains(l, "panic") {
			t.Fatalf("a handler panicked: %s", l)
		}
		if got["s:fuzz-last"] == 0 {
			return // an exit, or a broken frame, ended the session: nothing after it is owed an answer
		}
		for k, n := range want {
			if got[k] < n {
				t.Errorf("%d responses to id %s, want %d", got[k], k, n)
			}
		}
	})
}

// syncWriter is a log safe for concurrent use.
type syncWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}
