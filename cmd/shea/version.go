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

// version is the release version, else the module version and VCS revision
// from the build info.
func version() string {
	if releaseVersion != "" {
		if releaseCommit != "" {
			return releaseVersion + " (" + releaseCommit + ")"
		}
		return releaseVersion
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev != "" && v == "(devel)" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev + dirty
	}
	return v
}

func newVersionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print shea's version",
		Long: `Print shea's module version and, for development builds, the commit it was
built from.

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
