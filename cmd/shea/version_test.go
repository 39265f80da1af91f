package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "75d90781e5feab10ecf694f84efb04ddfb71e0fa"}, {Key: "vcs.modified", Value: "false"}}
	dirty := []debug.BuildSetting{{Key: "vcs.revision", Value: "75d90781e5feab10ecf694f84efb04ddfb71e0fa"}, {Key: "vcs.modified", Value: "true"}}
	tests := []struct {
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"v0.0.0-20261201062314-75d90781e5fe", rev, "v0.0.0-20261201062314-75d90781e5fe commit 75d90781e5fe"},
		{"v0.0.0-20261201062314-75d90781e5fe+dirty", dirty, "v0.0.0-20261201062314-75d90781e5fe+dirty commit 75d90781e5fe-modified"},
		{"(devel)", rev, "(devel) commit 75d90781e5fe"},
		{"", nil, "(devel)"},
		{"v1.2.3", nil, "v1.2.3"},
	}
	for _, tt := range tests {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/sheaproject/shea", Version: tt.version}, Settings: tt.settings}
		if got := buildVersion(bi); got != tt.want {
			t.Errorf("buildVersion(%q) = %q, want %q", tt.version, got, tt.want)
		}
	}
}

func TestVersionOf(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "75d90781e5feab10ecf694f84efb04ddfb71e0fa"}}
	devel := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}
	pseudo := &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201062314-75d90781e5fe"}, Settings: rev}
	tests := []struct {
		release, commit string
		bi              *debug.BuildInfo
		want            string
	}{
		{"v1.2.3", "0123456789ab", devel, "v1.2.3 commit 0123456789ab"},
		{"v1.2.3", "", devel, "v1.2.3"},
		// make install stamps the commit: it is printed where the go
		// command recorded none (-buildvcs=false) ...
		{"", "0123456789ab", devel, "(devel) commit 0123456789ab"},
		{"", "0123456789ab", &debug.BuildInfo{}, "(devel) commit 0123456789ab"},
		// ... and preferred to the one it recorded.
		{"", "0123456789ab", pseudo, "v0.0.0-20261201062314-75d90781e5fe commit 0123456789ab"},
		{"", "", pseudo, "v0.0.0-20261201062314-75d90781e5fe commit 75d90781e5fe"},
		{"", "", devel, "(devel)"},
		{"", "0123456789ab", nil, "(unknown) commit 0123456789ab"},
		{"", "", nil, "(unknown)"},
	}
	for _, tt := range tests {
		if got := versionOf(tt.release, tt.commit, tt.bi); got != tt.want {
			t.Errorf("versionOf(%q, %q, %v) = %q, want %q", tt.release, tt.commit, tt.bi, got, tt.want)
		}
	}
}

// TestInstallLine runs the README's install line and make install as a
// user would, with the go command set not to record the commit
// (-buildvcs=false), and checks that shea version names the commit.
func TestInstallLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the install test")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: skipping")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "go install -ldflags ") {
			line = l
			break
		}
	}
	if line == "" {
		t.Fatal("the README has no go install -ldflags line")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	head := strings.TrimSpace(runCmd(t, root, nil, "git", "rev-parse", "--short=12", "HEAD"))
	commands := [][]string{{"sh", "-c", line}}
	if _, err := exec.LookPath("make"); err == nil {
		commands = append(commands, []string{"make", "install"})
	}
	for _, c := range commands {
		bin := t.TempDir()
		env := append(os.Environ(), "GOBIN="+bin, "GOFLAGS=-buildvcs=false")
		runCmd(t, root, env, c[0], c[1:]...)
		out := runCmd(t, root, env, filepath.Join(bin, "shea"), "version")
		if want := "shea (devel) commit " + head + " "; !strings.HasPrefix(out, want) {
			t.Errorf("after %q, shea version printed %q, want it to begin %q", c, out, want)
		}
	}
}
