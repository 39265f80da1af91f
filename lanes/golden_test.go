package lanes

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sheaproject/shea/internal/txtartest"
	"github.com/sheaproject/shea/render"
)

// TestComposeGolden composes the lanes of testdata/compose/*.txtar and
// compares the composed source, the rendered prompt, the explain view, the
// files used, the diagnostics and the readback lines with the archive's
// want/ files, byte for byte. Each archive holds the layers (core/,
// workspace/, project/), a request file ("key value" lines), contract/<id>.md
// texts and issue.json.
func TestComposeGolden(t *testing.T) {
	txtartest.Run(t, "testdata/compose", func(t *testing.T, tc *txtartest.Case) {
		ar := tc.Archive
		core := fstest.MapFS{}
		trees := map[string]map[string]string{LayerWorkspace: {}, LayerProject: {}}
		want := map[string]string{}
		var req Request
		var issue map[string]any
		for _, f := range ar.Files {
			layer, rel, _ := strings.Cut(f.Name, "/")
			switch {
			case layer == LayerCore:
				core[rel] = &fstest.MapFile{Data: f.Data}
			case layer == LayerWorkspace || layer == LayerProject:
				trees[layer][rel] = string(f.Data)
			case layer == "want":
				want[rel] = string(f.Data)
			case layer == "contract":
				id := strings.TrimSuffix(rel, ".md")
				req.Contracts = append(req.Contracts, Contract{ID: id, Lane: "review", Backend: "all",
					Source: "code:review/markers", Purpose: "verdict markers the runtime parses", Text: string(f.Data)})
			case f.Name == "request":
				for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
					k, v, _ := strings.Cut(l, " ")
					switch k {
					case "file":
						req.File = v
					case "role":
						req.Role = v
					case "task":
						req.Task = v
					case "format":
						req.Format = v
					default:
						t.Fatalf("request: unknown key %q", k)
					}
				}
			case f.Name == "issue.json":
				if err := json.Unmarshal(f.Data, &issue); err != nil {
					t.Fatal(err)
				}
			}
		}
		req.Contracts = append(req.Contracts, Envelopes()[2]) // listed, no text
		ls := Layers{Core: core, Workspace: writeTree(t, trees[LayerWorkspace]), Project: writeTree(t, trees[LayerProject])}
		short := func(file string) string {
			if rel, ok := strings.CutPrefix(file, "<core>/"); ok {
				return "core:" + rel
			}
			if id, ok := strings.CutPrefix(file, "<contract:"); ok {
				return "contract:" + strings.TrimSuffix(id, ">")
			}
			for _, l := range []struct{ name, dir string }{{LayerWorkspace, ls.Workspace}, {LayerProject, ls.Project}} {
				if rel, err := filepath.Rel(l.dir, file); err == nil && !strings.HasPrefix(rel, "..") {
					return l.name + ":" + filepath.ToSlash(rel)
				}
			}
			return file
		}

		c, diags := Compose(ls, req)
		checkSpans(t, c)
		got := map[string]string{"source.md": c.Source}
		var b strings.Builder
		for _, d := range diags {
			fmt.Fprintf(&b, "%s %s %s:%s-%s", d.Severity, d.Code, short(d.Subject.Filename), d.Subject.Start, d.Subject.End)
			for _, r := range d.Related {
				fmt.Fprintf(&b, " → %s:%s", short(r.Range.Filename), r.Range.Start)
			}
			b.WriteString("\n")
		}
		got["diags.txt"] = b.String()
		b.Reset()
		for _, s := range c.Sections {
			heading := s.Heading
			if heading == "" {
				heading = "(top)"
			}
			merge := string(s.Merge)
			if s.Protected {
				merge += " protected"
			}
			var steps []string
			for _, st := range s.Steps {
				steps = append(steps, fmt.Sprintf("%s %s:%d", st.Action, st.Layer, st.Line))
			}
			fmt.Fprintf(&b, "%s %s | %s | %s | %s:%d | %s\n", s.Part, s.PartName, heading, merge, short(s.Origin.File), s.Origin.Line, strings.Join(steps, ", "))
		}
		got["explain.txt"] = b.String()
		b.Reset()
		for _, f := range c.Files {
			fmt.Fprintf(&b, "%s %s %s %s\n", f.Part, f.Name, short(f.File), f.Action)
		}
		got["files.txt"] = b.String()
		b.Reset()
		for _, k := range c.Contracts {
			b.WriteString(k.Readback() + "\n")
		}
		got["readback.txt"] = b.String()

		tpl, cdiags := c.Compile(render.Options{}, sheaSchema(t))
		mustNoErrors(t, cdiags)
		out, err := tpl.Render(context.Background(), map[string]any{"issue": issue, "attempt": nil})
		if err != nil {
			t.Fatal(err)
		}
		got["rendered.md"] = out

		wantFiles := map[string]string{}
		for name, text := range got {
			wantFiles["want/"+name] = text
		}
		tc.Compare(t, wantFiles)
		if len(want) != len(got) {
			t.Errorf("the archive has %d want/ files, the test produces %d", len(want), len(got))
		}
	})
}
