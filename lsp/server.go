package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/sheaproject/shea/workflows"
)

// Options configure a server.
type Options struct {
	// Version is the server's version, reported in initialize.
	Version string
	// Debounce is how long the server waits after the last edit before it
	// checks; zero means DefaultDebounce.
	Debounce time.Duration
	// Log receives the server's log lines (panics recovered, checks that
	// failed); nil discards them. The protocol stream is never written to.
	Log io.Writer
	// Getenv reads the environment (SHEA_WORKSPACE_PROMPTS); nil means
	// os.Getenv.
	Getenv func(string) string
	// CheckTimeout bounds one check of the open documents (every workflow
	// they belong to, its smoke renders included), as --total-timeout
	// bounds a shea validate; zero means the same default. A workflow
	// left unchecked when it runs out gets a diagnostic saying so.
	CheckTimeout time.Duration
}

// DefaultDebounce is the pause after an edit before a check starts.
const DefaultDebounce = 150 * time.Millisecond

// MaxDocumentBytes caps a document the server keeps: a bigger one is
// refused with a message, and not checked until it is smaller (no file
// shea reads may be bigger: workflows.MaxWorkflowBytes). A message that
// carries more than MaxMessageBytes is refused before it is read.
const MaxDocumentBytes = workflows.MaxWorkflowBytes

// ErrNoShutdown is what Serve returns when the client leaves without a
// shutdown request: exit before shutdown, or the stream closed. LSP asks
// for exit status 1 then.
var ErrNoShutdown = errors.New("the client left without a shutdown request")

// Server is one LSP session. Serve runs it.
type Server struct {
	opts Options
	conn *jsonrpc2.Conn

	mu       sync.Mutex
	enc      string // the negotiated position encoding
	init     InitializationOptions
	docs     *store
	shutdown bool
	exited   chan struct{}

	checker *checker
	logMu   sync.Mutex

	// extra are more methods, tried before the protocol's (tests use it
	// to make a handler panic).
	extra map[string]func(*jsonrpc2.Request) (any, error)
}

// Serve speaks LSP on stream (a client's stdin and stdout, joined) until
// the client sends exit or closes the stream. It returns nil after a
// shutdown request followed by exit, and ErrNoShutdown otherwise, as LSP's
// exit notification asks.
func Serve(ctx context.Context, stream io.ReadWriteCloser, opts Options) error {
	return newServer(opts).serve(ctx, stream)
}

func (s *Server) serve(ctx context.Context, stream io.ReadWriteCloser) error {
	conn := jsonrpc2.NewConn(ctx, newStream(stream, MaxMessageBytes),
		jsonrpc2.HandlerWithError(s.handle).SuppressErrClosed(), jsonrpc2.SetLogger(connLogger{s}))
	s.start(conn)
	select {
	case <-conn.DisconnectNotify():
	case <-s.exited:
		conn.Close()
	case <-ctx.Done():
		conn.Close()
	}
	s.checker.stop()
	s.mu.Lock()
	clean := s.shutdown
	s.mu.Unlock()
	if !clean {
		return ErrNoShutdown
	}
	return nil
}

func newServer(opts Options) *Server {
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	s := &Server{opts: opts, enc: encUTF16, docs: newStore(), exited: make(chan struct{})}
	s.checker = newChecker(s)
	return s
}

// start binds the server to its connection and starts the checker.
func (s *Server) start(conn *jsonrpc2.Conn) {
	s.setConn(conn)
	go s.checker.run()
}

// setConn records the connection (the handler may run before start has).
func (s *Server) setConn(conn *jsonrpc2.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		s.conn = conn
	}
}

func (s *Server) connection() *jsonrpc2.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn
}

// logf writes a line to the log.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.opts.Log, "shea lsp: "+format+"\n", args...)
}

// connLogger sends jsonrpc2's own log lines (a malformed notification, a
// reply that could not be sent) to the server's log.
type connLogger struct{ s *Server }

func (l connLogger) Printf(format string, v ...any) {
	l.s.logf("%s", strings.TrimRight(fmt.Sprintf(format, v...), "\n"))
}

// encoding returns the negotiated position encoding.
func (s *Server) encoding() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.enc
}

// handle answers one message. A panic is recovered, logged and answered
// as an internal error: bad input never stops the server.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("panic in %s: %v\n%s", req.Method, r, debug.Stack())
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("shea lsp: internal error in %s: %v", req.Method, r)}
		}
	}()
	s.setConn(conn)
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	if down && req.Method != "exit" {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down"}
	}
	if f, ok := s.extra[req.Method]; ok {
		return f(req)
	}
	switch req.Method {
	case "initialize":
		return s.initialize(req)
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
		if req.Method == "workspace/didChangeWatchedFiles" {
			s.checker.touch("")
		}
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.checker.stop()
		return nil, nil
	case "exit":
		select {
		case <-s.exited:
		default:
			close(s.exited)
		}
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		if path, ok := uriToPath(p.TextDocument.URI); ok {
			if len(p.TextDocument.Text) > MaxDocumentBytes {
				s.refuse(path, p.TextDocument.URI, fmt.Sprintf("is %d bytes, more than the %d-byte limit", len(p.TextDocument.Text), MaxDocumentBytes))
				return nil, nil
			}
			s.docs.open(path, p.TextDocument.URI, p.TextDocument.Text, p.TextDocument.Version)
			s.checker.touch(path)
		}
		return nil, nil
	case "textDocument/didChange":
		var p didChangeParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		if path, ok := uriToPath(p.TextDocument.URI); ok {
			switch err := s.docs.change(path, p.TextDocument.Version, p.ContentChanges, s.encoding()); {
			case errors.Is(err, errTooLarge):
				s.refuse(path, p.TextDocument.URI, fmt.Sprintf("grew beyond the %d-byte limit", MaxDocumentBytes))
			case errors.Is(err, errRefused):
				// a change to a document already refused: nothing to say again
			case err != nil:
				s.showError(err.Error())
			default:
				s.checker.touch(path)
			}
		}
		return nil, nil
	case "textDocument/didSave":
		var p didSaveParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		if path, ok := uriToPath(p.TextDocument.URI); ok {
			switch {
			case p.Text != nil && len(*p.Text) > MaxDocumentBytes:
				s.refuse(path, p.TextDocument.URI, fmt.Sprintf("is %d bytes, more than the %d-byte limit", len(*p.Text), MaxDocumentBytes))
			case p.Text != nil:
				s.docs.replace(path, *p.Text)
				s.checker.touch(path)
			default:
				s.checker.touch(path)
			}
		}
		return nil, nil
	case "textDocument/didClose":
		var p didCloseParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		if path, ok := uriToPath(p.TextDocument.URI); ok {
			s.docs.close(path)
			s.checker.touch(path)
		}
		return nil, nil
	case messageTooLarge:
		return nil, s.tooLarge(req)
	case "textDocument/completion":
		var p textDocumentPositionParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		return s.completion(p), nil
	case "textDocument/hover":
		var p textDocumentPositionParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		return s.hover(p), nil
	case "textDocument/definition":
		var p textDocumentPositionParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		return s.definition(p), nil
	case "textDocument/documentLink":
		var p struct {
			TextDocument textDocumentIdentifier `json:"textDocument"`
		}
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		return s.documentLinks(p.TextDocument.URI), nil
	case "textDocument/codeAction":
		var p codeActionParams
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	case "textDocument/documentSymbol":
		var p struct {
			TextDocument textDocumentIdentifier `json:"textDocument"`
		}
		if err := unmarshal(req, &p); err != nil {
			return nil, err
		}
		return s.symbols(p.TextDocument.URI), nil
	}
	if req.Notif {
		return nil, nil // unknown notifications are ignored, as LSP says
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "shea lsp does not serve " + req.Method}
}

// unmarshal decodes a request's parameters, answering malformed ones with
// an invalid-params error.
func unmarshal(req *jsonrpc2.Request, v any) error {
	if req.Params == nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": missing params"}
	}
	if err := json.Unmarshal(*req.Params, v); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": " + err.Error()}
	}
	return nil
}

func (s *Server) initialize(req *jsonrpc2.Request) (any, error) {
	var p initializeParams
	if err := unmarshal(req, &p); err != nil {
		return nil, err
	}
	var init InitializationOptions
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		if err := json.Unmarshal(p.InitializationOptions, &init); err != nil {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "initializationOptions: " + err.Error()}
		}
	}
	enc := chooseEncoding(p.Capabilities.General.PositionEncodings)
	if err := s.checker.configure(init); err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "initializationOptions: " + err.Error()}
	}
	s.mu.Lock()
	s.enc, s.init = enc, init
	s.mu.Unlock()
	var r initializeResult
	r.ServerInfo.Name, r.ServerInfo.Version = "shea", s.opts.Version
	r.Capabilities = serverCapabilities{
		PositionEncoding:       enc,
		TextDocumentSync:       textDocumentSync{OpenClose: true, Change: 2, Save: saveOptions{IncludeText: false}},
		CompletionProvider:     &completionOptions{TriggerCharacters: []string{".", "|", "{", "%", " "}},
		HoverProvider:          true,
		DefinitionProvider:     true,
		DocumentLinkProvider:   &documentLinkOption{},
		CodeActionProvider:     &codeActionOptions{CodeActionKinds: []string{"quickfix"}},
		DocumentSymbolProvider: true,
	}
	return r, nil
}

// refuse drops a document that is too large, and says so: it is checked
// as the disk has it until the client sends it whole and small enough.
func (s *Server) refuse(path, uri, why string) {
	s.docs.refuse(path, uri)
	s.checker.touch(path)
	s.showError(uri + " " + why + ": shea does not check the editor's text of it until it is smaller")
}

// tooLarge answers a message the stream did not read (messageTooLarge):
// a document it opened or changed is refused, a request gets an error.
func (s *Server) tooLarge(req *jsonrpc2.Request) error {
	var p tooLargeParams
	if req.Params != nil {
		_ = json.Unmarshal(*req.Params, &p)
	}
	method := p.Method
	if method == "" {
		method = "a message"
	}
	why := fmt.Sprintf("%s of %d bytes, more than the %d-byte limit of a message", method, p.Bytes, MaxMessageBytes)
	switch path, ok := uriToPath(p.URI); {
	case ok && (p.Method == "textDocument/didOpen" || p.Method == "textDocument/didChange" || p.Method == "textDocument/didSave"):
		s.refuse(path, p.URI, "came in a "+why)
	default:
		s.showError("skipped " + why)
	}
	if req.Notif {
		return nil
	}
	return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "shea lsp: skipped " + why}
}

// showError tells the user about a problem with the session itself.
func (s *Server) showError(msg string) {
	s.logf("%s", msg)
	if conn := s.connection(); conn != nil {
		_ = conn.Notify(context.Background(), "window/logMessage", logMessageParams{Type: 1, Message: "shea lsp: " + msg})
	}
}
