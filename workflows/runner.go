package workflows

import (
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// The source kinds of a runner's templates.
const (
	SourceFrontMatterValue = "front_matter_value"      // a string value of the front matter
	SourceRunnerFile       = "runner_template_file"    // a file the runner names
	SourceRunnerDefault    = "runner_template_default" // RunnerTemplate.Default
)

// RunnerTemplate names a template that a runner renders beyond the
// profile's own, so that the gate checks it: a prompt the runner keeps in
// the front matter (agent.reviewer_prompt) or in a file of its own, with
// the runner's built-in text as its default. It is compiled with the inputs
// of the lane prompts, extended by ContextSchema, smoke-rendered like them,
// listed by Templates and in the readback (runner_template.<name>=<kind>
// path=<p> bytes=<n> smoke=pass), rendered by Workflow.RenderLane under
// its name, and its diagnostics point into the file that holds it (a
// default's into "<builtin>/<name>").
//
// Like the profile's prompts, its text is trimmed of leading and trailing
// whitespace (a block scalar's final line break included) unless
// KeepWhitespace is set.
//
// A workflow declares the same under template_context.templates, a list
// whose items are a value path ("agent.reviewer_prompt"), or a mapping
// with value or file, and optionally name and schema (a JSON Schema, inline
// or a path, of the inputs the template reads beyond the lane prompts',
// merged into them as template_context.schema is):
//
//	template_context:
//	  templates:
//	    - agent.reviewer_prompt
//	    - agent.profiles.*.prompt
//	    - {file: prompts/summary.md, name: summary}
type RunnerTemplate struct {
	// Value is the dotted path of a front matter string that holds the
	// template ("agent.reviewer_prompt"). A * segment stands for every key
	// of a mapping, or every item of a list ("agent.profiles.*.prompt").
	// A path that leads to nothing is not an error (runner settings are
	// optional); one that leads to something other than a string is a
	// config_invalid error. Positions in a literal block scalar (|) are
	// exact; in a plain or quoted string they are exact on its first line
	// unless an escape sequence precedes them, and after a line break in
	// its value they are the string's start; in a folded block scalar (>)
	// they are its first line.
	Value string
	// File is the path of a template file, relative to the workflow's
	// directory and inside the repository root, as for the profile's own
	// templates. At most one of Value and File is set; with neither, the
	// template is the runner's built-in text, Default, under Name (a
	// string template the runner keeps in its code), gated with the
	// workflow so that the runner renders it by name (Workflow.Template,
	// RenderLane) without compiling it again.
	File string
	// Name names the template in the readback, in Templates and in the
	// sample diagnostics. Empty means the value's path (with each *
	// replaced by the key it matched) or the file path.
	Name string
	// ContextSchema is a JSON Schema of the inputs the template reads
	// beyond the lane prompts' (the profile's issue and attempt, extended by
	// template_context.schema and Options.ContextSchema): it is merged into
	// them as template_context.schema is (see profile.Inputs.Extend). Nil
	// means the lane prompts' inputs.
	ContextSchema []byte
	// ContextSchemaName names ContextSchema in diagnostics.
	ContextSchemaName string
	// Default is the template used when Value leads to nothing or to an
	// empty (or blank) string: the runner's built-in text, gated and
	// rendered like the front matter's (kind SourceRunnerDefault, file
	// name "<builtin>/" and the template's name). "" means none: a
	// missing value is then no template, and an empty one an
	// empty_template_file error. A File template has no default (a
	// missing file is an error).
	Default string
	// KeepWhitespace keeps the template's text exactly as the value, file
	// or Default holds it; by default leading and trailing whitespace is
	// trimmed, as both dialects trim their prompts.
	KeepWhitespace bool
}

// runnerDecl is a runner template to load, and where it was declared.
type runnerDecl struct {
	RunnerTemplate
	ptr string // config pointer of the declaration ("" for Options.Templates)
}

// loadRunnerTemplates reads, places and compiles the runner's templates.
func (w *Workflow) loadRunnerTemplates() {
	decls := make([]runnerDecl, 0, len(w.opts.Templates))
	for _, t := range w.opts.Templates {
		decls = append(decls, runnerDecl{RunnerTemplate: t})
	}
	decls = append(decls, w.declaredTemplates()...)
	seen := map[string]bool{}
	for _, d := range decls {
		switch {
		case d.Value == "" && d.File == "" && d.Default != "" && d.ptr == "":
			// A built-in template of the runner's, gated with the workflow.
			if d.Name == "" {
				w.errorf(codes.ConfigInvalid, w.declRange(d.ptr), "a runner template with only a Default needs a Name, to be rendered by").Detail =
					`Name it: RunnerTemplate{Name: "summary", Default: "…"}.`
				continue
			}
			if !seen[d.Name] {
				seen[d.Name] = true
				w.loadDefault(d, d.Name)
			}
		case (d.Value == "") == (d.File == ""):
			w.errorf(codes.ConfigInvalid, w.declRange(d.ptr), "a runner template names exactly one of a front matter value and a file").Detail =
				"Write value: agent.reviewer_prompt, or file: prompts/reviewer.md."
		case d.File != "":
			name := d.Name
			if name == "" {
				name = d.File
			}
			if seen[name] {
				continue
			}
			seen[name] = true
			it := &item{key: name, kind: SourceRunnerFile, display: joinAsWritten(w.dir, d.File), schema: w.runnerSchema(d)}
			fp := d.ptr
			if fp != "" {
				if _, ok := w.tree.index[fp+"/file"]; ok {
					fp += "/file"
				}
			}
			text, start, filename, ok := w.readRef(fileRef{ptr: fp, rel: d.File, display: it.display, exact: d.KeepWhitespace}, "runner template")
			it.filename = filename
			w.runner = append(w.runner, it)
			if !ok {
				it.failed = true
				continue
			}
			it.text, it.start, it.loaded, it.dir = text, start, true, filepath.Dir(filename)
			w.compileRunner(it)
		default:
			matches := w.matchValues(d)
			if len(matches) == 0 && d.Default != "" {
				name := d.Name
				if name == "" {
					name = d.Value
				}
				if !seen[name] {
					seen[name] = true
					w.loadDefault(d, name)
				}
				continue
			}
			for _, m := range matches {
				name := d.Name
				if name == "" || strings.Contains(d.Value, "*") {
					name = m.path
				}
				if seen[name] {
					continue
				}
				seen[name] = true
				if d.Default != "" && blankValue(m.at) {
					w.loadDefault(d, name)
					continue
				}
				it := &item{key: name, kind: SourceFrontMatterValue, display: w.Path, filename: w.Path, dir: w.partialsDir(), schema: w.runnerSchema(d)}
				w.runner = append(w.runner, it)
				w.runnerPtrs[m.at.ptr] = true
				if !w.placeValue(it, m.at, d.KeepWhitespace) {
					it.failed = true
					continue
				}
				w.compileRunner(it)
			}
		}
	}
}

// loadDefault loads a runner template's Default under name.
func (w *Workflow) loadDefault(d runnerDecl, name string) {
	file := builtinPrefix + name
	it := &item{key: name, kind: SourceRunnerDefault, display: file, filename: file, dir: w.partialsDir(), schema: w.runnerSchema(d)}
	it.text, it.start = d.Default, diag.StartPos
	if !d.KeepWhitespace {
		it.text, it.start = trimmed(d.Default)
	}
	w.runner = append(w.runner, it)
	if it.text == "" {
		w.errorf(codes.EmptyTemplateFile, w.declRange(d.ptr), "the default of runner template %s is empty", name)
		it.failed = true
		return
	}
	it.loaded = true
	w.compileRunner(it)
}

// blankValue reports whether the front matter value at p is a string
// holding only whitespace.
func blankValue(p place) bool {
	s, ok := p.value().(string)
	return ok && strings.TrimSpace(s) == ""
}

// runnerSchema returns the inputs of a runner template: the lane
// prompts', extended by its own schema.
func (w *Workflow) runnerSchema(d runnerDecl) *strict.Schema {
	if len(d.ContextSchema) == 0 || w.inputs == nil {
		return w.laneSchema
	}
	name := d.ContextSchemaName
	if name == "" {
		name = "context schema"
	}
	ext, diags := w.inputs.Extend(d.ContextSchema, name)
	if d.ptr != "" {
		at := w.tree.valueAt(d.ptr + "/schema")
		for _, x := range diags {
			x.Subject = at
			x.Summary = pointerPath(d.ptr) + ".schema is not a usable context schema: " + x.Summary
		}
	}
	w.diags = append(w.diags, diags...)
	if ext == nil {
		return nil
	}
	return ext.Schema()
}

func (w *Workflow) declRange(ptr string) diag.Range {
	if ptr == "" {
		return diag.Range{Filename: w.Path}
	}
	return w.tree.at(ptr)
}

// declaredTemplates reads template_context.templates.
func (w *Workflow) declaredTemplates() []runnerDecl {
	tc := w.cfg.templateContext
	f := tc.templates
	if !f.set || w.bad[f.ptr] || w.bad[tc.ptr] {
		return nil
	}
	if !f.ok {
		w.errorf(codes.ConfigInvalid, w.tree.valueAt(f.ptr), "template_context.templates must be a list, not %s", describe(f.raw))
		return nil
	}
	var out []runnerDecl
	for i, e := range tc.decls {
		switch {
		case e.path.ok:
			out = append(out, runnerDecl{RunnerTemplate: RunnerTemplate{Value: e.path.val}, ptr: e.ptr})
		case e.isMap:
			d := runnerDecl{ptr: e.ptr}
			good := true
			for _, k := range e.keys {
				switch k {
				case "value", "file", "name":
					sf := e.strs[k]
					s := sf.val
					if !sf.ok || strings.TrimSpace(s) == "" {
						w.errorf(codes.ConfigInvalid, w.tree.valueAt(sf.ptr), "template_context.templates[%d].%s must be a non-empty string, not %s", i, k, describe(sf.raw))
						good = false
						continue
					}
					switch k {
					case "value":
						d.Value = s
					case "file":
						d.File = s
					default:
						d.Name = s
					}
				case "schema":
					switch e.schema.raw.(type) {
					case map[string]any, string: // a JSON Schema, or its file
					default:
						w.errorf(codes.ConfigInvalid, w.tree.valueAt(e.schema.ptr), "template_context.templates[%d].schema must be a JSON Schema (a mapping) or the path of a JSON Schema file, not %s", i, describe(e.schema.raw))
						good = false
						continue
					}
					doc, name, _, ok := w.schemaDoc(e.schema.ptr, e.schema.raw)
					if !ok {
						good = false
						continue
					}
					d.ContextSchema, d.ContextSchemaName = doc, name
				default:
					w.diags = append(w.diags, diag.Warningf(codes.UnknownConfigKey, w.tree.at(e.ptr+"/"+escapePointer(k)),
						"unknown key %q in template_context.templates[%d]", k, i).
						WithDetail("%s", diag.DidYouMean(k, []string{"value", "file", "name", "schema"})))
				}
			}
			if good {
				out = append(out, d)
			}
		default:
			w.errorf(codes.ConfigInvalid, w.tree.valueAt(e.ptr), "template_context.templates[%d] must be a value path or a mapping with value or file, not %s", i, describe(e.raw))
		}
	}
	return out
}

// valueMatch is a front matter value a runner template's path matched.
type valueMatch struct {
	at   place
	path string // dotted path, each * replaced
}

// matchValues returns the front matter values a dotted path (with *
// segments) leads to, in document order for lists and key order for maps.
// The path is the runner's or the workflow's declaration (Options.Templates,
// template_context.templates), not a setting shea knows: it may lead to any
// value, so the YAML is walked as the path says.
func (w *Workflow) matchValues(d runnerDecl) []valueMatch {
	segs := strings.Split(d.Value, ".")
	var out []valueMatch
	var walk func(p place, i int, path []string)
	walk = func(p place, i int, path []string) {
		if i == len(segs) {
			out = append(out, valueMatch{p, strings.Join(path, ".")})
			return
		}
		seg := segs[i]
		if fields := p.fields(); fields != nil {
			if seg == "*" {
				for _, k := range sortedKeys(fields) {
					walk(fields[k], i+1, append(path, k))
				}
			} else if e, ok := fields[seg]; ok {
				walk(e, i+1, append(path, seg))
			}
			return
		}
		items := p.items()
		if seg == "*" {
			for j, e := range items {
				walk(e, i+1, append(path, strconv.Itoa(j)))
			}
		} else if j, err := strconv.Atoi(seg); err == nil && j >= 0 && j < len(items) {
			walk(items[j], i+1, append(path, seg))
		}
	}
	walk(w.tree.top(), 0, nil)
	return out
}

// placeValue fills it with the template held by the front matter string at
// p, and the mapping of its positions to the workflow file. It reports a
// value that is not a string, or empty, and returns false.
func (w *Workflow) placeValue(it *item, p place, exact bool) bool {
	ptr := p.ptr
	v := p.value()
	s, isString := v.(string)
	ref, found := w.tree.index[ptr]
	if !isString || !found || ref.value == nil || ref.value.Kind != yaml.ScalarNode {
		w.errorf(codes.ConfigInvalid, w.tree.valueAt(ptr), "runner template %s must be a string holding a template, not %s", it.key, describe(v))
		return false
	}
	text, start := trimmed(s)
	if exact && text != "" {
		text, start = s, diag.StartPos
	}
	if text == "" {
		w.errorf(codes.EmptyTemplateFile, w.tree.valueAt(ptr), "runner template %s is empty", it.key).Detail =
			"An empty template would give the agent nothing; write it, or remove the setting."
		return false
	}
	it.text, it.start, it.loaded = text, start, true
	it.posMap = w.scalarPositions(ref.value)
	return true
}

// scalarPositions returns the function that maps a position in a scalar's
// value (line 1, column 1 at its first byte) to the workflow file.
func (w *Workflow) scalarPositions(n *yaml.Node) func(diag.Pos) diag.Pos {
	off := skipProperties(w.src.text, w.tree.offset(n), n.Anchor)
	first := w.src.line(off) // 0-based line of the scalar's first token
	col := off - w.src.normStarts[first]
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		// The value starts on the line after the indicator, indented.
		line := first + 1
		indent := 0
		for l := line; l < len(w.src.normStarts); l++ {
			ls := w.src.normStarts[l]
			end := len(w.src.text)
			if l+1 < len(w.src.normStarts) {
				end = w.src.normStarts[l+1] - 1
			}
			t := w.src.text[ls:end]
			if strings.TrimSpace(t) != "" {
				indent = len(t) - len(strings.TrimLeft(t, " "))
				break
			}
		}
		folded := n.Style&yaml.FoldedStyle != 0
		return func(p diag.Pos) diag.Pos {
			if folded {
				p.Line, p.Column = 1, 1
			}
			return w.filePos(line+p.Line-1, p.Column+indent)
		}
	default:
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			col++ // the opening quote
		}
		// A line break in the value of a flow scalar is an escape or a
		// folded blank line: value lines are not file lines, and a position
		// after one is reported at the scalar's start.
		return func(p diag.Pos) diag.Pos {
			if p.Line == 1 {
				return w.filePos(first, col+p.Column)
			}
			return w.filePos(first, col+1)
		}
	}
}

// filePos returns the position of 0-based line l, 1-based column c of the
// workflow file, clamped to the file and to the line (whose end, the
// position of its line break, is the last a column may reach).
func (w *Workflow) filePos(l, c int) diag.Pos {
	l = max(0, min(l, len(w.src.normStarts)-1))
	end := len(w.src.text)
	if l+1 < len(w.src.normStarts) {
		end = w.src.normStarts[l+1] - 1
	}
	c = max(1, min(c, end-w.src.normStarts[l]+1))
	return diag.Pos{Line: l + 1, Column: c, Byte: w.src.origStarts[l] + c - 1}
}

// mapPositions maps the positions of the diagnostics in file to the
// workflow file, in place, and returns the list.
func mapPositions(l diag.List, file string, f func(diag.Pos) diag.Pos) diag.List {
	for _, d := range l {
		if d.Subject.Filename == file && !d.Subject.Start.IsZero() {
			d.Subject = mapRange(d.Subject, f)
		}
		for i := range d.Related {
			if r := &d.Related[i].Range; r.Filename == file && !r.Start.IsZero() {
				*r = mapRange(*r, f)
			}
		}
	}
	return l
}

// mapRange maps a range's ends; one that would end before it starts (its
// end lies where positions are approximate) ends where it starts.
func mapRange(r diag.Range, f func(diag.Pos) diag.Pos) diag.Range {
	r.Start, r.End = f(r.Start), f(r.End)
	if r.End.Byte < r.Start.Byte {
		r.End = r.Start
	}
	return r
}

// compileRunner compiles a runner template against its inputs.
func (w *Workflow) compileRunner(it *item) {
	if it.schema == nil {
		it.failed = true
		return
	}
	tpl, diags := compileGuarded(diag.Range{Filename: it.filename, Start: it.start, End: it.start}, func() (*render.Template, diag.List) {
		return w.engine(it.dir).Compile(it.text, it.filename, it.start, it.schema)
	})
	if it.posMap != nil {
		diags = mapPositions(diags, it.filename, it.posMap)
	}
	w.diags = append(w.diags, diags...)
	if diags.HasErrors() || tpl == nil {
		it.failed = true
		return
	}
	it.tpl = tpl
}
