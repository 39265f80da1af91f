package workflows

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/osteele"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// The engines Validate can prove templates with (Options.Engine, the
// workflow's shea.engine setting).
const (
	// EngineShea is shea's own engine, which renders as Shopify Liquid.
	EngineShea = "shea"
	// EngineOsteele is osteele/liquid v1.9.2, which most Go agent runners
	// render prompts with: Validate renders every template with it too
	// (see package osteele).
	EngineOsteele = "osteele"
)

// Engine returns the engine Validate proves the workflow's templates
// with: Options.Engine when set, else the workflow's shea.engine setting,
// else EngineShea.
func (w *Workflow) Engine() string {
	if w.opts.Engine != "" {
		return w.opts.Engine
	}
	if sh := w.cfg.shea; sh.isMap && !w.bad[sh.ptr] && valid(w, sh.engine) && sh.engine.val == EngineOsteele {
		return EngineOsteele
	}
	return EngineShea
}

// proveOsteele renders a lane prompt, backend fragment or runner template
// that shea's smoke render passed with osteele/liquid too, on the same
// inputs (osteele.SmokeInputs: the matrix without "required only"; a
// lane's "every field" with attempt 3, as smokeMatrix gives it; then the
// runner's Options.Samples, for a lane prompt or runner template), and
// returns osteele's errors and warnings at their places in the files the
// user edits.
func (w *Workflow) proveOsteele(ctx context.Context, it *item, lane bool) diag.List {
	inputs := osteele.SmokeInputs(it.schema)
	for i, in := range inputs {
		vars := maps.Clone(in.Vars)
		if _, ok := vars["attempt"]; ok && lane && in.Name == "every field" {
			vars["attempt"] = int64(3)
		}
		if it.turn != nil {
			if _, ok := vars[InputRunContext]; !ok {
				vars[InputRunContext] = runContextFor(it.schema, nil)
			}
		}
		inputs[i] = strict.SampleInput{Name: in.Name, Vars: vars}
	}
	if it.schema == w.laneSchema || it.turn != nil {
		for i, in := range w.opts.Samples {
			vars, err := w.laneVars(in)
			if err != nil {
				continue // smokeSamples reports it
			}
			if it.turn != nil {
				vars[InputRunContext] = runContextFor(it.schema, in.RunContext)
			}
			inputs = append(inputs, strict.SampleInput{Name: "Options.Samples[" + strconv.Itoa(i) + "]", Vars: vars})
		}
	}
	var l diag.List
	for _, p := range w.osteelePieces(it) {
		l = append(l, p.fix(osteele.Prove(ctx, p.tpl, inputs, p.opts))...)
	}
	return l
}

// osteelePiece is one template of an item as osteele renders it: its shea
// compilation, the options, and how its diagnostics map to the files the
// user edits.
type osteelePiece struct {
	tpl  *render.Template
	opts osteele.Options
	fix  func(diag.List) diag.List
}

// osteelePieces returns the templates of an item: one, or a lane's system
// and user parts.
func (w *Workflow) osteelePieces(it *item) []osteelePiece {
	opts := osteele.Options{Limits: w.opts.Limits, Prover: w.opts.OsteeleProver, Version: w.opts.OsteeleVersion}
	switch {
	case it.tpl != nil:
		if it.dir != "" {
			opts.Partials = partials.NewDir(it.dir)
		}
		return []osteelePiece{{it.tpl, opts, func(l diag.List) diag.List {
			if it.src != nil {
				l = it.src.fixList(l)
			}
			if it.posMap != nil {
				l = mapPositions(l, it.filename, it.posMap)
			}
			return l
		}}}
	case it.lane != nil:
		return []osteelePiece{{it.lane.Compiled(), opts, remapper(it.lane.RemapError)}}
	case it.turn != nil:
		return []osteelePiece{
			{it.turn.System.Compiled(), opts, remapper(it.turn.System.RemapError)},
			{it.turn.User.Compiled(), opts, remapper(it.turn.User.RemapError)},
		}
	}
	return nil
}

// RenderTurnOsteele renders a lane (or runner template) as RenderTurn
// does, shea's check and render first, all or nothing, and then renders the
// same input with osteele/liquid v1.9.2, which many Go runners render
// with: the Turn it returns holds osteele's output, what such a runner
// sends the agent. An osteele error fails it (an *Error holding
// osteele_parse_error or osteele_render_error at its place); the list
// holds an osteele_output_differs warning for each part whose output
// differs from shea's.
func (w *Workflow) RenderTurnOsteele(ctx context.Context, lane string, in LaneInput) (*Turn, diag.List, error) {
	t, err := w.RenderTurn(ctx, lane, in)
	if err != nil {
		return nil, nil, err
	}
	it, err := w.laneItem(lane)
	if err != nil {
		it = w.runnerItem(lane)
	}
	if it.shared != nil {
		it = it.shared
	}
	vars, err := w.laneVars(in)
	if err != nil {
		return nil, nil, err
	}
	if it.turn != nil {
		vars[InputRunContext] = runContextFor(it.schema, in.RunContext)
	}
	pieces := w.osteelePieces(it)
	sheaOut := []string{t.System, t.User}
	var warnings diag.List
	for i, p := range pieces {
		ot, l := osteele.Parse(p.tpl, p.opts)
		var out string
		if !l.HasErrors() {
			out, l = ot.Render(ctx, maps.Clone(vars))
		}
		if l.HasErrors() {
			l = p.fix(l)
			return nil, nil, &Error{Workflow: w.Path, Lane: lane, Class: codes.FailureClass(l), Diagnostics: l}
		}
		if i < len(sheaOut) {
			if d := osteele.Compare(p.tpl, sheaOut[i], out); d != nil {
				warnings = append(warnings, p.fix(diag.List{d})...)
			}
		}
		if i == 0 {
			t.System = out
		} else {
			t.User = out
		}
	}
	return t, warnings, nil
}

// remapper maps a composed template's diagnostics to its layer files.
func remapper(remap func(error) error) func(diag.List) diag.List {
	return func(l diag.List) diag.List { return remapped(remap, l) }
}

// remapped maps a composed template's diagnostics to its layer files.
func remapped(remap func(error) error, l diag.List) diag.List {
	if len(l) == 0 {
		return l
	}
	if re, ok := render.AsError(remap(&render.Error{Diagnostics: l})); ok {
		return re.Diagnostics
	}
	return l
}

// osteeleVersion is the osteele/liquid version the proof renders with.
func (w *Workflow) osteeleVersion() string {
	if w.opts.OsteeleVersion != "" {
		return w.opts.OsteeleVersion
	}
	return osteele.Version
}

// runnerOsteele reads the osteele/liquid version the runner's go.mod
// requires: the go.mod governing the workflow's directory, found as the go
// command finds it (osteele.RunnerVersion).
func (w *Workflow) runnerOsteele() (osteele.Requirement, error) {
	return osteele.RunnerVersion(filepath.Dir(w.Path))
}

// runnerOsteeleFields are the fields the prompt_engine readback line has
// after version: runner_version (the version the runner's go.mod requires,
// "none" when it requires none, "replaced" for a replace by a directory)
// and go_mod (its path, "none" when there is no go.mod, "unreadable" when
// it does not parse).
func (w *Workflow) runnerOsteeleFields() []Field {
	req, err := w.runnerOsteele()
	switch {
	case err != nil:
		return []Field{{"go_mod", "unreadable"}}
	case req.GoMod == "":
		return []Field{{"go_mod", "none"}}
	}
	v := req.Version
	switch {
	case req.Replaced != "":
		v = "replaced"
	case v == "":
		v = "none"
	}
	return []Field{{"runner_version", v}, {"go_mod", w.shortPath(req.GoMod)}}
}

// shortPath returns path relative to the working directory when it lies
// below it, else as it is.
func (w *Workflow) shortPath(path string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return path
}

// osteeleVersionDiags returns the osteele_version_differs warning when the
// runner's go.mod requires an osteele/liquid version with known
// differences from the one shea proves with, at go.mod's line.
func (w *Workflow) osteeleVersionDiags() diag.List {
	req, err := w.runnerOsteele()
	if err != nil || req.Version == "" || req.Replaced != "" || req.Version == w.osteeleVersion() {
		return nil
	}
	diffs := osteele.Differences(req.Version)
	if len(diffs) == 0 {
		return nil
	}
	pos := func(p modfile.Position) diag.Pos { return diag.Pos{Line: p.Line, Column: p.LineRune, Byte: p.Byte} }
	at := diag.Range{Filename: w.shortPath(req.GoMod), Start: pos(req.Start), End: pos(req.End)}
	d := diag.Warningf(codes.OsteeleVersionDiffers, at, "the runner's go.mod requires osteele/liquid %s; shea proves with %s, which renders differently", req.Version, w.osteeleVersion())
	var b strings.Builder
	fmt.Fprintf(&b, "What osteele/liquid %s does otherwise (from osteele's release notes):\n", req.Version)
	for _, x := range diffs {
		fmt.Fprintf(&b, "- before %s: %s\n", x.Since, x.Text)
	}
	fmt.Fprintf(&b, "shea's proof rendered with %s, not %s: a template it passes may still fail or print otherwise under the runner. To prove with %s itself: shea validate --osteele-version %s (it builds a prover with the go command, offline from the module cache). Requiring shea as a Go library in the runner's module raises osteele/liquid to %s there (Go takes the highest version any module requires); see README, \"Runners that render with osteele/liquid\".", w.osteeleVersion(), req.Version, req.Version, req.Version, osteele.Version)
	d.Detail = b.String()
	return diag.List{d}
}
