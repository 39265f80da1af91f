package strict

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"
)

// recursiveSchemas are context schemas whose $defs refer to themselves.
var recursiveSchemas = map[string]string{
	"tree": `{"type": "object", "required": ["tree"], "properties": {"tree": {"$ref": "#/$defs/node"}},
		"$defs": {"node": {"type": "object", "required": ["name", "children"], "properties": {
			"name": {"type": "string"},
			"note": {"type": "string"},
			"parent": {"$ref": "#/$defs/node"},
			"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}`,
	"twelve self-references": `{"type": "object", "properties": {"n": {"$ref": "#/$defs/n"}},
		"$defs": {"n": {"type": "object", "required": ["v"], "properties": {"v": {"type": "integer", "minimum": 3}, ` + twelveRefs() + `}}}}`,
	"mutual recursion with minItems": `{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}},
		"$defs": {
			"a": {"type": "object", "required": ["bs"], "properties": {"bs": {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/b"}}}},
			"b": {"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}, "label": {"type": "string"}}}}}`,
	"wide and deep": `{"type": "object", "properties": {"r": {"$ref": "#/$defs/w"}},
		"$defs": {"w": {"type": "object", "properties": {` + wideProps() + `}}, "leaf": {"type": "object", "properties": {` + wideLeaf() + `}}}}`,
}

func twelveRefs() string {
	var p []string
	for i := range 12 {
		p = append(p, fmt.Sprintf(`"c%d": {"$ref": "#/$defs/n"}`, i))
	}
	return strings.Join(p, ", ")
}

// wideProps is 30 properties of 30 properties of 30 properties: 27,000
// values if all were sampled.
func wideProps() string {
	var p []string
	for i := range 30 {
		p = append(p, fmt.Sprintf(`"p%d": {"type": "object", "properties": {"q": {"$ref": "#/$defs/leaf"}, "r": {"$ref": "#/$defs/leaf"}}}`, i))
	}
	return strings.Join(p, ", ")
}

func wideLeaf() string {
	var p []string
	for i := range 30 {
		p = append(p, fmt.Sprintf(`"l%d": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "string"}}}}`, i))
	}
	return strings.Join(p, ", ")
}

func TestSampleRecursiveSchemas(t *testing.T) {
	for name, doc := range recursiveSchemas {
		t.Run(name, func(t *testing.T) {
			s, err := CompileSchema("context.json", []byte(doc), nil)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			sample := s.Sample()
			testclock.Within(t, "sampling", time.Since(start), time.Second)
			b, err := json.Marshal(sample)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 1<<20 {
				t.Errorf("sample is %d bytes", len(b))
			}
			if problems := s.Validate(sample); len(problems) > 0 {
				t.Errorf("sample %s does not satisfy its schema: %v", b, problems)
			}
		})
	}
}

func TestSampleStopsAtRecursion(t *testing.T) {
	s, err := CompileSchema("context.json", []byte(recursiveSchemas["tree"]), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s.Sample())
	// The root has every property; the nodes under it, where node recurs,
	// only the required ones, and no children.
	want := `{"tree":{"children":[{"children":[],"name":"smoke_name"}],"name":"smoke_name","note":"smoke_note","parent":{"children":[],"name":"smoke_name"}}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
