package diag

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// SARIFOptions configures WriteSARIF.
type SARIFOptions struct {
	ToolName    string     // the driver's name
	ToolURI     string     // the driver's informationUri
	ToolVersion string     // the driver's version, e.g. "v0.3.0"
	BaseDir     string     // file names are written relative to this directory
	Source      SourceFunc // when set, columns are converted from bytes to code points
	// Rules describe the codes, in the order written. A caller that
	// passes every code it has, always in the same order, keeps rule
	// indexes stable across runs. A result whose code has no rule gets
	// the index -1.
	Rules []SARIFRule
}

// SARIFRule describes one code as a SARIF reporting descriptor. Its name
// is the code in UpperCamelCase.
type SARIFRule struct {
	Code        Code
	Description string   // the short and the full description
	Help        string   // how to fix it
	Level       Severity // the default level
	// Properties are written as the rule's property bag, e.g. a class.
	Properties map[string]any
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifText      `json:"help"`
	DefaultConfiguration map[string]any `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// WriteSARIF writes the list as a SARIF 2.1.0 log with one run, whose
// rules are opts.Rules.
func WriteSARIF(w io.Writer, l List, opts SARIFOptions) error {
	index := map[Code]int{}
	rules := make([]sarifRule, len(opts.Rules))
	for i, r := range opts.Rules {
		index[r.Code] = i
		props := r.Properties
		if props == nil {
			props = map[string]any{}
		}
		rules[i] = sarifRule{
			ID:                   string(r.Code),
			Name:                 ruleName(r.Code),
			ShortDescription:     sarifText{r.Description},
			FullDescription:      sarifText{r.Description},
			Help:                 sarifText{r.Help},
			DefaultConfiguration: map[string]any{"level": r.Level.String()},
			Properties:           props,
		}
	}
	results := make([]sarifResult, 0, len(l))
	for _, d := range l {
		idx, ok := index[d.Code]
		if !ok {
			idx = -1
		}
		msg := d.Summary
		if d.Detail != "" {
			msg += "\n" + d.Detail
		}
		res := sarifResult{RuleID: string(d.Code), RuleIndex: idx, Level: d.Severity.String(), Message: sarifText{msg}}
		if loc, ok := location(d.Subject, opts); ok {
			res.Locations = []sarifLocation{loc}
		}
		for i, r := range d.Related {
			if loc, ok := location(r.Range, opts); ok {
				id := i + 1
				loc.ID = &id
				loc.Message = &sarifText{r.Message}
				res.RelatedLocations = append(res.RelatedLocations, loc)
			}
		}
		results = append(results, res)
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           opts.ToolName,
				InformationURI: opts.ToolURI,
				Version:        opts.ToolVersion,
				Rules:          rules,
			}},
			ColumnKind: "unicodeCodePoints",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func ruleName(c Code) string {
	parts := strings.Split(string(c), "_")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "")
}

func location(r Range, opts SARIFOptions) (sarifLocation, bool) {
	if r.Filename == "" {
		return sarifLocation{}, false
	}
	uri := filepath.ToSlash(r.Filename)
	if opts.BaseDir != "" {
		if abs, err := filepath.Abs(r.Filename); err == nil {
			if rel, err := filepath.Rel(opts.BaseDir, abs); err == nil && !strings.HasPrefix(rel, "..") {
				uri = filepath.ToSlash(rel)
			}
		}
	}
	// A URI reference, percent-encoded (a name holding " ", "%", "#" or
	// "?" is not one as it is; one with ":" in its first segment gains
	// "./", so that it does not read as a scheme).
	art := sarifArtifact{URI: (&url.URL{Path: uri}).String(), URIBaseID: "%SRCROOT%"}
	if filepath.IsAbs(r.Filename) && uri == filepath.ToSlash(r.Filename) {
		// Not under BaseDir: an absolute file URI, which a base cannot
		// resolve.
		p := filepath.ToSlash(r.Filename)
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // a Windows drive letter
		}
		art = sarifArtifact{URI: (&url.URL{Scheme: "file", Path: p}).String()}
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: art}}
	if !r.Start.IsZero() {
		end := r.End
		if end.IsZero() || end.Byte < r.Start.Byte {
			end = r.Start
		}
		reg := &sarifRegion{
			StartLine: r.Start.Line, StartColumn: codePointColumn(r.Filename, r.Start, opts.Source),
			EndLine: end.Line, EndColumn: codePointColumn(r.Filename, end, opts.Source),
		}
		if reg.EndLine == reg.StartLine && reg.EndColumn <= reg.StartColumn {
			reg.EndColumn = reg.StartColumn + 1
		}
		loc.PhysicalLocation.Region = reg
	}
	return loc, true
}

// codePointColumn converts a byte column to a code-point column when the
// source is at hand, and otherwise returns the byte column.
func codePointColumn(filename string, p Pos, source SourceFunc) int {
	if source == nil {
		return p.Column
	}
	src := source(filename)
	lineStart := p.Byte - (p.Column - 1)
	if src == nil || lineStart < 0 || p.Byte > len(src) {
		return p.Column
	}
	return utf8.RuneCount(src[lineStart:p.Byte]) + 1
}
