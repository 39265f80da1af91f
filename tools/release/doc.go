// Package release pins GoReleaser for `make release-snapshot` (go tool
// -modfile=tools/release/go.mod goreleaser), keeping it out of the main
// module's go.mod.
package release
