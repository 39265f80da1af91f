package main

import (
	"github.com/spf13/pflag"

	"github.com/sheaproject/shea/render"
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
