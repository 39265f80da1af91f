package workflows

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// InputIssue is the issue a lane prompt reads.
const InputIssue = "issue"

// The per-turn inputs: only a lane's turn block may read them.
const (
	InputAttempt    = "attempt"
	InputRunContext = "run_context"
)

// runContextDecl declares run_context when the workflow does not: an
// object with no readable key, so that every run_context.<key> read is
// caught until template_context.schema declares the key.
const runContextDecl = `{"properties": {"run_context": {"type": "object", "additionalProperties": false,
  "description": "The JSON object a run accumulates across its turns (shea run-context set). Declare the keys a turn block reads under template_context.schema."}}}`

// turnSchemas returns the inputs of a composed lane's system part (the lane
// inputs without attempt and run_context) and of its turn block (the lane
// inputs, and run_context as declared by the workflow, else with no key).
func (w *Workflow) turnSchemas() (system, turn *strict.Schema, err error) {
	rc, err := strict.CompileSchema("https://shea.dev/schemas/run-context.json", []byte(runContextDecl), nil)
	if err != nil {
		return nil, nil, err
	}
	turn = rc.Extend(w.laneSchema)
	return turn.Without(InputAttempt, InputRunContext), turn, nil
}

// compileTurn compiles a composed lane that has a turn block.
func (w *Workflow) compileTurn(it *item, c *lanes.Composed) {
	system, turn, err := w.turnSchemas()
	if err != nil {
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "internal error: turn context: %v", err)
		it.failed = true
		return
	}
	it.schema = turn
	tpl, diags := compileGuarded(diag.Range{Filename: c.Name()}, func() (*lanes.TurnTemplate, diag.List) {
		return c.CompileTurn(render.Options{Limits: w.opts.Limits}, system, turn)
	})
	w.addUnique(diags)
	if diags.HasErrors() || tpl == nil {
		it.failed = true
		return
	}
	it.turn = tpl
}

// turnRef returns the turn block beside a lane's single prompt file
// (lanes.TurnFile), and false when there is none. A prompt file that
// cannot be resolved has none: loadFile reports it.
func (w *Workflow) turnRef(ref fileRef) (fileRef, bool) {
	if _, err := w.root.Resolve(w.absDir, ref.rel); err != nil {
		return fileRef{}, false
	}
	rel := lanes.TurnFile(ref.rel)
	_, err := w.root.Resolve(w.absDir, rel)
	if errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fsroot.ErrOutside) {
		return fileRef{}, false
	}
	return fileRef{ptr: ref.ptr, rel: rel, display: joinAsWritten(w.dir, rel)}, true
}

// loadFileTurn loads a lane read from one prompt file with a turn block
// beside it, as compileTurn compiles a composed one: the prompt file is
// the system part, checked without the per-turn inputs (a read of one is
// explained by lanes.ExplainTurnOnly), and the turn block the user part.
func (w *Workflow) loadFileTurn(it *item, ref, tref fileRef) {
	system, turn, err := w.turnSchemas()
	if err != nil {
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "internal error: turn context: %v", err)
		it.failed = true
		return
	}
	turnOnly := lanes.TurnOnly(system, turn)
	it.schema = system
	n := len(w.diags)
	w.loadFile(it, ref, "lane prompt")
	text, start, filename, ok := w.readRef(tref, "turn block")
	// The diagnostics hold file bytes; the trimmed text starts at it.start.
	src := []byte(strings.Repeat(" ", it.start.Byte) + it.text)
	lanes.ExplainTurnOnly(w.diags[n:], func(name string) []byte {
		if name == it.filename {
			return src
		}
		return nil
	}, it.key, filename, turnOnly)
	it.schema = turn
	if !ok {
		it.failed = true
		return
	}
	it.turnFile, it.turnBytes = tref.display, len(text)
	user, diags := compileGuarded(diag.Range{Filename: filename, Start: start, End: start}, func() (*render.Template, diag.List) {
		return w.engine(filepath.Dir(filename)).Compile(text, filename, start, turn)
	})
	w.diags = append(w.diags, diags...)
	if it.failed || it.tpl == nil || user == nil || diags.HasErrors() {
		it.failed, it.tpl = true, nil
		return
	}
	it.turn, it.tpl = lanes.NewTurnTemplate(it.tpl, user, turnOnly), nil
}

// Turn is a rendered lane prompt in its two parts.
type Turn struct {
	// Lane is the lane key.
	Lane string
	// System is the stable part: for a lane with a turn block, its parts,
	// lane file and contracts, which read the same for every attempt and
	// run context of an issue; for a lane without one, the whole prompt.
	System string
	// User is the turn block's text; "" for a lane without one.
	User string
	// Sources are the files the prompt came from, in the order of the
	// text: the system part's layer files ("<core>/…" for shea's built-in
	// ones) and code-owned contracts ("<contract:ID>"), then the turn
	// block's; or the one prompt file of a lane that is not composed.
	Sources []string
}

// Prompt is the single prompt of the turn: the system part, then, when
// there is a user part, a blank line and the user part (lanes.JoinTurn).
func (t *Turn) Prompt() string { return lanes.JoinTurn(t.System, t.User) }

// RenderTurn renders a lane like RenderLane, keeping the system part and
// the turn block apart. in.RunContext reaches only the turn block: a
// declared key it lacks reads as nil, and, when the workflow does not let
// the turn block read undeclared keys, those are left out. A lane without a
// turn block renders exactly as RenderLane renders it, into System.
func (w *Workflow) RenderTurn(ctx context.Context, lane string, in LaneInput) (*Turn, error) {
	if errs := w.diags.Errors(); len(errs) > 0 {
		return nil, &Error{Workflow: w.Path, Class: codes.FailureClass(errs), Diagnostics: errs}
	}
	it, err := w.laneItem(lane)
	if err != nil {
		if it = w.runnerItem(lane); it == nil {
			return nil, err
		}
	}
	if it.shared != nil {
		it = it.shared
	}
	if it.noPrompt() {
		return nil, w.noPromptError(lane)
	}
	t := &Turn{Lane: lane, Sources: it.sources()}
	vars, err := w.laneVars(in)
	if err == nil {
		if it.turn != nil {
			vars[InputRunContext] = runContextFor(it.schema, in.RunContext)
			t.System, t.User, err = it.renderTurn(ctx, vars)
		} else {
			t.System, err = it.render(ctx, vars)
		}
	}
	if err != nil {
		diags := renderDiagnostics(err, it.filename)
		return nil, &Error{Workflow: w.Path, Lane: lane, Class: codes.FailureClass(diags), Diagnostics: diags}
	}
	return t, nil
}

// runContextFor fits a run context to the turn block's declaration of
// run_context: keys the declaration certainly rejects are dropped (they
// cannot be read, and would fail its validation; see strict.Members). A declared key
// it lacks reads as nil, as any declared input left out does.
func runContextFor(schema *strict.Schema, rc map[string]any) map[string]any {
	out := make(map[string]any, len(rc))
	m := schema.Members(InputRunContext)
	for k, x := range rc {
		if _, keep := m.Property(k); keep {
			out[k] = x
		}
	}
	return out
}

// renderTurn renders a lane with a turn block; errors as render gives them.
func (it *item) renderTurn(ctx context.Context, vars map[string]any) (system, user string, err error) {
	_, err = renderGuarded("", func() (string, error) {
		var rerr error
		system, user, rerr = it.turn.Render(ctx, vars)
		return "", rerr
	})
	if err != nil {
		return "", "", &render.Error{Class: renderClass(err), Diagnostics: renderDiagnostics(err, it.filename)}
	}
	return system, user, nil
}

func renderClass(err error) codes.Class {
	if re, ok := render.AsError(err); ok {
		return re.Class
	}
	return codes.ClassTemplateRender
}

// sources lists the files a lane's prompt comes from (see Turn.Sources).
func (it *item) sources() []string {
	c := it.composed
	if c == nil {
		if it.display == "" {
			return nil
		}
		if it.turnFile != "" {
			return []string{it.display, it.turnFile}
		}
		return []string{it.display}
	}
	var out []string
	for _, f := range c.Files {
		out = append(out, f.File)
	}
	for _, k := range c.Contracts {
		if strings.TrimSpace(k.Text) != "" {
			out = append(out, "<contract:"+k.ID+">")
		}
	}
	if c.Turn != nil {
		for _, f := range c.Turn.Files {
			out = append(out, f.File)
		}
	}
	return out
}

// turnDisplay is the readback path of a lane's turn block: its layer
// files, comma-separated, or the file beside a single prompt file; ""
// when the lane has none.
func (it *item) turnDisplay() (path string, bytes int) {
	if it.composed == nil {
		if it.turnFile == "" {
			return "", 0
		}
		return filepath.Clean(it.turnFile), it.turnBytes
	}
	if it.composed.Turn == nil {
		return "", 0
	}
	t := it.composed.Turn
	for i, f := range t.Files {
		if i > 0 {
			path += ","
		}
		path += f.File
	}
	return path, len(t.Source)
}
