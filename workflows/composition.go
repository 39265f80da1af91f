package workflows

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/render"
)

// SourceComposed is the source kind of a lane prompt assembled from
// layers (the composition key of a shea workflow).
const SourceComposed = "composed"

// EnvWorkspacePrompts names the environment variable that supplies the
// workspace layer when composition.workspace is not set.
const EnvWorkspacePrompts = "SHEA_WORKSPACE_PROMPTS"

// defaultLaneFile is the prompt file name a composed lane is looked up by
// when the workflow has no prompts key: the name of the lane's prompt in
// shea's built-in core layer.
func defaultLaneFile(lane string) string {
	return strings.TrimSuffix(lane, "_agent") + "-agent.md"
}

// layerDir is a resolved layer directory.
type layerDir struct {
	display string // the path lanes reads and diagnostics name
	ok      bool
}

// composition is the composition key of a shea workflow, read and checked.
type composition struct {
	workspace, template layerDir
	project             layerDir // composition.project, when set
	hasProject          bool
	parts               map[string]laneParts // by lane
	broken              bool                 // the key is not a usable mapping
}

// laneParts are the parts composition.parts names for one lane.
type laneParts struct {
	req lanes.Request // Role, Task and Format
	bad bool          // a part setting is invalid (and reported)
}

// loadComposedLanes builds the three lane prompts of a shea workflow from
// the layers its composition key names (see the package documentation).
func (w *Workflow) loadComposedLanes() {
	c := w.readComposition()
	prompts := w.cfg.prompts
	promptsSet := prompts.set
	if promptsSet && !prompts.isMap {
		w.errorf(codes.ConfigInvalid, w.tree.at(prompts.ptr), "prompts must be a mapping of main_agent, review_agent and merge_agent to files, not %s", describe(prompts.raw))
	}
	done := map[string]*item{} // identical requests (file, layers, parts, contracts) are composed once
	for _, lane := range Lanes(ProfileShea) {
		it := &item{key: lane, kind: SourceComposed, schema: w.laneSchema}
		w.lanes = append(w.lanes, it)
		if c.broken {
			it.failed = true
			continue
		}
		file := defaultLaneFile(lane)
		project := c.project
		hasProject := c.hasProject
		if promptsSet {
			ref, ok := w.pathSetting(prompts, "prompts", lane)
			if !ok {
				it.failed = true
				continue
			}
			file = filepath.Base(filepath.FromSlash(ref.rel))
			if !hasProject {
				project = w.layerDir("prompts."+lane+"'s directory", ref.ptr, dirAsWrittenOrDot(ref.rel))
				hasProject = true
			}
		}
		if (c.workspace.display != "" && !c.workspace.ok) || (c.template.display != "" && !c.template.ok) || (hasProject && !project.ok) {
			it.failed = true
			continue
		}
		lp := c.parts[lane]
		if lp.bad {
			it.failed = true
			continue
		}
		req := lp.req
		req.File, req.Lane = file, lane
		req.Contracts = lanes.ContractsFor(lane)
		req.StrictLayers = w.opts.StrictLayers
		req.Ablate = w.opts.Ablate
		layers := lanes.Layers{Workspace: c.workspace.display, Template: c.template.display, Overlay: w.opts.Overlay}
		if hasProject {
			layers.Project = project.display
		}
		key := []string{layers.Workspace, layers.Project, layers.Template, req.File, req.Role, req.Task, req.Format}
		for _, k := range req.Contracts {
			key = append(key, k.ID, k.Text) // the claim names the lane
		}
		keyStr := strings.Join(key, "\x00")
		if first, ok := done[keyStr]; ok {
			it.shared = first
			it.copyComposed(first)
			continue
		}
		done[keyStr] = it
		w.compose(it, layers, req)
	}
}

// copyComposed makes it show the composition of first, which it shares.
func (it *item) copyComposed(first *item) {
	it.display, it.filename, it.text = first.display, first.filename, first.text
	it.loaded, it.failed = first.loaded, first.failed
	it.composed, it.lane, it.turn, it.layers = first.composed, first.lane, first.turn, first.layers
	it.schema = first.schema
}

// compose composes, checks and compiles one lane.
func (w *Workflow) compose(it *item, layers lanes.Layers, req lanes.Request) {
	c, diags := lanes.Compose(layers, req)
	it.composed = c
	it.layers = []Layer{{Name: lanes.LayerCore, Dir: "<" + lanes.LayerCore + ">"}}
	seen := map[string]bool{}
	for _, l := range []Layer{{lanes.LayerWorkspace, layers.Workspace}, {lanes.LayerProject, layers.Project}, {lanes.LayerTemplate, layers.Template}} {
		if l.Dir != "" && !seen[filepath.Clean(l.Dir)] {
			seen[filepath.Clean(l.Dir)] = true
			it.layers = append(it.layers, l)
		}
	}
	files := make([]string, 0, len(c.Files))
	for _, f := range c.Files {
		files = append(files, f.File)
	}
	it.display = strings.Join(files, ",")
	it.filename = c.Name()
	w.addUnique(diags)
	if diags.HasErrors() {
		it.failed = true
		return
	}
	it.text, it.loaded = c.Source, true
	if c.Turn != nil {
		w.compileTurn(it, c)
		return
	}
	tpl, cdiags := compileGuarded(diag.Range{Filename: c.Name()}, func() (*lanes.Template, diag.List) {
		return c.Compile(render.Options{Limits: w.opts.Limits}, w.laneSchema)
	})
	w.addUnique(cdiags)
	if cdiags.HasErrors() || tpl == nil {
		it.failed = true
		return
	}
	it.lane = tpl
}

// addUnique adds diagnostics that the list does not hold yet: lanes that
// share a part, or a partial, would otherwise report its problems once
// per lane.
func (w *Workflow) addUnique(l diag.List) {
	for _, d := range l {
		dup := false
		for _, e := range w.diags {
			if e.Severity == d.Severity && e.Code == d.Code && e.Subject == d.Subject && e.Summary == d.Summary {
				dup = true
				break
			}
		}
		if !dup {
			w.diags = append(w.diags, d)
		}
	}
}

// readComposition reads the composition key: the layer directories and
// the parts of each lane. Problems are reported at the offending value.
func (w *Workflow) readComposition() composition {
	var c composition
	cs := w.cfg.composition
	if !cs.isMap || w.bad[cs.ptr] {
		// The config schema has reported it.
		c.broken = true
		return c
	}
	if cs.workspace.set {
		c.workspace = w.configLayer(cs.workspace, "workspace")
	} else if env := strings.TrimSpace(w.opts.getenv(EnvWorkspacePrompts)); env != "" {
		c.workspace = w.envLayer(env)
	}
	if cs.project.set {
		c.project = w.configLayer(cs.project, "project")
		c.hasProject = true
	}
	if cs.template.set {
		c.template = w.configLayer(cs.template, "template")
	}
	c.parts = map[string]laneParts{}
	for _, lane := range Lanes(ProfileShea) {
		var lp laneParts
		lp.bad = w.bad[cs.parts.ptr] || w.bad[cs.lanes[lane].ptr]
		for _, k := range partAxes {
			part := cs.lanes[lane].byAxis[k]
			if !part.set {
				continue
			}
			if !valid(w, part) {
				lp.bad = true // the config schema has reported it
				continue
			}
			name := part.val
			if !partials.Valid(name) {
				w.errorf(codes.ConfigInvalid, w.tree.valueAt(part.ptr), "composition.parts.%s.%s must name a file inside the prompt layers, not %s", lane, k, describe(name)).Detail =
					"Part names are looked up as " + k + "s/<name>.md in every layer; they cannot hold \"..\", a leading \"/\" or a backslash."
				lp.bad = true
				continue
			}
			switch k {
			case "role":
				lp.req.Role = name
			case "task":
				lp.req.Task = name
			case "format":
				lp.req.Format = name
			}
		}
		c.parts[lane] = lp
	}
	return c
}

// configLayer resolves composition.<key>, a directory relative to the
// workflow's directory inside the repository root.
func (w *Workflow) configLayer(f field[string], key string) layerDir {
	if !valid(w, f) {
		return layerDir{display: "<invalid>"}
	}
	return w.layerDir("composition."+key, f.ptr, f.val)
}

// layerDir checks that rel, relative to the workflow's directory, is a
// directory inside the repository root; problems are reported at the
// config value at ptr.
func (w *Workflow) layerDir(what, ptr, rel string) layerDir {
	display := filepath.Clean(joinAsWritten(w.dir, rel))
	at := w.tree.valueAt(ptr)
	canon, err := w.root.Resolve(w.absDir, rel)
	if err == nil {
		var st os.FileInfo
		if st, err = os.Stat(canon); err == nil && !st.IsDir() {
			w.errorf(codes.MissingTemplateFile, at, "%s %s is not a directory", what, rel).Detail =
				"A prompt layer is a directory of Markdown files."
			return layerDir{display: display}
		}
	}
	switch {
	case err == nil:
		return layerDir{display: display, ok: true}
	case errors.Is(err, fsroot.ErrOutside):
		w.errorf(codes.PathOutsideRoot, at, "%s %s leads outside the repository root", what, rel).Detail =
			"Layer directories resolve against the workflow's directory and must stay inside " + w.root.Dir() + " (symbolic links included)."
	case errors.Is(err, fs.ErrNotExist):
		w.errorf(codes.MissingTemplateFile, at, "%s %s does not exist", what, rel).Detail =
			"Layer directories resolve against the workflow's directory (" + displayDir(w.dir) + ")."
	default:
		w.errorf(codes.MissingTemplateFile, at, "cannot use %s %s: %v", what, rel, unwrapPathError(err))
	}
	return layerDir{display: display}
}

// envLayer checks the workspace layer named by SHEA_WORKSPACE_PROMPTS. It
// is the operator's setting, not the workflow's, so it may lie outside the
// repository (a workspace layer is shared by many); a relative path is
// relative to the current directory.
func (w *Workflow) envLayer(dir string) layerDir {
	st, err := os.Stat(dir)
	if err == nil && st.IsDir() {
		return layerDir{display: filepath.Clean(dir), ok: true}
	}
	d := w.errorf(codes.MissingTemplateFile, w.tree.at(w.cfg.composition.ptr), "%s names %s, which is not a directory", EnvWorkspacePrompts, dir)
	if err != nil {
		d.Summary = EnvWorkspacePrompts + " names " + dir + ", which does not exist"
	}
	d.Detail = "The workspace layer comes from composition.workspace, or from " + EnvWorkspacePrompts + " when that is not set; unset the variable or point it at a directory."
	return layerDir{display: filepath.Clean(dir)}
}

// dirAsWrittenOrDot is the directory of a relative file path as written
// ("." for a bare name).
func dirAsWrittenOrDot(rel string) string {
	if d := dirAsWritten(rel); d != "" {
		return d
	}
	return "."
}
