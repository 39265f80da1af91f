package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPreCommitHooks runs the hooks of .pre-commit-hooks.yaml for real: a
// throwaway repository uses this repository (at its HEAD commit) as a
// pre-commit hook repository; committing a clean workflow succeeds, and
// committing a broken one fails with shea's diagnostics. pre-commit is
// installed from Debian's packages when missing and possible; otherwise the
// test skips with a message.
func TestPreCommitHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the pre-commit end-to-end test")
	}
	precommit := findPreCommit(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	rev := strings.TrimSpace(runCmd(t, root, nil, "git", "rev-parse", "HEAD"))

	repo := t.TempDir()
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(t.TempDir(), "cache"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GOFLAGS=-buildvcs=false",
		"NO_COLOR=1",
	)
	if cache, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		env = append(env, "GOMODCACHE="+strings.TrimSpace(string(cache))) // reuse downloaded modules
	}
	runCmd(t, repo, env, "git", "init", "-q", "-b", "main")
	writeFile(t, repo, ".pre-commit-config.yaml", "repos:\n  - repo: "+root+"\n    rev: "+rev+"\n    hooks:\n      - id: shea-validate\n      - id: shea-check\n")
	runCmd(t, repo, env, precommit, "install")

	writeFile(t, repo, "WORKFLOW.md", "---\ntracker:\n  kind: linear\n---\nWork on {{ issue.identifier }}: {{ issue.title }}.\n")
	writeFile(t, repo, "prompts/note.liquid", "{% if issue.url %}{{ issue.url }}{% endif %}\n")
	runCmd(t, repo, env, "git", "add", "-A")
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	if out, err := command(ctx, repo, env, "git", "commit", "-q", "-m", "clean").CombinedOutput(); err != nil {
		t.Fatalf("committing a clean workflow failed: %v\n%s", err, out)
	}

	writeFile(t, repo, "WORKFLOW.md", "---\ntracker:\n  kind: linear\n---\nWork on {{ issue.identifier }}: {{ issue.titel }}.\n")
	runCmd(t, repo, env, "git", "add", "-A")
	out, err := command(ctx, repo, env, "git", "commit", "-q", "-m", "broken").CombinedOutput()
	if err == nil {
		t.Fatalf("committing a broken workflow succeeded:\n%s", out)
	}
	for _, want := range []string{"shea validate", "Failed", "WORKFLOW.md:5:36: error: unknown property \"titel\" of issue [unknown_property]", `Did you mean "issue.title"?`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("pre-commit output lacks %q:\n%s", want, out)
		}
	}
	if log := runCmd(t, repo, env, "git", "log", "--format=%s"); strings.TrimSpace(log) != "clean" {
		t.Errorf("history is %q, want only the clean commit", log)
	}
}

// findPreCommit returns the pre-commit command, installing Debian's package
// when it is missing and this process may.
func findPreCommit(t *testing.T) string {
	if p, err := exec.LookPath("pre-commit"); err == nil {
		return p
	}
	if _, err := exec.LookPath("apt-get"); err != nil || os.Geteuid() != 0 {
		t.Skip("pre-commit is not installed and cannot be installed here (needs root and apt-get): skipping")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "apt-get", "install", "-y", "-qq", "pre-commit")
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("pre-commit is not installed and apt-get could not install it (%v): skipping\n%s", err, out)
	}
	p, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Skip("pre-commit still not found after installing it: skipping")
	}
	return p
}

func command(ctx context.Context, dir string, env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	return cmd
}

func runCmd(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	if env == nil {
		env = os.Environ()
	}
	out, err := command(context.Background(), dir, env, name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
