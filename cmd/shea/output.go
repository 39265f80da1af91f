package main

import (
	"fmt"
	"os"
	"sync"

	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/strict/diag"
)

// Output formats.
const (
	formatText  = "text"
	formatJSON  = "json"
	formatSARIF = "sarif"
)

func checkFormat(f string) error {
	switch f {
	case formatText, formatJSON, formatSARIF:
		return nil
	}
	return usageError{fmt.Errorf("unknown format %q (want text, json or sarif)", f)}
}

// colorEnabled reports whether diagnostics on stderr may be colored: only
// when stderr is a terminal and NO_COLOR is unset.
func (e *env) colorEnabled() bool {
	if _, set := os.LookupEnv("NO_COLOR"); set || e.getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := e.stderr.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// sources reads the files diagnostics refer to, once each, to quote lines.
type sources struct {
	mu    sync.Mutex
	files map[string][]byte
}

func (s *sources) add(name string, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	s.files[name] = b
}

func (s *sources) get(name string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.files[name]; ok {
		return b
	}
	b, err := fsroot.ReadPath(name, 4<<20) // never a FIFO or a device
	if err != nil {
		b = nil
	}
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	s.files[name] = b
	return b
}

// writeTextDiagnostics writes diagnostics for people on stderr.
func (e *env) writeTextDiagnostics(l diag.List, src *sources) {
	l.Sort()
	diag.WriteText(e.stderr, l, diag.TextOptions{Color: e.colorEnabled(), Source: src.get, ExplainHint: true, Max: e.maxDiagnostics,
		Stack: e.getenv("SHEA_DEBUG") == "1"})
}

// writeSARIF writes diagnostics as SARIF on stdout, with paths relative to
// the working directory.
func (e *env) writeSARIF(l diag.List, src *sources) error {
	l.Sort()
	wd, _ := os.Getwd()
	return diag.WriteSARIF(e.stdout, l, diag.SARIFOptions{ToolVersion: version(), BaseDir: wd, Source: src.get})
}

// conclude writes what diagnostics remain after the command's output and
// turns errors among them into exit status 1.
func (e *env) conclude(l diag.List, src *sources) error {
	if len(l) > 0 {
		e.writeTextDiagnostics(l, src)
	}
	if l.HasErrors() {
		return findingsError{}
	}
	return nil
}
