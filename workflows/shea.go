package workflows

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workpad"
)

// The lanes of a shea workflow, in the order validate reports them.
const (
	LaneMain   = "main_agent"
	LaneReview = "review_agent"
	LaneMerge  = "merge_agent"
)

// Lanes returns the lane names of a profile.
func Lanes(profile string) []string {
	if profile == ProfileShea {
		return []string{LaneMain, LaneReview, LaneMerge}
	}
	return []string{LaneAgent}
}

// backendKeys returns the keys of the five backend fragments, sorted (the
// order validate reports them in).
func backendKeys() []string {
	return []string{"automatic_review", "automatic_review_structured", "claude_code_review", "codex_app_server", "merge_repair"}
}

// backendSchema returns the inputs of a backend fragment: static
// fragments have none; the structured review fragment gets three
// repository paths; merge_repair gets the typed conflict facts
// (workpad.MergeRepairSchema).
func backendSchema(key string) (*strict.Schema, error) {
	switch key {
	case "merge_repair":
		return workpad.MergeRepairSchema()
	case "automatic_review_structured":
		return reviewStructuredSchema()
	}
	return strict.StringInputs(nil) // static: no inputs at all
}

func backendFile(key string) string { return strings.ReplaceAll(key, "_", "-") + ".md" }

//go:embed defaults/backend/*.md
var defaultBackends embed.FS

// defaultBackend returns shea's built-in text of a backend fragment, used
// when a workflow configures no backend_prompts and the repository has no
// prompts/backend directory next to the workflow's.
func defaultBackend(key string) (string, bool) {
	b, err := defaultBackends.ReadFile("defaults/backend/" + backendFile(key))
	if err != nil {
		return "", false
	}
	return string(b), true
}

func (w *Workflow) loadShea() {
	w.loadLanes()
	w.resources = w.loadResources()
	w.loadBackends()
	w.loadWorkpads()
}

// loadLanes reads the three lane prompts: composed from layers when the
// workflow has a composition key; else the files under prompts, or the
// body for all three when there is no prompts key.
func (w *Workflow) loadLanes() {
	if w.cfg.composition.set {
		w.loadComposedLanes()
		return
	}
	prompts := w.cfg.prompts
	if !prompts.set {
		first := w.bodyItem(LaneMain, SourceInlineFallback)
		if !w.emptyBody(first) {
			w.compile(first)
		}
		w.lanes = []*item{first}
		for _, lane := range []string{LaneReview, LaneMerge} {
			it := *first
			it.key = lane
			it.shared = first
			w.lanes = append(w.lanes, &it)
		}
		return
	}
	if !prompts.isMap {
		w.errorf(codes.ConfigInvalid, w.tree.at(prompts.ptr), "prompts must be a mapping of main_agent, review_agent and merge_agent to files, not %s", describe(prompts.raw))
	}
	for _, lane := range Lanes(ProfileShea) {
		it := &item{key: lane, kind: SourcePromptFile, schema: w.laneSchema}
		w.lanes = append(w.lanes, it)
		ref, ok := w.pathSetting(prompts, "prompts", lane)
		if !ok {
			it.failed = true
			continue
		}
		it.display = ref.display
		if tref, ok := w.turnRef(ref); ok {
			w.loadFileTurn(it, ref, tref)
			continue
		}
		w.loadFile(it, ref, "lane prompt")
	}
}

// pathSetting reads the path at section.key of the mapping m, reporting
// config_invalid when it is missing or not a non-empty string.
func (w *Workflow) pathSetting(m fileMap, section, key string) (fileRef, bool) {
	if !m.isMap {
		return fileRef{}, false
	}
	ptr := m.entryPtr(key)
	f, present := m.files[key]
	s := f.val
	if !present || !f.ok || strings.TrimSpace(s) == "" {
		w.bad[ptr] = true
		if present {
			w.errorf(codes.ConfigInvalid, w.tree.at(ptr), "%s.%s must be a file path, not %s", section, key, describe(f.raw))
			return fileRef{}, false
		}
		d := w.errorf(codes.ConfigInvalid, w.tree.at(m.ptr), "%s.%s is required when %s is configured", section, key, section)
		for _, k := range m.keys {
			if diag.Suggest(k, []string{key}) == key {
				d.Detail = fmt.Sprintf("%s has %q, which looks like a misspelling of %q.", section, k, key)
				break
			}
		}
		return fileRef{}, false
	}
	return fileRef{ptr: ptr, rel: s, display: joinAsWritten(w.dir, s)}, true
}

// loadFile reads and compiles a configured file.
func (w *Workflow) loadFile(it *item, ref fileRef, what string) {
	text, start, filename, ok := w.readRef(ref, what)
	it.filename = filename
	if !ok {
		it.failed = true
		return
	}
	it.text, it.start, it.loaded = text, start, true
	it.dir = filepath.Dir(filename)
	if it.wp == nil && it.schema != nil {
		w.compile(it)
	}
}

// repositoryDefault finds the repository's own copy of a default file,
// rel (e.g. "prompts/backend/merge-repair.md") from the directory above the
// workflow's, as Shea Symphony's layout has it. It reports false when there
// is none inside the repository root.
func (w *Workflow) repositoryDefault(rel string) (fileRef, bool) {
	up := "../" + rel
	canon, err := w.root.Resolve(w.absDir, up)
	if err != nil {
		return fileRef{}, false
	}
	if st, err := os.Stat(canon); err != nil || !st.Mode().IsRegular() {
		return fileRef{}, false
	}
	return fileRef{rel: up, display: joinAsWritten(w.dir, up)}, true
}

// loadBackends reads the five backend fragments: all from backend_prompts
// when it is configured, else the repository's defaults, else shea's
// built-in texts.
func (w *Workflow) loadBackends() {
	m := w.cfg.backendPrompts
	configured := m.set
	if configured && !m.isMap {
		w.errorf(codes.ConfigInvalid, w.tree.at(m.ptr), "backend_prompts must be a mapping of the five fragment keys to files, not %s", describe(m.raw))
	}
	for _, key := range backendKeys() {
		it := &item{key: key}
		w.backends = append(w.backends, it)
		schema, err := backendSchema(key)
		if err != nil {
			w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "internal error: %v", err)
			it.failed = true
			continue
		}
		it.schema = schema
		if configured {
			it.kind = SourcePromptFile
			ref, ok := w.pathSetting(m, "backend_prompts", key)
			if !ok {
				it.failed = true
				continue
			}
			it.display = ref.display
			w.loadFile(it, ref, "backend fragment")
			continue
		}
		it.kind = SourceRepositoryDefault
		if ref, ok := w.repositoryDefault("prompts/backend/" + backendFile(key)); ok {
			it.display = ref.display
			w.loadFile(it, ref, "backend fragment")
			continue
		}
		text, _ := defaultBackend(key)
		w.builtin(it, "prompts/backend/"+backendFile(key), text)
		w.compile(it)
	}
}

// builtin fills an item with one of shea's embedded default texts.
func (w *Workflow) builtin(it *item, rel, text string) {
	it.display = builtinPrefix + rel
	it.filename = it.display
	it.text, it.start = trimmed(text)
	it.loaded = true
}

// loadWorkpads reads the workpad and evidence templates. Every id is read
// and checked, since the runtime may render any of them; the readback
// lists, as Shea Symphony does, all 23 when workpad_templates is absent,
// and otherwise the configured ids plus parent_topology when the
// parent_subissues resource group is selected.
func (w *Workflow) loadWorkpads() {
	m := w.cfg.workpadTemplates
	configured := m.set
	if configured && !m.isMap {
		w.errorf(codes.ConfigInvalid, w.tree.at(m.ptr), "workpad_templates must be a mapping of template ids to files, not %s", describe(m.raw))
	}
	parentGroup := w.resources != nil && w.resources.selected("parent_subissues")
	for _, spec := range workpad.Specs() {
		it := &item{key: spec.ID, values: workpadSmokeValues(spec.ID)}
		w.workpads = append(w.workpads, it)
		set := m.has(spec.ID)
		it.listed = !configured || set || (spec.ID == "parent_topology" && parentGroup)
		if set {
			it.kind = SourceTemplateFile
			ref, ok := w.pathSetting(m, "workpad_templates", spec.ID)
			if !ok {
				it.failed = true
				continue
			}
			it.display = ref.display
			w.loadWorkpadFile(it, ref)
			continue
		}
		it.kind = SourceRepositoryDefault
		if ref, ok := w.repositoryDefault("template/" + spec.Path()); ok {
			it.display = ref.display
			w.loadWorkpadFile(it, ref)
			continue
		}
		text, ok := workpadDefault(spec.ID)
		if !ok {
			w.errorf(codes.MissingTemplateFile, diag.Range{Filename: w.Path}, "internal error: no built-in default for workpad template %s", spec.ID)
			it.failed = true
			continue
		}
		w.builtin(it, spec.Path(), text)
		w.compileWorkpad(it)
	}
}

func (w *Workflow) loadWorkpadFile(it *item, ref fileRef) {
	text, start, filename, ok := w.readRef(ref, "workpad template")
	it.filename = filename
	if !ok {
		it.failed = true
		return
	}
	it.text, it.start, it.loaded = text, start, true
	it.dir = filepath.Dir(filename)
	w.compileWorkpad(it)
}

// workpadSchemas are the workpad templates' context schemas, compiled
// once per process on first use.
var workpadSchemas = sync.OnceValues(workpad.CompileSchemas)

func (w *Workflow) compileWorkpad(it *item) {
	// The registry's schemas always compile; on a program error each
	// template compiles its own schema and reports it.
	schemas, _ := workpadSchemas()
	tpl, diags := compileGuarded(diag.Range{Filename: it.filename, Start: it.start, End: it.start}, func() (*workpad.Template, diag.List) {
		return workpad.CompileWith(w.engine(it.dir), schemas, it.key, it.text, it.filename, it.start)
	})
	w.diags = append(w.diags, diags...)
	if diags.HasErrors() || tpl == nil {
		it.failed = true
		return
	}
	it.wp = tpl
}
