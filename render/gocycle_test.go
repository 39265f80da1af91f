package render

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/testclock"
)

// epic is a runner's issue model in which children point back to their
// parent.
type epic struct {
	Title    string  `json:"title"`
	Children []*epic `json:"children"`
	Parent   *epic   `json:"parent,omitempty"`
	Labels   []string
}

// epicOf returns an epic whose two children point back to it.
func epicOf() *epic {
	e := &epic{Title: "epic"}
	e.Children = []*epic{{Title: "a", Parent: e}, {Title: "b", Parent: e}}
	return e
}

// fromGoWithin runs FromGo on v, failing the test if it does not return
// within a minute (a runaway, which is what it was: the walk for nil
// slices followed both children down every path, 2^333 of them, before
// encoding/json's cycle check at 1,000 pointers deep could run).
func fromGoWithin(t *testing.T, v any) (any, error) {
	t.Helper()
	type result struct {
		out any
		err error
	}
	done := make(chan result, 1)
	start := now()
	go func() {
		out, err := FromGo(v)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		testclock.Within(t, "FromGo (CPU time)", now()-start, testclock.Budget(time.Second))
		return r.out, r.err
	case <-time.After(time.Minute):
		t.Fatal("FromGo did not return within a minute")
	}
	return nil, nil
}

// TestFromGoCycles: a value that contains itself, through Go pointers,
// slices or maps or through lists and maps of the value model, is a
// *GoValueError at once, however often the cycle branches.
func TestFromGoCycles(t *testing.T) {
	twice := make([]any, 2)
	twice[0], twice[1] = twice, twice
	m := map[string]any{}
	m["a"] = m
	inList := map[string]any{}
	inList["b"] = []any{inList, inList}
	om := NewMap()
	om.Set("self", om)
	type node struct{ Next map[string]*node }
	n := &node{Next: map[string]*node{}}
	n.Next["a"], n.Next["b"] = n, n
	for _, tt := range []struct {
		name string
		in   any
		ptr  string
	}{
		{"epic", map[string]any{"issue": epicOf()}, "/issue"},
		// A model value's pointer is where the cycle closes.
		{"list twice in itself", twice, "/0"},
		{"map", m, "/a"},
		{"map in a list in itself", inList, "/b/0"},
		{"ordered map", om, "/self"},
		{"Go map of pointers", n, ""},
		{"model list holding a Go pointer", []any{1, epicOf()}, "/1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fromGoWithin(t, tt.in)
			var ge *GoValueError
			if !errors.As(err, &ge) || ge.Pointer != tt.ptr || !strings.Contains(err.Error(), "holds a cycle") {
				t.Fatalf("err = %v, want a cycle at %q", err, tt.ptr)
			}
		})
	}
}

// TestFromGoShared: a value met twice but not inside itself is no cycle:
// a back-pointer encoding/json leaves out (json:"-"), a part shared by
// two fields, a list in two places. Each converts as JSON writes it, nil
// slices empty in each place.
func TestFromGoShared(t *testing.T) {
	type child struct {
		Name   string   `json:"name"`
		Tags   []string `json:"tags"`
		Parent any      `json:"-"`
	}
	type parent struct {
		Kids  []*child `json:"kids"`
		First *child   `json:"first"`
	}
	p := &parent{}
	a := &child{Name: "a", Parent: p}
	p.Kids, p.First = []*child{a, a}, a
	out, err := fromGoWithin(t, p)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := toString(out), `{"kids"=>[{"name"=>"a", "tags"=>[]}, {"name"=>"a", "tags"=>[]}], "first"=>{"name"=>"a", "tags"=>[]}}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if a.Tags != nil {
		t.Error("the caller's value was modified")
	}
	shared := []any{"x", map[string]any{"k": 1}}
	out, err = fromGoWithin(t, map[string]any{"a": shared, "b": shared})
	if err != nil || toString(out) != `{"a"=>["x", {"k"=>1}], "b"=>["x", {"k"=>1}]}` {
		t.Errorf("got %s, %v", toString(out), err)
	}
}

// A render of a cyclic Go value is context_invalid at once, within its
// deadline (it ran until killed, whatever the deadline).
func TestRenderCyclicGoValue(t *testing.T) {
	tpl, diags := New(Options{}).Compile("{{ issue.title }}", "p.md", diag.Pos{}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := tpl.Render(ctx, map[string]any{"issue": epicOf(), "attempt": nil})
		done <- err
	}()
	select {
	case err := <-done:
		if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Summary, "cycle") {
			t.Errorf("got %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the render did not return within a minute")
	}
}
