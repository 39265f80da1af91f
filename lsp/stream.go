package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// The base protocol: each message is a header ("Content-Length: N", lines
// ended by "\r\n", then an empty line) and a JSON body of N bytes. The
// stream reads it with bounds of its own, so that no message costs the
// server more memory than MaxMessageBytes, whatever the client sends:
//
//   - A body longer than MaxMessageBytes is not read into memory. It is
//     scanned as it goes by for the request's id, its method and the
//     document it names, then dropped, and the connection gets a request
//     of method messageTooLarge in its place (handled by refusing it, as
//     a too large document is refused).
//   - A body that is not a JSON-RPC message is answered here, as JSON-RPC
//     says, with a parse error or an invalid-request error (carrying the
//     request's id when it has a usable one), and the session goes on.
//   - A malformed header (no Content-Length, a header line longer than
//     4 KB, more than maxHeaderLines lines) cannot be resynchronised and
//     ends the session.

// MaxMessageBytes is the longest message body the server reads: a
// document of MaxDocumentBytes, with room for its JSON escapes and the
// message around it.
const MaxMessageBytes = MaxDocumentBytes + 1<<20

// messageTooLarge is the method of the request the stream hands on for a
// message whose body was longer than its limit.
const messageTooLarge = "$/shea/messageTooLarge"

// tooLargeParams are messageTooLarge's parameters: what could be read of
// the message as it went by.
type tooLargeParams struct {
	Method string `json:"method,omitempty"`
	URI    string `json:"uri,omitempty"`
	Bytes  int64  `json:"bytes"`
}

const (
	maxHeaderLines = 32
	maxHeaderLine  = 4 << 10
)

// stream is a jsonrpc2.ObjectStream over a client's connection.
type stream struct {
	r      *bufio.Reader
	closer io.Closer
	max    int64

	wmu sync.Mutex
	w   *bufio.Writer
}

func newStream(rwc io.ReadWriteCloser, max int64) *stream {
	return &stream{r: bufio.NewReaderSize(rwc, maxHeaderLine), closer: rwc, max: max, w: bufio.NewWriter(rwc)}
}

// WriteObject writes one message.
func (s *stream) WriteObject(obj any) error {
	body, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return s.write(body)
}

func (s *stream) write(body []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	if _, err := s.w.Write(body); err != nil {
		return err
	}
	return s.w.Flush()
}

// Close closes the connection.
func (s *stream) Close() error { return s.closer.Close() }

// ReadObject reads the next message for the connection into v (jsonrpc2's
// message): the messages that are not JSON-RPC are answered and skipped,
// and one over the limit is replaced (see above).
func (s *stream) ReadObject(v any) error {
	for {
		n, err := s.readHeader()
		if err != nil {
			return err
		}
		var body []byte
		if n > s.max {
			body, err = s.skipBody(n)
		} else {
			body = make([]byte, n)
			_, err = io.ReadFull(s.r, body)
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("reading a message body: %w", err)
		}
		if s.decode(body, v) {
			return nil
		}
	}
}

// readHeader reads a message's header and returns its Content-Length.
// Header names are read without regard to case; other headers
// (Content-Type) are ignored.
func (s *stream) readHeader() (int64, error) {
	n := int64(-1)
	for lines := 0; ; lines++ {
		line, err := s.r.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return 0, fmt.Errorf("a message header line is longer than %d bytes", maxHeaderLine)
		case err == io.EOF && len(line) == 0 && lines == 0:
			return 0, io.EOF // the client closed the stream between messages
		case err != nil:
			return 0, fmt.Errorf("reading a message header: %w", err)
		case lines == maxHeaderLines:
			return 0, fmt.Errorf("a message header of more than %d lines", maxHeaderLines)
		}
		l := strings.TrimRight(string(line), "\r\n")
		if l == "" {
			if n < 0 {
				return 0, errors.New("a message header without Content-Length")
			}
			return n, nil
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue
		}
		v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("a message header with Content-Length %q", strings.TrimSpace(value))
		}
		if n >= 0 && n != v {
			return 0, errors.New("a message header with two Content-Lengths")
		}
		n = v
	}
}

// skipBody consumes a body of n bytes, over the limit, and returns the
// messageTooLarge request that stands for it.
func (s *stream) skipBody(n int64) ([]byte, error) {
	lr := &io.LimitedReader{R: s.r, N: n}
	sc := &scanner{r: bufio.NewReader(lr)}
	sc.value("")
	if _, err := io.Copy(io.Discard, sc.r); err != nil {
		return nil, err
	}
	if lr.N > 0 {
		return nil, io.ErrUnexpectedEOF
	}
	p := tooLargeParams{Bytes: n}
	if m, ok := sc.string(sc.method); ok {
		p.Method = m
	}
	if u, ok := sc.string(sc.uri); ok {
		p.URI = u
	}
	msg := map[string]any{"jsonrpc": "2.0", "method": messageTooLarge, "params": p}
	if usableID(sc.id) {
		msg["id"] = json.RawMessage(sc.id)
	}
	return json.Marshal(msg)
}

// decode decodes a body into v, or answers it with an error and reports
// false when it is not a JSON-RPC message jsonrpc2 takes.
func (s *stream) decode(body []byte, v any) bool {
	if !json.Valid(body) {
		s.replyError(nil, jsonrpc2.CodeParseError, "the message is not JSON")
		return false
	}
	var env struct {
		ID     json.RawMessage `json:"id"`
		Method json.RawMessage `json:"method"`
	}
	if bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("[")) {
		s.replyError(nil, jsonrpc2.CodeInvalidRequest, "shea lsp does not take batches of messages")
		return false
	}
	if err := json.Unmarshal(body, &env); err != nil {
		s.replyError(nil, jsonrpc2.CodeInvalidRequest, "the message is not a JSON-RPC object")
		return false
	}
	// the id an answer carries: the request's when it is a string or a
	// number, else null
	var id json.RawMessage
	if len(env.ID) > 0 && (env.ID[0] == '"' || env.ID[0] == '-' || (env.ID[0] >= '0' && env.ID[0] <= '9')) {
		id = env.ID
	}
	if len(env.ID) > 0 && string(env.ID) != "null" && !usableID(env.ID) {
		s.replyError(id, jsonrpc2.CodeInvalidRequest, "a request id must be a string or an integer from 0 to 2^63-1")
		return false
	}
	if err := json.Unmarshal(body, v); err != nil {
		if len(env.Method) > 0 || len(env.ID) == 0 {
			s.replyError(id, jsonrpc2.CodeInvalidRequest, "the message is not a JSON-RPC request: "+err.Error())
		}
		return false
	}
	return true
}

// usableID reports whether a raw request id is one jsonrpc2 answers with
// the same id: a string, or an integer it reads as int64 and writes back
// as uint64.
func usableID(raw json.RawMessage) bool {
	if len(raw) == 0 {
		return false
	}
	if raw[0] == '"' {
		var s string
		return json.Unmarshal(raw, &s) == nil
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return err == nil && n >= 0
}

// replyError answers a message the connection never sees. id is the
// request's id as it came (a string or a number), or nil for null.
func (s *stream) replyError(id json.RawMessage, code int64, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	body, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc2.Error  `json:"error"`
	}{"2.0", id, jsonrpc2.Error{Code: code, Message: "shea lsp: " + msg}})
	if err == nil {
		_ = s.write(body)
	}
}

// scanner reads one JSON value as it goes by, keeping only the members a
// skipped message is answered with: the top-level "id" and "method" and
// "params"."textDocument"."uri", each as raw JSON of at most maxKept
// bytes. It stops at the first byte that is not JSON.
type scanner struct {
	r               *bufio.Reader
	id, method, uri []byte
	bad             bool
}

const maxKept = 4 << 10

// isKept reports whether the scanner keeps the member at path, and
// isContainerPath whether it looks into the object there to find one.
func isKept(path string) bool {
	return path == "id" || path == "method" || path == "params.textDocument.uri"
}

func isContainerPath(path string) bool {
	return path == "" || path == "params" || path == "params.textDocument"
}

func (sc *scanner) byte() (byte, bool) {
	c, err := sc.r.ReadByte()
	if err != nil {
		sc.bad = true
		return 0, false
	}
	return c, true
}

func (sc *scanner) nonSpace() (byte, bool) {
	for {
		c, ok := sc.byte()
		if !ok || (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
			return c, ok
		}
	}
}

// value reads the value at path.
func (sc *scanner) value(path string) {
	c, ok := sc.nonSpace()
	if !ok {
		return
	}
	switch {
	case c == '{' && isContainerPath(path):
		sc.members(path)
	case c == '{' || c == '[':
		sc.skipNested()
	case c == '"':
		raw := sc.str(isKept(path))
		sc.keep(path, raw)
	default:
		raw := []byte{c}
		for {
			c, ok := sc.byte()
			if !ok {
				break
			}
			if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
				_ = sc.r.UnreadByte()
				break
			}
			if len(raw) <= maxKept {
				raw = append(raw, c)
			}
		}
		sc.keep(path, raw)
	}
}

func (sc *scanner) keep(path string, raw []byte) {
	if len(raw) > maxKept {
		return
	}
	switch path {
	case "id":
		sc.id = raw
	case "method":
		sc.method = raw
	case "params.textDocument.uri":
		sc.uri = raw
	}
}

// members reads an object's members, after its "{".
func (sc *scanner) members(path string) {
	for first := true; !sc.bad; first = false {
		c, ok := sc.nonSpace()
		if !ok || (c == '}' && first) {
			return
		}
		if c != '"' {
			sc.bad = true
			return
		}
		var key string
		if raw := sc.str(true); raw != nil {
			_ = json.Unmarshal(raw, &key)
		}
		if c, ok := sc.nonSpace(); !ok || c != ':' {
			sc.bad = true
			return
		}
		child := key
		if path != "" {
			child = path + "." + key
		}
		sc.value(child)
		c, ok = sc.nonSpace()
		if !ok || c == '}' {
			return
		}
		if c != ',' {
			sc.bad = true
			return
		}
	}
}

// str reads a string after its opening quote and returns it as raw JSON
// when keep is set and it is at most maxKept bytes long.
func (sc *scanner) str(keep bool) []byte {
	var raw []byte
	if keep {
		raw = []byte{'"'}
	}
	for {
		c, ok := sc.byte()
		if !ok {
			return nil
		}
		if keep {
			raw = append(raw, c)
		}
		switch c {
		case '"':
			return raw
		case '\\':
			e, ok := sc.byte()
			if !ok {
				return nil
			}
			if keep {
				raw = append(raw, e)
			}
		}
		if len(raw) > maxKept {
			keep, raw = false, nil
		}
	}
}

// skipNested skips an object or array after its opening bracket.
func (sc *scanner) skipNested() {
	for depth := 1; depth > 0; {
		c, ok := sc.byte()
		if !ok {
			return
		}
		switch c {
		case '"':
			sc.str(false)
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
}

// string decodes a kept raw JSON string.
func (sc *scanner) string(raw []byte) (string, bool) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}
