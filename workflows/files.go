package workflows

import (
	"path/filepath"
	"slices"
	"strings"
)

// Files returns the files on disk the workflow uses: the workflow file, its
// lane prompts and their turn blocks (for a composed lane, the layer files
// they were assembled from), backend fragments, workpad and evidence templates, and the
// resource manifest with the Markdown files of its enabled closure. Files
// a setting names but that could not be read are listed too, so that a
// change to one can be traced to the workflow. Each path is absolute with
// symbolic links resolved as far as the path exists; the list is sorted
// and has no duplicates. Shea's built-in texts are not files and are not
// listed, nor are partials that templates include.
func (w *Workflow) Files() []string {
	var out []string
	add := func(name string) {
		if name == "" || strings.HasPrefix(name, "<") {
			return
		}
		abs, err := filepath.Abs(name)
		if err != nil {
			return
		}
		if canon, err := filepath.EvalSymlinks(abs); err == nil {
			abs = canon
		}
		out = append(out, abs)
	}
	add(w.Path)
	for _, list := range [][]*item{w.lanes, w.backends, w.workpads} {
		for _, it := range list {
			if it.composed != nil {
				for _, f := range it.composed.Files {
					add(f.File)
				}
				if t := it.composed.Turn; t != nil {
					for _, f := range t.Files {
						add(f.File)
					}
				}
				continue
			}
			if it.src == nil {
				add(it.filename)
			}
			add(it.turnFile) // the turn block beside a lane's prompt file
		}
	}
	if c := w.resources; c != nil {
		add(c.manifest)
		for _, p := range c.markdown {
			add(p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
