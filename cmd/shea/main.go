// Command shea checks, validates and renders the Liquid prompt templates of
// coding-agent workflows. See `shea help`.
package main

import (
	"os"
	"runtime/debug"
)

func main() {
	// shea runs for milliseconds with a small heap, usually from a hook or
	// a CI step: collecting garbage less often makes it start and finish
	// sooner, at the cost of a few megabytes. GOGC, when set, wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
