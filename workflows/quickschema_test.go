package workflows

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// The quick check of the settings must never call valid what jsonschema
// rejects (see quickSchema). These tests compare the two on every settings
// block and manifest the repository and ../shared hold, on thousands of
// mutations of them, and under fuzzing.

// quickSchemas are the embedded schemas the quick check serves, by name.
func quickSchemas(t testing.TB) map[string]*configSchema {
	t.Helper()
	out := map[string]*configSchema{}
	for _, p := range []string{ProfileShea, ProfileSymphony} {
		cs, err := profileConfigSchema(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p+"-config"] = cs
	}
	cs, err := manifestSchema()
	if err != nil {
		t.Fatal(err)
	}
	out["resources-manifest"] = cs
	for name, cs := range out {
		if cs.quick == nil {
			t.Fatalf("%s: the quick check does not read this schema", name)
		}
		if _, err := cs.schema(); err != nil {
			t.Fatalf("%s: jsonschema does not compile it: %v", name, err)
		}
	}
	return out
}

// compareQuick checks one value against one schema both ways. It reports
// whether the quick check decided.
func compareQuick(t testing.TB, name string, cs *configSchema, v any) bool {
	t.Helper()
	valid, sure := cs.quick.valid(v)
	if !sure {
		return false
	}
	s, _ := cs.schema()
	err := s.Validate(v)
	if valid != (err == nil) {
		b, _ := json.Marshal(v)
		t.Fatalf("%s: the quick check says valid=%t, jsonschema says %v, for %s", name, valid, err, b)
	}
	return true
}

// settingsSamples returns the front matter of every workflow in the
// repository's test data and in ../shared/workflows, and every resource
// manifest, as plain values.
func settingsSamples(t *testing.T) (settings, manifests []any) {
	t.Helper()
	addYAML := func(name, text string) {
		sp := SplitSymphony(text)
		if !sp.HasFrontMatter {
			return
		}
		tr, diags := parseYAML(newSource(name, []byte(text)), sp.FrontStart, sp.Front)
		if diags.HasErrors() || tr == nil || tr.value == nil {
			return
		}
		settings = append(settings, tr.value)
	}
	addJSON := func(b []byte) {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil {
			manifests = append(manifests, plainNumbers(v))
		}
	}
	var files []string
	for _, pat := range []string{"../testdata/example/.shea/workflows/*.md", "../testdata/*/*.md", "testdata/cases/*.txtar", "testdata/examples/*.txtar", "../../shared/workflows/*.md"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(f, ".txtar") {
			addYAML(f, string(b))
			continue
		}
		for _, af := range txtar.Parse(b).Files {
			switch {
			case strings.HasSuffix(af.Name, ".md"):
				addYAML(af.Name, string(af.Data))
			case strings.HasSuffix(af.Name, ".json"):
				addJSON(af.Data)
			}
		}
	}
	if b, err := os.ReadFile("../testdata/example/.shea/resources.v1.json"); err == nil {
		addJSON(b)
	}
	if len(settings) < 20 || len(manifests) < 2 {
		t.Fatalf("found %d settings blocks and %d manifests; the test data moved", len(settings), len(manifests))
	}
	return settings, manifests
}

func TestQuickSchemaAgreesWithJSONSchema(t *testing.T) {
	schemas := quickSchemas(t)
	settings, manifests := settingsSamples(t)
	rng := rand.New(rand.NewPCG(7, 11))
	names := schemaNames(schemas)
	decided, total := 0, 0
	check := func(name string, v any) {
		total++
		if compareQuick(t, name, schemas[name], v) {
			decided++
		}
	}
	for _, group := range []struct {
		values  []any
		schemas []string
	}{{settings, []string{"shea-config", "symphony-config"}}, {manifests, []string{"resources-manifest"}}} {
		for _, v := range group.values {
			for _, name := range group.schemas {
				check(name, v)
				for i := 0; i < 150; i++ {
					check(name, mutate(rng, deepCopy(v), names[name]))
				}
			}
		}
	}
	t.Logf("the quick check decided %d of %d cases, agreeing with jsonschema on each", decided, total)
	if decided < total/2 {
		t.Errorf("the quick check decided only %d of %d cases", decided, total)
	}
}

// TestQuickSchemaDecidesTheExample checks that the example workflow's
// settings take the quick path: that is what keeps validate fast.
func TestQuickSchemaDecidesTheExample(t *testing.T) {
	schemas := quickSchemas(t)
	w, _ := Load("../testdata/example/.shea/workflows/shea-symphony.md", Options{})
	if valid, sure := schemas["shea-config"].quick.valid(w.tree.value); !valid || !sure {
		t.Errorf("the example's settings: valid=%t decided=%t, want both", valid, sure)
	}
}

// schemaNames lists the property names each schema declares anywhere,
// which mutations use as keys.
func schemaNames(schemas map[string]*configSchema) map[string][]string {
	out := map[string][]string{}
	for name, cs := range schemas {
		seen := map[string]bool{}
		var walk func(any)
		walk = func(n any) {
			switch x := n.(type) {
			case map[string]any:
				if props, ok := x["properties"].(map[string]any); ok {
					for k := range props {
						seen[k] = true
					}
				}
				for _, v := range x {
					walk(v)
				}
			case []any:
				for _, v := range x {
					walk(v)
				}
			}
		}
		walk(cs.raw)
		for k := range seen {
			out[name] = append(out[name], k)
		}
		sort.Strings(out[name])
	}
	return out
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = deepCopy(e)
		}
		return s
	}
	return v
}

// mutate changes one to three places of v: it replaces a value with
// another of some type, deletes or adds a key, or empties a list.
func mutate(rng *rand.Rand, v any, keys []string) any {
	for n := 1 + rng.IntN(3); n > 0; n-- {
		v = mutateOne(rng, v, keys)
	}
	return v
}

func mutateOne(rng *rand.Rand, v any, keys []string) any {
	// Walk down to a random container, then change one of its entries.
	for depth := 0; depth < 8 && rng.IntN(4) != 0; depth++ {
		switch x := v.(type) {
		case map[string]any:
			if len(x) == 0 {
				break
			}
			ks := sortedKeys(x)
			k := ks[rng.IntN(len(ks))]
			if _, ok := x[k].(map[string]any); ok || isList(x[k]) {
				x[k] = mutateOne(rng, x[k], keys)
				return v
			}
		case []any:
			if len(x) > 0 {
				i := rng.IntN(len(x))
				x[i] = mutateOne(rng, x[i], keys)
				return v
			}
		}
	}
	switch x := v.(type) {
	case map[string]any:
		ks := sortedKeys(x)
		switch {
		case len(ks) > 0 && rng.IntN(3) == 0:
			delete(x, ks[rng.IntN(len(ks))])
		case len(ks) > 0 && rng.IntN(2) == 0:
			x[ks[rng.IntN(len(ks))]] = randomValue(rng, keys)
		default:
			k := "extra_key"
			if len(keys) > 0 && rng.IntN(4) != 0 {
				k = keys[rng.IntN(len(keys))]
			}
			x[k] = randomValue(rng, keys)
		}
		return x
	case []any:
		if len(x) > 0 && rng.IntN(3) == 0 {
			return x[:0]
		}
		return append(x, randomValue(rng, keys))
	}
	return randomValue(rng, keys)
}

func isList(v any) bool { _, ok := v.([]any); return ok }

// randomValue returns a scalar, list or map of the kinds settings hold,
// including the edges the schemas test (0, negatives, fractions, empty
// strings, enum-looking words).
func randomValue(rng *rand.Rand, keys []string) any {
	switch rng.IntN(14) {
	case 0:
		return nil
	case 1:
		return rng.IntN(2) == 0
	case 2:
		return int64(rng.IntN(7) - 2)
	case 3:
		return []float64{0.5, 1.0, -1.0, 2.0, 1e3, 30000.0}[rng.IntN(6)]
	case 4:
		return int64(rng.IntN(100000))
	case 5:
		return ""
	case 6:
		return []string{"github", "linear", "memory", "codex", "claude", "agy", "main", "review", "merge", "user", "org", "Todo", "a/b", "../x", "x.md"}[rng.IntN(15)]
	case 7:
		return "text with spaces"
	case 8:
		return []any{}
	case 9:
		return []any{randomValue(rng, keys)}
	case 10:
		return map[string]any{}
	case 11:
		k := "k"
		if len(keys) > 0 {
			k = keys[rng.IntN(len(keys))]
		}
		return map[string]any{k: randomValue(rng, keys)}
	case 12:
		return math.Inf(1)
	}
	return "https://example.com/x"
}

// FuzzQuickSchema reads the input as a settings block and compares the
// quick check with jsonschema on all three schemas.
func FuzzQuickSchema(f *testing.F) {
	f.Add("tracker:\n  kind: github\n  owner: o\n  repo: r\n")
	f.Add("polling:\n  interval_ms: 0\nagent:\n  max_concurrent_agents: 1.5\n")
	f.Add("schema_version: 1\ngroups: {core: {resources: [{path: a, kind: b}]}}\n")
	f.Add("main_backend: codex\nprompts: {main_agent: 1}\n")
	schemas := quickSchemas(f)
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		tr, diags := parseYAML(newSource("f.yaml", []byte(text)), 0, text)
		if diags.HasErrors() || tr == nil {
			return
		}
		v := tr.value
		if v == nil {
			v = map[string]any{}
		}
		for name, cs := range schemas {
			compareQuick(t, name, cs, v)
		}
	})
}
