package workflows

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// The source kinds the readback reports, as Shea Symphony names them.
const (
	SourceWorkflowBody      = "workflow_body"            // symphony: the body of the workflow file
	SourceInlineFallback    = "inline_workflow_fallback" // shea: no prompts key, every lane uses the body
	SourcePromptFile        = "workflow_prompt_file"     // a file named under prompts or backend_prompts
	SourceTemplateFile      = "workflow_template_file"   // a file named under workpad_templates
	SourceRepositoryDefault = "repository_markdown_default"
)

// builtinPrefix starts the readback path of a default text embedded in
// shea, which has no file.
const builtinPrefix = "<builtin>/"

// item is one template of a workflow: where it comes from, its text, and
// the result of checking and smoke-rendering it.
type item struct {
	key      string // lane, fragment key or template id
	kind     string // source kind
	display  string // path for the readback, joined as Shea joins it
	filename string // file name in diagnostics
	text     string // the template, trimmed
	dir      string // directory for partials; "" for built-in text
	start    diag.Pos
	src      *source // the workflow file, when the text comes from its body

	loaded bool // the text was read
	failed bool // an error was found (loading, checking or rendering)
	listed bool // the readback lists it (workpads)

	schema *strict.Schema
	tpl    *render.Template
	wp     workpadTemplate
	values map[string]string // workpad smoke values
	shared *item             // lanes sharing a template point at the first
	// posMap maps the positions of a template held in a front matter
	// value to the workflow file (runner templates).
	posMap func(diag.Pos) diag.Pos

	composed *lanes.Composed     // a composed lane's composition
	lane     *lanes.Template     // a composed lane, compiled
	turn     *lanes.TurnTemplate // a lane with a turn block, compiled (lane and tpl are then nil)
	layers   []Layer             // a composed lane's layers, lowest first
	// turnFile is the readback path of the turn block beside a lane's
	// single prompt file, once read; turnBytes its trimmed size.
	turnFile  string
	turnBytes int
}

// compiled reports whether the item has a template to render.
func (it *item) compiled() bool {
	return it.tpl != nil || it.lane != nil || it.turn != nil || it.wp != nil
}

// render renders a lane prompt or backend fragment with vars (a lane with
// a turn block as one prompt, lanes.JoinTurn, with an empty run context
// when vars has none). Errors of a template from
// the workflow's body are mapped to the file's bytes.
func (it *item) render(ctx context.Context, vars map[string]any) (string, error) {
	out, err := it.renderText(ctx, vars)
	if err == nil && it.composed != nil {
		// A composed lane's protected sections must reach the output.
		if l := it.composed.CheckRendered(out); len(l) > 0 {
			return "", &render.Error{Class: codes.ClassTemplateRender, Diagnostics: l}
		}
	}
	return out, err
}

func (it *item) renderText(ctx context.Context, vars map[string]any) (string, error) {
	if it.turn != nil {
		if _, ok := vars[InputRunContext]; !ok {
			vars = maps.Clone(vars)
			vars[InputRunContext] = runContextFor(it.schema, nil)
		}
		system, user, err := it.renderTurn(ctx, vars)
		return lanes.JoinTurn(system, user), err
	}
	var out string
	var err error
	if it.lane != nil {
		out, err = renderGuarded("", func() (string, error) { return it.lane.Render(ctx, vars) })
	} else {
		out, err = renderGuarded("", func() (string, error) { return it.tpl.Render(ctx, vars) })
	}
	if err != nil {
		l := renderDiagnostics(err, it.filename)
		if it.src != nil {
			l = it.src.fixList(l)
		}
		if it.posMap != nil {
			l = mapPositions(l, it.filename, it.posMap)
		}
		class := codes.ClassTemplateRender
		if re, ok := render.AsError(err); ok {
			class = re.Class
		}
		return "", &render.Error{Class: class, Diagnostics: l}
	}
	return out, nil
}

// bytes is the size the readback reports: the trimmed template's length.
func (it *item) bytes() int { return len(it.text) }

// fileRef is a file a workflow names at a config pointer.
type fileRef struct {
	ptr     string // config pointer of the path value ("" for defaults)
	rel     string // the path as written
	display string // joinAsWritten(workflow dir, rel)
	exact   bool   // keep the text untrimmed (RunnerTemplate.KeepWhitespace)
}

// readRef resolves and reads a referenced file, reporting path_outside_root,
// missing_template_file and empty_template_file at the config value. On
// success it returns the trimmed text, its start position and the clean
// display name for diagnostics.
func (w *Workflow) readRef(ref fileRef, what string) (text string, start diag.Pos, filename string, ok bool) {
	at := w.tree.valueAt(ref.ptr)
	filename = filepath.Clean(ref.display)
	canon, err := w.root.Resolve(w.absDir, ref.rel)
	if err != nil {
		w.refError(err, at, what, ref.rel)
		return "", diag.Pos{}, filename, false
	}
	b, err := w.root.ReadFile(canon, MaxFileBytes)
	if err != nil {
		w.refError(err, at, what, ref.rel)
		return "", diag.Pos{}, filename, false
	}
	raw := string(b)
	if bad := invalidUTF8(raw); bad >= 0 {
		p := diag.StartPos.Advance(raw[:bad])
		w.errorf(codes.SyntaxError, diag.Range{Filename: filename, Start: p, End: p.Advance(raw[bad : bad+1])},
			"%s holds a byte that is not valid UTF-8", what)
		return "", diag.Pos{}, filename, false
	}
	text, start = trimmed(raw)
	if ref.exact && text != "" {
		text, start = strings.TrimPrefix(raw, bom), diag.StartPos
	}
	if text == "" {
		w.errorf(codes.EmptyTemplateFile, at, "%s %s is empty", what, ref.rel).Detail =
			"An empty template would give the agent or the record nothing; write it, or remove the setting to use the default."
		return "", diag.Pos{}, filename, false
	}
	return text, start, filename, true
}

func (w *Workflow) refError(err error, at diag.Range, what, rel string) {
	switch {
	case errors.Is(err, fsroot.ErrOutside):
		w.errorf(codes.PathOutsideRoot, at, "%s %s leads outside the repository root", what, rel).Detail =
			"Paths resolve against the workflow's directory and must stay inside " + w.root.Dir() + " (symbolic links included)."
	case errors.Is(err, fsroot.ErrNotRegular):
		w.errorf(codes.NotARegularFile, at, "%s %s is not a regular file", what, rel).Detail =
			"shea reads only regular files, never a named pipe (FIFO), a device or a socket: " + unwrapPathError(err).Error() + "."
	case errors.Is(err, fs.ErrNotExist):
		d := w.errorf(codes.MissingTemplateFile, at, "%s %s does not exist", what, rel)
		d.Detail = "Paths resolve against the workflow's directory (" + displayDir(w.dir) + ")."
		if s := w.nearbyFile(rel); s != "" {
			d.Detail = `Did you mean "` + s + `"?`
		}
	default:
		w.errorf(codes.MissingTemplateFile, at, "cannot read %s %s: %v", what, rel, unwrapPathError(err))
	}
}

func displayDir(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// nearbyFile suggests a file next to the missing one whose name is close.
func (w *Workflow) nearbyFile(rel string) string {
	dir, base := filepath.Split(rel)
	canon, err := w.root.Resolve(w.absDir, dir+".")
	if err != nil {
		return ""
	}
	var names []string
	_ = w.root.WalkFiles(canon, func(p string, _ int64, err error) error {
		if err == nil && filepath.Dir(p) == canon {
			names = append(names, filepath.Base(p))
		}
		return nil
	})
	if s := diag.Suggest(base, names); s != "" {
		return dir + s
	}
	return ""
}

// trimmed trims raw as both dialects trim templates (and drops a leading
// byte order mark) and returns the text and the position of its first
// byte.
func trimmed(raw string) (string, diag.Pos) {
	t := strings.TrimLeftFunc(strings.TrimPrefix(raw, bom), unicode.IsSpace)
	start := diag.StartPos.Advance(raw[:len(raw)-len(t)])
	return strings.TrimRightFunc(t, unicode.IsSpace), start
}

// compile checks an item's text against its schema. Diagnostics in the
// workflow body are mapped back to the file's bytes.
func (w *Workflow) compile(it *item) {
	tpl, diags := compileGuarded(diag.Range{Filename: it.filename, Start: it.start, End: it.start}, func() (*render.Template, diag.List) {
		return w.engine(it.dir).Compile(it.text, it.filename, it.start, it.schema)
	})
	if it.src != nil {
		diags = it.src.fixList(diags)
	}
	w.diags = append(w.diags, diags...)
	if diags.HasErrors() || tpl == nil {
		it.failed = true
		return
	}
	it.tpl = tpl
}

// renderDiagnostics returns the diagnostics of a render error.
func renderDiagnostics(err error, filename string) diag.List {
	if l := diag.AsList(err); len(l) > 0 {
		return l
	}
	if re, ok := render.AsError(err); ok && len(re.Diagnostics) > 0 {
		return re.Diagnostics
	}
	return diag.List{diag.Errorf(codes.RenderError, diag.Range{Filename: filename}, "%v", err)}
}
