package workflows

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/textesc"
	"github.com/sheaproject/shea/strict"
)

// rendererMode is what validate reports as prompt_renderer: shea renders
// Liquid strictly, with Shopify Liquid's semantics.
const rendererMode = "strict-liquid-compatible"

// The statuses of a Report.
const (
	StatusValid   = "valid"
	StatusInvalid = "invalid"
)

// Line is one readback line: a key, its value and, for the lines that
// describe a source, named fields. It prints as key=value followed by
// " name=value" for each field; the resource entries have no value and
// print as "resource group=… kind=… path=…". Control characters in Value
// and in the fields' values are escaped ("\n", "\x1b"), so a line never
// breaks, and no value holds an environment variable's value.
type Line struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Fields Fields `json:"fields"`
}

// Field is one named field of a readback line, such as path=… or
// smoke=pass.
type Field struct {
	Name  string
	Value string
}

// Fields are a line's fields in readback order. They marshal as a JSON
// object in that order.
type Fields []Field

// MarshalJSON writes the fields as one JSON object, in order.
func (fs Fields) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(',')
		}
		for j, s := range []string{f.Name, f.Value} {
			enc, err := marshalString(s)
			if err != nil {
				return nil, err
			}
			b.Write(enc)
			if j == 0 {
				b.WriteByte(':')
			}
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads a JSON object of strings (its members in the
// document's order).
func (fs *Fields) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return err
	}
	*fs = nil
	for dec.More() {
		var name, value string
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ = tok.(string)
		if err := dec.Decode(&value); err != nil {
			return err
		}
		*fs = append(*fs, Field{name, value})
	}
	_, err := dec.Token()
	return err
}

func marshalString(s string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// Field returns the value of the named field, and whether it is present.
func (l Line) Field(name string) (string, bool) {
	for _, f := range l.Fields {
		if f.Name == name {
			return f.Value, true
		}
	}
	return "", false
}

func (l Line) String() string {
	var b strings.Builder
	b.WriteString(l.Key)
	if l.Value != "" || len(l.Fields) == 0 {
		b.WriteByte('=')
		b.WriteString(l.Value)
	}
	for _, f := range l.Fields {
		b.WriteByte(' ')
		b.WriteString(f.Name)
		b.WriteByte('=')
		b.WriteString(f.Value)
	}
	return b.String()
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

// MarshalJSON writes the report with each diagnostic's class, the wire
// form of codes.JSONOptions.
func (r Report) MarshalJSON() ([]byte, error) {
	type fields Report // the fields, without this method
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // the caller's encoder decides
	err := enc.Encode(struct {
		fields
		Diagnostics json.Marshaler `json:"diagnostics"`
	}{fields(r), r.Diagnostics.JSON(codes.JSONOptions())})
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
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
	return enc.Encode(r.forJSON())
}

// forJSON returns a copy of r whose lists marshal as arrays and objects,
// never null.
func (r *Report) forJSON() *Report {
	out := *r
	out.Readback = make([]Line, len(r.Readback))
	for i, l := range r.Readback {
		if l.Fields == nil {
			l.Fields = Fields{}
		}
		out.Readback[i] = l
	}
	if out.Diagnostics == nil {
		out.Diagnostics = diag.List{}
	}
	return &out
}

// Validate loads the workflow at path and validates it (see
// Workflow.Validate). Loading (the static checks) and validating draw on
// one budget: opts.Limits.Budget when set, else the budget ctx carries
// (strict.WithBudget), else a new one of the request defaults
// (strict.DefaultRequestTimeout, strict.DefaultRequestWork).
func Validate(ctx context.Context, path string, opts Options) (*Report, diag.List) {
	if opts.Limits.Budget == nil {
		opts.Limits.Budget = strict.BudgetFrom(ctx)
	}
	if opts.Limits.Budget == nil {
		opts.Limits.Budget = strict.NewBudget(0, 0)
	}
	w, _ := Load(path, opts)
	return w.Validate(ctx)
}

// requestBudget is the budget a Validate draws on: the context's, else
// the workflow's Limits.Budget, else a new one of the request defaults.
func (w *Workflow) requestBudget(ctx context.Context) *strict.Budget {
	if b := strict.BudgetFrom(ctx); b != nil {
		return b
	}
	if w.opts.Limits.Budget != nil {
		return w.opts.Limits.Budget
	}
	return strict.NewBudget(0, 0)
}

// Validate smoke-renders every template that loaded: lane prompts and the
// runner's templates with a sample context built from their schema (the
// profile's sample issue, attempt 1, placeholders for declared
// extensions; for a lane with a turn block, run_context too) and with each
// of Options.Samples, backend fragments with
// their sample facts (static ones with no input), workpad and evidence
// templates with their smoke values. It returns the readback of the
// profile (a lane with a turn block adds prompt_turn_source.<lane> and
// prompt_turn_smoke.<lane> after its prompt_template_smoke line) and every
// diagnostic of loading and rendering. Validate does not
// change the workflow and may be called concurrently.
//
// Every smoke render, smoke matrix and osteele proof of one Validate draws
// on one budget (see strict.Budget): the one ctx carries, else
// Options.Limits.Budget (shared with Load's checks), else a new one of the
// request defaults. When its time or work runs out, the template being
// rendered fails with deadline_exceeded or work_limit, and the templates
// not yet rendered are named in one diagnostic of that code and marked
// smoke=fail.
func (w *Workflow) Validate(ctx context.Context) (*Report, diag.List) {
	if ctx == nil {
		ctx = context.Background()
	}
	budget := w.requestBudget(ctx)
	ctx, cancel := strict.WithBudget(ctx, budget)
	defer cancel()
	diags := append(diag.List(nil), w.diags...)
	var stopped error   // the budget's error, once spent
	var notRun []string // templates left unrendered since
	noted := map[*strict.Schema]bool{}
	smoked := map[*item]bool{}
	lanes := map[*item]bool{}
	for _, it := range w.lanes {
		lanes[it] = true
	}
	osteeleProof := !w.fatal && w.Engine() == EngineOsteele
	smoke := func(it *item) {
		if it.shared != nil {
			smoked[it] = smoked[it.shared]
			return
		}
		if !it.loaded || it.failed || it.wp == nil && !it.compiled() {
			return
		}
		if stopped == nil {
			stopped = budget.Err()
		}
		if stopped != nil {
			notRun = append(notRun, it.key+" ("+cleanPaths(it.display)+")")
			return
		}
		var failed diag.List
		switch {
		case it.wp != nil:
			failed = smokeWorkpad(ctx, it)
		default:
			var note diag.List
			failed, note = smokeMatrix(ctx, it, lanes[it], budget, noted)
			diags = append(diags, note...)
		}
		if failed != nil {
			diags = append(diags, failed...)
			return
		}
		if it.wp == nil && (it.schema == w.laneSchema || it.turn != nil) && len(w.opts.Samples) > 0 {
			if l := w.smokeSamples(ctx, it); len(l) > 0 {
				diags = append(diags, l...)
				return
			}
		}
		if osteeleProof && it.wp == nil {
			l := w.proveOsteele(ctx, it, lanes[it])
			diags = append(diags, l...)
			if l.HasErrors() {
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
	if osteeleProof {
		diags = append(diags, w.osteeleVersionDiags()...)
	}
	if len(notRun) > 0 {
		le := stopped.(*strict.LimitError)
		d := diag.Errorf(le.Code, diag.Range{Filename: w.Path, Start: diag.StartPos, End: diag.StartPos},
			"%s: %s not smoke-rendered", le.Msg, countTemplates(len(notRun)))
		d.Detail = "Not rendered: " + strings.Join(notRun, ", ") + ". Give the run more time or work (shea validate --total-timeout, --max-work; strict.NewBudget), or look for the template whose renders take long (a loop over a large range, rendered with every smoke input)."
		diags = append(diags, d)
	}
	diags = w.dropDisabled(diags)
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

// countTemplates says how many templates were not rendered.
func countTemplates(n int) string {
	if n == 1 {
		return "1 template was"
	}
	return strconv.Itoa(n) + " templates were"
}

// smokeMatrix renders a lane prompt or backend fragment with each context
// of its schema's sample matrix (see strict.Schema.SampleMatrix; a lane's
// "every field" context has attempt 3), and returns the diagnostics of the
// first that fails; past the sample, the first of them gives the input it
// failed on, as JSON. The matrix is made within budget; when it reached
// one of its bounds, the second list holds a smoke_limit warning saying
// so (once per schema: noted records the schemas warned of).
func smokeMatrix(ctx context.Context, it *item, lane bool, budget *strict.Budget, noted map[*strict.Schema]bool) (failed, note diag.List) {
	var reads []string
	filter := it.tpl != nil
	if filter {
		reads = readRoots(it.tpl.Program().ReadPaths())
	}
	at := diag.Range{Filename: it.filename, Start: it.start, End: it.start}
	if at.Start.IsZero() {
		at.Start, at.End = diag.StartPos, diag.StartPos
	}
	inputs, limited, err := it.schema.Matrix(budget)
	if err != nil {
		le := err.(*strict.LimitError)
		return diag.List{diag.Errorf(le.Code, at, "%s while making the smoke inputs", le.Msg)}, nil
	}
	if limited != "" && !noted[it.schema] {
		noted[it.schema] = true
		d := diag.Warningf(codes.SmokeLimit, at, "the smoke matrix of this template's inputs reached its bounds, so some schema-valid inputs were not tried")
		d.Detail = "The matrix: " + limited + ". A smaller schema (fewer properties, less nesting) is tried in full; pass the inputs your runner sends as Options.Samples to try them too."
		note = append(note, d)
	}
	for _, in := range inputs {
		if filter && in.Varies != "" && !readsPath(reads, in.Varies) {
			continue // the template reads nothing this input changes
		}
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
		return l, note
	}
	return nil, note
}

// readRoots reduces the paths a template reads to their dotted names
// without indexes and what follows a dynamic key ("issue.labels[0]" is
// issue.labels, "issue[key].x" is issue).
func readRoots(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		segs := strings.Split(plainPath(p, true), ".")
		for i, s := range segs {
			if i > 0 && (s == "first" || s == "last" || s == "size") {
				segs = segs[:i] // an item or a length: whatever is below counts
				break
			}
		}
		out = append(out, strings.Join(segs, "."))
	}
	return out
}

// plainPath drops a path's indexes; with stopAtKey, it ends at the first
// bracket that holds no integer (a key read dynamically, or a quoted one).
func plainPath(p string, stopAtKey bool) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '[' {
			b.WriteByte(p[i])
			continue
		}
		j := strings.IndexByte(p[i:], ']')
		if j < 0 {
			break
		}
		inner := p[i+1 : i+j]
		if _, err := strconv.Atoi(inner); err != nil && stopAtKey {
			break
		}
		i += j
	}
	return b.String()
}

// readsPath reports whether a template that reads the paths in reads (as
// readRoots gives them) may read the value at path varies, or something
// above or below it.
func readsPath(reads []string, varies string) bool {
	v := plainPath(varies, false)
	for _, r := range reads {
		if r == "self" || strings.HasPrefix(r, "self.") {
			return true // variables read by name: any may be
		}
		if r == v || strings.HasPrefix(v, r+".") || strings.HasPrefix(r, v+".") {
			return true
		}
	}
	return false
}

// smokeWorkpad renders a workpad or evidence template with its smoke
// values, then with every value set to each of workpadBoundaries.
func smokeWorkpad(ctx context.Context, it *item) diag.List {
	inputs := []struct {
		name   string
		values map[string]string
	}{{"smoke values", it.values}}
	for _, b := range workpadBoundaries {
		all := make(map[string]string, len(it.values))
		for k := range it.values {
			all[k] = b.value
		}
		inputs = append(inputs, struct {
			name   string
			values map[string]string
		}{b.name, all})
	}
	for i, in := range inputs {
		_, err := renderGuarded(it.wp.Filename(), func() (string, error) { return it.wp.Render(ctx, in.values) })
		if err == nil {
			continue
		}
		l := renderDiagnostics(err, it.filename)
		if i > 0 && len(l) > 0 {
			noteSmokeInput(l[0], in.name, in.values)
		}
		return l
	}
	return nil
}

// workpadBoundaries are the values a workpad template is smoke-rendered
// with after its smoke values, each given to every value at once (the
// values are all strings). The long one is 256 bytes, not 10 KB like the
// matrix's: redacting secrets from an untrusted value costs about 0.3 to
// 0.7 µs a byte (workpad.Redact), which at 10 KB made validate of the
// example workflow take 30 times as long, and at 1 KB 4 times.
var workpadBoundaries = []struct{ name, value string }{
	{"every value empty", ""},
	{"every value a 256-byte string", strings.Repeat("0123456789abcdef", 16)},
	{"every value non-ASCII and right-to-left text", "Ünïcödé 漢字 🚀 مرحبا עולם"},
	{`every value "123"`, "123"},
	{`every value "2026-01-01"`, "2026-01-01"},
}

// noteSmokeInput adds to d the smoke input it failed on.
func noteSmokeInput(d *diag.Diagnostic, name string, vars any) {
	b, err := json.Marshal(abbreviated(vars))
	if err != nil {
		return
	}
	note := fmt.Sprintf("Smoke-rendered with the schema-valid input %q: %s", name, b)
	if d.Detail != "" {
		note = d.Detail + "\n" + note
	}
	d.Detail = note
}

// maxNotedString is the length past which a string of a smoke input is
// shown cut short in a diagnostic (the input's name says its length).
const maxNotedString = 120

// abbreviated returns v with its long strings cut to maxNotedString bytes
// (at a rune boundary) and marked with their length, so that a boundary
// input such as a 10 KB string does not flood the diagnostic.
func abbreviated(v any) any {
	switch x := v.(type) {
	case string:
		if len(x) <= maxNotedString {
			return x
		}
		cut := maxNotedString
		for cut > 0 && !utf8.RuneStart(x[cut]) {
			cut--
		}
		return fmt.Sprintf("%s… (%d bytes)", x[:cut], len(x))
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = abbreviated(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = abbreviated(e)
		}
		return out
	}
	return v
}

type readback struct{ lines []Line }

// add appends a line. Its value and its fields' values have their control
// characters escaped (textesc.Controls), so that no value from the
// workflow, such as tracker.kind "linear\nstatus=valid", can break its line
// or forge another.
func (rb *readback) add(key, value string, fields ...Field) {
	for i := range fields {
		fields[i].Value = textesc.Controls(fields[i].Value)
	}
	rb.lines = append(rb.lines, Line{Key: key, Value: textesc.Controls(value), Fields: fields})
}

// smoke is the field or value that says whether a template rendered.
func smoke(passed bool) string {
	if passed {
		return "pass"
	}
	return "fail"
}

// sourceFields returns the fields of a template's readback line: its cleaned
// path, its size when it was read, and with the smoke field when asked.
func (it *item) sourceFields(withSmoke, passed bool) []Field {
	fs := []Field{{"path", cleanPaths(it.display)}}
	if it.loaded {
		fs = append(fs, Field{"bytes", strconv.Itoa(it.bytes())})
	}
	if withSmoke {
		fs = append(fs, Field{"smoke", smoke(passed)})
	}
	return fs
}

// cleanPaths cleans each of the comma-separated paths of a readback field
// (Shea joins paths without normalising them: a/b/../c is a/c here, as in
// diagnostics). A template whose setting holds no usable path has the path
// <none>.
func cleanPaths(list string) string {
	if list == "" {
		return "<none>"
	}
	parts := strings.Split(list, ",")
	for i, p := range parts {
		if p != "" {
			parts[i] = filepath.Clean(p)
		}
	}
	return strings.Join(parts, ",")
}

func (w *Workflow) symphonyReadback(rb *readback, smoked map[*item]bool) {
	rb.add("profile", ProfileSymphony)
	if kind := w.cfg.trackerKind; valid(w, kind) {
		rb.add("tracker", kind.val)
	} else if !kind.set && !w.bad[kind.ptr] && !w.bad[w.cfg.tracker.ptr] {
		rb.add("tracker", "")
	}
	if root, ok := w.workspaceRoot(); ok {
		rb.add("workspace_root", root)
	}
	agent := w.lanes[0]
	rb.add("prompt_template_bytes", strconv.Itoa(agent.bytes()))
	rb.add("prompt_renderer", rendererMode)
	w.engineReadback(rb)
	switch {
	case agent.noPrompt():
		rb.add("prompt_source."+LaneAgent, SourceRunnerPrompt, Field{"path", "<none>"}, Field{"bytes", "0"})
		rb.add("prompt_template_smoke."+LaneAgent, "skipped")
		return
	case agent.kind == SourceRunnerPrompt:
		rb.add("prompt_source."+LaneAgent, SourceRunnerPrompt, Field{"path", agent.display}, Field{"bytes", strconv.Itoa(agent.bytes())})
	default:
		rb.add("prompt_source."+LaneAgent, SourceWorkflowBody, Field{"path", filepath.Clean(w.Path)}, Field{"bytes", strconv.Itoa(agent.bytes())})
	}
	rb.add("prompt_template_smoke."+LaneAgent, smoke(smoked[agent]))
}

func (w *Workflow) sheaReadback(rb *readback, smoked map[*item]bool) {
	rb.add("profile", ProfileShea)
	if kind := w.cfg.trackerKind; valid(w, kind) {
		rb.add("tracker", kind.val)
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
	rb.add("prompt_renderer", rendererMode)
	w.engineReadback(rb)
	switch c := w.resources; {
	case c == nil:
		rb.add("resource_manifest", "not_configured")
	case c.ok:
		rb.add("resource_manifest", filepath.Clean(c.manifest), Field{"schema", strconv.FormatInt(c.schema, 10)}, Field{"groups", strings.Join(c.groups, ",")})
		for _, e := range c.entries {
			rb.add("resource", "", Field{"group", e.group}, Field{"kind", e.kind}, Field{"path", filepath.Clean(e.path)})
		}
		for _, p := range c.markdown {
			rb.add("resource_markdown_source", filepath.Clean(p))
		}
	}
	for _, it := range w.lanes {
		if it.loaded {
			rb.add("prompt_source."+it.key, it.kind, it.sourceFields(false, false)...)
		}
		rb.add("prompt_template_smoke."+it.key, smoke(smoked[it]))
		if path, n := it.turnDisplay(); path != "" {
			rb.add("prompt_turn_source."+it.key, it.kind, Field{"path", path}, Field{"bytes", strconv.Itoa(n)})
			rb.add("prompt_turn_smoke."+it.key, smoke(smoked[it]))
		}
	}
	for _, e := range runtimeEnvelopes() {
		rb.add("runtime_envelope", e.id, Field{"lane", e.lane}, Field{"backend", e.backend}, Field{"source", e.source}, Field{"purpose", e.purpose})
	}
	for _, it := range w.backends {
		rb.add("backend_prompt_source."+it.key, it.kind, it.sourceFields(true, smoked[it])...)
	}
	for _, it := range w.workpads {
		if it.listed {
			rb.add("workpad_template."+it.key, it.kind, it.sourceFields(true, smoked[it])...)
		}
	}
}

// engineReadback adds, after prompt_renderer, the line that names the
// engine the templates were proven with besides shea's:
// prompt_engine=osteele/liquid version=v1.9.2. A workflow proven with shea alone
// has no such line, so the order Shea Symphony prints is kept.
func (w *Workflow) engineReadback(rb *readback) {
	if w.Engine() == EngineOsteele {
		rb.add("prompt_engine", "osteele/liquid", append([]Field{{"version", w.osteeleVersion()}}, w.runnerOsteeleFields()...)...)
	}
}

// mainBackend is the main lane's backend: main_lane.backend, else the
// legacy agent.backend or backend.kind, else dry-run.
func (w *Workflow) mainBackend() (string, bool) {
	for _, f := range []field[string]{w.cfg.mainLaneBackend, w.cfg.agentBackend, w.cfg.backendKind} {
		if f.set {
			return f.val, valid(w, f)
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
