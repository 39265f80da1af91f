package diag

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// sarifDoc decodes a SARIF log generically, so that the test sees the field
// names as written, not as the writer's structs name them.
func sarifDoc(t *testing.T, l List, opts SARIFOptions) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSARIF(&b, l, opts); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return doc
}

// at walks a decoded JSON value by object keys and array indexes.
func at(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("at %v: not an object: %v", p, v)
			}
			if v, ok = m[k]; !ok {
				t.Fatalf("no field %q in %v", k, m)
			}
		case int:
			a, ok := v.([]any)
			if !ok || k >= len(a) {
				t.Fatalf("at %v: not an array of more than %d: %v", p, k, v)
			}
			v = a[k]
		}
	}
	return v
}

func TestWriteSARIFStructure(t *testing.T) {
	l := List{
		Errorf(codeUnknownField, rng("t.liquid", 2, 4, 10, 2, 15, 21), "unknown property %q of issue", "titel").WithDetail(`Did you mean "issue.title"?`),
		Warningf(codeUnusedKey, rng("WORKFLOW.md", 3, 1, 20, 3, 1, 20), "unknown key"),
		Errorf(codeFailed, Range{}, "no file"),
		{Severity: Error, Code: "not_registered", Summary: "x", Subject: rng("a", 1, 1, 0, 2, 3, 9)},
	}
	rules := []SARIFRule{
		{Code: codeUnusedKey, Description: "A key nothing reads.", Help: "Remove it.", Level: Warning, Properties: map[string]any{"class": "settings"}},
		{Code: codeFailed, Description: "Evaluation failed.", Help: "Read the summary."},
		{Code: codeUnknownField, Description: "No such field.", Help: "Fix the name.", Properties: map[string]any{"class": "lookup"}},
	}
	doc := sarifDoc(t, l, SARIFOptions{ToolName: "tool", ToolURI: "https://example.com/tool", ToolVersion: "v1.2.3", Rules: rules})
	if at(t, doc, "version") != "2.1.0" || at(t, doc, "$schema") != "https://json.schemastore.org/sarif-2.1.0.json" {
		t.Errorf("version/schema: %v %v", doc["version"], doc["$schema"])
	}
	run := at(t, doc, "runs", 0)
	if n := len(at(t, doc, "runs").([]any)); n != 1 {
		t.Errorf("%d runs, want 1", n)
	}
	driver := at(t, run, "tool", "driver")
	if at(t, driver, "name") != "tool" || at(t, driver, "version") != "v1.2.3" || at(t, driver, "informationUri") != "https://example.com/tool" {
		t.Errorf("driver: %v", driver)
	}
	if at(t, run, "columnKind") != "unicodeCodePoints" {
		t.Errorf("columnKind %v", run.(map[string]any)["columnKind"])
	}

	// The rules are the options' rules, in their order.
	want := []any{
		map[string]any{"id": "unused_key", "name": "UnusedKey", "shortDescription": map[string]any{"text": "A key nothing reads."},
			"fullDescription": map[string]any{"text": "A key nothing reads."}, "help": map[string]any{"text": "Remove it."},
			"defaultConfiguration": map[string]any{"level": "warning"}, "properties": map[string]any{"class": "settings"}},
		map[string]any{"id": "eval_failed", "name": "EvalFailed", "shortDescription": map[string]any{"text": "Evaluation failed."},
			"fullDescription": map[string]any{"text": "Evaluation failed."}, "help": map[string]any{"text": "Read the summary."},
			"defaultConfiguration": map[string]any{"level": "error"}, "properties": map[string]any{}},
		map[string]any{"id": "unknown_field", "name": "UnknownField", "shortDescription": map[string]any{"text": "No such field."},
			"fullDescription": map[string]any{"text": "No such field."}, "help": map[string]any{"text": "Fix the name."},
			"defaultConfiguration": map[string]any{"level": "error"}, "properties": map[string]any{"class": "lookup"}},
	}
	if diff := cmp.Diff(want, at(t, driver, "rules")); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}

	results := at(t, run, "results").([]any)
	if len(results) != 4 {
		t.Fatalf("%d results, want 4", len(results))
	}
	r0 := results[0]
	if at(t, r0, "ruleId") != "unknown_field" || at(t, r0, "level") != "error" {
		t.Errorf("result 0: %v", r0)
	}
	if idx := at(t, r0, "ruleIndex"); idx != 2.0 {
		t.Errorf("ruleIndex %v, want 2", idx)
	}
	if idx := at(t, results[1], "ruleIndex"); idx != 0.0 {
		t.Errorf("ruleIndex %v, want 0", idx)
	}
	if got := at(t, r0, "message", "text"); got != "unknown property \"titel\" of issue\nDid you mean \"issue.title\"?" {
		t.Errorf("message %q", got)
	}
	loc := at(t, r0, "locations", 0, "physicalLocation")
	if at(t, loc, "artifactLocation", "uri") != "t.liquid" || at(t, loc, "artifactLocation", "uriBaseId") != "%SRCROOT%" {
		t.Errorf("artifact: %v", at(t, loc, "artifactLocation"))
	}
	wantRegion := map[string]any{"startLine": 2.0, "startColumn": 4.0, "endLine": 2.0, "endColumn": 15.0}
	if diff := cmp.Diff(wantRegion, at(t, loc, "region")); diff != "" {
		t.Errorf("region (-want +got):\n%s", diff)
	}
	// An empty range still covers one column.
	wantRegion = map[string]any{"startLine": 3.0, "startColumn": 1.0, "endLine": 3.0, "endColumn": 2.0}
	if diff := cmp.Diff(wantRegion, at(t, results[1], "locations", 0, "physicalLocation", "region")); diff != "" {
		t.Errorf("empty range region (-want +got):\n%s", diff)
	}
	if at(t, results[1], "level") != "warning" {
		t.Errorf("warning level: %v", at(t, results[1], "level"))
	}
	// No file: no location at all.
	if _, ok := results[2].(map[string]any)["locations"]; ok {
		t.Errorf("a diagnostic without a file has locations: %v", results[2])
	}
	// An unregistered code has no rule.
	if at(t, results[3], "ruleIndex") != -1.0 {
		t.Errorf("unregistered code ruleIndex %v", at(t, results[3], "ruleIndex"))
	}
}

func TestWriteSARIFCodePointColumns(t *testing.T) {
	// "é" is two bytes: x at byte column 7 is code point column 6.
	src := map[string]string{"t.liquid": "\xc3\xa9 {{ x }}"}
	d := Errorf(codeUnknownName, rng("t.liquid", 1, 7, 6, 1, 8, 7), "unknown variable %q", "x")
	for _, c := range []struct {
		name       string
		source     SourceFunc
		start, end float64
	}{
		{"with the source", sources(src), 6, 7},
		{"without the source, byte columns", nil, 7, 8},
	} {
		doc := sarifDoc(t, List{d}, SARIFOptions{Source: c.source})
		region := at(t, doc, "runs", 0, "results", 0, "locations", 0, "physicalLocation", "region")
		if at(t, region, "startColumn") != c.start || at(t, region, "endColumn") != c.end {
			t.Errorf("%s: region %v, want columns %v-%v", c.name, region, c.start, c.end)
		}
	}
}

func TestWriteSARIFBaseDirAndRelated(t *testing.T) {
	base := t.TempDir()
	inside := filepath.Join(base, "prompts", "main.md")
	outside := filepath.Join(filepath.Dir(base), "elsewhere.md")
	d := Warningf(codeKept, rng(inside, 1, 1, 0, 1, 5, 4), "kept")
	d.Related = []Related{{Message: "protected here", Range: rng(outside, 2, 1, 5, 2, 3, 7)}}
	doc := sarifDoc(t, List{d}, SARIFOptions{BaseDir: base})
	res := at(t, doc, "runs", 0, "results", 0)
	if got := at(t, res, "locations", 0, "physicalLocation", "artifactLocation", "uri"); got != "prompts/main.md" {
		t.Errorf("uri inside BaseDir: %v, want prompts/main.md", got)
	}
	rel := at(t, res, "relatedLocations", 0)
	if at(t, rel, "id") != 1.0 || at(t, rel, "message", "text") != "protected here" {
		t.Errorf("related: %v", rel)
	}
	// Outside BaseDir: an absolute file URI with no base.
	art := at(t, rel, "physicalLocation", "artifactLocation").(map[string]any)
	if want := (map[string]any{"uri": "file://" + filepath.ToSlash(outside)}); !cmp.Equal(want, art) {
		t.Errorf("artifact outside BaseDir: %v, want %v", art, want)
	}
}

// TestWriteSARIFEncodesURIs: an artifact's uri is a percent-encoded URI
// reference, relative or absolute: a file named "a b%41#?x.liquid" was
// written as it is (a reader took "#?x.liquid" as a fragment and "%41"
// as "A"). The wants are encoded by hand (RFC 3986: space %20, "%" %25,
// "#" %23, "?" %3F; ":" in a relative reference's first segment behind
// "./").
func TestWriteSARIFEncodesURIs(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(filepath.Dir(base), "a b%41#?x.liquid")
	for _, tt := range []struct {
		file, base, want string
	}{
		{"a b%41#?x.liquid", "", "a%20b%2541%23%3Fx.liquid"},
		{filepath.Join(base, "dir é", "a b%41#?x.liquid"), base, "dir%20%C3%A9/a%20b%2541%23%3Fx.liquid"},
		{"c:x.liquid", "", "./c:x.liquid"},
		{outside, base, "file://" + filepath.ToSlash(filepath.Dir(base)) + "/a%20b%2541%23%3Fx.liquid"},
	} {
		d := Errorf(codeKept, rng(tt.file, 1, 1, 0, 1, 2, 1), "x")
		doc := sarifDoc(t, List{d}, SARIFOptions{BaseDir: tt.base})
		if got := at(t, doc, "runs", 0, "results", 0, "locations", 0, "physicalLocation", "artifactLocation", "uri"); got != tt.want {
			t.Errorf("%q: uri %v, want %s", tt.file, got, tt.want)
		}
	}
}

// FuzzSARIFURI: whatever a file is named, its SARIF uri is a URI
// reference that reads back as the name: a relative one has no scheme,
// query or fragment, and its path is the name's.
func FuzzSARIFURI(f *testing.F) {
	for _, s := range []string{"t.liquid", "a b%41#?x.liquid", "c:x", "dir/é/[x].md", "%zz", "./.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if name == "" || filepath.IsAbs(name) || strings.ContainsAny(name, "\x00\\") || !utf8.ValidString(name) {
			return
		}
		d := Errorf(codeKept, rng(name, 1, 1, 0, 1, 2, 1), "x")
		doc := sarifDoc(t, List{d}, SARIFOptions{})
		uri, _ := at(t, doc, "runs", 0, "results", 0, "locations", 0, "physicalLocation", "artifactLocation", "uri").(string)
		u, err := url.Parse(uri)
		if err != nil || u.Scheme != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
			t.Fatalf("%q: uri %q does not read as a relative reference: %v %+v", name, uri, err, u)
		}
		if got := strings.TrimPrefix(u.Path, "./"); got != filepath.ToSlash(name) && u.Path != filepath.ToSlash(name) {
			t.Fatalf("%q: uri %q reads as %q", name, uri, u.Path)
		}
	})
}
