package workflows

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// A Symphony port often keeps prompts of its own in the front matter, under
// keys of its own (per-state prompts, a reviewer prompt): Liquid that the
// profile does not know as a template, which no check would otherwise see
// until the port renders it. checkFrontMatterLiquid checks every front
// matter string that holds Liquid markup ({{ or {%) and is not a template
// the workflow declares, with the lane prompt's inputs, and reports what
// it finds as warnings at the value's place in the file: a misspelt field
// or a loop variable read after endfor there is caught, without failing a
// workflow whose value may not be a template at all. Left out: hooks
// (shell scripts), template_context and shea's own settings.

// frontLiquidSkip are the top-level keys whose values are never templates.
var frontLiquidSkip = map[string]bool{"hooks": true, "template_context": true, "shea": true}

// maxFrontLiquidValues bounds how many values are checked; the values
// past it are counted and reported (front_matter_limit), not checked.
const maxFrontLiquidValues = 256

func (w *Workflow) checkFrontMatterLiquid() {
	if w.tree == nil || w.laneSchema == nil || w.fatal {
		return
	}
	checked, skipped := 0, 0
	var first string // the first value not checked, its pointer
	var walk func(p place, path []string)
	walk = func(p place, path []string) {
		switch p.kind() {
		case yaml.MappingNode:
			fields := p.fields()
			for _, k := range sortedKeys(fields) {
				if len(path) == 0 && frontLiquidSkip[k] {
					continue
				}
				walk(fields[k], append(path, k))
			}
		case yaml.SequenceNode:
			for i, e := range p.items() {
				walk(e, append(path, strconv.Itoa(i)))
			}
		case yaml.ScalarNode:
			s, isString := p.value().(string)
			if !isString || w.runnerPtrs[p.ptr] || !strings.Contains(s, "{{") && !strings.Contains(s, "{%") {
				return
			}
			if checked >= maxFrontLiquidValues {
				if skipped == 0 {
					first = p.ptr
				}
				skipped++
				return
			}
			checked++
			w.checkFrontValue(s, p.ptr, strings.Join(path, "."))
		}
	}
	// Every value of the front matter, known setting or a port's own, is
	// looked at: the whole YAML is walked, not the typed settings.
	walk(w.tree.top(), nil)
	if skipped > 0 {
		d := diag.Warningf(codes.FrontMatterLimit, w.declRange(first),
			"%d more front matter values hold Liquid than the %d checked: this one and the %d after it were not checked", skipped, maxFrontLiquidValues, skipped-1)
		d.Detail = "Declare the values the runner renders under template_context.templates: each declared template is checked and smoke-rendered, however many there are."
		w.diags = append(w.diags, d)
	}
}

// checkFrontValue checks one front matter string as a lane prompt, its
// diagnostics made warnings at their place in the file.
func (w *Workflow) checkFrontValue(s, ptr, name string) {
	ref, found := w.tree.index[ptr]
	if !found || ref.value == nil || ref.value.Kind != yaml.ScalarNode {
		return
	}
	text, start := trimmed(s)
	_, diags := compileGuarded(diag.Range{Filename: w.Path, Start: start, End: start}, func() (*render.Template, diag.List) {
		// Without the template_context.schema line: such a value's own
		// inputs are declared with it, under template_context.templates.
		return w.engine(w.partialsDir()).Compile(text, w.Path, start, w.laneSchema.DeclaredIn(""))
	})
	diags = dropRunnerOwned(text, w.Path, start, diags)
	diags = mapPositions(diags, w.Path, w.scalarPositions(ref.value))
	kept := diags[:0]
	for _, d := range diags {
		if d.Code == codes.InternalError {
			continue
		}
		kept = append(kept, d)
		d.Severity = diag.Warning
		note := "In the front matter value " + name + ", which holds Liquid but is no template shea knows: checked with the lane prompt's inputs, as a warning. If the runner renders it, declare it under template_context.templates to check and smoke-render it as a template."
		if d.Detail != "" {
			note = d.Detail + "\n" + note
		}
		d.Detail = note
	}
	w.diags = append(w.diags, kept...)
}

// dropRunnerOwned drops from diags, found in a front matter value that is
// no template shea knows, the unknown names the runner may well supply: a
// port renders its own settings with its own inputs ({{ model }} in a
// command, issue.slug in a branch name), which shea cannot know. An unknown
// name is kept where shea can say what was probably meant: a near miss of
// a known one (issue.titel), or a name the value binds itself and reads
// where it is not bound (a loop variable after its loop). The rest of the
// check (syntax, filters, tags) stands.
func dropRunnerOwned(text, filename string, start diag.Pos, diags diag.List) diag.List {
	var bound map[string]bool
	var reads map[diag.Pos]string
	kept := diags[:0]
	for _, d := range diags {
		if d.Code != codes.UnknownVariable && d.Code != codes.UnknownProperty || len(d.Suggestions()) > 0 {
			kept = append(kept, d)
			continue
		}
		if bound == nil {
			an, _ := strict.Analyze(text, filename, start, nil)
			bound, reads = map[string]bool{}, map[diag.Pos]string{}
			for _, l := range an.Locals {
				bound[l.Name] = true
			}
			for _, v := range an.Variables {
				reads[v.Range.Start] = rootName(v.Name)
			}
		}
		if d.Code == codes.UnknownVariable && bound[reads[d.Subject.Start]] {
			kept = append(kept, d)
		}
	}
	return kept
}

// rootName is the first name of a path as written ("issue" of
// "issue.labels[0]").
func rootName(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}
