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

// TestPreCommitHooks runs the hooks of .pre-commit-hooks.yaml for real, as
// the working tree has them (committed or not): a snapshot of the tree is
// committed to a throwaway hook repository, which a second throwaway
// repository uses, and pre-commit builds shea from it. See
// preCommitScenario for what is checked. The test needs the pre-commit
// tool (.ci/run installs it) and skips without it; it installs nothing.
func TestPreCommitHooks(t *testing.T) {
	precommit, env := preCommitEnv(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	hooks, rev := snapshot(t, root, env)
	preCommitScenario(t, precommit, env, "repos:\n  - repo: "+hooks+"\n    rev: "+rev+"\n    hooks:\n      - id: shea-validate\n      - id: shea-check\n")
}

// TestPreCommitReadme runs the local hooks the README tells users to
// configure today, with shea built from the working tree on PATH.
func TestPreCommitReadme(t *testing.T) {
	precommit, env := preCommitEnv(t)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## pre-commit\n")
	_, block, ok := strings.Cut(section, "```yaml\n")
	config, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 || !strings.Contains(config, "repo: local") {
		t.Fatalf("the README's pre-commit section has no local hooks block:\n%s", section)
	}
	bin := t.TempDir()
	runCmd(t, ".", env, "go", "build", "-o", filepath.Join(bin, "shea"), ".")
	for i, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			env[i] = "PATH=" + bin + string(os.PathListSeparator) + strings.TrimPrefix(kv, "PATH=")
		}
	}
	preCommitScenario(t, precommit, env, config)
}

// preCommitEnv returns the pre-commit command and an environment for
// throwaway repositories, or skips the test.
func preCommitEnv(t *testing.T) (string, []string) {
	if testing.Short() {
		t.Skip("-short: skipping the pre-commit end-to-end test")
	}
	precommit, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Skip("pre-commit is not installed (.ci/run installs it; or apt-get install pre-commit, pip install pre-commit): skipping")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: skipping")
	}
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(t.TempDir(), "cache"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GOFLAGS=-buildvcs=false",
		"NO_COLOR=1",
	)
	if cache, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		env = append(env, "GOMODCACHE="+strings.TrimSpace(string(cache))) // reuse downloaded modules: only the module proxy is reachable
	}
	return precommit, env
}

// preCommitScenario installs config in a throwaway repository and checks
// that committing clean workflows succeeds; that a commit that edits only
// a lane prompt, breaking it, is blocked with the diagnostic in that
// prompt file, and no readback line; that deleting or renaming a lane
// prompt is blocked; that a partial reading a field its workflow declares
// commits, and a mistake in it is blocked; and that a commit of an
// unrelated file passes.
func preCommitScenario(t *testing.T, precommit string, env []string, config string) {
	repo := t.TempDir()
	runCmd(t, repo, env, "git", "init", "-q", "-b", "main")
	writeFile(t, repo, ".pre-commit-config.yaml", config)
	runCmd(t, repo, env, precommit, "install")

	writeFile(t, repo, "WORKFLOW.md", "---\ntracker:\n  kind: linear\n---\nWork on {{ issue.identifier }}: {{ issue.title }}.\n")
	writeFile(t, repo, ".shea/workflows/lanes.md", "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../prompts/main-agent.md\n  review_agent: ../prompts/review-agent.md\n  merge_agent: ../prompts/merge-agent.md\n"+
		"template_context:\n  schema:\n    properties:\n      issue:\n        properties:\n          comments: {type: array, items: {type: object, properties: {body: {type: string}}}}\n---\nIndex.\n")
	writeFile(t, repo, ".shea/prompts/main-agent.md", "Main {{ issue.identifier }}.\n")
	writeFile(t, repo, ".shea/prompts/merge-agent.md", "Merge {{ issue.identifier }}.{% render 'notes' %}\n")
	// A partial that reads what its workflow declares.
	writeFile(t, repo, ".shea/prompts/notes.liquid", "{% for c in issue.comments %}{{ c.body }}{% endfor %}\n")
	writeFile(t, repo, ".shea/prompts/review-agent.md", "Review {{ issue.title }}.\n")
	writeFile(t, repo, "prompts/note.liquid", "{% if issue.url %}{{ issue.url }}{% endif %}\n")
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	commit := func(msg string) (string, error) {
		runCmd(t, repo, env, "git", "add", "-A")
		out, err := command(ctx, repo, env, "git", "commit", "-q", "-m", msg).CombinedOutput()
		return string(out), err
	}
	if out, err := commit("clean"); err != nil {
		t.Fatalf("committing clean workflows failed: %v\n%s", err, out)
	}

	// Only the lane prompt changes.
	writeFile(t, repo, ".shea/prompts/review-agent.md", "Review {{ issue.titel }}.\n")
	out, err := commit("broken prompt")
	if err == nil {
		t.Fatalf("committing a broken lane prompt succeeded:\n%s", out)
	}
	for _, want := range []string{
		"shea validate",
		"Failed",
		"shea: .shea/prompts/review-agent.md is used by .shea/workflows/lanes.md: validating that workflow",
		`.shea/prompts/review-agent.md:1:11: error: unknown property "titel" of issue [unknown_property]`,
		`Did you mean "issue.title"?`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("pre-commit output lacks %q:\n%s", want, out)
		}
	}
	// The hook prints the diagnostics only, not the readback lines.
	for _, line := range []string{"workflow=", "prompt_template_smoke.", "status=invalid"} {
		if strings.Contains(out, line) {
			t.Errorf("pre-commit output has the readback line %q:\n%s", line, out)
		}
	}
	runCmd(t, repo, env, "git", "reset", "-q", "--hard")

	// Deleting a prompt a workflow reads, or renaming it away, fails that
	// workflow: pre-commit passes no file for a deletion.
	runCmd(t, repo, env, "git", "rm", "-q", ".shea/prompts/merge-agent.md")
	out, err = commit("delete a prompt")
	if err == nil {
		t.Fatalf("committing the deletion of a lane prompt succeeded:\n%s", out)
	}
	for _, want := range []string{
		"shea: .shea/prompts/merge-agent.md is deleted and was used by .shea/workflows/lanes.md: validating that workflow",
		".shea/workflows/lanes.md:7:16: error: lane prompt ../prompts/merge-agent.md does not exist [missing_template_file]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("pre-commit output lacks %q:\n%s", want, out)
		}
	}
	runCmd(t, repo, env, "git", "reset", "-q", "--hard")
	runCmd(t, repo, env, "git", "mv", ".shea/prompts/merge-agent.md", ".shea/prompts/merge.md")
	if out, err = commit("rename a prompt"); err == nil || !strings.Contains(out, "[missing_template_file]") {
		t.Fatalf("committing the renaming of a lane prompt: %v\n%s", err, out)
	}
	runCmd(t, repo, env, "git", "reset", "-q", "--hard")

	// A partial that reads a field its workflow declares is valid, and
	// shea-check leaves it to shea-validate; a mistake in it is caught
	// there, in the workflow's context.
	writeFile(t, repo, ".shea/prompts/notes.liquid", "Notes:\n{% for c in issue.comments %}- {{ c.body }}\n{% endfor %}\n")
	if out, err := commit("partial"); err != nil {
		t.Fatalf("committing a valid partial failed: %v\n%s", err, out)
	}
	writeFile(t, repo, ".shea/prompts/notes.liquid", "{% for c in issue.comments %}{{ c.bdy }}{% endfor %}\n")
	out, err = commit("broken partial")
	if err == nil {
		t.Fatalf("committing a broken partial succeeded:\n%s", out)
	}
	if want := `.shea/prompts/notes.liquid:1:33: error: unknown property "bdy" of c`; !strings.Contains(out, want) {
		t.Errorf("pre-commit output lacks %q:\n%s", want, out)
	}
	runCmd(t, repo, env, "git", "reset", "-q", "--hard")

	// A file no workflow uses passes.
	writeFile(t, repo, "README.md", "A repository.\n")
	if out, err := commit("readme"); err != nil {
		t.Fatalf("committing a README failed: %v\n%s", err, out)
	}
	if log := runCmd(t, repo, env, "git", "log", "--format=%s"); strings.TrimSpace(log) != "readme\npartial\nclean" {
		t.Errorf("history is %q, want the readme, partial and clean commits", log)
	}
}

// snapshot commits the files of the working tree at root (tracked and
// untracked, not ignored, as they are on disk) to a new repository, and
// returns its directory and the commit.
func snapshot(t *testing.T, root string, env []string) (dir, rev string) {
	t.Helper()
	list := runCmd(t, root, env, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	dir = t.TempDir()
	for _, name := range strings.Split(list, "\x00") {
		if name == "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, name, string(b))
	}
	runCmd(t, dir, env, "git", "init", "-q", "-b", "main")
	runCmd(t, dir, env, "git", "add", "-A")
	runCmd(t, dir, env, "git", "commit", "-q", "-m", "snapshot of the working tree")
	return dir, strings.TrimSpace(runCmd(t, dir, env, "git", "rev-parse", "HEAD"))
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
