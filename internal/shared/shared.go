// Package shared finds, for tests, the third-party data that lives beside
// the repository in ../shared: the golden-liquid suite, the peer engines and
// the real workflow files. The data is never copied into the repository.
//
// On a user's clone ../shared may be absent, and a test that needs it
// skips with a message saying so. CI sets SHEA_REQUIRE_SHARED=1, which
// turns each such skip into a failure, so that CI cannot pass without the
// data.
//
// SHEA_SHARED_DIR, an absolute path, names the directory in place of
// ../shared. scripts/mutation.sh sets it: a mutation tester runs the tests
// in a copy of the module, beside which there is no ../shared.
package shared

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"testing"
)

// RequireEnv is the environment variable that, set to 1, makes a missing
// ../shared a test failure instead of a skip.
const RequireEnv = "SHEA_REQUIRE_SHARED"

// DirEnv is the environment variable that names the shared directory (an
// absolute path) in place of ../shared.
const DirEnv = "SHEA_SHARED_DIR"

// Root returns the shared directory: the absolute path in SHEA_SHARED_DIR
// when it is set, else ../shared relative to the module root, found by
// walking up from the working directory to the directory holding go.mod.
// It does not check that the directory exists.
func Root() (string, error) {
	if dir := os.Getenv(DirEnv); dir != "" {
		if !filepath.IsAbs(dir) {
			return "", fmt.Errorf("%s=%q is not an absolute path", DirEnv, dir)
		}
		return filepath.Clean(dir), nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Path returns the path of ../shared/<rel> (rel slash-separated; a file or
// a directory; "" for ../shared itself). When it does not exist, Path skips the test with a message,
// or fails it when SHEA_REQUIRE_SHARED=1.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	p, err := find(rel)
	if err != nil {
		if required() {
			tb.Fatalf("%v, and %s=1 requires it", err, RequireEnv)
		}
		tb.Skipf("%v: skipping (%s=1 makes this a failure)", err, RequireEnv)
	}
	return p
}

// Find is Path for a test that can run without the data (a fuzz target
// adding seeds, a benchmark adding inputs): it returns false, and logs
// why, when ../shared/<rel> does not exist, and fails the test when
// SHEA_REQUIRE_SHARED=1.
func Find(tb testing.TB, rel string) (string, bool) {
	tb.Helper()
	p, err := find(rel)
	if err != nil {
		if required() {
			tb.Fatalf("%v, and %s=1 requires it", err, RequireEnv)
		}
		tb.Logf("%v: going on without it", err)
		return "", false
	}
	return p, true
}

func find(rel string) (string, error) {
	name := path.Join("../shared", rel)
	root, err := Root()
	if err != nil {
		return "", fmt.Errorf("%s not found: %w", name, err)
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%s not found at %s (the data lives beside the repository)", name, p)
	}
	return p, nil
}

func required() bool { return os.Getenv(RequireEnv) == "1" }
