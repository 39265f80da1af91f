package lanes

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// writeTree writes files (slash-separated names) under a new temporary
// directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func sheaSchema(t *testing.T) *strict.Schema {
	t.Helper()
	s, err := profile.LaneContext("shea")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkSpans verifies that the spans cover the source in order and that
// every verbatim span is the text of its file at its position.
func checkSpans(t *testing.T, c *Composed) {
	t.Helper()
	src := c.SourceFunc()
	next := 0
	for _, sp := range c.Map.Spans() {
		if sp.Start != next || sp.End <= sp.Start {
			t.Fatalf("span %+v does not follow byte %d", sp, next)
		}
		next = sp.End
		if sp.Generated {
			continue
		}
		file := src(sp.File)
		if file == nil {
			t.Fatalf("span %+v: no source for %s", sp, sp.File)
		}
		if sp.Pos.Byte+sp.End-sp.Start > len(file) || string(file[sp.Pos.Byte:sp.Pos.Byte+sp.End-sp.Start]) != c.Source[sp.Start:sp.End] {
			t.Fatalf("span %+v: text differs from %s", sp, sp.File)
		}
		if want := diag.StartPos.Advance(string(file[:sp.Pos.Byte])); want.Line != sp.Pos.Line || want.Column != sp.Pos.Column {
			t.Fatalf("span %+v: position %v, want %v", sp, sp.Pos, want)
		}
	}
	if next != len(c.Source) {
		t.Fatalf("spans end at %d, source at %d", next, len(c.Source))
	}
}

// diagLayers is a three-layer setup: core in memory, workspace and project
// on disk, with a partial in the workspace.
func diagLayers(t *testing.T, coreLane, wsLane, projLane string, extra map[string]string) Layers {
	t.Helper()
	core := fstest.MapFS{"lane.md": {Data: []byte(coreLane)}, "foot.md": {Data: []byte("core foot {{ issue.identifier }}\n")}}
	ws := map[string]string{"partial.md": "line one\n{{ issue.nope }}\n"}
	if wsLane != "" {
		ws["lane.md"] = wsLane
	}
	proj := map[string]string{}
	if projLane != "" {
		proj["lane.md"] = projLane
	}
	for k, v := range extra {
		proj[k] = v
	}
	return Layers{Core: core, Workspace: writeTree(t, ws), Project: writeTree(t, proj)}
}

func TestDiagnosticsPointAtLayerFiles(t *testing.T) {
	const coreLane = "# Lane\n\n## Issue\n{{ issue.title }}\n\n## Rules\n<!-- protected -->\nbe good\n"
	tests := []struct {
		name     string
		ws, proj string
		extra    map[string]string
		// want is "file:line:col code" with file relative to its layer
		// (core:, ws:, proj:), then "→ related" for each related range.
		want string
	}{
		{
			name: "an unknown property in a project override is reported at the project file's line",
			proj: "<!-- append -->\n\n## Override: Issue\nAlso see {{ issue.titel }}.\n",
			want: "proj:lane.md:4:13 unknown_property → core:lane.md:3:1",
		},
		{
			name: "in a replacing override",
			proj: "<!-- append -->\n## Override: issue\n<!-- replace -->\nx\n  {{ isue }}\n",
			want: "proj:lane.md:5:6 unknown_variable → core:lane.md:3:1",
		},
		{
			name: "in the core text under a workspace append",
			ws:   "<!-- append -->\n## Override: Rules\nmore\n",
			proj: "",
			want: "", // no error: the core text is fine
		},
		{
			name: "in a section a plain workspace file replaced",
			ws:   "# WS\n\n## Issue\n{{ issue.title | nosuchfilter }}\n",
			want: "ws:lane.md:4:18 unknown_filter → core:lane.md:3:1",
		},
		{
			name: "in a section new in the workspace file",
			ws:   "## Fresh\n\n{{ attempts }}\n",
			want: "ws:lane.md:3:4 unknown_variable",
		},
		{
			name: "in an added section's heading, which the composer rebuilt",
			proj: "<!-- append -->\n## Override: New {{ issue.x }}\ntext\n",
			want: "proj:lane.md:2:21 unknown_property",
		},
		{
			name: "a missing partial is reported at the tag in the layer file",
			proj: "<!-- append -->\n## Override: Rules\n{% render 'nope' %}\n",
			want: "proj:lane.md:3:11 missing_partial → core:lane.md:6:1",
		},
		{
			name: "an error inside a partial is reported in the partial's layer file",
			proj: "<!-- append -->\n## Override: Rules\n{% include 'partial' %}\n",
			want: "ws:partial.md:2:4 unknown_property",
		},
		{
			name:  "a partial cycle is reported in the partial that closes it",
			proj:  "<!-- append -->\n## Override: Rules\n{% include 'a' %}\n",
			extra: map[string]string{"a.md": "A {% include 'b' %}\n", "b.md": "B\n{% include 'a' %}\n"},
			want:  "proj:b.md:2:12 partial_cycle",
		},
		{
			name: "an unclosed block at the end maps to the end of the last file",
			proj: "<!-- append -->\n## Override: Rules\n{% if attempt %}x\n",
			want: "proj:lane.md:3:4 unclosed_block → core:lane.md:6:1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ls := diagLayers(t, coreLane, tt.ws, tt.proj, tt.extra)
			c, diags := Compose(ls, Request{File: "lane.md"})
			mustNoErrors(t, diags)
			checkSpans(t, c)
			_, diags = c.Compile(render.Options{}, sheaSchema(t))
			short := func(file string) string {
				switch {
				case strings.HasPrefix(file, "<core>/"):
					return "core:" + strings.TrimPrefix(file, "<core>/")
				case strings.HasPrefix(file, ls.Workspace):
					return "ws:" + filepath.ToSlash(strings.TrimPrefix(file, ls.Workspace+string(filepath.Separator)))
				case strings.HasPrefix(file, ls.Project):
					return "proj:" + filepath.ToSlash(strings.TrimPrefix(file, ls.Project+string(filepath.Separator)))
				}
				return file
			}
			var got []string
			for _, d := range diags {
				s := short(d.Subject.Filename) + ":" + d.Subject.Start.String() + " " + string(d.Code)
				for _, r := range d.Related {
					s += " → " + short(r.Range.Filename) + ":" + r.Range.Start.String()
				}
				got = append(got, s)
			}
			if g := strings.Join(got, "\n"); g != tt.want {
				t.Errorf("got  %s\nwant %s\n%s", g, tt.want, fmtDiags(diags))
			}
		})
	}
}

func TestRenderErrorsPointAtLayerFiles(t *testing.T) {
	ls := diagLayers(t, "## Issue\n{{ issue.title }}\n", "",
		"<!-- append -->\n## Override: Issue\nShare: {{ 10 | divided_by: issue.project_fields.n }}\n", nil)
	c, diags := Compose(ls, Request{File: "lane.md"})
	mustNoErrors(t, diags)
	tpl, diags := c.Compile(render.Options{}, sheaSchema(t))
	mustNoErrors(t, diags)
	// project_fields is a free-form object: its key n is not declared,
	// and this issue lacks it, so it reads as nil, which divided_by takes
	// for 0.
	vars := map[string]any{"issue": map[string]any{"tracker_kind": "memory", "id": "1", "identifier": "#1", "title": "T", "state": "Todo", "project_fields": map[string]any{}}}
	out, err := tpl.Render(context.Background(), vars)
	if out != "" || err == nil {
		t.Fatalf("got %q, %v; want an error and no output", out, err)
	}
	e, ok := render.AsError(err)
	if !ok || len(e.Diagnostics) != 1 {
		t.Fatalf("error %#v", err)
	}
	d := e.Diagnostics[0]
	want := filepath.Join(ls.Project, "lane.md") + ":3:16"
	if d.Subject.String() != want || len(d.Related) != 1 || d.Related[0].Range.String() != "<core>/lane.md:1:1" {
		t.Errorf("got %s %v, want %s related <core>/lane.md:1:1", d.Subject, d.Related, want)
	}
	vars["issue"].(map[string]any)["project_fields"] = map[string]any{"n": int64(5)}
	out, err = tpl.Render(context.Background(), vars)
	if want := "## Issue\nT\n\nShare: 2\n"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}

func TestSourceMapRange(t *testing.T) {
	c, diags := compose(fsLayers(lane("## A\naaa\n"), lane("<!-- append -->\n## Override: A\nbbb\n")), Request{File: "lane.md", Name: "composed.md"})
	mustNoErrors(t, diags)
	// Source: "## A\naaa\n\nbbb\n": bytes 0-8 core, 9 generated, 10-13 workspace.
	if c.Source != "## A\naaa\n\nbbb\n" {
		t.Fatalf("source %q", c.Source)
	}
	at := func(b int) diag.Pos { return diag.StartPos.Advance(c.Source[:b]) }
	tests := []struct {
		from, to int
		want     string
	}{
		{5, 8, "<core>/lane.md 2:1-2:4"},
		{5, 12, "<core>/lane.md 2:1-3:1"},       // spans two files: the end is clamped to the end of core's text
		{9, 10, "<workspace>/lane.md 3:1-3:1"},  // the generated blank line is anchored at the appended text it precedes
		{11, 13, "<workspace>/lane.md 3:2-3:4"}, // inside the appended text
		{14, 14, "<workspace>/lane.md 4:1-4:1"}, // the end of the source
	}
	for _, tt := range tests {
		r := c.Map.Range(diag.Range{Filename: "composed.md", Start: at(tt.from), End: at(tt.to)})
		if got := r.Filename + " " + r.Start.String() + "-" + r.End.String(); got != tt.want {
			t.Errorf("[%d,%d): got %s, want %s", tt.from, tt.to, got, tt.want)
		}
	}
	other := diag.Range{Filename: "other.md", Start: diag.StartPos, End: diag.StartPos}
	if got := c.Map.Range(other); got != other {
		t.Errorf("a range of another file changed: %v", got)
	}
	if got := c.Map.Range(diag.Range{Filename: "composed.md"}); got.Filename != "<workspace>/lane.md" || !got.Start.IsZero() {
		t.Errorf("a range without a position: got %v, want the highest lane file", got)
	}
}

func symphonySchema(t *testing.T) *strict.Schema {
	t.Helper()
	s, err := profile.LaneContext("symphony")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
