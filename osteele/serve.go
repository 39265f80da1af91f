package osteele

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// The protocol between Prove (the parent) and a prover child (Serve), one
// JSON value a line. The parent writes a request; the child answers each
// input with a result line, in order, and asks for a partial the request
// does not hold with a need line, which the parent answers with a partial
// line.
type (
	request struct {
		Source    string            `json:"source"`
		Partials  map[string]string `json:"partials"`
		Inputs    []wire            `json:"inputs"`
		Limits    renderLimits      `json:"limits"`
		MaxMemory int64             `json:"max_memory"`
	}
	childLine struct {
		Need   string  `json:"need,omitempty"`
		Result *result `json:"result,omitempty"`
	}
	partialLine struct {
		Source string `json:"source"`
		Err    string `json:"err,omitempty"`
	}
)

// maxChildStack bounds a goroutine's stack in a prover child (Go's
// default is 1 GB): a recursion osteele's own code makes (nesting, not
// partials, which the depth limit bounds) crashes the child early.
const maxChildStack = 64 << 20

// errMemory is the cause of a render stopped at the memory budget.
var errMemory = errors.New("memory budget reached")

// Serve is the main of a prover child: it reads one request from r,
// renders each of its inputs with osteele/liquid and writes the results
// to w, within the request's limits. It sets the process's limits, for it
// is meant to run alone in its own process (Options.Prover starts it):
// the stack of a goroutine, the Go memory limit, and on Linux the address
// space, so that an allocation past the budget is refused (Go then exits
// with "out of memory", which the parent reports as memory_limit); a
// watchdog stops the render when the heap passes the budget. It returns
// when every input is answered, or at the first limit reached.
func Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	in := bufio.NewReader(r)
	var req request
	line, err := in.ReadBytes('\n')
	if err != nil && !(errors.Is(err, io.EOF) && len(line) > 0) {
		return fmt.Errorf("osteele prover: reading the request: %w", err)
	}
	if err := json.Unmarshal(line, &req); err != nil {
		return fmt.Errorf("osteele prover: decoding the request: %w", err)
	}
	if req.MaxMemory > 0 {
		debug.SetMaxStack(maxChildStack)
		// The collector may let the heap grow past the budget, so that it
		// does not run without end before the watchdog sees the budget
		// passed.
		debug.SetMemoryLimit(2 * req.MaxMemory)
		limitAddressSpace(req.MaxMemory)
	}
	out := &lineWriter{enc: json.NewEncoder(w)}
	st := &childStore{partials: map[string]string{}, in: in, out: out}
	for name, src := range req.Partials {
		st.partials[filepath.Clean(filepath.FromSlash(name))] = src
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if req.MaxMemory > 0 {
		go watchHeap(ctx, uint64(req.MaxMemory), cancel)
	}
	for _, input := range req.Inputs {
		v, err := input.value()
		if err != nil {
			return fmt.Errorf("osteele prover: decoding an input: %w", err)
		}
		vars, _ := v.(map[string]any)
		res := renderOne(ctx, st, req.Source, vars, req.Limits)
		if res.Limit == limitDeadline && errors.Is(context.Cause(ctx), errMemory) {
			res = result{Limit: limitMemory, Elapsed: res.Elapsed}
		}
		if err := out.write(childLine{Result: &res}); err != nil {
			return err
		}
		if res.Limit != "" {
			return nil // the render may still run: the process must end
		}
	}
	return nil
}

// watchHeap cancels ctx with errMemory when the Go heap passes max bytes.
func watchHeap(ctx context.Context, max uint64, cancel context.CancelCauseFunc) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > max {
				cancel(errMemory)
				return
			}
		}
	}
}

// lineWriter writes the child's lines; the render goroutine (asking for a
// partial) and Serve (writing results) share it.
type lineWriter struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func (l *lineWriter) write(v any) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.enc.Encode(v); err != nil {
		return fmt.Errorf("osteele prover: writing: %w", err)
	}
	return nil
}

// childStore serves a child's partials: the request's, then each other
// name asked of the parent (which reads it through the confined source
// shea's check used, or refuses it).
type childStore struct {
	partials map[string]string
	in       *bufio.Reader
	out      *lineWriter
	mu       sync.Mutex
}

// ReadTemplate implements osteele's render.TemplateStore.
func (s *childStore) ReadTemplate(name string) ([]byte, error) {
	key := filepath.Clean(name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if src, ok := s.partials[key]; ok {
		return []byte(src), nil
	}
	if err := s.out.write(childLine{Need: filepath.ToSlash(key)}); err != nil {
		return nil, err
	}
	line, err := s.in.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("osteele prover: reading partial %q: %w", name, err)
	}
	var p partialLine
	if err := json.Unmarshal(line, &p); err != nil {
		return nil, fmt.Errorf("osteele prover: decoding partial %q: %w", name, err)
	}
	if p.Err != "" {
		return nil, fmt.Errorf("%s: %w", p.Err, fs.ErrNotExist)
	}
	s.partials[key] = p.Source
	return []byte(p.Source), nil
}
