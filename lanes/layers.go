package lanes

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/internal/partials"
)

// The layer names, lowest first. They appear in SectionInfo, FileUse and
// diagnostics.
const (
	LayerCore      = "core"
	LayerWorkspace = "workspace"
	LayerProject   = "project"
	LayerTemplate  = "template"
)

// Layers are the places a lane's files are looked up, lowest first: Core,
// Workspace, Project, Template. A higher layer's file overrides or extends
// the lower ones' file of the same name (see the package documentation).
type Layers struct {
	// Core is the lowest layer. Nil means the defaults built into shea
	// (CoreFS). To compose without them, pass an empty fs.FS such as
	// fstest.MapFS{}.
	Core fs.FS
	// Workspace, Project and Template are directories; "" means the layer
	// is absent. A directory that is given must exist. Reads never leave
	// a directory: ".." and symbolic links that lead outside it fail.
	Workspace string
	Project   string
	Template  string
	// Overlay, when set, serves the text of a layer file instead of the
	// disk (an editor's unsaved buffer; see partials.Overlay).
	Overlay partials.Overlay
}

//go:embed core
var coreFiles embed.FS

// CoreFS returns the built-in core layer: the default lane prompts
// (main-agent.md, review-agent.md, merge-agent.md), the parts under roles/,
// tasks/ and formats/, and the partials they render.
func CoreFS() fs.FS {
	sub, err := fs.Sub(coreFiles, "core")
	if err != nil {
		panic(err) // unreachable: "core" is a valid path embedded above
	}
	return sub
}

// layer is one resolved layer: a directory, or a file system (core).
type layer struct {
	name    string
	dir     string // read through os.Root when set
	fsys    fs.FS  // read when dir is ""
	overlay partials.Overlay
}

// resolve lists the layers present, lowest first, and reports directories
// that do not exist. The same directory given twice is used once, at its
// lowest position.
func (ls Layers) resolve() ([]layer, diag.List) {
	core := ls.Core
	if core == nil {
		core = CoreFS()
	}
	out := []layer{{name: LayerCore, fsys: core}}
	var diags diag.List
	seen := map[string]bool{}
	for _, l := range []struct{ name, dir string }{
		{LayerWorkspace, ls.Workspace}, {LayerProject, ls.Project}, {LayerTemplate, ls.Template},
	} {
		if l.dir == "" {
			continue
		}
		clean := filepath.Clean(l.dir)
		if seen[clean] {
			continue
		}
		seen[clean] = true
		st, err := os.Stat(l.dir)
		if err != nil || !st.IsDir() {
			d := diag.Errorf(codes.MissingTemplateFile, diag.Range{Filename: l.dir}, "%s layer directory %s does not exist", l.name, l.dir)
			if err == nil {
				d.Summary = fmt.Sprintf("%s layer %s is not a directory", l.name, l.dir)
			}
			diags = append(diags, d)
			continue
		}
		out = append(out, layer{name: l.name, dir: l.dir, overlay: ls.Overlay})
	}
	return out, diags
}

// display is the file name diagnostics use for rel in the layer: the path
// on disk for a directory, "<core>/rel" for a file system.
func (l layer) display(rel string) string {
	if l.dir != "" {
		return filepath.Join(l.dir, filepath.FromSlash(rel))
	}
	return "<" + l.name + ">/" + rel
}

// read returns the file rel (slash-separated, relative) of the layer. The
// error wraps fs.ErrNotExist when the layer has no such file.
func (l layer) read(rel string) (string, error) {
	if !partials.Valid(rel) {
		return "", errOutside
	}
	if l.dir != "" {
		b, err := partials.ReadFileOverlay(l.dir, rel, l.overlay)
		if err != nil && isEscape(err) {
			return "", errOutside
		}
		return string(b), err
	}
	f, err := l.fsys.Open(rel)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if st.IsDir() {
		return "", fmt.Errorf("%s is a directory: %w", rel, fs.ErrNotExist)
	}
	b, err := io.ReadAll(io.LimitReader(f, partials.MaxBytes+1))
	if err != nil {
		return "", err
	}
	if len(b) > partials.MaxBytes {
		return "", fmt.Errorf("%s is more than the %d-byte limit for templates", rel, partials.MaxBytes)
	}
	return string(b), nil
}

// errOutside is returned for names that would lead outside a layer.
var errOutside = errors.New("the path leads outside the layer (through .. or a symbolic link)")

// isEscape reports whether err is os.Root's refusal to follow a path out of
// its directory.
func isEscape(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes from parent")
}

// readDiag turns a failed read of a lane or part file into a diagnostic.
func readDiag(l layer, rel string, err error) *diag.Diagnostic {
	name := l.display(rel)
	if errors.Is(err, errOutside) {
		return diag.Errorf(codes.PathOutsideRoot, diag.Range{Filename: name}, "%s leads outside the %s layer", rel, l.name).
			WithDetail("Layer files are read only from inside their layer directory; copy the text in instead of linking to it.")
	}
	if errors.Is(err, fsroot.ErrNotRegular) {
		return diag.Errorf(codes.NotARegularFile, diag.Range{Filename: name}, "%s is not a regular file", name).
			WithDetail("shea reads only regular files, never a named pipe (FIFO), a device or a socket.")
	}
	return diag.Errorf(codes.MissingTemplateFile, diag.Range{Filename: name}, "%s cannot be read: %v", name, err)
}
