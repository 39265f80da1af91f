package lanes

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sheaproject/shea/diag"
)

// fsLayers makes layers from file maps, lowest first, named core,
// workspace, project and template; a nil map is an absent layer.
func fsLayers(files ...map[string]string) []layer {
	names := []string{LayerCore, LayerWorkspace, LayerProject, LayerTemplate}
	var out []layer
	for i, m := range files {
		if m == nil {
			continue
		}
		fsys := fstest.MapFS{}
		for name, text := range m {
			fsys[name] = &fstest.MapFile{Data: []byte(text)}
		}
		out = append(out, layer{name: names[i], fsys: fsys})
	}
	return out
}

// lane is the file map of one lane file.
func lane(text string) map[string]string { return map[string]string{"lane.md": text} }

// fmtDiags formats diagnostics one per line as
// "severity code file:line:col-line:col [→ related file:line:col]".
func fmtDiags(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		fmt.Fprintf(&b, "%s %s %s", d.Severity, d.Code, d.Subject)
		if !d.Subject.Start.IsZero() {
			fmt.Fprintf(&b, "-%s", d.Subject.End)
		}
		for _, r := range d.Related {
			fmt.Fprintf(&b, " → %s", r.Range)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func mustNoErrors(t *testing.T, l diag.List) {
	t.Helper()
	if l.HasErrors() {
		t.Fatalf("unexpected errors:\n%s", fmtDiags(l))
	}
}
