package workflows

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/txtartest"
)

// TestCases runs the cases in testdata/cases/*.txtar. Each archive's
// comment holds options, one "key: value" a line:
//
//	workflow: path of the workflow to validate (default WORKFLOW.md)
//	profile:  forced profile
//	root:     repository root, relative to the archive's directory
//	symlink:  "link -> target" (created before validating)
//	env:      "NAME=value", an environment variable the workflow reads
//	strict_layers: "true" to make protected_section_override an error
//	readback: "full" to compare the whole readback
//
// Its files are written to a fresh directory, the test changes into it,
// and validates. The file "want" holds the expected diagnostics (text form,
// without quoted source) and "readback" the expected readback; both are
// rewritten from the actual output when SHEA_UPDATE=1. Unless the case says
// "readback: full" (one case per dialect does), the readback leaves out the
// lines every Shea workflow shares and no case is about: the code-owned
// runtime_envelope lines and the templates built into shea (path=<builtin>/…).
// A change to a built-in template then shows in the full cases alone.
func TestCases(t *testing.T) {
	txtartest.Run(t, "testdata/cases", runCase)
}

func runCase(t *testing.T, c *txtartest.Case) {
	ar := c.Archive
	opts := map[string]string{"workflow": "WORKFLOW.md"}
	env := map[string]string{"HOME": "/home/agent", "WS_ROOT": "/srv/ws"}
	var links []string
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if k == "symlink" {
			links = append(links, v)
			continue
		}
		if k == "env" {
			name, value, _ := strings.Cut(v, "=")
			env[name] = value
			continue
		}
		opts[k] = v
	}
	dir := t.TempDir()
	for i := range ar.Files {
		f := &ar.Files[i]
		if f.Name == "want" || f.Name == "readback" {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		data := f.Data
		switch {
		case strings.HasSuffix(p, ".crlf"): // CRLF line breaks
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
			p = strings.TrimSuffix(p, ".crlf")
		case strings.HasSuffix(p, ".cr"): // lone CR line breaks
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r"))
			p = strings.TrimSuffix(p, ".cr")
		case strings.HasSuffix(p, ".bom"): // a leading byte order mark
			data = append([]byte(bom), data...)
			p = strings.TrimSuffix(p, ".bom")
		case strings.HasSuffix(p, ".empty"): // an empty file
			data = nil
			p = strings.TrimSuffix(p, ".empty")
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range links {
		name, target, _ := strings.Cut(l, "->")
		name, target = strings.TrimSpace(name), strings.TrimSpace(target)
		p := filepath.Join(dir, filepath.FromSlash(name))
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	o := Options{Profile: opts["profile"], TempDir: "/tmp", StrictLayers: opts["strict_layers"] == "true", Getenv: func(k string) string {
		return env[k]
	}}
	if r, ok := opts["root"]; ok {
		o.Root = r
	}
	r, diags := Validate(context.Background(), opts["workflow"], o)
	var gotDiags bytes.Buffer
	diags.Sort()
	if err := diag.WriteText(&gotDiags, diags, diag.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	var gotReadback bytes.Buffer
	if err := r.WriteText(&gotReadback); err != nil {
		t.Fatal(err)
	}
	readback := normalizePaths(gotReadback.String(), dir)
	if opts["readback"] != "full" {
		readback = caseLines(readback)
	}
	c.Compare(t, map[string]string{"want": normalizePaths(gotDiags.String(), dir), "readback": readback})
}

// caseLines drops from a readback the lines shared by every Shea workflow.
func caseLines(readback string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(readback, "\n") {
		if strings.HasPrefix(line, "runtime_envelope=") || strings.Contains(line, " path=<builtin>/") {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// normalizePaths replaces the case's temporary directory with $DIR, and
// the sizes of package workpad's built-in templates (which that package
// owns and may reword) with "*".
func normalizePaths(s, dir string) string {
	if c, err := filepath.EvalSymlinks(dir); err == nil {
		s = strings.ReplaceAll(s, c, "$DIR")
	}
	s = strings.ReplaceAll(s, dir, "$DIR")
	builtin := regexp.MustCompile(`(path=<builtin>/(?:workpad|evidence)/\S+ bytes=)\d+`)
	return builtin.ReplaceAllString(s, "${1}*")
}
