// Package lint pins the lint tools shea's Makefile runs (go tool
// -modfile=tools/lint/go.mod staticcheck), keeping them out of the main
// module's go.mod.
package lint
