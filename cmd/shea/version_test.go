package main

import (
	"runtime/debug"
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
