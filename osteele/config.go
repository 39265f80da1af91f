package osteele

import (
	"context"
	"fmt"
	"io"

	"github.com/osteele/liquid/filters"
	"github.com/osteele/liquid/parser"
	lrender "github.com/osteele/liquid/render"
	"github.com/osteele/liquid/tags"
)

// newConfig returns the osteele/liquid configuration a strict runner uses
// (liquid.NewEngine with StrictVariables: the standard tags and filters,
// undefined filters errors), reading partials from store, with two
// changes that keep osteele's work inside shea's limits:
//
//   - include and render resolve a partial's name from the root, as shea
//     does (osteele resolves a name inside a partial relative to that
//     partial's directory: "a" inside sub/a is sub/a again, which recursed
//     until Go's stack overflowed), so osteele renders the partials shea
//     checked;
//   - each include and render first asks run whether it may go on: it
//     refuses past the depth limit (a depth_limit error) and once the
//     render's context is done, so a render shea stopped waiting for stops
//     at its next partial.
func newConfig(store lrender.TemplateStore, run *renderRun) lrender.Config {
	cfg := lrender.NewConfig()
	filters.AddStandardFilters(&cfg)
	tags.AddStandardTags(&cfg)
	cfg.StrictVariables = true
	cfg.TemplateStore = store
	for _, name := range []string{"include", "render"} {
		if orig, ok := cfg.FindTagDefinition(name); ok {
			cfg.AddTag(name, rooted(orig, run))
		}
	}
	return cfg
}

// renderRun is the state of one render that the partial tags consult: its
// context and how deeply partials nest. One render runs on one goroutine.
type renderRun struct {
	ctx      context.Context
	depth    int
	maxDepth int
	// deepest is set when a partial passed the depth limit, for the
	// diagnostic's code.
	deepest bool
}

// depthError is the error of a partial nested past the depth limit.
type depthError struct{ max int }

func (e *depthError) Error() string {
	return fmt.Sprintf("partials nest more than %d deep", e.max)
}

// enter is called before a partial renders; leave after.
func (r *renderRun) enter() error {
	if r.ctx != nil {
		if err := r.ctx.Err(); err != nil {
			return err
		}
	}
	if r.depth >= r.maxDepth {
		r.deepest = true
		return &depthError{r.maxDepth}
	}
	r.depth++
	return nil
}

func (r *renderRun) leave() { r.depth-- }

// rooted wraps the compiler of osteele's include or render tag: the tag
// renders with a context whose source file is the root, so its name
// resolves as shea resolves it, and within run's limits.
func rooted(orig lrender.TagCompiler, run *renderRun) lrender.TagCompiler {
	return func(args string) (func(io.Writer, lrender.Context) error, error) {
		f, err := orig(args)
		if err != nil {
			return nil, err
		}
		return func(w io.Writer, ctx lrender.Context) error {
			if err := run.enter(); err != nil {
				return ctx.WrapError(err)
			}
			defer run.leave()
			return f(w, rootContext{ctx})
		}, nil
	}
}

// rootContext is an osteele render context whose source file is the root
// (""), with the file renderers osteele's tags look for passed through.
type rootContext struct{ lrender.Context }

// SourceFile is "": osteele joins a partial's name to its directory.
func (rootContext) SourceFile() string { return "" }

type fileWriter interface {
	RenderFileTo(io.Writer, string, map[string]any) error
}

type isolatedRenderer interface {
	RenderFileIsolated(string, map[string]any) (string, error)
	RenderFileIsolatedTo(io.Writer, string, map[string]any) error
}

// RenderFileTo renders a partial into w, for include.
func (c rootContext) RenderFileTo(w io.Writer, name string, b map[string]any) error {
	if fw, ok := c.Context.(fileWriter); ok {
		return fw.RenderFileTo(w, name, b)
	}
	s, err := c.RenderFile(name, b)
	if err == nil {
		_, err = io.WriteString(w, s)
	}
	return err
}

// RenderFileIsolated renders a partial without the caller's scope, for
// render.
func (c rootContext) RenderFileIsolated(name string, b map[string]any) (string, error) {
	if ir, ok := c.Context.(isolatedRenderer); ok {
		return ir.RenderFileIsolated(name, b)
	}
	return "", fmt.Errorf("osteele/liquid has no isolated render")
}

// RenderFileIsolatedTo renders a partial into w without the caller's
// scope, for render.
func (c rootContext) RenderFileIsolatedTo(w io.Writer, name string, b map[string]any) error {
	if ir, ok := c.Context.(isolatedRenderer); ok {
		return ir.RenderFileIsolatedTo(w, name, b)
	}
	return fmt.Errorf("osteele/liquid has no isolated render")
}

// parseSource parses source with cfg, as liquid.Engine.ParseTemplateLocation
// does: path "" for the main template (osteele then quotes the tag in its
// messages), a partial's name for a partial.
func parseSource(cfg *lrender.Config, source, path string) (lrender.Node, parser.Error) {
	return cfg.Compile(source, parser.SourceLoc{Pathname: path, LineNo: 1})
}
