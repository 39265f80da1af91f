package strict

import "testing"

func TestValidatorsReduceOnce(t *testing.T) {
	s, err := CompileSchema("s.json", []byte(`{"type": "object", "properties": {
		"n": {"type": ["number", "null"]},
		"s": {"type": "string"},
		"t": {"type": "string", "minLength": 1},
		"a": true}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	vs, ok := s.Validators()
	if !ok {
		t.Fatal("schema not reducible")
	}
	again, _ := s.Validators()
	if vs["n"] != again["n"] {
		t.Error("Validators reduced the schema twice")
	}
	for name, want := range map[string]struct {
		kinds    Kind
		typeOnly bool
	}{
		"n": {KindInteger | KindNumber | KindNull, true},
		"s": {KindString, true},
		"t": {KindString, false},
		"a": {0, true},
	} {
		if v := vs[name]; v.Kinds != want.kinds || v.TypeOnly != want.typeOnly {
			t.Errorf("%s: kinds %b type-only %v, want %b %v", name, v.Kinds, v.TypeOnly, want.kinds, want.typeOnly)
		}
	}
}
