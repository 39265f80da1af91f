package strict

import (
	"strconv"
	"strings"
)

// DeclaredIn returns a schema with the inputs of s whose unknown_variable
// and unknown_property errors, where they suggest no close name, also say
// how to declare what the template reads: in where (a workflow's
// "template_context.schema"), with the declaration to add, such as
// {properties: {issue: {properties: {comments: {type: …}}}}}. Schemas made
// from it by Extend and Without keep where. It returns nil for a nil s.
func (s *Schema) DeclaredIn(where string) *Schema {
	if s == nil {
		return nil
	}
	return &Schema{props: s.props, order: s.order, required: s.required, declareIn: where}
}

// declareHint is the line an unknown input or property read by p gets when
// the context says where inputs are declared (Schema.DeclaredIn): the
// declaration of the root and its first n segments, or "" when the root is
// a local, or a segment is an index, whose declaration is not one line.
func (w *walker) declareHint(p *Path, n int) string {
	where := ""
	if w.opts.Context != nil {
		where = w.opts.Context.declareIn
	}
	if where == "" || p.Local || p.RootExpr != nil {
		return ""
	}
	if _, local := w.lookup(p.Root); local {
		return "" // a loop variable, say: declared through what it iterates
	}
	names := []string{p.Root}
	for _, s := range p.Segments[:n] {
		if s.Index != nil || s.Name == "" {
			return ""
		}
		names = append(names, s.Name)
	}
	var b strings.Builder
	for _, name := range names {
		b.WriteString("{properties: {" + yamlKey(name) + ": ")
	}
	b.WriteString("{type: …}")
	b.WriteString(strings.Repeat("}}", len(names)))
	return "If your runner sends it, declare it in " + where + ": " + b.String()
}

// yamlKey writes name as a key of a YAML flow mapping: as it is when it is
// a plain word (a letter or _, then letters, digits, _ and -), else
// double-quoted.
func yamlKey(name string) string {
	for i, r := range name {
		letter := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r == '-' || r >= '0' && r <= '9')) {
			return strconv.Quote(name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}
