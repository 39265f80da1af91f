package workflows

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// The workflow dialects.
const (
	// ProfileSymphony is OpenAI Symphony's WORKFLOW.md: front matter and one
	// prompt body, whose inputs are issue and attempt.
	ProfileSymphony = profile.Symphony
	// ProfileShea is Shea Symphony's workflow: three lane prompts, backend
	// fragments, workpad and evidence templates and a resource manifest.
	ProfileShea = profile.Shea
)

// MaxWorkflowBytes caps the size of a workflow file.
const MaxWorkflowBytes = 4 << 20

// MaxFileBytes caps the size of every file a workflow refers to (prompts,
// fragments, templates, schemas, the manifest and resources).
const MaxFileBytes = 1 << 20

// Options configure Load. The zero value detects the profile, discovers the
// repository root and reads the process environment.
type Options struct {
	// Profile forces the dialect: "symphony" or "shea". Empty detects it
	// from Shea structure only: shea when the file lies in a
	// .shea/workflows directory or the front matter has
	// prompts.main_agent, prompts.review_agent, prompts.merge_agent,
	// main_lane, review_lane, merge_lane, backend_prompts or
	// workpad_templates; else symphony (a bare prompts map of other keys,
	// as Symphony ports write, is no evidence). When a workflow fails as
	// its profile and has no errors as the other, the first error says
	// so and names --profile, unless the other profile passes it only by
	// not checking what failed (a setting it leaves free-form or does not
	// know).
	Profile string

	// ContextSchema is a JSON Schema of lane-prompt inputs beyond the
	// profile's issue and attempt (the CLI's --context-schema): an object
	// whose properties are the inputs. It is merged into the profile's
	// inputs after the workflow's own template_context.schema, adding
	// inputs and properties (issue.comments) and, unless IssueModel is
	// replace, never replacing them; see profile.Inputs.Extend. Nil adds
	// nothing.
	ContextSchema []byte
	// ContextSchemaName names ContextSchema in diagnostics (its file name).
	ContextSchemaName string
	// IssueModel says how ContextSchema's issue meets the issue model
	// before it: IssueModelExtend ("" too) adds its properties;
	// IssueModelReplace makes it the whole issue model (the runner's own,
	// so that a template reading a field the runner never sends fails the
	// gate), as template_context.issue_model: replace does for the
	// workflow's own schema. With replace, ContextSchema must declare
	// issue.
	IssueModel string

	// Root is the repository root, the directory no path of the workflow
	// may leave. Empty discovers it (see fsroot.Discover): the nearest
	// ancestor of the workflow's directory holding .git; else, for a file
	// in .shea/workflows, the directory holding .shea; else the workflow's
	// own directory.
	Root string

	// Getenv reads the environment: whether the variable of a whole-value
	// $VAR in workspace.root is set (the readback shows "$VAR", never the
	// value), and SHEA_WORKSPACE_PROMPTS for a composed workflow without
	// composition.workspace. Nil means os.Getenv.
	Getenv func(string) string

	// TempDir is the system temporary directory, under which the default
	// workspace root (symphony_workspaces) lies. Empty means os.TempDir().
	TempDir string

	// StrictLayers makes protected_section_override an error instead of a
	// warning in composed lane prompts (the CLI's --strict-layers): a
	// higher layer that tries to replace or remove a protected section
	// then fails the workflow.
	StrictLayers bool

	// Limits bound every compile and render of the workflow's templates
	// (see render.Limits); zero fields take render's defaults.
	Limits render.Limits

	// Ablate composes every composed lane with its editable layers
	// replaced by a short code-owned intent, contracts and protected
	// sections unchanged (see lanes.Request.Ablate): a measuring tool for
	// runners, deliberately not offered on the command line.
	Ablate bool

	// Templates are more templates the runner renders, beyond the
	// profile's (a reviewer prompt kept in the front matter, say): each is
	// checked with the lane prompts' inputs and smoke-rendered like them,
	// with diagnostics at its place in the file. The workflow can declare
	// them too, under template_context.templates (see RunnerTemplate).
	Templates []RunnerTemplate

	// LenientConfig reports the settings that depart from the profile's
	// spec (a port's own keys and layout: tracker.type for tracker.kind,
	// platforms:, projects:, no tracker at all) as config_invalid
	// warnings instead of errors, so that such a workflow's templates are
	// still checked and rendered: the CLI's --lenient-config, and the
	// workflow's own shea: {lenient_config: true}. Syntax errors in the
	// front matter stay errors.
	LenientConfig bool

	// Engine is the engine Validate proves the templates with: "shea"
	// (shea's own, which renders as Shopify Liquid) or "osteele"
	// (osteele/liquid v1.9.2, which most Go agent runners render with:
	// after shea's check and smoke render pass, every lane prompt, backend
	// fragment and runner template is rendered with osteele too; see
	// package osteele). Empty takes the workflow's own shea.engine
	// setting, else "shea". The CLI's --engine.
	Engine string
	// OsteeleProver, when set, starts the child process osteele renders
	// in (osteele.Options.Prover: a program whose main calls
	// osteele.Serve), within a memory budget and killed at the deadline.
	// Nil renders osteele in this process, where its memory is not
	// bounded. The CLI runs itself.
	OsteeleProver func(context.Context) *exec.Cmd
	// OsteeleVersion is the osteele/liquid version OsteeleProver renders
	// with, when it is not the one shea embeds (a prover from
	// osteele.BuildProver): readback and messages name it. "" is
	// osteele.Version. The CLI's --osteele-version.
	OsteeleVersion string

	// DefaultPrompt is the runner's own prompt for a symphony workflow
	// whose body is empty, as Symphony's spec lets a runner have one: with
	// it, an empty body is no empty_workflow error, and the lane agent is
	// this text, trimmed, checked, smoke-rendered and rendered as the body
	// would be, with diagnostics in "<builtin>/agent" and the readback
	// prompt_source.agent=runner_default path=<builtin>/agent bytes=<n>.
	// A body with text is the prompt, and this is not read; so is a
	// workflow whose shea.empty_body is "error". The workflow can say the
	// same itself, shea.empty_body: runner_default, for shea validate,
	// which has no runner's text to check. "" means none. An empty file
	// (no front matter either) stays an empty_workflow error. The shea
	// profile does not read it (its lanes fall back to the body, then to
	// prompt files).
	DefaultPrompt string

	// GoValues say how the runner's Go values (LaneInput.Issue and
	// Extra, Samples) are read beyond encoding/json's rules, so that a
	// prompt prints them as the runner's own engine did: GoOptions.TimePrecision
	// time.Second writes times in whole seconds (time.RFC3339), where
	// encoding/json keeps every fractional digit. The zero value reads
	// them as render.FromGo does.
	GoValues render.GoOptions

	// Samples are issues (and attempts and extra inputs) the runner really
	// sends: Validate, and so Gate, renders every lane prompt and runner
	// template with each of them too, besides the sample built from the
	// schema, and reports each failure naming the sample.
	Samples []LaneInput

	// Overlay, when set, is asked for the text of every file the workflow
	// reads (the workflow itself, prompts, layer files, partials,
	// templates, the manifest, schema files) before the disk, with the
	// file's absolute path (canonical for the files named in the front
	// matter, as joined for partials and layer files): when it returns
	// ok, that text is used as the file's, so an editor's unsaved buffers
	// are checked as they would be once saved (see package lsp). The
	// file on disk must exist for the workflow itself. Nil reads the disk.
	Overlay func(path string) ([]byte, bool)
}

func (o Options) getenv(k string) string {
	if o.Getenv != nil {
		return o.Getenv(k)
	}
	return os.Getenv(k)
}

// Workflow is a loaded workflow: its configuration, and every template it
// uses, read and statically checked. A Workflow is immutable after Load and
// safe for concurrent use.
type Workflow struct {
	// Path is the workflow's path as given to Load.
	Path string
	// Profile is the dialect the workflow was read as.
	Profile string
	// Config is the front matter as plain values (map[string]any, []any,
	// string, int64, float64, bool, nil); empty without front matter. It
	// is the raw document, for callers that show or walk it: the loader
	// itself reads the typed settings of the dialect, decoded from the
	// YAML (see settings.go).
	Config map[string]any
	// Body is the trimmed prompt body (the Shea profile's workflow index).
	Body string

	opts    Options
	cfg     sheaConfig // the dialect's settings, decoded once after the schema check
	src     *source
	tree    *tree
	split   Split
	dir     string // the workflow's directory as given ("" for a bare name)
	absDir  string // canonical absolute directory
	root    *fsroot.Root
	engines map[string]*render.Engine

	laneSchema *strict.Schema
	lanes      []*item // symphony: agent; shea: main_agent, review_agent, merge_agent
	backends   []*item // shea: the five fragments, sorted by key
	workpads   []*item // shea: the 23 templates, registry order
	resources  *closure

	// issueVal is the lane context's issue, reduced (nil when it cannot
	// be); runner holds the runner's templates (Options.Templates and
	// template_context.templates).
	issueVal *strict.Members
	runner   []*item

	// inputs are the lane inputs laneSchema was compiled from: the
	// profile's, extended by the workflow's declarations.
	inputs *profile.Inputs

	// runnerPtrs are the front matter values that are runner templates
	// (template_context.templates); other values holding Liquid are
	// checked as warnings (see checkFrontMatterLiquid).
	runnerPtrs map[string]bool

	// bad records the pointers of config values that failed validation,
	// so the readback leaves them out.
	bad   map[string]bool
	diags diag.List
	fatal bool // nothing beyond the file's header could be read
	// disabled holds the warning codes the workflow's shea.disable lists.
	disabled map[diag.Code]bool
}

// Root returns the canonical repository root no path of the workflow may
// leave (Options.Root, or the one discovered), or "" when Load could not
// establish it.
func (w *Workflow) Root() string {
	if w.root == nil {
		return ""
	}
	return w.root.Dir()
}

// Diagnostics returns what Load found.
func (w *Workflow) Diagnostics() diag.List { return append(diag.List(nil), w.diags...) }

// Load reads the workflow at path and everything it refers to, and checks
// every template statically. It always returns a Workflow, which Validate
// can report on even when the list holds errors; RenderLane refuses to
// render a workflow that loaded with errors.
func Load(path string, opts Options) (*Workflow, diag.List) {
	w := &Workflow{Path: path, Config: map[string]any{}, opts: opts, engines: map[string]*render.Engine{}, bad: map[string]bool{}, runnerPtrs: map[string]bool{}}
	diags := w.loadAll()
	w.otherProfileHint()
	return w, diags
}

// loadAll loads w, as made by Load, and returns its diagnostics.
func (w *Workflow) loadAll() diag.List {
	path := w.Path
	func() {
		defer func() {
			if r := recover(); r != nil {
				w.fatal = true
				w.diags = append(w.diags, codes.Bug(diag.Range{Filename: path}, "loading the workflow", r))
			}
		}()
		w.load()
		w.applyDisable()
	}()
	if w.root != nil {
		w.root.Release() // the files are read; keep no descriptor open
	}
	w.diags.Sort()
	return w.Diagnostics()
}

func (w *Workflow) errorf(code diag.Code, r diag.Range, format string, args ...any) *diag.Diagnostic {
	d := diag.Errorf(code, r, format, args...)
	w.diags = append(w.diags, d)
	return d
}

func (w *Workflow) load() {
	switch w.opts.Profile {
	case "", ProfileSymphony, ProfileShea:
		w.Profile = w.opts.Profile
	default:
		w.fatal = true
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "unknown profile %q", w.opts.Profile).Detail =
			diag.DidYouMean(w.opts.Profile, profile.Names())
		return
	}
	switch w.opts.IssueModel {
	case "", IssueModelExtend, IssueModelReplace:
	default:
		w.fatal = true
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "unknown issue model %q", w.opts.IssueModel).Detail =
			diag.DidYouMean(w.opts.IssueModel, []string{IssueModelExtend, IssueModelReplace})
		return
	}
	switch w.opts.Engine {
	case "", EngineShea, EngineOsteele:
	default:
		w.fatal = true
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "unknown engine %q", w.opts.Engine).Detail =
			diag.DidYouMean(w.opts.Engine, []string{EngineShea, EngineOsteele})
		return
	}
	if w.Profile == "" && inSheaWorkflows(w.Path) {
		w.Profile = ProfileShea
	}
	w.dir = dirAsWritten(w.Path)
	rootErr := w.findRoot()
	b, err := w.readEntry(rootErr)
	if err != nil {
		w.fatal = true
		d := w.errorf(codes.MissingWorkflowFile, diag.Range{Filename: w.Path}, "cannot read the workflow: %v", unwrapPathError(err))
		switch {
		case errors.Is(err, fsroot.ErrOutside):
			d.Detail = "The workflow is read through the repository root like every path it names, so a symbolic link may not lead out of it; choose the root with --root (Options.Root)."
		case errors.Is(err, fsroot.ErrNotRegular):
			d.Detail = "shea reads only regular files, never a named pipe (FIFO), a device or a socket."
		}
		return
	}
	w.src = newSource(w.Path, b)
	if bad := invalidUTF8(w.src.text); bad >= 0 {
		w.fatal = true
		w.errorf(codes.WorkflowParseError, w.src.rng(bad, bad+1), "the workflow holds a byte that is not valid UTF-8")
		return
	}
	if !w.parse(w.Profile) {
		return
	}
	if w.Profile == "" {
		w.Profile = detectProfile(w.tree)
		if w.Profile == ProfileShea && splitShea(w.src.text) != w.split {
			// The dialects split a few unusual files differently.
			if !w.parse(ProfileShea) {
				return
			}
		}
	}
	// Loading the templates consults which settings failed validation: it
	// does not report a bad path twice, nor read a file through it.
	w.checkConfig()
	w.checkTrackerKind()
	w.laneSchema = w.lanesContext().DeclaredIn("template_context.schema")
	w.issueVal = issueMembers(w.laneSchema)
	if w.Profile == ProfileShea {
		w.loadShea()
	} else {
		w.loadSymphony()
	}
	w.loadRunnerTemplates()
	w.checkFrontMatterLiquid()
}

// parse splits the file as profile does (symphony when empty) and decodes
// the front matter. It reports whether the config could be read.
func (w *Workflow) parse(profile string) bool {
	if profile == ProfileShea {
		w.split = splitShea(w.src.text)
	} else {
		w.split = SplitSymphony(w.src.text)
	}
	w.Body = w.split.Body
	w.Config = map[string]any{}
	if strings.TrimSpace(w.split.Front) == "" {
		w.tree = &tree{src: w.src, start: w.split.FrontStart, line0: w.src.line(w.split.FrontStart), index: map[string]nodeRef{}}
		return true
	}
	t, diags := parseYAML(w.src, w.split.FrontStart, w.split.Front)
	w.diags = append(w.diags, diags...)
	if diags.HasErrors() {
		w.fatal = true
		return false
	}
	w.tree = t
	if t.root != nil && t.root.Kind != yaml.MappingNode {
		w.fatal = true
		w.errorf(codes.WorkflowFrontMatterNotMap, t.nodeRange(t.root),
			"the front matter must be a mapping of settings, not %s", describe(t.value)).Detail =
			"Write the front matter as key: value lines."
		return false
	}
	if m, ok := t.value.(map[string]any); ok {
		w.Config = m
	}
	return true
}

// sheaEvidence returns the setting of front matter t that marks it as a
// Shea workflow: prompts.main_agent (or review_agent, merge_agent),
// main_lane, review_lane, merge_lane, backend_prompts or
// workpad_templates; "" when there is none. A bare top-level prompts is no
// evidence: Symphony ports use it for their own keys. Only the keys count,
// whatever their values: this runs before the schema check.
func sheaEvidence(t *tree) string {
	top := t.top()
	prompts := top.fields()["prompts"].fields()
	for _, lane := range Lanes(ProfileShea) {
		if _, ok := prompts[lane]; ok {
			return "prompts." + lane
		}
	}
	keys := top.fields()
	for _, k := range []string{"main_lane", "review_lane", "merge_lane", "backend_prompts", "workpad_templates"} {
		if _, ok := keys[k]; ok {
			return k
		}
	}
	return ""
}

// detectProfile returns the dialect of front matter t: shea when it has
// Shea evidence (sheaEvidence), else symphony.
func detectProfile(t *tree) string {
	if sheaEvidence(t) != "" {
		return ProfileShea
	}
	return ProfileSymphony
}

// readAs says why the workflow was read as its profile, for the hint
// otherProfileHint gives.
func (w *Workflow) readAs() string {
	switch {
	case w.opts.Profile != "":
		return "--profile " + w.opts.Profile + " was given"
	case w.Profile == ProfileShea && inSheaWorkflows(w.Path):
		return "the file lies under .shea/workflows"
	case w.Profile == ProfileShea:
		return "the front matter has " + sheaEvidence(w.tree)
	}
	return "the front matter has none of the Shea settings (prompts.main_agent, main_lane, backend_prompts, …)"
}

// otherProfileHint adds to the first error a note that the workflow, which
// fails as its profile, has no error read as the other one: the likely fix
// is --profile. The note is left out when the other reading passes only
// because it does not look: it has keys it does not know, or a setting or
// file that failed here is one it does not check.
func (w *Workflow) otherProfileHint() {
	if w.fatal || !w.diags.HasErrors() {
		return
	}
	if w.opts.Profile == "" && inSheaWorkflows(w.Path) {
		return // where the file lies is the strongest evidence there is
	}
	other := ProfileShea
	if w.Profile == ProfileShea {
		other = ProfileSymphony
	}
	o := w.opts
	o.Profile = other
	// loadAll, not Load: the other reading is not asked for a hint itself.
	alt := &Workflow{Path: w.Path, Config: map[string]any{}, opts: o, engines: map[string]*render.Engine{}, bad: map[string]bool{}, runnerPtrs: map[string]bool{}}
	diags := alt.loadAll()
	if diags.HasErrors() || alt.fatal {
		return
	}
	for _, d := range diags {
		if d.Code == codes.UnknownConfigKey {
			return // it has settings the other profile does not know either
		}
	}
	// The other reading must have looked at what failed here. A setting it
	// leaves free-form (worker.max_concurrent_agents_per_host: "many"
	// under shea's worker) or a file it never reads (a composition layer,
	// the resource manifest) passes there only because nobody looks: no
	// evidence for the other dialect. So every workflow error must be a
	// setting the other profile's schema checks too, or an empty body
	// (both dialects read the body, each its own way).
	cs, err := profileConfigSchema(other)
	if err != nil {
		return
	}
	checked := map[diag.Range]bool{}
	for p := range w.bad {
		if cs.constrains(p) {
			checked[w.tree.at(p)] = true
		}
	}
	for _, d := range w.diags {
		if d.Severity == diag.Error && codes.ClassOf(d.Code) == codes.ClassWorkflowConfig && d.Code != codes.EmptyWorkflow && !checked[d.Subject] {
			return
		}
	}
	for _, d := range w.diags {
		if d.Severity == diag.Error {
			note := fmt.Sprintf("This file was read as a %s workflow because %s; read as a %s workflow it has no errors. If it is one, run with --profile %s.",
				w.Profile, w.readAs(), other, other)
			if d.Detail != "" {
				note = d.Detail + "\n" + note
			}
			d.Detail = note
			return
		}
	}
}

func inSheaWorkflows(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	return filepath.Base(filepath.Dir(abs)) == "workflows" && filepath.Base(filepath.Dir(filepath.Dir(abs))) == ".shea"
}

func (w *Workflow) findRoot() error {
	dir := w.opts.Root
	if dir == "" {
		abs, err := filepath.Abs(w.Path)
		if err != nil {
			return err
		}
		if dir, err = fsroot.Discover(filepath.Dir(abs)); err != nil {
			return fmt.Errorf("cannot find the repository root: %w", err)
		}
	}
	r, err := fsroot.New(dir)
	if err != nil {
		return fmt.Errorf("cannot use %s as the repository root: %w", dir, err)
	}
	r.Overlay = w.opts.Overlay
	w.root = r
	abs, err := filepath.Abs(filepath.Dir(w.Path))
	if err != nil {
		return err
	}
	if c, err := filepath.EvalSymlinks(abs); err == nil {
		abs = c
	}
	w.absDir = abs
	return nil
}

// checkConfig validates the settings against the profile's schema, then
// decodes them into the dialect's typed settings.
func (w *Workflow) checkConfig() {
	cs, err := profileConfigSchema(w.Profile)
	if err != nil {
		// The embedded schemas are tested; this is a program error.
		w.errorf(codes.ConfigInvalid, diag.Range{Filename: w.Path}, "internal error: config schema: %v", err)
		w.cfg = decodeConfig(w.Profile, w.tree)
		return
	}
	diags, bad := cs.check(w.tree, codes.ConfigInvalid)
	w.cfg = decodeConfig(w.Profile, w.tree)
	if w.lenient() {
		for _, d := range diags {
			if d.Severity == diag.Error {
				d.Severity = diag.Warning
				note := "Reported as a warning (lenient config): the setting departs from the " + w.Profile + " spec, and its templates are checked all the same."
				if d.Detail != "" {
					note = d.Detail + "\n" + note
				}
				d.Detail = note
			}
		}
	}
	w.diags = append(w.diags, diags...)
	for p := range bad {
		w.bad[p] = true
	}
}

// valid reports whether a setting is written with the type shea reads
// and passed the schema check.
func valid[T any](w *Workflow, f field[T]) bool { return f.ok && !w.bad[f.ptr] }

// engine returns the engine whose partials are looked up in dir (none
// for dir "").
func (w *Workflow) engine(dir string) *render.Engine {
	e := w.readEngine(dir)
	w.engines[dir] = e
	return e
}

// dirAsWritten returns the directory part of path as written, without
// cleaning it: "" for a bare file name, "/" for a file in the root
// directory, so that joining keeps relative paths as the user wrote them.
func dirAsWritten(path string) string {
	i := strings.LastIndexAny(path, "/"+string(filepath.Separator))
	switch {
	case i < 0:
		return ""
	case i == 0:
		return path[:1]
	}
	return path[:i]
}

// joinAsWritten joins rel to dir without cleaning the result ("a/b" +
// "../c" is "a/b/../c"); an absolute rel, or an empty dir, gives rel.
func joinAsWritten(dir, rel string) string {
	if filepath.IsAbs(rel) || dir == "" {
		return rel
	}
	if strings.HasSuffix(dir, "/") || strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir + rel
	}
	return dir + "/" + rel
}

// readEntry reads the workflow file itself through the repository root,
// like every file it names: a symbolic link that leads out of the root (to
// another repository, to /proc/self/environ) is refused, as is anything
// that is not a regular file. rootErr is findRoot's error, reported unless
// the file itself cannot be found.
func (w *Workflow) readEntry(rootErr error) ([]byte, error) {
	if _, err := os.Stat(w.Path); err != nil {
		return nil, err
	}
	if rootErr != nil {
		return nil, rootErr
	}
	abs, err := filepath.Abs(w.Path)
	if err != nil {
		return nil, err
	}
	canon, err := w.root.Resolve("", abs)
	if err != nil {
		if errors.Is(err, fsroot.ErrOutside) {
			return nil, wrappedError{fmt.Sprintf("%s leads outside the repository root %s", w.Path, w.root.Dir()), fsroot.ErrOutside}
		}
		return nil, err
	}
	return w.root.ReadFileAs(canon, w.Path, MaxWorkflowBytes)
}

// unwrapPathError drops the path an *os.PathError repeats.
func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// wrappedError is an error with its own text that wraps another error
// without repeating the other's text.
type wrappedError struct {
	msg  string
	wrap error
}

func (e wrappedError) Error() string { return e.msg }
func (e wrappedError) Unwrap() error { return e.wrap }

// lenient reports whether config departures are warnings: with
// Options.LenientConfig, or the workflow's shea.lenient_config: true.
func (w *Workflow) lenient() bool {
	if w.opts.LenientConfig {
		return true
	}
	return w.cfg.shea.lenientConfig.ok && w.cfg.shea.lenientConfig.val
}
