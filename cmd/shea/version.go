package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// releaseVersion and releaseCommit are set by release builds (-ldflags -X).
var (
	releaseVersion string
	releaseCommit  string
)

// version is the release version, else the module version and VCS commit
// from the build info.
func version() string {
	if releaseVersion != "" {
		if releaseCommit != "" {
			return releaseVersion + " commit " + releaseCommit
		}
		return releaseVersion
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	return buildVersion(bi)
}

// buildVersion is the module version of a build (a tag, a pseudo-version
// for `go install` from a clone or at a commit, or (devel)) and the commit
// it was built from, which the go command records when it builds in a git
// clone (unless -buildvcs=false): "v0.0.0-20261201062314-75d90781e5fe
// commit 75d90781e5fe", with "-modified" when the tree had changes.
func buildVersion(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "-modified"
			}
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return v + " commit " + rev + modified
}

func newVersionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print shea's version",
		Long: `Print shea's module version, the commit it was built from, and the Go
version. A release prints its tag; a build from a clone (go install
./cmd/shea) prints a pseudo-version and the commit, which the go command
records unless it builds with -buildvcs=false; "(devel)" with no commit
means that it did not.

Example:
  shea version`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			bi, _ := debug.ReadBuildInfo()
			goVersion := ""
			if bi != nil {
				goVersion = bi.GoVersion
			}
			fmt.Fprintf(e.stdout, "shea %s %s\n", version(), goVersion)
			return nil
		},
	}
}
