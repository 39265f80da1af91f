package osteele

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// Version is the osteele/liquid release this package renders with (go.mod
// pins it). Readback names it: prompt_engine=osteele/liquid version=v1.9.2.
const Version = "v1.9.2"

// Options configure Parse and Prove. The zero value has the defaults.
type Options struct {
	// Partials finds the partials osteele asks for that the compiled
	// template does not already hold (a name only a render reaches, such
	// as {% include name %} with a variable). Nil finds none. Use the
	// source shea compiled the template with (internal/partials.Dir
	// confines reads to its directory).
	Partials strict.PartialSource
	// Limits bound each render by osteele as they bound shea's (see
	// render.Limits; zero fields take its defaults): Timeout when the
	// context has no earlier deadline (deadline_exceeded), MaxOutputBytes
	// (output_limit), MaxDepth for nested partials (depth_limit), and,
	// in a prover child, four times MaxMemory for osteele's heap
	// (memory_limit).
	Limits render.Limits
	// Prover, when set, returns the command of a prover child: a process
	// whose main calls Serve (shea's own binary runs one as
	// "shea __osteele-prover"). Renders then run in it, within the memory
	// budget, and are killed at the deadline. When nil, osteele renders in
	// this process, where its memory is not bounded: a template can make
	// osteele build a value as large as the machine's memory (a range made
	// an array, a string doubled in a loop); see the package doc.
	Prover func(context.Context) *exec.Cmd
	// Version is the osteele/liquid version Prover renders with, for the
	// messages: "" is Version, which Serve renders with. For another (a
	// prover from BuildProver), Parse leaves the parsing to the child,
	// since this package's osteele is not that version.
	Version string
}

func (o Options) withDefaults() Options {
	l := &o.Limits
	if l.Timeout <= 0 {
		l.Timeout = render.DefaultTimeout
	}
	if l.MaxOutputBytes <= 0 {
		l.MaxOutputBytes = render.DefaultMaxOutputBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = render.DefaultMaxDepth
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = render.DefaultMaxMemory
	}
	return o
}

func (o Options) renderLimits() renderLimits {
	return renderLimits{Timeout: o.Limits.Timeout, MaxOutputBytes: o.Limits.MaxOutputBytes, MaxDepth: o.Limits.MaxDepth}
}

// Template is a template parsed by osteele/liquid, kept with the shea
// template it came from. It is safe for concurrent use.
type Template struct {
	shea  *render.Template
	store *store
	opts  Options
}

// Parse parses the source of a template shea compiled with osteele/liquid,
// configured as a strict runner configures it (StrictVariables; undefined
// filters are errors). Errors are osteele_parse_error diagnostics at the
// place osteele names, in the file's coordinates (t's filename and start).
func Parse(t *render.Template, opts Options) (_ *Template, diags diag.List) {
	main := t.Program().Template
	defer func() {
		if r := recover(); r != nil {
			diags = diag.List{panicDiag(main, r, "parsing")}
		}
	}()
	opts = opts.withDefaults()
	st := &store{partials: map[string]*strict.Template{}, source: opts.Partials, version: opts.Version}
	if st.version == "" {
		st.version = Version
	}
	for name, p := range t.Program().Partials {
		if p != nil {
			st.partials[filepath.Clean(filepath.FromSlash(name))] = p
		}
	}
	if st.version != Version {
		if opts.Prover == nil {
			return nil, diag.List{diag.Errorf(codes.OsteeleParseError, diag.Range{Filename: main.Filename, Start: startOf(main), End: startOf(main)},
				"osteele/liquid %s can only be proven in a prover child built for it", st.version)}
		}
		return &Template{shea: t, store: st, opts: opts}, nil
	}
	cfg := newConfig(st, &renderRun{maxDepth: opts.Limits.MaxDepth})
	// An empty path makes osteele quote the tag in its messages.
	if _, err := parseSource(&cfg, main.Source, ""); err != nil {
		return nil, diag.List{st.diagnose(main, err, codes.OsteeleParseError)}
	}
	// osteele parses a partial when a render first reaches it: parse each
	// one shea resolved now, so that a partial osteele cannot parse is a
	// parse error at its place, whichever input reaches it.
	for _, name := range sortedKeys(st.partials) {
		if _, err := parseSource(&cfg, st.partials[name].Source, name); err != nil {
			diags = append(diags, st.diagnose(main, err, codes.OsteeleParseError))
		}
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return &Template{shea: t, store: st, opts: opts}, nil
}

// Render renders the template with vars (shea's rendering values,
// converted as a Go runner would hold them: see bindings) by
// osteele/liquid, within the limits. On failure the output is "" and the
// list holds one error: osteele_render_error, deadline_exceeded,
// output_limit, depth_limit or memory_limit.
func (t *Template) Render(ctx context.Context, vars map[string]any) (string, diag.List) {
	rs := t.renderAll(ctx, []map[string]any{vars})
	if d := t.resultDiag(rs[0]); d != nil {
		return "", diag.List{d}
	}
	return rs[0].Output, nil
}

// renderAll renders each of inputs (shea's rendering values) with
// osteele, in a prover child when Options.Prover is set, and returns a
// result for each input up to the first limit reached (that one
// included).
func (t *Template) renderAll(ctx context.Context, inputs []map[string]any) []result {
	if ctx == nil {
		ctx = context.Background()
	}
	plain := make([]map[string]any, len(inputs))
	for i, in := range inputs {
		plain[i] = bindings(in)
	}
	lim := t.opts.renderLimits()
	if t.opts.Prover != nil {
		rs, err := t.renderChild(ctx, t.opts.Prover, plain, lim)
		var cannot *wireError
		switch {
		case err == nil:
			return rs
		case !errors.As(err, &cannot):
			return []result{{Err: &renderFail{Message: "could not run the prover child: " + err.Error(), Panic: err.Error()}}}
		}
	}
	var out []result
	for _, in := range plain {
		r := renderOne(ctx, t.store, t.shea.Program().Template.Source, in, lim)
		out = append(out, r)
		if r.Limit != "" {
			break
		}
	}
	return out
}

// resultDiag returns the error diagnostic of a render's result, nil when
// it rendered.
func (t *Template) resultDiag(r result) *diag.Diagnostic {
	main := t.shea.Program().Template
	at := diag.Range{Filename: main.Filename, Start: startOf(main), End: startOf(main)}
	switch r.Limit {
	case limitDeadline:
		d := diag.Errorf(codes.DeadlineExceeded, at, "osteele/liquid did not finish rendering within %v", r.Elapsed.Round(time.Millisecond))
		if r.Err != nil {
			d.Summary = "osteele/liquid's render was cancelled"
		}
		d.Detail = "osteele has no deadline of its own: a runner rendering this template with osteele waits until it finishes. shea stopped waiting (the limit is --timeout)."
		return d
	case limitOutput:
		return diag.Errorf(codes.OutputLimit, at, "osteele/liquid's output passed the %d-byte limit", t.opts.Limits.MaxOutputBytes)
	case limitDepth:
		d := t.store.diagnose(main, r.Err, codes.DepthLimit)
		d.Summary = fmt.Sprintf("osteele/liquid's partials nest more than %d deep", t.opts.Limits.MaxDepth)
		d.Detail = "shea stopped osteele at the depth limit (render.Limits.MaxDepth), as it stops its own renders; a runner rendering with osteele has no such limit and recurses until Go's stack overflows."
		return d
	case limitMemory:
		d := diag.Errorf(codes.MemoryLimit, at, "osteele/liquid needed more than %d MiB to render the template", t.memory()>>20)
		d.Detail = "osteele/liquid has no memory limit of its own: a runner rendering this template with osteele takes memory until the machine has none. shea stopped it at four times --max-memory." + t.knownCauses()
		return d
	}
	if r.Err == nil {
		return nil
	}
	if r.Err.Panic != "" {
		d := diag.Errorf(codes.OsteeleRenderError, at, "osteele/liquid %s", strings.TrimPrefix(r.Err.Message, "panic: "))
		if strings.HasPrefix(r.Err.Message, "panic: ") {
			d.Summary = "osteele/liquid panicked while rendering: " + strings.TrimPrefix(r.Err.Message, "panic: ")
		}
		d.Detail = "This is a bug in osteele/liquid " + t.store.version + "; a runner rendering with it would crash or fail here."
		d.Stack = r.Err.Panic
		return d
	}
	if r.Parse {
		return t.store.diagnose(main, r.Err, codes.OsteeleParseError)
	}
	return t.store.diagnose(main, r.Err, codes.OsteeleRenderError)
}

// knownCauses names the differences between osteele and shea that make
// osteele do more work than shea on t: a sentence for each found in its
// source, "" when none is.
func (t *Template) knownCauses() string {
	var b strings.Builder
	srcs := []string{t.shea.Program().Template.Source}
	for _, p := range t.store.partials {
		srcs = append(srcs, p.Source)
	}
	all := strings.Join(srcs, "\n")
	if strings.Contains(all, "size") {
		b.WriteString(" osteele counts .size and | size of a string in bytes, where shea (as Shopify Liquid) counts characters: a loop or a value sized by a non-ASCII string's size does more work under osteele.")
	}
	if strings.Contains(all, "..") {
		b.WriteString(" osteele makes a range into an array of all its numbers when a filter reads it ((1..n) | first), where shea reads it without building it.")
	}
	return b.String()
}

// limitedWriter collects osteele's output up to a size, and refuses every
// write once the render is abandoned, so that a render running past its
// deadline stops at its next write.
type limitedWriter struct {
	mu        sync.Mutex
	b         strings.Builder
	max       int
	over      bool
	abandoned bool
}

var errStopped = errors.New("render stopped")

func (w *limitedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.abandoned || w.over {
		return 0, errStopped
	}
	if w.b.Len()+len(p) > w.max {
		w.over = true
		return 0, errStopped
	}
	return w.b.Write(p)
}

func (w *limitedWriter) abandon() {
	w.mu.Lock()
	w.abandoned = true
	w.mu.Unlock()
}

func (w *limitedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

var _ io.Writer = (*limitedWriter)(nil)

// store is the osteele template store of one template: the partials shea
// resolved, then the partial source. It records the file each name came
// from, for diagnostics.
type store struct {
	partials map[string]*strict.Template // by cleaned name
	source   strict.PartialSource
	mu       sync.Mutex
	extra    map[string]*strict.Template // read from source, by cleaned name
	// version is the osteele/liquid version that renders, for messages.
	version string
}

// ReadTemplate implements osteele's render.TemplateStore. osteele passes
// the name joined to the including template's directory ("footer" from
// the main template, "sub/footer" from a partial in sub).
func (s *store) ReadTemplate(name string) ([]byte, error) {
	if p := s.lookup(name); p != nil {
		return []byte(p.Source), nil
	}
	key := filepath.Clean(name)
	if s.source == nil {
		return nil, fmt.Errorf("partial %q: %w", name, fs.ErrNotExist)
	}
	src, filename, err := s.source.Partial(filepath.ToSlash(key))
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.extra == nil {
		s.extra = map[string]*strict.Template{}
	}
	s.extra[key] = &strict.Template{Filename: filename, Source: src, Start: diag.StartPos}
	s.mu.Unlock()
	return []byte(src), nil
}

// lookup returns the partial osteele knows by path, or nil.
func (s *store) lookup(path string) *strict.Template {
	key := filepath.Clean(path)
	if p, ok := s.partials[key]; ok {
		return p
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.extra[key]
}

func sortedKeys(m map[string]*strict.Template) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func startOf(t *strict.Template) diag.Pos {
	if t.Start.IsZero() {
		return diag.StartPos
	}
	return t.Start
}

// panicDiag reports a panic inside osteele/liquid.
func panicDiag(t *strict.Template, r any, doing string) *diag.Diagnostic {
	at := diag.Range{Filename: t.Filename, Start: startOf(t), End: startOf(t)}
	d := diag.Errorf(codes.OsteeleRenderError, at, "osteele/liquid panicked while %s: %v", doing, r)
	d.Detail = "This is a bug in osteele/liquid " + Version + "; a runner rendering with it would crash or fail here."
	d.Stack = string(debug.Stack())
	return d
}
