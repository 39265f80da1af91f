package workflows

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/shared"
)

// The gate's promise: every lane of a workflow validate calls valid renders
// for every issue valid against the profile's issue schema (with what the
// workflow declares), and every attempt. Random schema-valid issues and
// attempts are rendered on every lane of the validated workflows of the
// repository's testdata, of the package's cases and of ../shared/workflows
// (those that read more inputs with them declared); only a limit may stop
// a render.
func TestValidatedWorkflowsRenderEveryValidIssue(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 20
	}
	paths := []string{"../testdata/symphony/WORKFLOW.md", "../testdata/example/.shea/workflows/shea-symphony.md", "../testdata/composed/.shea/workflows/shea.md"}
	if dir, ok := shared.Find(t, "workflows"); ok {
		files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
		for _, f := range files {
			if filepath.Base(f) != "README.md" {
				paths = append(paths, f)
			}
		}
	}
	cases, _ := filepath.Glob("testdata/cases/*.txtar")
	for _, c := range cases {
		if p := materialize(t, c); p != "" {
			paths = append(paths, p)
		}
	}
	validated := 0
	for _, path := range paths {
		opts := Options{TempDir: "/tmp", Getenv: func(string) string { return "" }}
		if d, ok := realDeclared[filepath.Base(path)]; ok {
			opts.ContextSchema, opts.ContextSchemaName = []byte(d), "declared.json"
		}
		w, _ := Load(path, opts)
		if r, _ := w.Validate(context.Background()); !r.Valid() {
			continue
		}
		validated++
		var doc map[string]any
		if err := json.Unmarshal(w.inputs.Document(), &doc); err != nil {
			t.Fatal(err)
		}
		props, _ := doc["properties"].(map[string]any)
		g := &issueGen{root: doc, r: rand.New(rand.NewPCG(uint64(len(path)), 12))}
		for i := 0; i < n; i++ {
			issue, _ := g.value(props["issue"], 0).(map[string]any)
			in := LaneInput{Issue: issue, Extra: map[string]any{}}
			if a := g.r.IntN(3); a > 0 {
				attempt := 1 + g.r.IntN(5)*a
				in.Attempt = &attempt
			}
			for name, p := range props {
				if name != "issue" && name != "attempt" {
					in.Extra[name] = g.value(p, 0)
				}
			}
			vars := map[string]any{"issue": issue}
			for k, v := range in.Extra {
				vars[k] = v
			}
			if probs := w.laneSchema.Validate(vars); len(probs) > 0 {
				continue // the generator made something the schema rules out
			}
			for _, lane := range Lanes(w.Profile) {
				_, err := w.RenderLane(context.Background(), lane, in)
				if err == nil || limited(err) {
					continue
				}
				b, _ := json.Marshal(vars)
				t.Fatalf("%s: lane %s fails for a schema-valid issue (attempt %v): %v\ninput: %s", path, lane, in.Attempt, err, b)
			}
		}
	}
	t.Logf("%d validated workflows", validated)
	if validated < 10 {
		t.Errorf("only %d validated workflows to render", validated)
	}
}

// limited reports whether a render stopped at a limit.
func limited(err error) bool {
	l := diag.AsList(err)
	if len(l) == 0 {
		return false
	}
	for _, d := range l {
		switch d.Code {
		case codes.DeadlineExceeded, codes.OutputLimit, codes.LoopLimit, codes.DepthLimit:
		default:
			return false
		}
	}
	return true
}

// materialize writes a case's files to a directory and returns the path of
// its workflow, or "" when the case sets options this test does not read.
func materialize(t *testing.T, file string) string {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	workflow := "WORKFLOW.md"
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		k, v, ok := strings.Cut(line, ":")
		switch k = strings.TrimSpace(k); {
		case !ok:
		case k == "workflow":
			workflow = strings.TrimSpace(v)
		case k == "profile", k == "symlink", k == "env", k == "strict_layers":
			return ""
		}
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if f.Name == "want" || f.Name == "readback" {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, filepath.FromSlash(workflow))
}

// issueGen makes random values for JSON Schema nodes (decoded JSON): the
// types, properties, items, enums, minimums and minimum lengths real issue
// schemas use, with nulls, empty and odd strings, empty and longer arrays
// and optional properties left out.
type issueGen struct {
	root map[string]any
	r    *rand.Rand
}

var oddStrings = []string{"", "x", "Ünïcødé ✓", "{{ not.liquid }}", "line\nbreak", "2026-06-06T00:00:00Z", strings.Repeat("long ", 40), "0", "-1", " "}

func (g *issueGen) value(n any, depth int) any {
	node, _ := n.(map[string]any)
	if node == nil || depth > 6 {
		return nil
	}
	if ref, ok := node["$ref"].(string); ok && strings.HasPrefix(ref, "#/") {
		var cur any = g.root
		for _, tok := range strings.Split(ref[2:], "/") {
			m, _ := cur.(map[string]any)
			cur = m[tok]
		}
		return g.value(cur, depth+1)
	}
	if enum, ok := node["enum"].([]any); ok && len(enum) > 0 {
		return enum[g.r.IntN(len(enum))]
	}
	var types []string
	switch t := node["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			types = append(types, x.(string))
		}
	}
	if len(types) == 0 {
		if _, ok := node["properties"]; ok {
			types = []string{"object"}
		} else {
			types = []string{"string"}
		}
	}
	switch types[g.r.IntN(len(types))] {
	case "null":
		return nil
	case "object":
		out := map[string]any{}
		props, _ := node["properties"].(map[string]any)
		required := map[string]bool{}
		if req, ok := node["required"].([]any); ok {
			for _, r := range req {
				required[r.(string)] = true
			}
		}
		for k, p := range props {
			if required[k] || g.r.IntN(2) == 0 {
				out[k] = g.value(p, depth+1)
			}
		}
		if len(props) == 0 && g.r.IntN(2) == 0 {
			out["k"] = oddStrings[g.r.IntN(len(oddStrings))]
		}
		return out
	case "array":
		out := []any{}
		for i := g.r.IntN(4); i > 0; i-- {
			out = append(out, g.value(node["items"], depth+1))
		}
		return out
	case "integer":
		low := int64(-3)
		if m, ok := node["minimum"].(float64); ok {
			low = int64(m)
		}
		return low + int64(g.r.IntN(100))
	case "number":
		return float64(g.r.IntN(1000)) / 7
	case "boolean":
		return g.r.IntN(2) == 0
	}
	s := oddStrings[g.r.IntN(len(oddStrings))]
	if m, ok := node["minLength"].(float64); ok && len([]rune(s)) < int(m) {
		s = strings.Repeat("y", int(m))
	}
	return s
}
