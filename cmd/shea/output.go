package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
)

// Output formats.
const (
	formatText  = "text"
	formatJSON  = "json"
	formatSARIF = "sarif"
	formatJSONL = "jsonl" // validate only: one workflow per line
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

// checkDisabled checks the codes of --disable.
func (e *env) checkDisabled() error {
	for _, c := range e.disable {
		if _, ok := codes.Lookup(diag.Code(c)); ok {
			continue
		}
		msg := fmt.Sprintf("--disable: unknown code %q", c)
		if s := diag.Suggest(c, codes.Names()); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return usageError{fmt.Errorf("%s; run 'shea explain' for the list", msg)}
	}
	return nil
}

// shownOf drops the warnings that --quiet and --disable leave out. Errors
// are always kept: they decide the exit status.
//
// It also notes an internal_error among them: a bug in shea means the
// command could not run (exit status 2), whatever else the input holds.
func (e *env) shownOf(l diag.List) diag.List {
	for _, d := range l {
		if d.Code == codes.InternalError {
			e.sawBug = true
		}
	}
	if !e.quiet && len(e.disable) == 0 {
		return l
	}
	var out diag.List
	for _, d := range l {
		if d.Severity == diag.Warning && (e.quiet || slices.Contains(e.disable, string(d.Code))) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// writeTextDiagnostics writes diagnostics for people on stderr: one
// mistake made in many places once, and each list of known names once per
// run.
func (e *env) writeTextDiagnostics(l diag.List, src *sources) {
	l = e.shownOf(l)
	l.Sort()
	diag.WriteText(e.stderr, l, diag.TextOptions{Color: e.colorEnabled(), Source: src.get, Hint: explainHint, Max: e.maxDiagnostics,
		Stack: e.getenv("SHEA_DEBUG") == "1", Group: true, Shown: e.shown})
}

// writeSARIF writes diagnostics as SARIF on w, with paths relative to the
// working directory.
func (e *env) writeSARIF(w io.Writer, l diag.List, src *sources) error {
	l = e.shownOf(l)
	l.Sort()
	wd, _ := os.Getwd()
	return diag.WriteSARIF(w, l, diag.SARIFOptions{ToolName: "shea", ToolURI: "https://github.com/sheaproject/shea",
		ToolVersion: version(), BaseDir: wd, Source: src.get, Rules: sarifRules()})
}

// explainHint is the line under each diagnostic of the text output that
// says where its code is documented.
func explainHint(c diag.Code) string { return "(see: shea explain " + string(c) + ")" }

// sarifRules describes every registered code as a SARIF rule, in code
// order, so that rule indexes are stable across runs; a rule's default
// level is the severity its code is reported with unless a setting
// changes it.
func sarifRules() []diag.SARIFRule {
	all := codes.All()
	rules := make([]diag.SARIFRule, len(all))
	for i, info := range all {
		rules[i] = diag.SARIFRule{Code: info.Code, Description: info.Meaning, Help: info.Fix + " " + explainHint(info.Code),
			Level: codes.DefaultSeverity(info.Code), Properties: map[string]any{"class": string(info.Class)}}
	}
	return rules
}

// conclude writes what diagnostics remain after the command's output and
// turns errors among them into exit status 1.
func (e *env) conclude(l diag.List, src *sources) error {
	if len(e.shownOf(l)) > 0 {
		e.writeTextDiagnostics(l, src)
	}
	if l.HasErrors() {
		return findingsError{}
	}
	return nil
}
