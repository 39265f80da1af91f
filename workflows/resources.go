package workflows

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
)

// closure is the enabled closure of a resource manifest: the core group
// and the enabled groups, each after its dependencies, with every resource
// of those groups checked.
type closure struct {
	manifest string // canonical path of the manifest
	schema   int64
	groups   []string   // selection order, dependencies first
	entries  []resource // in selection, then declaration, order
	markdown []string   // every .md file of the closure, canonical, sorted
	ok       bool       // resolved without errors
}

// resource is one manifest entry.
type resource struct {
	group, kind, path string // path canonical
}

func (c *closure) selected(group string) bool {
	if c == nil {
		return false
	}
	for _, g := range c.groups {
		if g == group {
			return true
		}
	}
	return false
}

// manifestGroup is a group as the manifest declares it.
type manifestGroup struct {
	optional, available bool
	dependsOn           []string
	resources           []manifestResource
}

// manifestDoc is a resource manifest, decoded once its schema check has
// passed (so every field has the type written here).
type manifestDoc struct {
	SchemaVersion json.Number `json:"schema_version"`
	CoreGroup     string      `json:"core_group"`
	Groups        map[string]struct {
		Optional  bool               `json:"optional"`
		Available *bool              `json:"available"` // absent is true
		DependsOn []string           `json:"depends_on"`
		Resources []manifestResource `json:"resources"`
	} `json:"groups"`
}

// manifestResource is one entry of a group's resources.
type manifestResource struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
}

// loadResources resolves resources.manifest and resources.enabled_groups
// to the enabled closure. It returns nil when the workflow has no
// resources key.
func (w *Workflow) loadResources() *closure {
	if !w.cfg.resources.set {
		return nil
	}
	c := &closure{}
	rel, enabled, enabledOK, ok := w.resourceSettings()
	if !ok {
		return c
	}
	canon, b, ok := w.readManifest(rel)
	if !ok {
		return c
	}
	c.manifest = canon
	mt, groups, core, ok := w.parseManifest(filepath.Clean(joinAsWritten(w.dir, rel)), b)
	if !ok {
		return c
	}
	c.schema = 1

	errs := len(w.diags.Errors())
	requested := w.requestedGroups(mt, groups, core, enabled, rel)
	c.groups = w.selectGroups(mt, groups, requested)
	c.entries, c.markdown = w.checkResources(mt, groups, c.groups, filepath.Dir(canon))
	c.ok = len(w.diags.Errors()) == errs && enabledOK
	return c
}

// resourceSettings reads the resources setting: the manifest's path as
// written, and the enabled groups. enabledOK is false when an entry of
// enabled_groups was left out as invalid; ok is false when the manifest
// cannot be named.
func (w *Workflow) resourceSettings() (rel string, enabled []field[string], enabledOK, ok bool) {
	r := w.cfg.resources
	if !r.isMap {
		w.errorf(codes.ResourceClosureError, w.tree.at(r.ptr), "resources must be a mapping with manifest and enabled_groups, not %s", describe(r.raw))
		return "", nil, false, false
	}
	rel = r.manifest.val
	if !r.manifest.ok || strings.TrimSpace(rel) == "" {
		at := w.tree.at(r.ptr)
		if r.manifest.set {
			at = w.tree.at(r.manifest.ptr)
		}
		d := w.errorf(codes.ResourceClosureError, at, "resources.manifest is required when resources is configured")
		d.Detail = "Name the resource manifest file, relative to the workflow's directory (Shea's layout uses ../resources.v1.json)."
		return "", nil, false, false
	}
	enabledOK = true
	switch eg := r.enabledGroups; {
	case eg.raw == nil: // absent, or null
	case eg.ok:
		for i, g := range r.groups {
			if !g.ok {
				w.errorf(codes.ResourceClosureError, w.tree.valueAt(g.ptr),
					"resources.enabled_groups[%d] must be a group name, not %s", i, describe(g.raw))
				enabledOK = false
				continue
			}
			enabled = append(enabled, g)
		}
	default:
		w.errorf(codes.ResourceClosureError, w.tree.at(eg.ptr), "resources.enabled_groups must be a list of group names, not %s", describe(eg.raw))
		enabledOK = false
	}
	return rel, enabled, enabledOK, true
}

// readManifest resolves the manifest's path inside the repository root and
// reads it, returning its canonical path and its bytes.
func (w *Workflow) readManifest(rel string) (canon string, b []byte, ok bool) {
	at := w.tree.valueAt(w.cfg.resources.manifest.ptr)
	canon, err := w.root.Resolve(w.absDir, rel)
	if err == nil {
		b, err = w.root.ReadFile(canon, MaxFileBytes)
	}
	if err != nil {
		if errors.Is(err, fsroot.ErrOutside) {
			w.errorf(codes.PathOutsideRoot, at, "resource manifest %s leads outside the repository root", rel).Detail =
				"Paths resolve against the workflow's directory and must stay inside " + w.root.Dir() + " (symbolic links included)."
		} else if errors.Is(err, fsroot.ErrNotRegular) {
			w.errorf(codes.NotARegularFile, at, "resource manifest %s is not a regular file", rel).Detail =
				"shea reads only regular files, never a named pipe (FIFO), a device or a socket."
		} else {
			w.errorf(codes.ResourceClosureError, at, "resource manifest is unavailable at %s: %v", rel, describeIOError(err))
		}
		return "", nil, false
	}
	return canon, b, true
}

// requestedGroups checks the core group (it must exist, be available and
// not be optional) and the enabled groups (each declared and available),
// and returns the core group followed by the enabled groups that pass.
// rel is the manifest's path as written, for messages.
func (w *Workflow) requestedGroups(mt *tree, groups map[string]manifestGroup, core string, enabled []field[string], rel string) []string {
	coreAt := mt.valueAt("/core_group")
	if cg, ok := groups[core]; !ok {
		w.errorf(codes.ResourceClosureError, coreAt, "core resource group %q is not declared", core).Detail =
			diag.DidYouMean(core, sortedKeys(groups))
	} else if !cg.available || cg.optional {
		w.errorf(codes.ResourceClosureError, coreAt, "core resource group %q must be available and non-optional", core)
	}
	requested := []string{core}
	for _, f := range enabled {
		g, gAt := f.val, w.tree.valueAt(f.ptr)
		gr, ok := groups[g]
		switch {
		case !ok:
			d := w.errorf(codes.ResourceClosureError, gAt, "resource group %q is not declared in %s", g, rel)
			d.Detail = diag.DidYouMean(g, sortedKeys(groups))
			if d.Detail == "" {
				d.Detail = "The manifest declares " + strings.Join(quoteAll(sortedKeys(groups)), ", ") + "."
			}
		case !gr.available:
			w.errorf(codes.ResourceClosureError, gAt, "resource group %q is declared but unavailable in this release", g)
		default:
			requested = append(requested, g)
		}
	}
	return requested
}

// selectGroups returns the requested groups that are declared, each after
// the groups it depends on and each once (depth first), reporting
// dependency cycles and dependencies that are undeclared or unavailable.
func (w *Workflow) selectGroups(mt *tree, groups map[string]manifestGroup, requested []string) []string {
	var selected []string
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(g string)
	visit = func(g string) {
		switch state[g] {
		case 1:
			w.errorf(codes.ResourceClosureError, mt.at("/groups/"+escapePointer(g)), "resource group dependency cycle includes %q", g)
			return
		case 2:
			return
		}
		state[g] = 1
		for i, dep := range groups[g].dependsOn {
			depAt := mt.valueAt("/groups/" + escapePointer(g) + "/depends_on/" + strconv.Itoa(i))
			dg, ok := groups[dep]
			switch {
			case !ok:
				w.errorf(codes.ResourceClosureError, depAt, "resource group %q depends on %q, which is not declared", g, dep).Detail =
					diag.DidYouMean(dep, sortedKeys(groups))
			case !dg.available:
				w.errorf(codes.ResourceClosureError, depAt, "resource group %q depends on %q, which is unavailable in this release", g, dep)
			default:
				visit(dep)
			}
		}
		state[g] = 2
		selected = append(selected, g)
	}
	for _, g := range requested {
		if _, ok := groups[g]; ok {
			visit(g)
		}
	}
	return selected
}

// checkResources checks every resource of the selected groups (see
// checkResource), whose paths resolve against manifestDir. It returns the
// resources that pass, in selection then declaration order, and every
// Markdown file of the closure, canonical and sorted.
func (w *Workflow) checkResources(mt *tree, groups map[string]manifestGroup, selected []string, manifestDir string) (entries []resource, markdown []string) {
	md := map[string]bool{}
	for _, g := range selected {
		for i, entry := range groups[g].resources {
			ptr := "/groups/" + escapePointer(g) + "/resources/" + strconv.Itoa(i) + "/path"
			if res, ok := w.checkResource(mt, ptr, g, manifestDir, entry.Path, md); ok {
				entries = append(entries, resource{group: g, kind: entry.Kind, path: res})
			}
		}
	}
	return entries, sortedKeys(md)
}

// parseManifest reads the manifest's JSON, checks its shape against the
// embedded schema, and returns its position tree, its groups and the core
// group's name.
func (w *Workflow) parseManifest(display string, b []byte) (*tree, map[string]manifestGroup, string, bool) {
	src := newSource(display, b)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var raw any
	err := dec.Decode(&raw)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err != nil {
		off := 0
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = int(se.Offset) - 1
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			off = int(te.Offset)
		}
		off = max(0, min(off, len(b)))
		w.errorf(codes.ResourceClosureError, src.rng(off, min(off+1, len(b))), "resource manifest is invalid JSON: %v", err)
		return nil, nil, "", false
	}
	// JSON is YAML: parse it again for the positions of its values.
	t, diags := parseYAML(src, 0, src.text)
	if diags.HasErrors() || t == nil {
		t = &tree{src: src, index: map[string]nodeRef{}}
	}
	t.value = plainNumbers(raw)

	cs, err := manifestSchema()
	if err != nil {
		w.errorf(codes.ResourceClosureError, t.at(""), "internal error: manifest schema: %v", err)
		return nil, nil, "", false
	}
	cdiags, _ := cs.check(t, codes.ResourceClosureError)
	w.diags = append(w.diags, cdiags...)
	if cdiags.HasErrors() {
		return nil, nil, "", false
	}
	var doc manifestDoc
	if err := json.Unmarshal(b, &doc); err != nil {
		// The schema check passed, so the shapes agree: a program error.
		w.errorf(codes.ResourceClosureError, t.at(""), "internal error: resource manifest: %v", err)
		return nil, nil, "", false
	}
	if v := plainNumbers(doc.SchemaVersion); v != int64(1) {
		w.errorf(codes.ResourceClosureError, t.valueAt("/schema_version"), "unsupported resource manifest schema %s; expected 1", describe(v))
		return nil, nil, "", false
	}
	groups := map[string]manifestGroup{}
	for name, gd := range doc.Groups {
		g := manifestGroup{optional: gd.Optional, available: gd.Available == nil || *gd.Available, dependsOn: gd.DependsOn, resources: gd.Resources}
		groups[name] = g
	}
	return t, groups, doc.CoreGroup, true
}

// plainNumbers converts json.Number values to int64 or float64.
func plainNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = plainNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = plainNumbers(x[k])
		}
	}
	return v
}

// checkResource checks one manifest entry: it must not name setup-shea,
// must stay inside the repository root, must exist, and must not be empty
// (a directory must hold files, each non-empty). Markdown files are added
// to md. It returns the entry's canonical path.
func (w *Workflow) checkResource(mt *tree, ptr, group, manifestDir, p string, md map[string]bool) (string, bool) {
	at := mt.valueAt(ptr)
	for _, part := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == "setup-shea" {
			w.errorf(codes.ResourceClosureError, at, "resource %q from group %q names setup-shea, which must remain global and is never a workflow resource", p, group)
			return "", false
		}
	}
	canon, err := w.root.Resolve(manifestDir, p)
	if err != nil {
		if errors.Is(err, fsroot.ErrOutside) {
			w.errorf(codes.PathOutsideRoot, at, "resource %q from group %q escapes the repository root %s", p, group, w.root.Dir())
		} else {
			w.errorf(codes.ResourceClosureError, at, "resource %q from group %q is missing", p, group).Detail =
				"Resource paths resolve against the manifest's directory (" + manifestDir + ")."
		}
		return "", false
	}
	st, err := os.Stat(canon)
	if err != nil {
		w.errorf(codes.ResourceClosureError, at, "resource %q from group %q: %v", p, group, describeIOError(err))
		return "", false
	}
	if !st.IsDir() {
		if !st.Mode().IsRegular() {
			w.errorf(codes.NotARegularFile, at, "resource %q from group %q is not a regular file", p, group)
			return "", false
		}
		if st.Size() == 0 {
			w.errorf(codes.ResourceClosureError, at, "resource %q from group %q is empty", p, group)
			return "", false
		}
		if strings.HasSuffix(canon, ".md") {
			md[canon] = true
		}
		return canon, true
	}
	files := 0
	ok := true
	_ = w.root.WalkFiles(canon, func(f string, size int64, err error) error {
		if err != nil {
			ok = false
			if errors.Is(err, fsroot.ErrOutside) {
				w.errorf(codes.PathOutsideRoot, at, "resource %q from group %q holds %s, which escapes the repository root", p, group, f)
			} else {
				w.errorf(codes.ResourceClosureError, at, "resource %q from group %q: %s: %v", p, group, f, describeIOError(err))
			}
			return nil
		}
		files++
		if size == 0 {
			ok = false
			w.errorf(codes.ResourceClosureError, at, "resource %q from group %q holds an empty file %s", p, group, f)
		}
		if strings.HasSuffix(f, ".md") {
			md[f] = true
		}
		return nil
	})
	if files == 0 && ok {
		w.errorf(codes.ResourceClosureError, at, "resource %q from group %q is an empty directory", p, group)
		return "", false
	}
	return canon, ok
}

func describeIOError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return fmt.Sprint(unwrapPathError(err))
}
