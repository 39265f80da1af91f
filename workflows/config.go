package workflows

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sheaproject/shea/internal/jsonpointer"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

//go:embed schemas/*.json
var schemaFiles embed.FS

// ConfigSchema returns the embedded JSON Schema that a profile's front
// matter is checked against ("symphony" or "shea").
func ConfigSchema(profile string) ([]byte, error) {
	switch profile {
	case ProfileSymphony, ProfileShea:
		return schemaFiles.ReadFile("schemas/" + profile + "-config.json")
	}
	return nil, fmt.Errorf("unknown profile %q (want %q or %q)", profile, ProfileSymphony, ProfileShea)
}

// configSchema is a config schema compiled by jsonschema, with its decoded
// document, which also holds the annotations the validator does not read
// (x-expect, what a value should be, for messages; and x-unknown-keys).
type configSchema struct {
	name     string
	raw      any
	compiled *jsonschema.Schema
}

// compileConfigSchema decodes and compiles a config schema. Nothing it
// refers to is loaded: a $ref outside the document is an error.
func compileConfigSchema(name string, doc []byte) (*configSchema, error) {
	var raw any
	if err := json.Unmarshal(doc, &raw); err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("schema reference %q is not embedded", u)
	}
	if err := c.AddResource(name, bytes.NewReader(doc)); err != nil {
		return nil, err
	}
	compiled, err := c.Compile(name)
	if err != nil {
		return nil, err
	}
	return &configSchema{name: name, raw: raw, compiled: compiled}, nil
}

// The embedded config schemas, each compiled once per process on first use.
var (
	symphonyConfigSchema = sync.OnceValues(func() (*configSchema, error) { return embeddedConfigSchema(ProfileSymphony + "-config") })
	sheaConfigSchema     = sync.OnceValues(func() (*configSchema, error) { return embeddedConfigSchema(ProfileShea + "-config") })
	manifestSchema       = sync.OnceValues(func() (*configSchema, error) { return embeddedConfigSchema("resources-manifest") })
)

// embeddedConfigSchema compiles schemas/<name>.json.
func embeddedConfigSchema(name string) (*configSchema, error) {
	doc, err := schemaFiles.ReadFile("schemas/" + name + ".json")
	if err != nil {
		return nil, err
	}
	return compileConfigSchema("https://shea.dev/schemas/"+name+".json", doc)
}

// profileConfigSchema returns the compiled schema of a profile's front
// matter.
func profileConfigSchema(profile string) (*configSchema, error) {
	switch profile {
	case ProfileSymphony:
		return symphonyConfigSchema()
	case ProfileShea:
		return sheaConfigSchema()
	}
	return nil, fmt.Errorf("unknown profile %q (want %q or %q)", profile, ProfileSymphony, ProfileShea)
}

// check validates the document's value and reports unknown keys. code is
// the code of validation errors (config_invalid for front matter). bad
// holds the JSON pointers of the values that failed.
func (cs *configSchema) check(t *tree, code diag.Code) (diags diag.List, bad map[string]bool) {
	bad = map[string]bool{}
	v := t.value
	if v == nil {
		v = map[string]any{}
	}
	if err := cs.compiled.Validate(v); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return diag.List{diag.Errorf(code, t.at(""), "%v", err)}, bad
		}
		diags = cs.mapErrors(t, ve, code, bad)
	}
	diags = append(diags, cs.unknownKeys(t, cs.raw, v, "", "warn", 0)...)
	return diags, bad
}

// mapErrors turns a validation error tree into diagnostics at the YAML
// position of each failing value. A schema annotated with x-expect yields
// one message ("expected …") for all its failures, so that the branches of
// an anyOf are not listed one by one.
func (cs *configSchema) mapErrors(t *tree, ve *jsonschema.ValidationError, code diag.Code, bad map[string]bool) diag.List {
	var diags diag.List
	seen := map[string]bool{}
	emit := func(key string, d *diag.Diagnostic) {
		inst, _, _ := strings.Cut(key, "\x00")
		bad[inst] = true
		if !seen[key] {
			seen[key] = true
			diags = append(diags, d)
		}
	}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		inst := e.InstanceLocation
		if expect, at, ok := cs.expectation(e.AbsoluteKeywordLocation); ok {
			val, _ := lookupPointer(t.value, inst)
			emit(inst+"\x00"+at, diag.Errorf(code, t.at(inst), "%s: expected %s, got %s", pointerPath(inst), expect, describe(val)))
			return
		}
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		kw := e.KeywordLocation[strings.LastIndexByte(e.KeywordLocation, '/')+1:]
		switch kw {
		case "required":
			for _, name := range quotedNames(e.Message) {
				p := inst + "/" + escapePointer(name)
				d := diag.Errorf(code, t.at(inst), "%s is required", pointerPath(p))
				if inst == "" {
					d.Summary = fmt.Sprintf("%s is required", name)
				}
				if hint := requiredHint(pointerPath(p)); hint != "" {
					d.Detail = hint
				}
				emit(p+"\x00required", d)
			}
		case "enum":
			val, _ := lookupPointer(t.value, inst)
			opts := cs.enumAt(e.AbsoluteKeywordLocation)
			d := diag.Errorf(code, t.at(inst), "%s: unsupported value %s; expected one of %s", pointerPath(inst), describe(val), strings.Join(quoteAll(opts), ", "))
			if s, ok := val.(string); ok {
				d.Detail = diag.DidYouMean(s, opts)
			}
			emit(inst+"\x00enum", d)
		default:
			emit(inst+"\x00"+e.Message, diag.Errorf(code, t.at(inst), "%s: %s", pointerPath(inst), e.Message))
		}
	}
	walk(ve)
	return diags
}

func requiredHint(path string) string {
	switch path {
	case "tracker":
		return "A workflow that sets anything must say which tracker it reads: add tracker.kind."
	}
	return ""
}

// quotedNames reads 'a', 'b' from a "missing properties: 'a', 'b'" message.
func quotedNames(msg string) []string {
	var out []string
	for {
		i := strings.IndexByte(msg, '\'')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(msg[i+1:], '\'')
		if j < 0 {
			return out
		}
		out = append(out, msg[i+1:i+1+j])
		msg = msg[i+j+2:]
	}
}

// node returns the raw schema node at an absolute keyword location.
func (cs *configSchema) node(ptr string) any {
	_, frag, _ := strings.Cut(ptr, "#")
	v, _ := lookupPointer(cs.raw, frag)
	return v
}

// expectation finds the x-expect annotation that covers the keyword at
// absolute location loc: on its schema or an enclosing schema of the same
// value (up to the nearest property, item or definition).
func (cs *configSchema) expectation(loc string) (expect, at string, ok bool) {
	base, frag, _ := strings.Cut(loc, "#")
	segs := strings.Split(frag, "/")[1:]
	if frag == "" {
		segs = nil
	}
	for i := len(segs); i >= 0; i-- {
		ptr := ""
		if i > 0 {
			ptr = "/" + strings.Join(segs[:i], "/")
		}
		if m, isMap := cs.node(base + "#" + ptr).(map[string]any); isMap {
			if s, has := m["x-expect"].(string); has {
				return s, ptr, true
			}
		}
		if i == 0 {
			break
		}
		last := segs[i-1]
		if last == "items" || last == "additionalProperties" {
			break
		}
		if i >= 2 {
			switch segs[i-2] {
			case "properties", "$defs", "patternProperties":
				return "", "", false
			}
		}
	}
	return "", "", false
}

// enumAt returns the string values of the enum keyword at loc.
func (cs *configSchema) enumAt(loc string) []string {
	arr, _ := cs.node(loc).([]any)
	out := make([]string, 0, len(arr))
	for _, v := range arr {
		out = append(out, fmt.Sprint(v))
	}
	return out
}

// resolve follows a local $ref of a raw schema node.
func (cs *configSchema) resolve(n any) map[string]any {
	for range 16 {
		m, ok := n.(map[string]any)
		if !ok {
			return nil
		}
		ref, ok := m["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#") {
			return m
		}
		n, _ = lookupPointer(cs.raw, ref[1:])
	}
	return nil
}

// constrains reports whether the schema checks the value at JSON pointer
// ptr: the pointer leads through properties, additionalProperties and
// items to a schema that says something of the value (a type, a $ref, an
// enum, …). A value under a free-form or ignored section, or declared with
// the empty schema, is not checked: any value passes there.
func (cs *configSchema) constrains(ptr string) bool {
	node := cs.resolve(cs.raw)
	if ptr != "" {
		for _, seg := range strings.Split(ptr[1:], "/") {
			seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
			if node == nil {
				return false
			}
			props, _ := node["properties"].(map[string]any)
			if child, ok := props[seg]; ok {
				node = cs.resolve(child)
				continue
			}
			if addl, ok := node["additionalProperties"].(map[string]any); ok {
				node = cs.resolve(addl)
				continue
			}
			if items, ok := node["items"]; ok {
				if _, err := strconv.Atoi(seg); err == nil {
					node = cs.resolve(items)
					continue
				}
			}
			return false
		}
	}
	for k := range node {
		switch {
		case k == "description" || k == "title" || strings.HasPrefix(k, "x-"):
		default:
			return true
		}
	}
	return false
}

// unknownKeys reports the keys of v that schema node n does not declare,
// as unknown_config_key warnings. mode is how to report them (see the
// x-unknown-keys annotation): warn, typo or ignore.
func (cs *configSchema) unknownKeys(t *tree, n any, v any, ptr, mode string, depth int) diag.List {
	node := cs.resolve(n)
	if node == nil || depth > 32 {
		return nil
	}
	if m, ok := node["x-unknown-keys"].(string); ok {
		mode = m
	} else if depth > 0 {
		mode = "typo"
	}
	var diags diag.List
	switch val := v.(type) {
	case map[string]any:
		props, _ := node["properties"].(map[string]any)
		addl := node["additionalProperties"]
		names := sortedKeys(props)
		for _, k := range sortedKeys(val) {
			p := ptr + "/" + escapePointer(k)
			if child, ok := props[k]; ok {
				diags = append(diags, cs.unknownKeys(t, child, val[k], p, mode, depth+1)...)
				continue
			}
			if _, isSchema := addl.(map[string]any); isSchema {
				diags = append(diags, cs.unknownKeys(t, addl, val[k], p, mode, depth+1)...)
				continue
			}
			if props == nil || addl == true || mode == "ignore" {
				continue
			}
			suggestion := diag.Suggest(k, names)
			if mode == "typo" && suggestion == "" {
				continue
			}
			where := ""
			if ptr != "" {
				where = " in " + pointerPath(ptr)
			}
			d := diag.Warningf(codes.UnknownConfigKey, t.at(p), "unknown key %q%s", k, where)
			switch {
			case suggestion != "":
				d.Detail = `Did you mean "` + suggestion + `"?`
			case len(names) <= 8:
				d.Detail = "The keys known here are " + strings.Join(quoteAll(names), ", ") + "."
			}
			diags = append(diags, d)
		}
	case []any:
		if items, ok := node["items"]; ok {
			for i, item := range val {
				diags = append(diags, cs.unknownKeys(t, items, item, ptr+"/"+strconv.Itoa(i), mode, depth+1)...)
			}
		}
	}
	return diags
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// lookupPointer returns the value at JSON pointer p of v.
func lookupPointer(v any, p string) (any, bool) { return jsonpointer.Lookup(v, p) }

// describe names a value for a message: strings quoted (and cut short),
// numbers and booleans as written, containers by kind.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if len(x) > 40 {
			x = x[:37] + "..."
		}
		return strconv.Quote(x)
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("%v", v)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}
