// Package mutation pins gremlins, the mutation tester `make mutation` runs
// (go tool -modfile=tools/mutation/go.mod gremlins), keeping it out of the
// main module's go.mod. scripts/mutation.sh drives it file by file.
package mutation
