package strict

import "github.com/santhosh-tekuri/jsonschema/v5"

// StringInputs returns a context schema whose inputs are the given names,
// in order, each a string that must be supplied: the inputs of a workpad
// template or of a fragment rendered with named facts. It compiles one
// tiny schema instead of a document with a property per name, which keeps
// validating a workflow with dozens of such templates fast.
func StringInputs(names []string) (*Schema, error) {
	sets, err := StringInputSets(map[string][]string{"": names})
	if err != nil {
		return nil, err
	}
	return sets[""], nil
}

// StringInputSets is StringInputs for several sets at once, by key.
func StringInputSets(sets map[string][]string) (map[string]*Schema, error) {
	out := make(map[string]*Schema, len(sets))
	var node *jsonschema.Schema
	for key, names := range sets {
		s := &Schema{props: map[string]*jsonschema.Schema{}, required: map[string]bool{}}
		for _, n := range names {
			if _, dup := s.props[n]; dup {
				continue
			}
			if node == nil {
				c, err := newCompiler("https://shea.dev/schemas/string.json", []byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "string"}`), nil)
				if err != nil {
					return nil, err
				}
				if node, err = c.Compile("https://shea.dev/schemas/string.json"); err != nil {
					return nil, &SchemaError{"string", err}
				}
			}
			s.props[n] = node
			s.required[n] = true
			s.order = append(s.order, n)
		}
		out[key] = s
	}
	return out, nil
}
