package workflows

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// TestLenientConfig: a port's own layout fails the Symphony spec's config
// checks; with LenientConfig (or shea.lenient_config) the departures are
// warnings and the workflow's templates are checked and rendered. Liquid
// in a front matter value shea does not know as a template is checked
// either way, as warnings.
func TestLenientConfig(t *testing.T) {
	const port = "---\ntracker:\n  type: linear\nplatforms:\n  linear: {}\nstates:\n  todo: \"{% for l in issue.labels %}{% endfor %}{{ l }}\"\n---\nWork on {{ issue.title }}.\n"
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, port)
	bySeverity := func(l diag.List) (errs, warns []string) {
		for _, d := range l {
			if d.Severity == diag.Error {
				errs = append(errs, string(d.Code))
			} else {
				warns = append(warns, string(d.Code))
			}
		}
		return
	}
	r, diags := Validate(context.Background(), path, Options{})
	if errs, _ := bySeverity(diags); r.Valid() || len(errs) != 1 || errs[0] != string(codes.ConfigInvalid) {
		t.Errorf("strict: status %s, errors %v", r.Status, errs)
	}
	r, diags = Validate(context.Background(), path, Options{LenientConfig: true})
	errs, warns := bySeverity(diags)
	if !r.Valid() || len(errs) != 0 {
		t.Errorf("lenient: status %s, errors %v", r.Status, errs)
	}
	want := map[string]bool{string(codes.ConfigInvalid): false, string(codes.UnknownVariable): false}
	for _, w := range warns {
		if _, ok := want[w]; ok {
			want[w] = true
		}
	}
	for code, seen := range want {
		if !seen {
			t.Errorf("lenient: no %s warning in %v", code, warns)
		}
	}
	// The workflow's own setting does the same.
	writeFile(t, path, "---\nshea:\n  lenient_config: true\n"+port[4:])
	if r, diags := Validate(context.Background(), path, Options{}); !r.Valid() {
		t.Errorf("shea.lenient_config: status %s, %v", r.Status, diags)
	}
}

// TestValidateConcurrently: Validate may be called concurrently on one
// workflow (the matrix is made once per schema; each smoke render reads
// the compiled program's paths without changing it). Run with -race.
func TestValidateConcurrently(t *testing.T) {
	w, diags := Load(filepath.Join("..", "testdata", "example", ".shea", "workflows", "shea-symphony.md"), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	done := make(chan string, 4)
	for range 4 {
		go func() {
			r, _ := w.Validate(context.Background())
			done <- r.Status
		}()
	}
	for range 4 {
		if s := <-done; s != StatusValid {
			t.Errorf("status %s", s)
		}
	}
}
