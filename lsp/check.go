package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workflows"
	"github.com/sheaproject/shea/workpad"
)

// checker runs the checks: one at a time, in its own goroutine, after the
// edits have paused for the debounce interval. A check works on a snapshot
// of the open documents; when a newer edit arrives while it runs, it is
// cancelled and its results are dropped, so only a check of the latest
// state ever publishes.
type checker struct {
	s *Server

	mu      sync.Mutex
	wake    chan struct{}
	done    chan struct{}
	cancel  context.CancelFunc // of the running check
	stopped bool

	// configuration (initialize)
	profile           string
	contextSchema     []byte
	contextSchemaName string
	standalone        *strict.Schema

	// published is what each file last got: its diagnostics as JSON and
	// the document version, so that only changes are sent.
	published map[string]string

	// infos tell completion and hover what each file is, from the last
	// check.
	infos map[string]*fileInfo
}

// fileInfo is what the last check learned about a file.
type fileInfo struct {
	workflow *workflows.Workflow // nil for a file no workflow uses
	schema   *strict.Schema      // the inputs its templates are checked with
	workpad  string              // the workpad template id, for a workpad template
	lane     string              // the composed lane the file is a layer of
}

func newChecker(s *Server) *checker {
	return &checker{s: s, wake: make(chan struct{}, 1), done: make(chan struct{}), published: map[string]string{}, infos: map[string]*fileInfo{}}
}

// configure reads the initialization options.
func (c *checker) configure(init InitializationOptions) error {
	switch init.Profile {
	case "", workflows.ProfileSymphony, workflows.ProfileShea:
	default:
		return fmt.Errorf("unknown profile %q (want symphony or shea)", init.Profile)
	}
	dialect := init.Profile
	if dialect == "" {
		dialect = workflows.ProfileSymphony
	}
	schema, err := profile.LaneContext(dialect)
	if err != nil {
		return err
	}
	var doc []byte
	if init.ContextSchema != "" {
		doc, err = fsroot.ReadPath(init.ContextSchema, 1<<20)
		if err != nil {
			return fmt.Errorf("contextSchema: %w", err)
		}
		ext, diags := profile.Extend(dialect, doc, init.ContextSchema)
		if diags.HasErrors() {
			return fmt.Errorf("contextSchema: %w", diags.Err())
		}
		schema = ext
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.profile, c.contextSchema, c.contextSchemaName, c.standalone = init.Profile, doc, init.ContextSchema, schema
	return nil
}

// touch notes an edit: the running check is cancelled and a new one
// starts after the debounce interval.
func (c *checker) touch(string) {
	c.mu.Lock()
	if c.cancel != nil {
		c.cancel()
	}
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *checker) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.stopped {
		c.stopped = true
		if c.cancel != nil {
			c.cancel()
		}
		close(c.done)
	}
}

// run is the checker's loop.
func (c *checker) run() {
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
		}
		// debounce: wait until no edit has come for the interval
		for {
			t := time.NewTimer(c.s.opts.Debounce)
			select {
			case <-c.done:
				t.Stop()
				return
			case <-c.wake:
				t.Stop()
				continue
			case <-t.C:
			}
			break
		}
		c.cycle()
	}
}

// cycle checks the latest snapshot and publishes, unless an edit came
// meanwhile.
func (c *checker) cycle() {
	defer func() {
		if r := recover(); r != nil {
			c.s.logf("panic while checking: %v\n%s", r, debug.Stack())
		}
	}()
	snap := c.s.docs.snapshot()
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	if c.stopped {
		c.mu.Unlock()
		cancel()
		return
	}
	c.cancel = cancel
	c.mu.Unlock()
	defer cancel()

	res := c.check(ctx, snap)
	if ctx.Err() != nil || c.s.docs.generation() != snap.gen {
		return // superseded: a newer check is on its way
	}
	c.publish(snap, res)
}

// result is what one check found: diagnostics by file (every file of every
// workflow checked, empty lists included) and what each file is.
type result struct {
	diags map[string]diag.List
	infos map[string]*fileInfo
}

// check runs the workflows that the open documents belong to, and checks
// each open document no workflow uses as shea check would.
func (c *checker) check(ctx context.Context, snap snapshot) *result {
	res := &result{diags: map[string]diag.List{}, infos: map[string]*fileInfo{}}
	c.mu.Lock()
	// One budget for the whole check, as for one shea validate: the
	// workflows' checks, smoke matrices and renders draw on it.
	budget := strict.NewBudget(c.s.opts.CheckTimeout, 0)
	ctx, cancel := strict.WithBudget(ctx, budget)
	defer cancel()
	opts := workflows.Options{Profile: c.profile, ContextSchema: c.contextSchema, ContextSchemaName: c.contextSchemaName,
		Getenv: c.s.opts.Getenv, Overlay: snap.overlay, Limits: render.Limits{Budget: budget}}
	standalone := c.standalone
	c.mu.Unlock()

	open := make([]string, 0, len(snap.docs))
	for p := range snap.docs {
		open = append(open, p)
	}
	sort.Strings(open)
	var candidates []string
	seen := map[string]bool{}
	for _, p := range open {
		for _, w := range workflowsAround(p) {
			if !seen[w] {
				seen[w] = true
				candidates = append(candidates, w)
			}
		}
	}
	used := map[string]bool{}
	for i, wpath := range candidates {
		if ctx.Err() != nil {
			// A newer edit cancels a check, whose result is dropped; a
			// check that spent its budget says which workflows it left.
			if err := budget.Err(); err != nil {
				for _, left := range candidates[i:] {
					le := err.(*strict.LimitError)
					res.diags[left] = append(res.diags[left], diag.Errorf(le.Code, diag.Range{Filename: left, Start: diag.StartPos, End: diag.StartPos},
						"%s: this workflow was not checked", le.Msg))
				}
			}
			return res
		}
		w, _ := workflows.Load(wpath, opts)
		_, diags := w.Validate(ctx)
		files := w.Files()
		for _, f := range files {
			if _, ok := res.diags[f]; !ok {
				res.diags[f] = nil
			}
			used[f] = true
		}
		// A partial two workflows use gets their common diagnostics once.
		before := map[string]map[string]bool{}
		for _, d := range diags {
			f := fileOf(d.Subject.Filename, wpath)
			if f == "" {
				continue
			}
			if before[f] == nil {
				before[f] = map[string]bool{}
				for _, old := range res.diags[f] {
					before[f][diagKey(old)] = true
				}
			}
			if !before[f][diagKey(d)] {
				res.diags[f] = append(res.diags[f], d)
			}
			used[f] = true
			if res.infos[f] == nil { // a partial: the lane inputs
				res.infos[f] = &fileInfo{workflow: w, schema: w.LaneContext()}
			}
		}
		c.describe(res, w, files) // workpad templates: their own values
		for _, p := range open {
			if !used[p] && usesPartial(w, p, snap) {
				used[p] = true
				if _, ok := res.diags[p]; !ok {
					res.diags[p] = nil
				}
				if res.infos[p] == nil {
					res.infos[p] = &fileInfo{workflow: w, schema: w.LaneContext()}
				}
			}
		}
	}
	for _, p := range open {
		if used[p] || ctx.Err() != nil {
			continue
		}
		d := snap.docs[p]
		res.diags[p] = checkStandalone(d.text, p, standalone, snap)
		res.infos[p] = &fileInfo{schema: standalone}
	}
	for _, l := range res.diags {
		l.Sort()
	}
	return res
}

// describe records what each file of a workflow is.
func (c *checker) describe(res *result, w *workflows.Workflow, files []string) {
	lane := w.LaneContext()
	for _, f := range files {
		if res.infos[f] == nil {
			res.infos[f] = &fileInfo{workflow: w, schema: lane}
		}
	}
	for _, wp := range w.Workpads() {
		if strings.HasPrefix(wp.Path, "<") {
			continue
		}
		f := canonical(wp.Path)
		if s, err := workpad.ContextSchema(wp.ID); err == nil {
			res.infos[f] = &fileInfo{workflow: w, schema: s, workpad: wp.ID}
		}
	}
	for _, l := range workflows.Lanes(w.Profile) {
		src, err := w.LaneSource(l)
		if err != nil {
			continue
		}
		for _, fu := range src.Files {
			if i := res.infos[canonical(fu.File)]; i != nil && i.workpad == "" {
				i.lane = l
			}
		}
	}
}

// checkStandalone checks a file no workflow uses, as shea check --profile
// does: the lane inputs of the profile (symphony unless initialization
// says; an editor has no flags per file, and a lone prompt is most often a
// lane prompt), plus contextSchema, partials next to the file.
func checkStandalone(text, path string, schema *strict.Schema, snap snapshot) diag.List {
	if len(text) > render.DefaultMaxTemplateBytes {
		return diag.List{diag.Errorf(codes.TemplateTooLarge, diag.Range{Filename: path}, "template is %d bytes, more than the %d-byte limit", len(text), render.DefaultMaxTemplateBytes)}
	}
	_, diags := strict.Check(text, path, diag.Pos{}, strict.Options{
		Context:  schema,
		Partials: partials.NewDirOverlay(filepath.Dir(path), snap.overlay),
	})
	return diags
}

// fileOf returns the canonical file a diagnostic's filename names, or ""
// for shea's built-in texts ("<core>/…"). A diagnostic without a file,
// or about a directory, belongs to the workflow.
func fileOf(name, workflow string) string {
	switch {
	case name == "":
		return canonical(workflow)
	case strings.HasPrefix(name, "<"):
		return ""
	}
	if st, err := os.Stat(name); err == nil && st.IsDir() && workflow != "" {
		return canonical(workflow) // a layer directory: no document to show it in
	}
	return canonical(name)
}

// workflowsAround returns the workflows that may use the file at path:
// itself when it is one, and those of its directory and each one above it
// up to the repository root (as shea validate looks for the users of a
// file).
func workflowsAround(path string) []string {
	var out []string
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && isWorkflowName(path) {
		out = append(out, path) // a new workflow not yet saved is checked as a template
	}
	root, err := fsroot.Discover(filepath.Dir(path))
	if err != nil {
		return out
	}
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		for _, w := range findWorkflows(dir) {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		if dir == root || filepath.Dir(dir) == dir || !strings.HasPrefix(dir, root) {
			break
		}
	}
	return out
}

// isWorkflowName reports whether a file is a workflow by its name:
// WORKFLOW.md, or a Markdown file in a .shea/workflows directory.
func isWorkflowName(path string) bool {
	dir := filepath.Dir(path)
	return filepath.Base(path) == "WORKFLOW.md" ||
		(filepath.Ext(path) == ".md" && filepath.Base(dir) == "workflows" && filepath.Base(filepath.Dir(dir)) == ".shea")
}

// findWorkflows returns dir/WORKFLOW.md and dir/.shea/workflows/*.md that
// exist, canonical.
func findWorkflows(dir string) []string {
	var found []string
	if st, err := os.Stat(filepath.Join(dir, "WORKFLOW.md")); err == nil && st.Mode().IsRegular() {
		found = append(found, canonical(filepath.Join(dir, "WORKFLOW.md")))
	}
	matches, _ := filepath.Glob(filepath.Join(dir, ".shea", "workflows", "*.md"))
	for _, m := range matches {
		if st, err := os.Stat(m); err == nil && st.Mode().IsRegular() {
			found = append(found, canonical(m))
		}
	}
	return found
}

// partialTag finds the partial names of include and render tags.
var partialTag = regexp.MustCompile(`\{%-?\s*(?:render|include)\s+['"]([^'"]+)['"]`)

// usesPartial reports whether a template of w, or an open document,
// includes or renders a partial whose file is path: a partial's
// diagnostics name its file, but a partial without problems is found only
// by its name.
func usesPartial(w *workflows.Workflow, path string, snap snapshot) bool {
	var texts []string
	for _, t := range w.Templates() {
		texts = append(texts, t.Source)
	}
	for p, d := range snap.docs {
		if p != path {
			texts = append(texts, d.text)
		}
	}
	slash := filepath.ToSlash(path)
	for _, t := range texts {
		for _, m := range partialTag.FindAllStringSubmatch(t, -1) {
			for _, cand := range partials.Candidates(m[1]) {
				if strings.HasSuffix(slash, "/"+cand) {
					return true
				}
			}
		}
	}
	return false
}

// diagKey identifies a diagnostic's content.
func diagKey(d *diag.Diagnostic) string {
	return fmt.Sprint(d.Code, d.Severity, d.Subject, d.Summary, d.Detail)
}
