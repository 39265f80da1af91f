package workflows

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

// An untagged Go struct's field names match the schema's ignoring case and
// underscores, nested too; a key the schema declares exactly stays, is
// never overwritten, and decoded JSON is read as written. GoValues'
// TimePrecision reaches the issue and the extra inputs.
func TestGoIssueNames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: linear\ntemplate_context:\n  schema: {properties: {issue: {properties: {comments: {type: array, items: {type: object, additionalProperties: false, properties: {author_name: {type: string}}}}}}, opened: {type: string}}}\n---\n"+
		"{{ issue.identifier }}|{{ issue.title }}|{{ issue.branch_name }}|{{ issue.created_at }}|{% for c in issue.comments %}{{ c.author_name }}{% endfor %}|{{ opened }}\n")
	type comment struct{ AuthorName string }
	type issue struct {
		ID         string
		Identifier string
		Title      string `json:"title"`
		TITLE      string // folds onto title, which the struct holds already
		State      string
		BranchName string
		CreatedAt  time.Time
		Comments   []comment
	}
	at := time.Date(2026, 3, 30, 12, 0, 0, 250_000_000, time.UTC)
	in := LaneInput{Issue: &issue{"1", "A-1", "T", "shouted", "Todo", "a-1-fix", at, []comment{{"bo"}}}, Extra: map[string]any{"opened": at}}
	cases := []struct {
		opts Options
		want string
	}{
		{Options{}, "A-1|T|a-1-fix|2026-03-30T12:00:00.25Z|bo|2026-03-30T12:00:00.25Z"},
		{Options{GoValues: render.GoOptions{TimePrecision: time.Second}}, "A-1|T|a-1-fix|2026-03-30T12:00:00Z|bo|2026-03-30T12:00:00Z"},
	}
	for _, c := range cases {
		w, err := Gate(ctx, path, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		out, err := w.RenderLane(ctx, LaneAgent, in)
		if out != c.want || err != nil {
			t.Errorf("%+v: got %q, %v; want %q", c.opts.GoValues, out, err, c.want)
		}
	}
	// Decoded JSON keeps its keys: Identifier is no identifier there.
	w, _ := Gate(ctx, path, Options{})
	out, err := w.RenderLane(ctx, LaneAgent, LaneInput{Issue: map[string]any{"id": "1", "Identifier": "A-1", "title": "T", "state": "Todo"}, Extra: map[string]any{"opened": "x"}})
	if l := diag.AsList(err); out != "" || len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Summary, "missing properties: 'identifier'") {
		t.Errorf("JSON: got %q, %v; want identifier missing", out, err)
	}
}

// foldMatch matches one declared key ignoring case and underscores, and
// none when two declared keys fold alike.
func TestFoldMatch(t *testing.T) {
	for _, c := range []struct {
		k        string
		declared []string
		want     string
	}{
		{"CreatedAt", []string{"created_at", "id"}, "created_at"},
		{"ID", []string{"created_at", "id"}, "id"},
		{"HTMLURL", []string{"html_url"}, "html_url"},
		{"AB", []string{"a_b", "ab"}, ""},
		{"Créé", []string{"créé"}, "créé"},
		{"Title2", []string{"title"}, ""},
		{"_", []string{"__"}, "__"},
	} {
		if got := foldMatch(c.k, c.declared); got != c.want {
			t.Errorf("foldMatch(%q, %q) = %q; want %q", c.k, c.declared, got, c.want)
		}
	}
}
