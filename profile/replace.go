package profile

import (
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// ReplaceIssue is Extend for a runner that states its own issue model: the
// issue fragment declares replaces the profile's issue model instead of
// being merged into it, so that a template reading a property the runner's
// model lacks (one the profile declares, such as the symphony issue's
// assignee_id) fails the static check rather than reading nil at every
// render. The fragment's other inputs are merged as Extend merges them,
// and attempt stays the profile's. A fragment that declares no issue is a
// config_invalid error: it would replace nothing. What the issue model
// lets a template read is then exactly what it declares: with
// additionalProperties false, reading any other property is an error;
// without it, a warning (an undeclared key of a free-form object).
func (in *Inputs) ReplaceIssue(fragment []byte, name string) (*Inputs, diag.List) {
	fail := func(format string, args ...any) (*Inputs, diag.List) {
		return nil, diag.List{diag.Errorf(codes.ConfigInvalid, diag.Range{Filename: name}, format, args...)}
	}
	v, err := decodeJSON(fragment)
	if err != nil {
		return fail("the context schema is not valid JSON: %v", err)
	}
	ext, ok := v.(*object)
	if !ok {
		return fail("the context schema must be a JSON object")
	}
	m := &merger{ext: ext, profile: in.profile, name: name}
	root := m.resolve(ext, "")
	if root == nil {
		return nil, m.diags
	}
	if props := root.obj("properties"); props == nil || props.vals["issue"] == nil {
		return fail("the context schema declares no issue, so it cannot replace the %s profile's issue model", in.profile)
	}
	doc := clone(in.doc).(*object)
	doc.obj("properties").del("issue")
	return (&Inputs{profile: in.profile, doc: doc}).Extend(fragment, name)
}
