package workflows

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/strict/diag"
)

// RendererMode is what validate reports as prompt_renderer: shea renders
// Liquid strictly, with Shopify Liquid's semantics.
const RendererMode = "strict-liquid-compatible"

// The statuses of a Report.
const (
	StatusValid   = "valid"
	StatusInvalid = "invalid"
)

// Line is one readback line. Most print as key=value; the resource
// entries print as "resource group=… kind=… path=…" (key "resource").
type Line struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

func (l Line) String() string {
	if l.Key == "resource" {
		return l.Key + " " + l.Value
	}
	return l.Key + "=" + l.Value
}

// Report is the result of validating a workflow: the readback lines that
// passed, in the profile's order, ending with status=valid or
// status=invalid, and every diagnostic found.
type Report struct {
	Workflow    string    `json:"workflow"`
	Profile     string    `json:"profile"`
	Status      string    `json:"status"`
	Readback    []Line    `json:"readback"`
	Diagnostics diag.List `json:"diagnostics"`
}

// Valid reports whether the workflow has no errors.
func (r *Report) Valid() bool { return r.Status == StatusValid }

// WriteText writes the readback, one line each.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, l := range r.Readback {
		b.WriteString(l.String())
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one indented JSON document.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	out := *r
	if out.Readback == nil {
		out.Readback = []Line{}
	}
	return enc.Encode(out)
}

// Validate loads the workflow at path and validates it (see
// Workflow.Validate).
func Validate(ctx context.Context, path string, opts Options) (*Report, diag.List) {
	w, _ := Load(path, opts)
	return w.Validate(ctx)
}

// Validate smoke-renders every template that loaded: lane prompts and the
// runner's templates with a sample context built from their schema (the
// profile's sample issue, attempt 1, placeholders for declared
// extensions) and with each of Options.Samples, backend fragments with
// their sample facts (static ones with no input), workpad and evidence
// templates with their smoke values. It returns the readback of the
// profile and every diagnostic of loading and rendering. Validate does not
// change the workflow and may be called concurrently.
func (w *Workflow) Validate(ctx context.Context) (*Report, diag.List) {
	diags := append(diag.List(nil), w.diags...)
	smoked := map[*item]bool{}
	lanes := map[*item]bool{}
	for _, it := range w.lanes {
		lanes[it] = true
	}
	smoke := func(it *item) {
		if it.shared != nil {
			smoked[it] = smoked[it.shared]
			return
		}
		if !it.loaded || it.failed {
			return
		}
		var failed diag.List
		switch {
		case it.wp != nil:
			failed = smokeWorkpad(ctx, it)
		case it.compiled():
			failed = smokeMatrix(ctx, it, lanes[it])
		default:
			return
		}
		if failed != nil {
			diags = append(diags, failed...)
			return
		}
		if it.wp == nil && it.schema == w.laneSchema && len(w.opts.Samples) > 0 {
			if l := w.smokeSamples(ctx, it); len(l) > 0 {
				diags = append(diags, l...)
				return
			}
		}
		smoked[it] = true
	}
	for _, it := range w.lanes {
		smoke(it)
	}
	for _, it := range w.runner {
		smoke(it)
	}
	for _, it := range w.backends {
		smoke(it)
	}
	for _, it := range w.workpads {
		smoke(it)
	}
	diags.Sort()
	r := &Report{Workflow: w.Path, Profile: w.Profile, Diagnostics: diags}
	if r.Profile == "" {
		r.Profile = ProfileSymphony
	}
	rb := &readback{}
	rb.add("workflow", w.Path)
	if !w.fatal {
		if w.Profile == ProfileShea {
			w.sheaReadback(rb, smoked)
		} else {
			w.symphonyReadback(rb, smoked)
		}
	}
	if !w.fatal {
		for _, it := range w.runner {
			if smoked[it] {
				rb.add("runner_template."+it.key, it.kind+" path="+it.display+" bytes="+strconv.Itoa(it.bytes())+" smoke=pass")
			}
		}
	}
	r.Status = StatusValid
	if diags.HasErrors() {
		r.Status = StatusInvalid
	}
	rb.add("status", r.Status)
	r.Readback = rb.lines
	if r.Diagnostics == nil {
		r.Diagnostics = diag.List{}
	}
	return r, diags
}

// smokeMatrix renders a lane prompt or backend fragment with each context
// of its schema's sample matrix (see strict.Schema.SampleMatrix; a lane's
// "every field" context has attempt 3), and returns the diagnostics of the
// first that fails; past the sample, the first of them gives the input it
// failed on, as JSON.
func smokeMatrix(ctx context.Context, it *item, lane bool) diag.List {
	for _, in := range it.schema.SampleMatrix() {
		vars := in.Vars
		if _, ok := vars["attempt"]; ok && lane && in.Name == "every field" {
			vars["attempt"] = int64(3)
		}
		_, err := it.render(ctx, vars) // diagnostics already in the file's bytes
		if err == nil {
			continue
		}
		l := renderDiagnostics(err, it.filename)
		if len(l) > 0 && in.Name != "sample" {
			noteSmokeInput(l[0], in.Name, vars)
		}
		return l
	}
	return nil
}

// smokeWorkpad renders a workpad or evidence template with its smoke
// values, then with every value empty.
func smokeWorkpad(ctx context.Context, it *item) diag.List {
	empty := make(map[string]string, len(it.values))
	for k := range it.values {
		empty[k] = ""
	}
	for i, values := range []map[string]string{it.values, empty} {
		_, err := renderGuarded(it.wp.Filename(), func() (string, error) { return it.wp.Render(ctx, values) })
		if err == nil {
			continue
		}
		l := renderDiagnostics(err, it.filename)
		if i > 0 && len(l) > 0 {
			noteSmokeInput(l[0], "every value empty", values)
		}
		return l
	}
	return nil
}

// noteSmokeInput adds to d the smoke input it failed on.
func noteSmokeInput(d *diag.Diagnostic, name string, vars any) {
	b, err := json.Marshal(vars)
	if err != nil {
		return
	}
	note := fmt.Sprintf("Smoke-rendered with the schema-valid input %q: %s", name, b)
	if d.Detail != "" {
		note = d.Detail + "\n" + note
	}
	d.Detail = note
}

type readback struct{ lines []Line }

func (rb *readback) add(key, value string) { rb.lines = append(rb.lines, Line{key, value}) }

func (w *Workflow) symphonyReadback(rb *readback, smoked map[*item]bool) {
	rb.add("profile", ProfileSymphony)
	if kind, ok := w.str("tracker.kind"); ok {
		rb.add("tracker", kind)
	} else if _, present := w.lookup("tracker.kind"); !present && !w.bad["/tracker/kind"] && !w.bad["/tracker"] {
		rb.add("tracker", "")
	}
	if root, ok := w.workspaceRoot(); ok {
		rb.add("workspace_root", root)
	}
	agent := w.lanes[0]
	rb.add("prompt_template_bytes", strconv.Itoa(agent.bytes()))
	rb.add("prompt_renderer", RendererMode)
	rb.add("prompt_source."+LaneAgent, SourceWorkflowBody+" path="+w.Path+" bytes="+strconv.Itoa(agent.bytes()))
	if smoked[agent] {
		rb.add("prompt_template_smoke."+LaneAgent, "pass")
	}
}

func (w *Workflow) sheaReadback(rb *readback, smoked map[*item]bool) {
	rb.add("profile", ProfileShea)
	if kind, ok := w.str("tracker.kind"); ok {
		rb.add("tracker", kind)
	}
	if backend, ok := w.mainBackend(); ok {
		rb.add("backend", backend)
	}
	if root, ok := w.workspaceRoot(); ok {
		rb.add("workspace_root", root)
	}
	if main := w.lanes[0]; main.loaded {
		rb.add("prompt_template_bytes", strconv.Itoa(main.bytes()))
	}
	rb.add("prompt_renderer", RendererMode)
	switch c := w.resources; {
	case c == nil:
		rb.add("resource_manifest", "not_configured")
	case c.ok:
		rb.add("resource_manifest", c.manifest+" schema="+strconv.FormatInt(c.schema, 10)+" groups="+strings.Join(c.groups, ","))
		for _, e := range c.entries {
			rb.add("resource", "group="+e.group+" kind="+e.kind+" path="+e.path)
		}
		for _, p := range c.markdown {
			rb.add("resource_markdown_source", p)
		}
	}
	for _, it := range w.lanes {
		if !it.loaded {
			continue
		}
		rb.add("prompt_source."+it.key, it.kind+" path="+it.display+" bytes="+strconv.Itoa(it.bytes()))
		if smoked[it] {
			rb.add("prompt_template_smoke."+it.key, "pass")
		}
	}
	for _, e := range runtimeEnvelopes() {
		rb.add("runtime_envelope", e.id+" lane="+e.lane+" backend="+e.backend+" source="+e.source+" purpose="+e.purpose)
	}
	for _, it := range w.backends {
		if smoked[it] {
			rb.add("backend_prompt_source."+it.key, it.kind+" path="+it.display+" bytes="+strconv.Itoa(it.bytes())+" smoke=pass")
		}
	}
	for _, it := range w.workpads {
		if it.listed && smoked[it] {
			rb.add("workpad_template."+it.key, it.kind+" path="+it.display+" bytes="+strconv.Itoa(it.bytes())+" smoke=pass")
		}
	}
}

// mainBackend is the main lane's backend: main_lane.backend, else the
// legacy agent.backend or backend.kind, else dry-run.
func (w *Workflow) mainBackend() (string, bool) {
	for _, path := range []string{"main_lane.backend", "agent.backend", "backend.kind"} {
		if _, present := w.lookup(path); present {
			return w.str(path)
		}
	}
	return "dry-run", true
}

// envelope is a code-owned contract that Shea Symphony appends to or
// checks around a lane prompt; validate lists them so that an operator can
// see which parts of a prompt no Markdown file controls.
type envelope struct{ id, lane, backend, source, purpose string }

func runtimeEnvelopes() []envelope {
	return []envelope{
		{"assigned_lane_claim", "main,merge", "all", "code:claim/render_prompt_with_claim", "typed claim identity and run evidence"},
		{"codex_app_server_handoff_boundary", "main", "codex app-server", "backend_prompts.codex_app_server", "Markdown-owned app-server child-turn boundary"},
		{"automatic_headless_review_boundary", "review", "configured review backend", "backend_prompts.automatic_review[_structured]", "Markdown-owned review behavior with code-owned protocol validation"},
		{"claude_code_review_boundary", "review", "claude-code", "backend_prompts.claude_code_review", "Markdown-owned Claude behavior with code-owned JSON Schema"},
		{"merge_conflict_repair_boundary", "merge", "merge agent", "backend_prompts.merge_repair", "Markdown behavior rendered with typed conflict facts"},
	}
}
