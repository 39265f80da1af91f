// Package lint pins the lint tools shea's Makefile runs (go tool
// -modfile=tools/lint/go.mod staticcheck), keeping them out of the main
// module's go.mod.
//
// This module says go 1.26.0 because staticcheck v0.8.2 requires it; the
// main module says go 1.25.0, the oldest Go that builds shea. Linting needs
// the newer toolchain, building and using shea does not.
package lint
