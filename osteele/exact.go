package osteele

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

// exactSources is the source of the prover child BuildProver builds: a
// main package that speaks Serve's protocol with osteele/liquid's public
// API only, so that it builds against each version since v1.7.0.
//
//go:embed exactprover/*.go.txt
var exactSources embed.FS

// buildTimeout bounds the go build of an exact-version prover.
const buildTimeout = 2 * time.Minute

// BuildProver builds, in dir (an empty directory the caller owns and
// removes), a prover child rendering with osteele/liquid at version, the
// runner's own, and returns the Options.Prover that starts it. It needs
// the go command and the version in the module cache: it builds offline
// (GOPROXY=off, GOFLAGS=-mod=mod), so it never downloads. Unlike Serve,
// the child renders as that version itself does: partials resolve as
// osteele resolves them, with no depth limit of its own (a recursion ends
// at a 64 MB stack, reported as osteele crashing), within the same
// deadline, output and memory limits.
func BuildProver(ctx context.Context, version, dir string) (func(context.Context) *exec.Cmd, error) {
	if !semver.IsValid(version) || semver.Compare(version, "v1.7.0") < 0 {
		return nil, fmt.Errorf("osteele: cannot build a prover for osteele/liquid %q: versions from v1.7.0 are supported", version)
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("osteele: building a prover for osteele/liquid %s needs the go command: %w", version, err)
	}
	files := map[string]string{"go.mod": "module sheaprover\n\ngo 1.21\n\nrequire " + Module + " " + version + "\n"}
	entries, err := exactSources.ReadDir("exactprover")
	if err != nil {
		return nil, fmt.Errorf("osteele: %w", err)
	}
	for _, e := range entries {
		b, err := exactSources.ReadFile("exactprover/" + e.Name())
		if err != nil {
			return nil, fmt.Errorf("osteele: %w", err)
		}
		files[strings.TrimSuffix(e.Name(), ".txt")] = string(b)
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			return nil, fmt.Errorf("osteele: writing the prover: %w", err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, buildTimeout)
	defer cancel()
	bin := filepath.Join(dir, "prover")
	cmd := exec.CommandContext(ctx, gobin, "build", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off", "GOTOOLCHAIN=local", "CGO_ENABLED=0")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
		if len(msg) > 2000 {
			msg = msg[:2000] + "…"
		}
		return nil, fmt.Errorf("osteele: building a prover for osteele/liquid %s offline (is it in the module cache? go mod download %s@%s): %w\n%s", version, Module, version, err, msg)
	}
	return func(ctx context.Context) *exec.Cmd { return exec.CommandContext(ctx, bin) }, nil
}
