package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fsroot"
)

// ExplainScheme is the scheme of ExplainURI.
const ExplainScheme = "shea-explain:"

// ExplainURI is the codeDescription of a diagnostic: shea-explain:CODE
// names the entry `shea explain CODE` prints (shea explain accepts the URI
// itself too). Editors show it as a link; a client may map the scheme to
// running the command.
func ExplainURI(code diag.Code) string { return ExplainScheme + string(code) }

// MaxPublished is how many diagnostics of one file are published: the
// first ones by position, then one more that counts the rest (an editor
// slows down on a list of thousands, and a file with that many has one
// mistake repeated).
const MaxPublished = 1000

// moreDiagnostics is the last diagnostic of a file that has more than
// MaxPublished: at the first of the rest, an error when one of them is.
func moreDiagnostics(rest diag.List, conv *converter) Diagnostic {
	errs := 0
	for _, d := range rest {
		if d.Severity != diag.Warning {
			errs++
		}
	}
	at := conv.position(rest[0].Subject.Start)
	d := Diagnostic{Range: Range{Start: at, End: at}, Severity: 2, Source: "shea",
		Message: fmt.Sprintf("%d more diagnostics in this file (%d errors, %d warnings), not shown: shea lsp publishes the first %d; shea validate and shea check list them all",
			len(rest), errs, len(rest)-errs, MaxPublished)}
	if errs > 0 {
		d.Severity = 1
	}
	return d
}

// publish sends each file whose diagnostics (or version) changed since the
// last publish, clears the files that no longer have any, and keeps what
// completion and hover need.
func (c *checker) publish(snap snapshot, res *result) {
	enc := c.s.encoding()
	texts := map[string]string{}
	textOf := func(path string) string {
		if t, ok := texts[path]; ok {
			return t
		}
		t := ""
		if d, ok := snap.docs[path]; ok {
			t = d.text
		} else if b, err := fsroot.ReadPath(path, MaxDocumentBytes); err == nil {
			t = string(b)
		}
		texts[path] = t
		return t
	}
	convs := map[string]*converter{}
	convOf := func(path string) *converter {
		if c, ok := convs[path]; ok {
			return c
		}
		c := newConverter(textOf(path), enc)
		if _, open := snap.docs[path]; open {
			c = newBufferConverter(c.text, enc)
		}
		convs[path] = c
		return c
	}
	out := map[string]publishDiagnosticsParams{}
	for path, list := range res.diags {
		conv := convOf(path)
		p := publishDiagnosticsParams{URI: pathToURI(path), Diagnostics: []Diagnostic{}}
		if d, ok := snap.docs[path]; ok {
			p.URI = d.uri
			v := d.version
			p.Version = &v
		}
		shown := list[:min(len(list), MaxPublished)]
		for _, d := range shown {
			p.Diagnostics = append(p.Diagnostics, c.toLSP(d, conv, convOf))
		}
		if rest := list[len(shown):]; len(rest) > 0 {
			p.Diagnostics = append(p.Diagnostics, moreDiagnostics(rest, conv))
		}
		out[path] = p
	}
	c.mu.Lock()
	var paths []string
	for path := range out {
		paths = append(paths, path)
	}
	for path := range c.published {
		if _, ok := out[path]; !ok {
			paths = append(paths, path)
			out[path] = publishDiagnosticsParams{URI: pathToURI(path), Diagnostics: []Diagnostic{}}
		}
	}
	sort.Strings(paths)
	type pending struct {
		path, key string
		p         publishDiagnosticsParams
	}
	var send []pending
	for _, path := range paths {
		p := out[path]
		b, _ := json.Marshal(p)
		if c.published[path] == string(b) {
			continue
		}
		send = append(send, pending{path, string(b), p})
	}
	c.infos = res.infos
	c.mu.Unlock()
	for _, x := range send {
		if c.s.docs.generation() != snap.gen {
			return // an edit came: the next check publishes the rest
		}
		if err := c.s.connection().Notify(context.Background(), "textDocument/publishDiagnostics", x.p); err != nil {
			c.s.logf("publishing diagnostics: %v", err)
			return
		}
		c.mu.Lock()
		if len(x.p.Diagnostics) == 0 && x.p.Version == nil {
			delete(c.published, x.path) // cleared: no longer tracked
		} else {
			c.published[x.path] = x.key
		}
		c.mu.Unlock()
	}
}

// toLSP converts a diagnostic. The message is the summary, followed by
// the detail (where the suggestion is) on the next lines: shea validate
// --format json's summary and detail.
func (c *checker) toLSP(d *diag.Diagnostic, conv *converter, convOf func(string) *converter) Diagnostic {
	out := Diagnostic{
		Range:    conv.rng(d.Subject),
		Severity: 1,
		Code:     string(d.Code),
		Source:   "shea",
		Message:  Message(d),
	}
	if d.Severity == diag.Warning {
		out.Severity = 2
	}
	if d.Code != "" {
		out.CodeDescription = &codeDescription{Href: ExplainURI(d.Code)}
	}
	if s := d.Suggestions(); len(s) > 0 {
		out.Data = &diagnosticData{Suggestions: s}
	}
	for _, r := range d.Related {
		f := fileOf(r.Range.Filename, "")
		if f == "" || r.Range.Filename == "" {
			continue
		}
		rc := convOf(f)
		out.Related = append(out.Related, diagnosticRelatedInformation{
			Location: Location{URI: pathToURI(f), Range: rc.rng(r.Range)},
			Message:  r.Message,
		})
	}
	return out
}

// Message is an LSP diagnostic's message for d: its summary, and its
// detail on the following lines when it has one.
func Message(d *diag.Diagnostic) string {
	if d.Detail == "" {
		return d.Summary
	}
	return d.Summary + "\n" + d.Detail
}
