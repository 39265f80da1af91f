package workflows

import (
	"os"

	"github.com/sheaproject/shea/codes"
	"path/filepath"
	"strings"
)

// LaneAgent is the one lane of a symphony workflow: its prompt body.
const LaneAgent = "agent"

// loadSymphony checks the prompt body, the symphony profile's only
// template.
func (w *Workflow) loadSymphony() {
	it := w.bodyItem(LaneAgent, SourceWorkflowBody)
	w.lanes = []*item{it}
	if strings.TrimSpace(it.text) == "" && strings.TrimSpace(w.src.text) != "" && w.runnerDefaultPrompt() {
		w.loadDefaultPrompt(it)
		return
	}
	if w.emptyBody(it) {
		return
	}
	w.compile(it)
}

// emptyBody reports an empty_workflow error when the body, which it is
// the prompt, is empty (after trimming), and marks it failed. A runner
// would launch the agent with nothing, or with a default prompt it
// substitutes without a word.
func (w *Workflow) emptyBody(it *item) bool {
	if strings.TrimSpace(it.text) != "" {
		return false
	}
	it.failed = true
	at := w.src.rng(len(w.src.text), len(w.src.text))
	if strings.TrimSpace(w.src.text) == "" {
		at = w.src.rng(0, 0)
		w.fatal = true // nothing to read back beyond the file's name
		w.errorf(codes.EmptyWorkflow, at, "the workflow is empty").Detail =
			"Its body is the prompt: write it, with the front matter above it (tracker.kind, …)."
		return true
	}
	d := w.errorf(codes.EmptyWorkflow, at, "the workflow's prompt body is empty")
	d.Detail = "Everything below the front matter is the prompt; write it there. If the runner supplies its own default prompt, say so: shea: {empty_body: runner_default}."
	if w.Profile == ProfileShea {
		d.Detail = "Without a prompts key, all three lanes use the body as their prompt: write it there, or name the lane prompt files under prompts."
	}
	return true
}

// bodyItem is the workflow body as a lane template. Its position is in the
// normalised text; compile maps diagnostics back to the file's bytes.
func (w *Workflow) bodyItem(key, kind string) *item {
	off := w.split.BodyStart
	p := w.src.pos(off)
	p.Byte = off // normalised; fixed after compiling
	return &item{
		key:      key,
		kind:     kind,
		display:  w.Path,
		filename: w.Path,
		text:     w.split.Body,
		dir:      w.partialsDir(),
		start:    p,
		src:      w.src,
		loaded:   true,
		schema:   w.laneSchema,
	}
}

// partialsDir is the directory where the body's partials are looked up.
func (w *Workflow) partialsDir() string {
	if w.dir == "" {
		return "."
	}
	return filepath.Clean(w.dir)
}

// workspaceRoot is workspace.root as the readback shows it. A path is
// resolved as the profile does: symphony joins a relative path to the
// workflow's directory and makes it absolute and clean; shea joins the
// workflow's directory as written, without normalising. Both default to
// symphony_workspaces in the system temporary directory, also when the
// value is a whole-value $VAR whose variable is unset or empty.
//
// The runner expands a whole-value $VAR and a leading ~ from the
// environment; the readback never does, so that no variable's value (a
// secret, say) reaches a log: it shows "$VAR" and "~/…" as written.
func (w *Workflow) workspaceRoot() (string, bool) {
	def := filepath.Join(w.tempDir(), "symphony_workspaces")
	root := w.cfg.workspaceRoot
	if !root.set || root.null() {
		return def, true
	}
	if !valid(w, root) {
		return "", false
	}
	s := strings.TrimSpace(root.val)
	if strings.HasPrefix(s, "$") && isEnvName(s[1:]) {
		if w.opts.getenv(s[1:]) == "" {
			return def, true
		}
		return s, true
	}
	if s == "" {
		return def, true
	}
	if s == "~" || strings.HasPrefix(s, "~/") {
		return s, true
	}
	if w.Profile == ProfileShea {
		return joinAsWritten(w.dir, s), true
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(w.absDir, s)
	}
	return filepath.Clean(s), true
}

func (w *Workflow) tempDir() string {
	if w.opts.TempDir != "" {
		return w.opts.TempDir
	}
	return os.TempDir()
}

func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if c == '_' || ('A' <= c && c <= 'Z') || ('a' <= c && c <= 'z') || (i > 0 && '0' <= c && c <= '9') {
			continue
		}
		return false
	}
	return true
}
