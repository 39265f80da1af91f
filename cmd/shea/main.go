// Command shea checks, validates and renders the Liquid prompt templates of
// coding-agent workflows. See `shea help`.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
