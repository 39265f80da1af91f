package main

import (
	"time"

	"github.com/spf13/pflag"

	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// addLimitFlags adds flags for the render limits; an unset flag keeps the
// default of render.Limits.
func addLimitFlags(f *pflag.FlagSet, l *render.Limits) {
	f.IntVar(&l.MaxTemplateBytes, "max-template-bytes", 0, "largest template or partial, in bytes (default 1 MiB)")
	f.IntVar(&l.MaxOutputBytes, "max-output-bytes", 0, "largest rendered output, in bytes (default 16 MiB)")
	f.IntVar(&l.MaxMemory, "max-memory", 0, "most bytes of values one render builds (default 64 MiB)")
	f.IntVar(&l.MaxLoopIterations, "max-iterations", 0, "most loop iterations in one render (default 1000000)")
	f.IntVar(&l.MaxDepth, "max-depth", 0, "deepest nesting of partials (default 64)")
	f.DurationVar(&l.Timeout, "timeout", 0, "longest render (default 10s)")
}

// requestFlags are the bounds of a whole run of validate or check, shared
// by every check, smoke matrix and render it makes (strict.Budget).
type requestFlags struct {
	timeout time.Duration
	work    int64
}

// addRequestFlags adds the flags of a run's budget; an unset flag keeps
// strict's default.
func addRequestFlags(f *pflag.FlagSet, r *requestFlags) {
	f.DurationVar(&r.timeout, "total-timeout", 0, "longest whole run: checks, smoke inputs and renders together (default 30s; negative: none)")
	f.Int64Var(&r.work, "max-work", 0, "most units of work of the whole run: nodes checked, smoke values, loop iterations (default 4294967296; negative: none)")
}

// budget starts the run's budget.
func (r requestFlags) budget() *strict.Budget { return strict.NewBudget(r.timeout, r.work) }
