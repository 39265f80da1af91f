package workpad

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/render"
)

func TestContextSchemaDeclaresExactlyTheValues(t *testing.T) {
	for _, s := range Specs() {
		schema, err := ContextSchema(s.ID)
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
		if got := schema.Names(); !slices.Equal(got, s.Values) {
			t.Errorf("%s: schema names %q, want %q", s.ID, got, s.Values)
		}
		for _, v := range s.Values {
			if !schema.Required(v) {
				t.Errorf("%s: %s is not required", s.ID, v)
			}
		}
		if schema.Has("attempt") || schema.Has("issue") {
			t.Errorf("%s: schema declares lane inputs", s.ID)
		}
	}
}

func TestContextSchemaValidatesStrings(t *testing.T) {
	schema, err := ContextSchema("forge_rework_blocked")
	if err != nil {
		t.Fatal(err)
	}
	ctx := map[string]any{"issue_ref": "SHEA-1", "issue_title": "t", "generated_at": "now", "pr": 42}
	probs := schema.Validate(ctx)
	var ptrs []string
	for _, p := range probs {
		ptrs = append(ptrs, p.Pointer)
	}
	slices.Sort(ptrs)
	if want := []string{"/pr", "/reason"}; !slices.Equal(ptrs, want) {
		t.Errorf("problems at %q, want %q (a number for pr, a missing reason): %+v", ptrs, want, probs)
	}
}

func TestSchemaDocument(t *testing.T) {
	doc, err := SchemaDocument("main_handoff_failure")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(doc, &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, doc)
	}
	want := map[string]any{
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id":     "https://shea.dev/schemas/workpad/main_handoff_failure.json",
		"title":   "Values of the main_handoff_failure workpad template",
		"type":    "object",
		"properties": map[string]any{
			"issue_ref":   map[string]any{"type": "string"},
			"issue_title": map[string]any{"type": "string"},
			"error":       map[string]any{"type": "string"},
		},
		"required":             []any{"issue_ref", "issue_title", "error"},
		"additionalProperties": false,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("schema document (-want +got):\n%s", d)
	}
}

func TestUnknownID(t *testing.T) {
	if _, err := ContextSchema("main_handof"); err == nil || !strings.Contains(err.Error(), `did you mean "main_handoff"?`) {
		t.Errorf("ContextSchema(main_handof) error = %v", err)
	}
	if _, err := SchemaDocument("nope"); err == nil || err.Error() != `workpad: unknown template id "nope"` {
		t.Errorf("SchemaDocument(nope) error = %v", err)
	}
	if v := SmokeValues("nope"); v != nil {
		t.Errorf("SmokeValues(nope) = %v", v)
	}
	if _, ok := Default("nope"); ok {
		t.Error("Default(nope) ok")
	}
}

func TestSmokeValues(t *testing.T) {
	got := SmokeValues("rework_diagnostic")
	s := mustLookup(t, "rework_diagnostic")
	if len(got) != len(s.Values) {
		t.Fatalf("%d smoke values for %d declared", len(got), len(s.Values))
	}
	for name, want := range map[string]string{
		"issue_ref":        "smoke_issue_ref",
		"review_origin":    "smoke_review_origin",
		"findings":         "Confirmed\x1fSmoke finding\x1fSmoke evidence",
		"changed_files":    "src/lib.rs",
		"record_separator": "\x1e",
		"field_separator":  "\x1f",
		"stderr":           "smoke_stderr",
	} {
		if got[name] != want {
			t.Errorf("%s = %q, want %q", name, got[name], want)
		}
	}
	for _, id := range IDs() {
		if diags := checkValues(mustLookup(t, id), "f.md", SmokeValues(id)); len(diags) != 0 {
			t.Errorf("%s: smoke values do not fit: %v", id, diags)
		}
	}
}

// TestRenderChecksValues covers the value check that runs before the engine
// is reached, so it needs no compiled template.
func TestRenderChecksValues(t *testing.T) {
	tpl := &Template{spec: mustLookup(t, "forge_rework_blocked"), filename: "blocked.md"}
	for _, tc := range []struct {
		name   string
		values map[string]string
		want   []string // "summary | detail"
	}{
		{"missing",
			map[string]string{"issue_ref": "A-1", "issue_title": "t", "generated_at": "now"},
			[]string{`missing value "pr" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`,
				`missing value "reason" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`}},
		{"from another template",
			map[string]string{"issue_ref": "A-1", "issue_title": "t", "generated_at": "now", "pr": "1", "reason": "r", "pr_ref": "x"},
			[]string{`value "pr_ref" is not declared by template forge_rework_blocked | "pr_ref" is a value of template rework_diagnostic, not of forge_rework_blocked. Template forge_rework_blocked has the values issue_ref, issue_title, generated_at, pr, reason.`}},
		{"misspelt",
			map[string]string{"issue_ref": "A-1", "issue_title": "t", "generated_at": "now", "pr": "1", "reasno": "r"},
			[]string{`missing value "reason" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`,
				`value "reasno" is not declared by template forge_rework_blocked | Did you mean "reason"?`}},
		{"trailing space",
			map[string]string{"issue_ref": "A-1", "issue_title": "t", "generated_at": "now", "pr": "1", "reason": "r", "generated_at ": "x"},
			[]string{`value "generated_at " is not declared by template forge_rework_blocked | Did you mean "generated_at"?`}},
		{"unknown anywhere",
			map[string]string{"issue_ref": "A-1", "issue_title": "t", "generated_at": "now", "pr": "1", "reason": "r", "zzz": "x"},
			[]string{`value "zzz" is not declared by template forge_rework_blocked | Template forge_rework_blocked has the values issue_ref, issue_title, generated_at, pr, reason.`}},
		{"nil map", nil, []string{
			`missing value "issue_ref" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`,
			`missing value "issue_title" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`,
			`missing value "generated_at" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`,
			`missing value "pr" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`,
			`missing value "reason" of template forge_rework_blocked | Template forge_rework_blocked is rendered with exactly these values: issue_ref, issue_title, generated_at, pr, reason.`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tpl.Render(t.Context(), tc.values)
			if out != "" {
				t.Errorf("output %q on error", out)
			}
			rerr, ok := render.AsError(err)
			if !ok {
				t.Fatalf("error %v is not a *render.Error", err)
			}
			if rerr.Class != codes.ClassTemplateRender {
				t.Errorf("class %s", rerr.Class)
			}
			var got []string
			for _, d := range rerr.Diagnostics {
				if d.Code != codes.ContextInvalid || d.Subject.Filename != "blocked.md" {
					t.Errorf("diagnostic %v: code %s file %q", d, d.Code, d.Subject.Filename)
				}
				got = append(got, d.Summary+" | "+d.Detail)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("diagnostics (-want +got):\n%s", d)
			}
		})
	}
}

func TestValueFromAnotherTemplateNamesItAndSuggests(t *testing.T) {
	values := SmokeValues("doctor_triage")
	values["actor"] = "someone"
	diags := checkValues(mustLookup(t, "doctor_triage"), "triage.md", values)
	if len(diags) != 1 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := `"actor" is a value of templates manual_review and lane_session, not of doctor_triage. Did you mean "action"?`
	if diags[0].Detail != want {
		t.Errorf("detail %q\nwant   %q", diags[0].Detail, want)
	}
}

func TestJoinIDs(t *testing.T) {
	for _, tc := range []struct {
		ids  []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "template a"},
		{[]string{"a", "b"}, "templates a and b"},
		{[]string{"a", "b", "c"}, "templates a, b and c"},
	} {
		if got := joinIDs(tc.ids); got != tc.want {
			t.Errorf("joinIDs(%q) = %q, want %q", tc.ids, got, tc.want)
		}
	}
}

func TestCompileSchemasMatchesContextSchema(t *testing.T) {
	set, err := CompileSchemas()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range IDs() {
		one, err := ContextSchema(id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(set[id].Names(), one.Names()) || !reflect.DeepEqual(set[id].RequiredInputs(), one.RequiredInputs()) {
			t.Errorf("%s: set %v / %v, alone %v / %v", id, set[id].Names(), set[id].RequiredInputs(), one.Names(), one.RequiredInputs())
		}
		values := SmokeValues(id)
		values["not_declared"] = "x"
		plain := map[string]any{}
		for k, v := range values {
			plain[k] = v
		}
		if len(set[id].Validate(plain)) != 0 {
			// Undeclared inputs are allowed by Schema.Validate; declared ones
			// must be strings.
			t.Errorf("%s: smoke values fail the set's schema", id)
		}
	}
}
