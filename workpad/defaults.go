package workpad

import "embed"

// defaultFiles holds one default template per id, named by Spec.File.
//
//go:embed defaults/*.md
var defaultFiles embed.FS

// Default returns the embedded default template of an id: a short Markdown
// receipt written for shea that prints every one of the id's values (those
// that may be empty, such as optional sections, under an {% if %}). It is
// what a workflow gets for an id it does not configure. ok is false for an
// unknown id.
func Default(id string) (src string, ok bool) {
	s, found := Lookup(id)
	if !found {
		return "", false
	}
	b, err := defaultFiles.ReadFile("defaults/" + s.File())
	if err != nil {
		return "", false // every id has a file; TestDefaultsCoverRegistry proves it
	}
	return string(b), true
}

// DefaultFilename is the name diagnostics in the default template of an id
// use: "<builtin>/workpad/<file>" (or evidence/), which no workflow path can
// be mistaken for.
func DefaultFilename(id string) string {
	s, ok := Lookup(id)
	if !ok {
		return ""
	}
	return "<builtin>/" + s.Path()
}
