package lanes

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/strict"
)

var (
	_ strict.PartialSource = (*Partials)(nil)
	_ strict.PartialLister = (*Partials)(nil)
)

// Partials resolves the partials of include and render tags through the
// layers, highest first: the first layer that has the partial supplies it,
// whole (partials are not merged). A name is tried as given when it has an
// extension, else with ".liquid", then ".md", then bare, in each layer
// before the next lower one. Names are relative to a layer's root and never
// lead outside it: ".." or a symbolic link out of the layer fails, and does
// not fall through to a lower layer.
//
// Partials implements strict.PartialSource and strict.PartialLister. It is
// safe for concurrent use.
type Partials struct {
	layers []layer // lowest first
	mu     sync.Mutex
	served map[string]string // file name → source, of every partial returned
}

func newPartials(layers []layer) *Partials {
	return &Partials{layers: layers, served: map[string]string{}}
}

// Partial returns the source and file name of the partial called name.
func (p *Partials) Partial(name string) (src, filename string, err error) {
	if !partials.Valid(name) {
		return "", "", fmt.Errorf("%q must be a relative name inside the prompt layers: %w", name, errOutside)
	}
	for i := len(p.layers) - 1; i >= 0; i-- {
		l := p.layers[i]
		for _, c := range partials.Candidates(name) {
			src, err := l.read(c)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			file := l.display(c)
			if err != nil {
				return "", "", fmt.Errorf("%s: %w", file, err)
			}
			p.mu.Lock()
			p.served[file] = src
			p.mu.Unlock()
			return src, file, nil
		}
	}
	return "", "", fmt.Errorf("partial %q is in no prompt layer: %w", name, fs.ErrNotExist)
}

// PartialNames lists the partials at the roots of all layers, for
// suggestions.
func (p *Partials) PartialNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range p.layers {
		var entries []fs.DirEntry
		if l.dir != "" {
			entries, _ = os.ReadDir(l.dir)
		} else {
			entries, _ = fs.ReadDir(l.fsys, ".")
		}
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			n := strings.TrimSuffix(strings.TrimSuffix(e.Name(), ".md"), ".liquid")
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// source returns a partial served so far, by file name.
func (p *Partials) source(file string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.served[file]
	return s, ok
}
