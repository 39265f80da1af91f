package osteele

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	lrender "github.com/osteele/liquid/render"
)

// The limits a render by osteele can reach (result.Limit).
const (
	limitDeadline = "deadline"
	limitOutput   = "output"
	limitDepth    = "depth"
	limitMemory   = "memory"
)

// result is what one render by osteele gave: its output, or its error
// (osteele's, at its place), or the limit it reached. It crosses the pipe
// from a prover child as JSON.
type result struct {
	Output string      `json:"output,omitempty"`
	Err    *renderFail `json:"err,omitempty"`
	// Parse is set when Err is osteele's parse error (a prover child for
	// another version parses the template itself).
	Parse bool   `json:"parse,omitempty"`
	Limit string `json:"limit,omitempty"`
	// Elapsed is how long the render ran, for the deadline's message.
	Elapsed time.Duration `json:"elapsed,omitempty"`
}

// renderFail is an osteele error as it crosses the pipe: the path osteele
// gave ("" for the main template), the line and osteele's message. It
// implements sourceError, so diagnose places it.
type renderFail struct {
	File    string `json:"path,omitempty"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
	// Panic is the stack of a panic inside osteele, when it panicked.
	Panic string `json:"panic,omitempty"`
}

func (f *renderFail) Error() string   { return f.Message }
func (f *renderFail) Path() string    { return f.File }
func (f *renderFail) LineNumber() int { return f.Line }

func failOf(err error) *renderFail {
	f := &renderFail{Message: err.Error()}
	if se, ok := err.(sourceError); ok {
		f.File, f.Line = se.Path(), se.LineNumber()
	}
	return f
}

// renderLimits are the limits one render by osteele runs within.
type renderLimits struct {
	Timeout        time.Duration `json:"timeout"`
	MaxOutputBytes int           `json:"max_output_bytes"`
	MaxDepth       int           `json:"max_depth"`
}

// renderOne renders source (the main template) with osteele, partials
// from store, on vars (osteele's bindings), within lim: it waits at most
// lim.Timeout or until ctx is done. The render runs on a goroutine that
// stops at its next write or partial once abandoned; a panic inside
// osteele is recovered into the result.
func renderOne(ctx context.Context, store lrender.TemplateStore, source string, vars map[string]any, lim renderLimits) result {
	begin := time.Now()
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	run := &renderRun{ctx: ctx, maxDepth: lim.MaxDepth}
	w := &limitedWriter{max: lim.MaxOutputBytes}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{Err: &renderFail{Message: panicMessage(r), Panic: string(debug.Stack())}}
			}
		}()
		cfg := newConfig(store, run)
		node, perr := parseSource(&cfg, source, "")
		if perr != nil {
			done <- result{Err: failOf(perr), Parse: true}
			return
		}
		err := lrender.Render(node, w, vars, cfg)
		switch {
		case err == nil:
			done <- result{Output: w.String()}
		case w.over:
			done <- result{Limit: limitOutput}
		case run.deepest:
			done <- result{Limit: limitDepth, Err: failOf(err)}
		default:
			done <- result{Err: failOf(err)}
		}
	}()
	select {
	case <-ctx.Done():
		w.abandon()
		r := result{Limit: limitDeadline, Elapsed: time.Since(begin)}
		if errors.Is(ctx.Err(), context.Canceled) {
			r.Err = &renderFail{Message: "cancelled"}
		}
		return r
	case r := <-done:
		r.Elapsed = time.Since(begin)
		return r
	}
}

func panicMessage(r any) string { return "panic: " + fmt.Sprint(r) }
