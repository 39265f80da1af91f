package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/workflows"
)

// discovery finds the workflows validate works on: the workflows of a
// directory, and the workflows that use a file.
type discovery struct {
	opts workflows.Options
	// users caches, per repository root, each workflow found there with
	// the files it uses.
	users map[string][]workflowFiles
	// notes say which workflow a file argument stood for.
	notes []string
}

type workflowFiles struct {
	path  string
	files []string
}

// lookedFor names what findWorkflows looks for.
const lookedFor = "WORKFLOW.md, .symphony/workflow.md and .shea/workflows/*.md"

// findWorkflows returns dir/WORKFLOW.md, dir/.symphony/workflow.md (a
// port's per-repository workflow) and dir/.shea/workflows/*.md, those that
// exist.
func findWorkflows(dir string) (found []string) {
	shea := filepath.Join(dir, ".shea", "workflows", "*.md")
	for _, p := range []string{filepath.Join(dir, "WORKFLOW.md"), filepath.Join(dir, ".symphony", "workflow.md")} {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			found = append(found, p)
		}
	}
	matches, _ := filepath.Glob(shea)
	for _, m := range matches {
		if st, err := os.Stat(m); err == nil && st.Mode().IsRegular() {
			found = append(found, m)
		}
	}
	return found
}

// targets turns validate's arguments into the workflows to validate.
//
//   - No argument: the workflows of the nearest directory that has any,
//     from the working directory up to the repository root around it (or
//     --root): a project inside a larger repository has its own.
//   - A directory: the workflows directly under it.
//   - WORKFLOW.md, or a file in .shea/workflows: that workflow.
//   - Another file: the workflows that use it (a lane prompt, fragment,
//     template, layer file or manifest), found in its directory and each
//     one above it up to the repository root, noted in d.notes. When none
//     names it, a .liquid file or a file under a .shea directory stands
//     for every workflow of its repository (it may be a partial they
//     include), so that it is checked in their dialects and inputs; a
//     file with no workflow around it is read as a workflow itself,
//     unless changed is set, when it is skipped.
//
// changed is the mode of a pre-commit hook, whose arguments are the files
// of a commit: a file that is neither a workflow nor used by one is no
// concern of validate's, and a file that no longer exists (deleted, or
// the old name of a renamed file) stands for the workflows that used it,
// which must now fail.
func (d *discovery) targets(args []string, changed bool) ([]string, error) {
	if len(args) == 0 && !changed {
		root := d.opts.Root
		if root == "" {
			var err error
			if root, err = fsroot.Discover("."); err != nil {
				return nil, fmt.Errorf("cannot find the repository root: %w", err)
			}
		} else if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
		wd, err := filepath.Abs(".")
		if err != nil {
			return nil, err
		}
		dirs := upTo(wd, root)
		if dirs == nil {
			dirs = []string{root} // --root elsewhere
		}
		for _, dir := range dirs {
			if found := findWorkflows(relToWD(dir)); len(found) > 0 {
				return found, nil
			}
		}
		return nil, fmt.Errorf("no workflow found from the working directory up to the repository root %s: looked for %s in each directory (name a workflow, or a directory to look in)", root, lookedFor)
	}
	var out []string
	for _, arg := range args {
		st, err := os.Stat(arg)
		switch {
		case err == nil && st.IsDir():
			found := findWorkflows(arg)
			if len(found) == 0 && !changed {
				return nil, fmt.Errorf("no workflow found in %s: looked for %s", arg, lookedFor)
			}
			out = append(out, found...)
			continue
		case err != nil && changed:
			// A deleted (or renamed) file: the workflows that used it
			// must fail now, so validate them.
			if isWorkflowName(arg) {
				continue // the workflow itself is gone
			}
			users, err := d.deletedUsers(arg)
			if err != nil {
				return nil, err
			}
			out = append(out, users...)
			continue
		case err != nil || isWorkflowName(arg):
			out = append(out, arg)
			continue
		}
		users, uerr := d.usersOf(arg)
		if uerr != nil {
			return nil, uerr
		}
		switch {
		case len(users) > 0:
			for _, u := range users {
				d.notes = append(d.notes, fmt.Sprintf("%s is used by %s: validating that workflow", arg, u))
			}
			out = append(out, users...)
		case mayBePartial(arg):
			// No workflow names it, but one may include it: validate
			// them all, each in its own dialect and inputs. Only a file
			// with no workflow around it is read as a workflow itself.
			all, err := d.workflowsOf(arg)
			if err != nil {
				return nil, err
			}
			if len(all) > 0 {
				d.notes = append(d.notes, fmt.Sprintf("no workflow names %s, which they may include: validating the workflows of its repository (%s)", arg, strings.Join(all, ", ")))
			} else if !changed {
				all = []string{arg}
			}
			out = append(out, all...)
		case !changed:
			out = append(out, arg)
		}
	}
	return uniquePaths(out), nil
}

// deletedUsers returns the workflows that used a file that no longer
// exists: those that name it, or, for a file that may be a partial, every
// workflow of its repository.
func (d *discovery) deletedUsers(file string) ([]string, error) {
	users, err := d.usersOf(file)
	if err != nil {
		return nil, err
	}
	for _, u := range users {
		d.notes = append(d.notes, fmt.Sprintf("%s is deleted and was used by %s: validating that workflow", file, u))
	}
	if len(users) == 0 && mayBePartial(file) {
		if users, err = d.workflowsOf(file); err != nil {
			return nil, err
		}
		if len(users) > 0 {
			d.notes = append(d.notes, fmt.Sprintf("%s is deleted and may have been included: validating the workflows of its repository (%s)", file, strings.Join(users, ", ")))
		}
	}
	return users, nil
}

// uniquePaths returns paths without the second and later mentions of a
// file.
func uniquePaths(out []string) []string {
	seen := map[string]bool{}
	uniq := out[:0]
	for _, p := range out {
		key := p
		if abs, err := filepath.Abs(p); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			uniq = append(uniq, p)
		}
	}
	return uniq
}

// isWorkflowName reports whether a file is a workflow by its name:
// WORKFLOW.md, .symphony/workflow.md, or a Markdown file in a
// .shea/workflows directory.
func isWorkflowName(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	dir := filepath.Dir(abs)
	return filepath.Base(abs) == "WORKFLOW.md" ||
		(filepath.Base(abs) == "workflow.md" && filepath.Base(dir) == ".symphony") ||
		(filepath.Ext(abs) == ".md" && filepath.Base(dir) == "workflows" && filepath.Base(filepath.Dir(dir)) == ".shea")
}

// mayBePartial reports whether a file no workflow names may still be
// included by one: a .liquid file, or a file under a .shea directory.
func mayBePartial(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	return filepath.Ext(abs) == ".liquid" || strings.Contains(filepath.ToSlash(abs), "/.shea/")
}

// usersOf returns the workflows of file's directory and each one above
// it up to the repository root that use file.
func (d *discovery) usersOf(file string) ([]string, error) {
	abs, list, err := d.repository(file)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, wf := range list {
		if _, ok := slices.BinarySearch(wf.files, abs); ok {
			out = append(out, wf.path)
		}
	}
	return out, nil
}

// workflowsOf returns the workflows of file's directory and each one above
// it up to the repository root.
func (d *discovery) workflowsOf(file string) ([]string, error) {
	_, list, err := d.repository(file)
	var out []string
	for _, wf := range list {
		out = append(out, wf.path)
	}
	return out, err
}

// repository returns the canonical absolute path of file and the
// workflows of its directory and each one above it up to the repository
// root, each with the files it uses. The root is the one around file's
// directory, and file is resolved inside it: a symbolic link that leads
// outside (a committed p.liquid -> ../B/x.liquid) is not followed, as a
// read through it is refused, but stays the file of its own directory
// (noted in d.notes), so that no other repository's workflow is validated
// in its place.
func (d *discovery) repository(file string) (string, []workflowFiles, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", nil, err
	}
	home, below := linkFree(filepath.Dir(abs))
	root := d.opts.Root
	if root == "" {
		if root, err = fsroot.Discover(nearestExisting(home)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return canonicalAsFarAsExists(abs), nil, nil
			}
			return "", nil, fmt.Errorf("cannot find the repository root of %s: %w", file, err)
		}
	}
	canon, from := canonicalAsFarAsExists(abs), ""
	if r, err := fsroot.New(root); err == nil && upTo(home, root) != nil && !r.Contains(canon) {
		// Named inside the root, leading out of it: the file of its own
		// directory, whose links are not followed; the workflows are
		// those from the last directory before the link up.
		d.noteOutside(file, r.Dir())
		canon, from = filepath.Join(home, below, filepath.Base(abs)), home
	}
	abs = canon
	if d.users == nil {
		d.users = map[string][]workflowFiles{}
	}
	if from == "" {
		from = nearestExisting(filepath.Dir(abs))
	}
	dirs := upTo(from, root)
	if dirs == nil {
		dirs = []string{filepath.Dir(abs)} // a file outside --root
	}
	var all []workflowFiles
	for _, dir := range dirs {
		list, ok := d.users[dir]
		if !ok {
			for _, p := range findWorkflows(relToWD(dir)) {
				w, _ := workflows.Load(p, d.opts)
				list = append(list, workflowFiles{p, w.Files()})
			}
			d.users[dir] = list
		}
		all = append(all, list...)
	}
	return abs, all, nil
}

// linkFree splits the absolute directory dir at its first symbolic link
// below the working directory: home is the part before it, canonical, and
// below the rest as written ("" when there is no such link). home is the
// directory whose repository a file in dir belongs to: a directory link
// committed in a repository (sub -> ../B) does not make its files another
// repository's; the links above the working directory are the user's own.
// A dir outside the working directory is canonical as far as it exists.
func linkFree(dir string) (home, below string) {
	wd, err := os.Getwd()
	if err != nil {
		return canonicalAsFarAsExists(dir), ""
	}
	rel, err := filepath.Rel(wd, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return canonicalAsFarAsExists(dir), ""
	}
	home = canonicalAsFarAsExists(wd)
	if rel == "." {
		return home, ""
	}
	segs := strings.Split(rel, string(filepath.Separator))
	for i, seg := range segs {
		next := filepath.Join(home, seg)
		st, err := os.Lstat(next)
		if err != nil {
			return home, filepath.Join(segs[i:]...)
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			return home, filepath.Join(segs[i:]...)
		}
		home = next
	}
	return home, ""
}

// noteOutside notes, once, that file is a symbolic link leading outside
// the repository root.
func (d *discovery) noteOutside(file, root string) {
	n := fmt.Sprintf("%s leads outside the repository root %s (through a symbolic link): it is not followed", file, root)
	if !slices.Contains(d.notes, n) {
		d.notes = append(d.notes, n)
	}
}

// canonicalAsFarAsExists resolves the symbolic links of an absolute path
// in its deepest existing directory, keeping the rest as written (a
// deleted file's path, as Workflow.Files lists a file it cannot read).
func canonicalAsFarAsExists(abs string) string {
	if canon, err := filepath.EvalSymlinks(abs); err == nil {
		return canon
	}
	dir, rest := abs, ""
	for {
		parent := filepath.Dir(dir)
		rest = filepath.Join(filepath.Base(dir), rest)
		if parent == dir {
			return abs
		}
		dir = parent
		if canon, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(canon, rest)
		}
	}
}

// nearestExisting returns dir, or its nearest ancestor that exists.
func nearestExisting(dir string) string {
	for {
		if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
			return dir
		}
		dir = filepath.Dir(dir)
	}
}

// upTo returns dir and each directory above it up to root, nearest
// first, or nil when root is not dir nor above it. Both are made
// canonical.
func upTo(dir, root string) []string {
	canon := func(p string) string {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		if c, err := filepath.EvalSymlinks(p); err == nil {
			p = c
		}
		return p
	}
	dir, root = canon(dir), canon(root)
	if rel, err := filepath.Rel(root, dir); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
		out = append(out, d)
		if d == root || filepath.Dir(d) == d {
			return out
		}
	}
}

// relToWD returns path relative to the working directory when it lies
// below it or is one of its ancestors (../..), so that diagnostics name
// files as the user sees them; else path.
func relToWD(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if canon, err := filepath.EvalSymlinks(wd); err == nil {
		wd = canon
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil {
		return path
	}
	up := true
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		up = up && seg == ".."
	}
	if up || !strings.HasPrefix(filepath.ToSlash(rel), "../") {
		return rel
	}
	return path
}
