package lsp_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/sheaproject/shea/lsp"
)

// diagnostics is a client's handler: it prints what the server publishes.
type diagnostics chan string

func (d diagnostics) Handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Method == "textDocument/publishDiagnostics" {
		d <- string(*req.Params)
	}
}

// Serve speaks LSP on any stream: here an in-memory pipe, with
// sourcegraph/jsonrpc2 as the client. A template no workflow uses is
// checked as shea check checks it.
func ExampleServe() {
	dir, _ := os.MkdirTemp("", "shea-lsp-example")
	defer os.RemoveAll(dir)
	dir, _ = filepath.EvalSymlinks(dir)
	_ = os.Mkdir(filepath.Join(dir, ".git"), 0o755) // the repository root
	file := filepath.Join(dir, "prompt.liquid")

	server, client := net.Pipe()
	done := make(chan error)
	go func() { done <- lsp.Serve(context.Background(), server, lsp.Options{Debounce: time.Millisecond}) }()
	published := make(diagnostics, 8)
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(client, jsonrpc2.VSCodeObjectCodec{}), published)

	ctx := context.Background()
	var init struct {
		Capabilities struct {
			PositionEncoding string `json:"positionEncoding"`
		} `json:"capabilities"`
	}
	_ = conn.Call(ctx, "initialize", map[string]any{"capabilities": map[string]any{}}, &init)
	fmt.Println("position encoding:", init.Capabilities.PositionEncoding)
	_ = conn.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": "file://" + file, "languageId": "liquid", "version": 1, "text": "Fix {{ issue.titel }}.",
	}})
	fmt.Println(strings.ReplaceAll(<-published, dir, "DIR"))
	_ = conn.Call(ctx, "shutdown", nil, nil)
	_ = conn.Notify(ctx, "exit", nil)
	fmt.Println("Serve:", <-done)
	// Output:
	// position encoding: utf-16
	// {"diagnostics":[{"code":"unknown_property","codeDescription":{"href":"shea-explain:unknown_property"},"data":{"suggestions":["issue.title"]},"message":"unknown property \"titel\" of issue\nDid you mean \"issue.title\"?","range":{"end":{"character":18,"line":0},"start":{"character":7,"line":0}},"severity":1,"source":"shea"}],"uri":"file://DIR/prompt.liquid","version":1}
	// Serve: <nil>
}
