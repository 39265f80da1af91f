package strict

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/txtartest"
)

// TestCheckFixtures runs the multi-file cases in testdata/check/*.txtar.
// Each archive holds:
//
//	template.liquid      the template to check
//	partials/NAME.liquid a partial an include or render tag names as NAME
//	schema.json          optional: the context schema (default: the
//	                     symphony lane context, issue and attempt)
//	options              optional, one per line: "compat"; "lane PROFILE";
//	                     "extend" (schema.json extends the lane context)
//	want                 the diagnostics, one per line as
//	                     "FILE LINE:COL@BYTE-LINE:COL@BYTE CODE: SUMMARY",
//	                     each followed by its detail indented four spaces
//
// The expected positions were counted by hand from the archive's files.
func TestCheckFixtures(t *testing.T) {
	txtartest.Run(t, filepath.Join("testdata", "check"), func(t *testing.T, c *txtartest.Case) {
		fx := fixture{partials: mapPartials{}}
		for _, f := range c.Archive.Files {
			switch {
			case f.Name == "template.liquid":
				fx.template = string(f.Data)
			case f.Name == "schema.json":
				fx.schema = f.Data
			case f.Name == "options":
				fx.options = strings.Fields(string(f.Data))
			case f.Name == "want": // compared by c.Compare
			case strings.HasPrefix(f.Name, "partials/") && strings.HasSuffix(f.Name, ".liquid"):
				name := strings.TrimSuffix(strings.TrimPrefix(f.Name, "partials/"), ".liquid")
				fx.partials[name] = string(f.Data)
			default:
				t.Fatalf("unexpected file %q in the archive", f.Name)
			}
		}
		opts := fx.checkOptions(t)
		_, diags := Check(fx.template, "template.liquid", diag.Pos{}, opts)
		c.Compare(t, map[string]string{"want": formatWant(diags)})
	})
}

type fixture struct {
	template string
	schema   []byte
	options  []string
	partials mapPartials
}

func (fx fixture) checkOptions(t *testing.T) Options {
	t.Helper()
	opts := Options{Partials: fx.partials}
	lane := "symphony"
	extend := false
	for i := 0; i < len(fx.options); i++ {
		switch fx.options[i] {
		case "compat":
			opts.Compat = true
		case "extend":
			extend = true
		case "lane":
			i++
			lane = fx.options[i]
		default:
			t.Fatalf("unknown option %q", fx.options[i])
		}
	}
	ctx, err := testLaneContext(lane)
	if err != nil {
		t.Fatal(err)
	}
	if fx.schema != nil {
		s, err := CompileSchema("schema.json", fx.schema, nil)
		if err != nil {
			t.Fatal(err)
		}
		if extend {
			ctx = ctx.Extend(s)
		} else {
			ctx = s
		}
	}
	opts.Context = ctx
	return opts
}

// formatWant prints diagnostics in the want format.
func formatWant(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		fmt.Fprintf(&b, "%s %s %s: %s\n", d.Subject.Filename, rs(d.Subject), d.Code, d.Summary)
		for _, line := range strings.Split(d.Detail, "\n") {
			if line != "" {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
	}
	return b.String()
}

// mapPartials serves partials from a map; a partial NAME has the file name
// partials/NAME.liquid.
type mapPartials map[string]string

func (m mapPartials) Partial(name string) (string, string, error) {
	src, ok := m[name]
	if !ok {
		return "", "", fmt.Errorf("partial %q: %w", name, fs.ErrNotExist)
	}
	return src, "partials/" + name + ".liquid", nil
}

func (m mapPartials) PartialNames() []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
