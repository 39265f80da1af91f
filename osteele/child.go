package osteele

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// maxChildStderr bounds what is kept of a prover child's standard error.
const maxChildStderr = 8 << 10

// renderChild renders each of inputs (osteele's bindings) in a prover
// child started by start, within lim and the memory budget, and returns
// a result for each input up to the first limit reached (a shorter list
// then, whose last result holds the limit). The child is killed when ctx
// is done; its partials come from t's store.
func (t *Template) renderChild(ctx context.Context, start func(context.Context) *exec.Cmd, inputs []map[string]any, lim renderLimits) ([]result, error) {
	req := request{Source: t.shea.Program().Template.Source, Partials: map[string]string{}, Limits: lim, MaxMemory: t.memory()}
	for name, p := range t.store.partials {
		req.Partials[name] = p.Source
	}
	for _, in := range inputs {
		w, err := toWire(in)
		if err != nil {
			return nil, err
		}
		req.Inputs = append(req.Inputs, w)
	}
	// Each render has its own deadline in the child; the child as a whole
	// has the context's and, as a backstop, one per input and one more.
	ctx, cancel := context.WithTimeout(ctx, time.Duration(len(inputs)+1)*lim.Timeout+5*time.Second)
	defer cancel()
	cmd := start(ctx)
	if cmd == nil {
		return nil, errors.New("osteele prover: no command")
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("osteele prover: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("osteele prover: %w", err)
	}
	stderr := &capped{max: maxChildStderr}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("osteele prover: starting %s: %w", cmd.Path, err)
	}
	enc := json.NewEncoder(stdin)
	var results []result
	readErr := func() error {
		if err := enc.Encode(req); err != nil {
			return err
		}
		lines := bufio.NewReader(stdout)
		for len(results) < len(inputs) {
			line, err := lines.ReadBytes('\n')
			if err != nil {
				return err
			}
			var l childLine
			if err := json.Unmarshal(line, &l); err != nil {
				return fmt.Errorf("decoding %q: %w", line, err)
			}
			if l.Need != "" {
				var p partialLine
				if src, err := t.store.ReadTemplate(l.Need); err != nil {
					p.Err = err.Error()
				} else {
					p.Source = string(src)
				}
				if err := enc.Encode(p); err != nil {
					return err
				}
				continue
			}
			if l.Result == nil {
				return fmt.Errorf("a line with no result: %q", line)
			}
			results = append(results, *l.Result)
			if l.Result.Limit != "" {
				return nil
			}
		}
		return nil
	}()
	stdin.Close()
	if readErr == nil {
		// The child returns once it has answered; after a limit, the
		// render it abandoned may still run: end it.
		if n := len(results); n > 0 && results[n-1].Limit != "" && cmd.Process != nil {
			_ = cmd.Process.Kill()
		}
		_ = cmd.Wait()
		return results, nil
	}
	waitErr := cmd.Wait()
	switch {
	case ctx.Err() != nil:
		r := result{Limit: limitDeadline, Elapsed: lim.Timeout}
		if errors.Is(ctx.Err(), context.Canceled) {
			r.Err = &renderFail{Message: "cancelled"}
		}
		return append(results, r), nil
	case outOfMemory(stderr.String()):
		return append(results, result{Limit: limitMemory}), nil
	case waitErr != nil:
		return append(results, result{Err: &renderFail{Message: "crashed: " + firstLines(stderr.String(), 3), Panic: stderr.String()}}), nil
	}
	return nil, fmt.Errorf("osteele prover: %w", readErr)
}

// memory is the heap budget of a prover child: four times the values a
// shea render may hold (osteele's values take more room than shea's).
func (t *Template) memory() int64 {
	return 4 * int64(t.opts.Limits.MaxMemory)
}

// outOfMemory reports whether a child's standard error says it was
// refused memory: Go's "out of memory", or, built with -race, the race
// runtime's words for an allocation the address-space cap refused.
func outOfMemory(stderr string) bool {
	for _, s := range []string{"out of memory", "ThreadSanitizer failed to allocate", "address space collisions for -race mode"} {
		if strings.Contains(stderr, s) {
			return true
		}
	}
	return false
}

// capped is a writer that keeps the first max bytes.
type capped struct {
	bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

var _ io.Writer = (*capped)(nil)

// firstLines returns the first n non-empty lines of s, joined by "; ".
func firstLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && len(out) < n {
			out = append(out, l)
		}
	}
	return strings.Join(out, "; ")
}
