package osteele

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/osteele/liquid"

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
	// template does not already hold (a name inside a partial, which
	// osteele resolves relative to that partial's directory). Nil finds
	// none. Use the source shea compiled the template with
	// (internal/partials.Dir confines reads to its directory).
	Partials strict.PartialSource
	// Timeout bounds one render by osteele when the context has no
	// earlier deadline. Zero means render.DefaultTimeout (10s).
	Timeout time.Duration
	// MaxOutputBytes caps the output of one render by osteele (an
	// output_limit error). Zero means render.DefaultMaxOutputBytes.
	MaxOutputBytes int
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = render.DefaultTimeout
	}
	if o.MaxOutputBytes <= 0 {
		o.MaxOutputBytes = render.DefaultMaxOutputBytes
	}
	return o
}

// Template is a template parsed by osteele/liquid, kept with the shea
// template it came from. It is safe for concurrent use.
type Template struct {
	shea  *render.Template
	tpl   *liquid.Template
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
	st := &store{partials: map[string]*strict.Template{}, source: opts.Partials}
	for name, p := range t.Program().Partials {
		if p != nil {
			st.partials[filepath.Clean(filepath.FromSlash(name))] = p
		}
	}
	eng := liquid.NewEngine()
	eng.StrictVariables()
	eng.RegisterTemplateStore(st)
	// An empty path makes osteele resolve a partial's name as given
	// ("footer", "sub/footer"), and quote the tag in its messages.
	tpl, err := eng.ParseTemplateLocation([]byte(main.Source), "", 1)
	if err != nil {
		return nil, diag.List{st.diagnose(main, err, codes.OsteeleParseError)}
	}
	// osteele parses a partial when a render first reaches it: parse each
	// one shea resolved now, so that a partial osteele cannot parse is a
	// parse error at its place, whichever input reaches it.
	for _, name := range sortedKeys(st.partials) {
		if _, err := eng.ParseTemplateLocation([]byte(st.partials[name].Source), name, 1); err != nil {
			diags = append(diags, st.diagnose(main, err, codes.OsteeleParseError))
		}
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return &Template{shea: t, tpl: tpl, store: st, opts: opts}, nil
}

// Render renders the template with vars (shea's rendering values,
// converted as a Go runner would hold them: see bindings) by
// osteele/liquid, within the time and output limits. On failure the output
// is "" and the list holds one error: osteele_render_error,
// deadline_exceeded or output_limit.
func (t *Template) Render(ctx context.Context, vars map[string]any) (string, diag.List) {
	main := t.shea.Program().Template
	at := diag.Range{Filename: main.Filename, Start: startOf(main), End: startOf(main)}
	if ctx == nil {
		ctx = context.Background()
	}
	begin := time.Now()
	ctx, cancel := context.WithTimeout(ctx, t.opts.Timeout)
	defer cancel()
	w := &limitedWriter{max: t.opts.MaxOutputBytes}
	type result struct {
		err  error
		diag *diag.Diagnostic
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{diag: panicDiag(main, r, "rendering")}
			}
		}()
		done <- result{err: t.tpl.FRender(w, liquid.Bindings(bindings(vars)))}
	}()
	select {
	case <-ctx.Done():
		w.abandon()
		d := diag.Errorf(codes.DeadlineExceeded, at, "osteele/liquid did not finish rendering within %v", time.Since(begin).Round(time.Millisecond))
		if errors.Is(ctx.Err(), context.Canceled) {
			d.Summary = "osteele/liquid's render was cancelled"
		}
		d.Detail = "osteele has no deadline of its own: a runner rendering this template with osteele waits until it finishes. shea stopped waiting (the limit is --timeout)."
		return "", diag.List{d}
	case r := <-done:
		if r.diag != nil {
			return "", diag.List{r.diag}
		}
		if w.over {
			return "", diag.List{diag.Errorf(codes.OutputLimit, at,
				"osteele/liquid's output passed the %d-byte limit", t.opts.MaxOutputBytes)}
		}
		if r.err != nil {
			return "", diag.List{t.store.diagnose(main, r.err, codes.OsteeleRenderError)}
		}
		return w.String(), nil
	}
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
