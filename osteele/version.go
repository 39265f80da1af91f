package osteele

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// Module is osteele/liquid's module path.
const Module = "github.com/osteele/liquid"

// maxGoModBytes bounds the go.mod RunnerVersion reads.
const maxGoModBytes = 1 << 20

// Requirement is the osteele/liquid version a Go module requires: the
// runner's own, which its go.mod pins.
type Requirement struct {
	// GoMod is the go.mod file read; "" when none was found.
	GoMod string
	// Version is the version it requires (after a replace directive that
	// names another version), "" when it does not require osteele/liquid.
	Version string
	// Replaced is the replacement's path when a replace directive points
	// osteele/liquid at a directory or another module ("" when none).
	Replaced string
	// Start and End are where go.mod says it (the require, or the
	// replace): line and column from 1, byte offset from 0; zero when it
	// does not.
	Start, End modfile.Position
}

// RunnerVersion reads the osteele/liquid version required by the go.mod
// that governs dir, found as the go command finds it: in dir, then in
// each parent directory. No go.mod is a Requirement with GoMod "" and no
// error; a go.mod that does not parse is an error.
func RunnerVersion(dir string) (Requirement, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return Requirement{}, fmt.Errorf("osteele: finding go.mod: %w", err)
	}
	for {
		path := filepath.Join(dir, "go.mod")
		data, err := readSmall(path)
		switch {
		case err == nil:
			return parseRequirement(path, data)
		case !errors.Is(err, fs.ErrNotExist):
			return Requirement{GoMod: path}, fmt.Errorf("osteele: reading %s: %w", path, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return Requirement{}, nil
		}
		dir = parent
	}
}

func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	if st.Size() > maxGoModBytes {
		return nil, fmt.Errorf("larger than %d bytes", maxGoModBytes)
	}
	return os.ReadFile(path)
}

func parseRequirement(path string, data []byte) (Requirement, error) {
	mf, err := modfile.Parse(path, data, nil)
	if err != nil {
		return Requirement{GoMod: path}, fmt.Errorf("osteele: %w", err)
	}
	req := Requirement{GoMod: path}
	for _, r := range mf.Require {
		if r.Mod.Path == Module {
			req.Version = r.Mod.Version
			if r.Syntax != nil {
				req.Start, req.End = r.Syntax.Start, r.Syntax.End
			}
		}
	}
	for _, r := range mf.Replace {
		if r.Old.Path != Module || (r.Old.Version != "" && r.Old.Version != req.Version) {
			continue
		}
		if r.Syntax != nil {
			req.Start, req.End = r.Syntax.Start, r.Syntax.End
		}
		if r.New.Version == "" || r.New.Path != Module {
			req.Replaced = r.New.Path
			if r.New.Version != "" {
				req.Replaced += "@" + r.New.Version
			}
			continue
		}
		req.Version = r.New.Version
	}
	return req, nil
}

// Difference is one known way a version of osteele/liquid renders
// differently from the one shea proves with (Version), found in osteele's
// release notes and checked by rendering with both.
type Difference struct {
	// Since is the first version that behaves as Version does.
	Since string
	// From is the first version that has the difference, "" when every
	// version before Since has it.
	From string
	// Text says what an older version does.
	Text string
}

// differences are the known differences of versions before Version, by
// the version that changed it, newest first. Each was read in
// osteele/liquid's CHANGELOG.md; those on nil, missing keys, filters,
// capitalize, string escapes and the render tag were checked by rendering
// with v1.7.0, v1.8.1 and v1.9.2 (v1.7.0 behaves as v1.8.1 on each; the
// CHANGELOG's v1.8.0 section lists StrictVariables, json, for-else and
// the size filter counting characters as new, but v1.7.0 has them).
var differences = []Difference{
	{"v1.9.1", "", "with StrictVariables, a bound nil ({{ issue.description }} when it is null) is an undefined-variable error: every optional field a runner sends as nil fails the render; v1.9.2 prints it empty"},
	{"v1.9.1", "", "a nested include resolves its name from the root template, not from the including partial's directory"},
	{"v1.9.1", "", "include accepts absolute paths and paths that leave the template's directory"},
	{"v1.9.1", "", "capitalize, truncate and truncatewords differ on Unicode and short strings"},
	{"v1.9.0", "", "no {% render %} tag (undefined tag \"render\")"},
	{"v1.9.0", "", "no filters where, sum, at_least, at_most, pluralize, handleize (handle), remove_last, replace_last (undefined filter)"},
	{"v1.9.0", "", "no keyword arguments to filters (default: x, allow_false: true)"},
	{"v1.9.0", "", `no escapes in double-quoted strings: "a\nb" prints a backslash and n`},
	{"v1.8.1", "v1.8.0", "plus, minus, times and divided_by do not convert a string to a number"},
}

// Differences returns the known differences between osteele/liquid at
// version and Version, the one shea proves with: for an older version,
// what it does otherwise; nil for Version, a newer one, or a version that
// is not semantic.
func Differences(version string) []Difference {
	if !semver.IsValid(version) || semver.Compare(version, Version) >= 0 {
		return nil
	}
	var out []Difference
	for _, d := range differences {
		if semver.Compare(version, d.Since) < 0 && (d.From == "" || semver.Compare(version, d.From) >= 0) {
			out = append(out, d)
		}
	}
	return out
}
