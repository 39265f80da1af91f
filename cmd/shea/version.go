package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// releaseVersion and releaseCommit are set by release builds (-ldflags -X);
// releaseCommit alone by make install and the README's install line, so
// that a build from a clone names its commit where the go command records
// none (-buildvcs=false).
var (
	releaseVersion string
	releaseCommit  string
)

// version is the release version, else the module version and VCS commit
// from the build info.
func version() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(releaseVersion, releaseCommit, bi)
}

// versionOf is the version a build prints: the release version and
// commit when release is set; else the module version of bi with commit
// when it is set, or with the commit bi records (buildVersion).
func versionOf(release, commit string, bi *debug.BuildInfo) string {
	switch {
	case release != "" && commit != "":
		return release + " commit " + commit
	case release != "":
		return release
	case bi == nil:
		if commit != "" {
			return "(unknown) commit " + commit
		}
		return "(unknown)"
	case commit != "":
		return moduleVersion(bi) + " commit " + commit
	}
	return buildVersion(bi)
}

// moduleVersion is the main module's version of a build, or (devel).
func moduleVersion(bi *debug.BuildInfo) string {
	if bi.Main.Version == "" {
		return "(devel)"
	}
	return bi.Main.Version
}

// buildVersion is the module version of a build (a tag, a pseudo-version
// for `go install` from a clone or at a commit, or (devel)) and the commit
// it was built from, which the go command records when it builds in a git
// clone (unless -buildvcs=false): "v0.0.0-20261201062314-75d90781e5fe
// commit 75d90781e5fe", with "-modified" when the tree had changes.
func buildVersion(bi *debug.BuildInfo) string {
	v := moduleVersion(bi)
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
version. A release prints its tag; a build from a clone with make install
(or the README's go install line, which stamps the commit with -ldflags -X)
prints the commit; a plain go install ./cmd/shea prints a pseudo-version
and the commit, which the go command records unless it builds with
-buildvcs=false; "(devel)" with no commit means that it did not.

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
