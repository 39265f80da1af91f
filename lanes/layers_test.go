package lanes

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sheaproject/shea/render"
)

func TestLayerPrecedence(t *testing.T) {
	core := fstest.MapFS{
		"lane.md":        {Data: []byte("core lane\n")},
		"roles/r.md":     {Data: []byte("core role\n")},
		"tasks/t.md":     {Data: []byte("core task\n")},
		"formats/f.md":   {Data: []byte("core format\n")},
		"p.md":           {Data: []byte("core p")},
		"q.md":           {Data: []byte("core q")},
		"only-core.md":   {Data: []byte("core only")},
		"nested/deep.md": {Data: []byte("core deep")},
	}
	ws := writeTree(t, map[string]string{"lane.md": "ws lane\n", "roles/r.md": "ws role\n", "p.md": "ws p", "q.liquid": "ws q"})
	proj := writeTree(t, map[string]string{"tasks/t.md": "proj task\n", "p.md": "proj p"})
	tmpl := writeTree(t, map[string]string{"formats/f.md": "tmpl format\n", "lane.md": "<!-- append -->\n## Override: Extra\n{% render 'p' %} {% render 'q' %} {% render 'only-core' %} {% render 'nested/deep' %}\n"})

	c, diags := Compose(Layers{Core: core, Workspace: ws, Project: proj, Template: tmpl}, Request{File: "lane.md", Role: "r", Task: "t", Format: "f"})
	mustNoErrors(t, diags)
	want := "ws role\n\nproj task\n\ntmpl format\n\nws lane\n\n## Extra\n{% render 'p' %} {% render 'q' %} {% render 'only-core' %} {% render 'nested/deep' %}\n"
	if c.Source != want {
		t.Errorf("source:\n got %q\nwant %q", c.Source, want)
	}
	tpl, diags := c.Compile(render.Options{}, sheaSchema(t))
	mustNoErrors(t, diags)
	out, err := tpl.Render(context.Background(), sheaSchema(t).Sample())
	// q.liquid in the workspace is found before q.md in core: a higher
	// layer wins whatever the extension.
	if wantOut := "ws role\n\nproj task\n\ntmpl format\n\nws lane\n\n## Extra\nproj p ws q core only core deep\n"; err != nil || out != wantOut {
		t.Errorf("render: got %q, %v\nwant %q", out, err, wantOut)
	}
	var files []string
	for _, f := range c.Files {
		files = append(files, string(f.Part)+" "+f.Layer+" "+string(f.Action))
	}
	if got, want := strings.Join(files, ", "), "role core base, role workspace replace, task core base, task project replace, format core base, format template replace, lane core base, lane workspace replace, lane template append"; got != want {
		t.Errorf("files:\n got %s\nwant %s", got, want)
	}
}

func TestConfinement(t *testing.T) {
	outside := writeTree(t, map[string]string{"secret.md": "secret {{ issue.title }}\n", "roles/evil.md": "evil\n"})
	proj := writeTree(t, map[string]string{"lane.md": "## A\n{% render 'link' %}\n"})
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(proj, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(proj, "linked-lane.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "roles"), filepath.Join(proj, "roles")); err != nil {
		t.Fatal(err)
	}
	core := fstest.MapFS{"link.md": {Data: []byte("core link")}}
	ls := Layers{Core: core, Project: proj}

	t.Run("partials", func(t *testing.T) {
		c, diags := Compose(ls, Request{File: "lane.md"})
		mustNoErrors(t, diags)
		p := c.Partials
		for _, name := range []string{"link", "../" + filepath.Base(outside) + "/secret", "/etc/passwd", `..\secret`} {
			src, file, err := p.Partial(name)
			if err == nil {
				t.Errorf("%q: read %s (%q) outside the layer", name, file, src)
			} else if errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%q: %v; want a confinement error, not a missing partial (a lower layer must not be tried)", name, err)
			}
		}
		_, diags = c.Compile(render.Options{}, sheaSchema(t))
		got := fmtDiags(diags)
		want := "error missing_partial " + filepath.Join(proj, "lane.md") + ":2:11-2:17\n"
		if got != want || !strings.Contains(diags[0].Summary, "leads outside the layer") {
			t.Errorf("got %s(%v)\nwant %s", got, diags, want)
		}
	})
	t.Run("lane file", func(t *testing.T) {
		_, diags := Compose(ls, Request{File: "linked-lane.md"})
		if got, want := fmtDiags(diags), "error path_outside_root "+filepath.Join(proj, "linked-lane.md")+"\n"; got != want {
			t.Errorf("got %s\nwant %s", got, want)
		}
	})
	t.Run("part through a linked directory", func(t *testing.T) {
		_, diags := Compose(ls, Request{File: "lane.md", Role: "evil"})
		if got, want := fmtDiags(diags), "error path_outside_root "+filepath.Join(proj, "roles", "evil.md")+"\n"; got != want {
			t.Errorf("got %s\nwant %s", got, want)
		}
	})
	t.Run("names", func(t *testing.T) {
		for _, req := range []Request{{File: "../lane.md"}, {File: "lane.md", Task: "../../x"}, {File: "/abs.md"}} {
			_, diags := Compose(ls, req)
			if len(diags) != 1 || diags[0].Code != "config_invalid" {
				t.Errorf("%+v: got %s, want one config_invalid", req, fmtDiags(diags))
			}
		}
	})
}

func TestMissingFiles(t *testing.T) {
	core := fstest.MapFS{"lane.md": {Data: []byte("x\n")}, "footer.md": {Data: []byte("f")}}
	proj := writeTree(t, map[string]string{"lane.md": "{% render 'foter' %}\n"})
	t.Run("lane", func(t *testing.T) {
		_, diags := Compose(Layers{Core: core, Project: proj}, Request{File: "nope.md", Lane: "main_agent"})
		want := "error missing_template_file " + filepath.Join(proj, "nope.md") + "\n"
		if got := fmtDiags(diags); got != want || diags[0].Detail != "Looked for:\n<core>/nope.md\n"+filepath.Join(proj, "nope.md") ||
			diags[0].Summary != "lane prompt nope.md (main_agent) is in none of the prompt layers" {
			t.Errorf("got %s%q\nwant %s", got, diags[0].Detail, want)
		}
	})
	t.Run("part", func(t *testing.T) {
		_, diags := Compose(Layers{Core: core, Project: proj}, Request{File: "lane.md", Format: "json"})
		if len(diags) != 1 || diags[0].Summary != `format "json" (formats/json.md) is in none of the prompt layers` {
			t.Errorf("got %s %v", fmtDiags(diags), diags)
		}
	})
	t.Run("layer directory", func(t *testing.T) {
		missing := filepath.Join(proj, "no-such-dir")
		_, diags := Compose(Layers{Core: core, Workspace: missing}, Request{File: "lane.md"})
		if got, want := fmtDiags(diags), "error missing_template_file "+missing+"\n"; got != want {
			t.Errorf("got %s\nwant %s", got, want)
		}
	})
	t.Run("partial", func(t *testing.T) {
		c, diags := Compose(Layers{Core: core, Project: proj}, Request{File: "lane.md"})
		mustNoErrors(t, diags)
		_, diags = c.Compile(render.Options{}, sheaSchema(t))
		// The project file replaces core's text, so the diagnostic also
		// points at what it replaced.
		want := "error missing_partial " + filepath.Join(proj, "lane.md") + ":1:11-1:18 → <core>/lane.md:1:1\n"
		if got := fmtDiags(diags); got != want || diags[0].Detail != `Did you mean "footer"?` {
			t.Errorf("got %s%q\nwant %s", got, diags[0].Detail, want)
		}
	})
}

func TestBuiltInCore(t *testing.T) {
	for _, lane := range []string{"main_agent", "review_agent", "merge_agent"} {
		file := strings.ReplaceAll(lane, "_", "-") + ".md"
		c, diags := Compose(Layers{}, Request{File: file, Lane: lane, Contracts: ContractsFor(lane)})
		mustNoErrors(t, diags)
		for _, profile := range []string{"shea", "symphony"} {
			schema := sheaSchema(t)
			if profile == "symphony" {
				schema = symphonySchema(t)
			}
			tpl, diags := c.Compile(render.Options{}, schema)
			mustNoErrors(t, diags)
			if _, err := tpl.Render(context.Background(), schema.Sample()); err != nil {
				t.Errorf("%s (%s): %v", file, profile, err)
			}
		}
		protected := 0
		for _, s := range c.Sections {
			if s.Protected {
				protected++
				if s.Heading != "Lane boundaries" {
					t.Errorf("%s: protected section %q", file, s.Heading)
				}
			}
		}
		if protected != 1 {
			t.Errorf("%s: %d protected sections, want 1", file, protected)
		}
	}
	for _, part := range []Request{{Role: "implementer"}, {Role: "reviewer"}, {Task: "bugfix"}, {Format: "handoff"}} {
		part.File = "main-agent.md"
		if _, diags := Compose(Layers{}, part); len(diags) != 0 {
			t.Errorf("%+v: %s", part, fmtDiags(diags))
		}
	}
}

func TestSameDirectoryTwiceIsOneLayer(t *testing.T) {
	dir := writeTree(t, map[string]string{"lane.md": "<!-- append -->\n## Override: A\nonce\n"})
	c, diags := Compose(Layers{Core: fstest.MapFS{"lane.md": {Data: []byte("## A\na\n")}}, Workspace: dir, Project: dir + "/"}, Request{File: "lane.md"})
	mustNoErrors(t, diags)
	if want := "## A\na\n\nonce\n"; c.Source != want || len(c.Files) != 2 || c.Files[1].Layer != LayerWorkspace {
		t.Errorf("got %q %+v, want %q from core and workspace", c.Source, c.Files, want)
	}
}

// TestConcurrentRender renders one compiled lane from many goroutines, with
// partials named only at render time (compat mode), so that the layered
// partial source is used concurrently; run it with -race.
func TestConcurrentRender(t *testing.T) {
	proj := writeTree(t, map[string]string{
		"lane.md": "{% for i in (1..3) %}{% assign n = 'p' | append: i %}{% include n %}{% endfor %}\n",
		"p1.md":   "one ", "p2.md": "two ", "p3.md": "three ",
	})
	c, diags := Compose(Layers{Core: fstest.MapFS{}, Project: proj}, Request{File: "lane.md"})
	mustNoErrors(t, diags)
	tpl, diags := c.Compile(render.Options{Compat: true}, nil)
	mustNoErrors(t, diags)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			out, err := tpl.Render(context.Background(), nil)
			if err == nil && out != "one two three \n" {
				err = errors.New("got " + out)
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if c.SourceFunc()(filepath.Join(proj, "p2.md")) == nil {
		t.Error("a served partial is not available for quoting")
	}
}
