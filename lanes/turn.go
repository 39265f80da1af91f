package lanes

import (
	"context"
	"fmt"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// TurnFile is the name of the turn block of a lane file: "main-agent.md"
// gives "main-agent.turn.md" (".turn.md" replaces a final ".md", or is
// added).
func TurnFile(file string) string {
	return strings.TrimSuffix(file, ".md") + ".turn.md"
}

// composeTurn composes the lane's turn block into c.Turn when a layer has
// one.
func (c *Composed) composeTurn(ls []layer, req Request, opts mergeOptions) diag.List {
	rel := TurnFile(req.File)
	t := &Composed{Partials: c.Partials, sources: c.sources, lane: req.Lane}
	d, diags := t.composeFile(ls, rel, PartTurn, rel, opts, true)
	if d == nil && len(t.Files) == 0 {
		return diags
	}
	fallback := rel
	if n := len(t.Files); n > 0 {
		fallback = t.Files[n-1].File
	}
	var pieces []piece
	if d != nil {
		if req.Ablate {
			const file = "<ablation:turn>"
			t.sources[file] = turnIntent
			d = ablated(d, codeDoc(turnIntent, file, LayerAblation))
		}
		pieces = append(pieces, piece{PartTurn, rel, d})
	}
	t.assemble(pieces, "<composed>/"+rel, fallback)
	c.Turn = t
	return diags
}

// TurnTemplate is a compiled composed lane with a turn block: the system
// part (parts, lane file, contracts) and the user part (the turn block).
// It is safe for concurrent use.
type TurnTemplate struct {
	System, User *Template
	turnOnly     []string // inputs only User reads
}

// CompileTurn compiles a lane that has a turn block (c.Turn not nil): the
// system part against system, the turn block against turn, each with a
// render engine made from opts (see Compile). The inputs that turn declares
// and system does not (attempt and run_context for a workflow's lanes) are
// per-turn: a read of one in the system part is an unknown_variable error
// at that place, whose detail says to move it to the turn block. The
// template is nil when there are errors.
func (c *Composed) CompileTurn(opts render.Options, system, turn *strict.Schema) (*TurnTemplate, diag.List) {
	if c.Turn == nil {
		return nil, diag.List{diag.Errorf(codes.MissingTemplateFile, diag.Range{Filename: c.Map.fallback},
			"lane %s has no turn block %s", c.lane, TurnFile(c.Map.fallback))}
	}
	turnOnly := TurnOnly(system, turn)
	sys, diags := c.Compile(opts, system)
	diags = c.explainTurnOnly(diags, turnOnly)
	user, udiags := c.Turn.Compile(opts, turn)
	diags = append(diags, udiags...)
	if sys == nil || user == nil || diags.HasErrors() {
		return nil, diags
	}
	return &TurnTemplate{System: sys, User: user, turnOnly: turnOnly}, diags
}

// NewTurnTemplate returns the TurnTemplate of a lane that is not composed
// (a single prompt file with a turn block beside it): system is the prompt
// compiled against the system part's inputs, user the turn block compiled
// against the turn block's, and turnOnly the inputs only user reads
// (TurnOnly). The caller explains the system part's reads of those with
// ExplainTurnOnly.
func NewTurnTemplate(system, user *render.Template, turnOnly []string) *TurnTemplate {
	return &TurnTemplate{System: &Template{tpl: system}, User: &Template{tpl: user}, turnOnly: turnOnly}
}

// TurnOnly returns the per-turn inputs: those turn declares and system does
// not, in turn's order.
func TurnOnly(system, turn *strict.Schema) []string {
	var out []string
	for _, n := range turn.Names() {
		if !system.Has(n) {
			out = append(out, n)
		}
	}
	return out
}

// explainTurnOnly rewrites the unknown_variable errors of the system part
// that read a per-turn input.
func (c *Composed) explainTurnOnly(l diag.List, turnOnly []string) diag.List {
	turn := TurnFile(c.Map.fallback)
	if c.Turn != nil {
		turn = c.Turn.Map.fallback
	}
	return ExplainTurnOnly(l, c.SourceFunc(), c.lane, turn, turnOnly)
}

// ExplainTurnOnly rewrites, in place, the unknown_variable errors of l
// (the diagnostics of lane's system part) that read one of turnOnly: the
// summary says the input is per-turn, the detail to move the read to
// turnFile. src serves the text of the files the diagnostics name, so that
// the name read can be found at each error's start byte. It returns l.
func ExplainTurnOnly(l diag.List, src diag.SourceFunc, lane, turnFile string, turnOnly []string) diag.List {
	for i, d := range l {
		if d.Code != codes.UnknownVariable {
			continue
		}
		name := identAt(src(d.Subject.Filename), d.Subject.Start.Byte)
		for _, n := range turnOnly {
			if name != n {
				continue
			}
			e := *d
			e.Summary = fmt.Sprintf("%s is a per-turn input: the system part of lane %s cannot read it", n, lane)
			e.Detail = fmt.Sprintf("The system part (parts, lane file, contracts) must read the same for every turn of a run, so that it can be cached. "+
				"Move the text that reads %s to the lane's turn block, %s.", n, turnFile)
			l[i] = &e
		}
	}
	return l
}

// identAt returns the Liquid identifier starting at byte b of src.
func identAt(src []byte, b int) string {
	if b < 0 || b >= len(src) {
		return ""
	}
	e := b
	for e < len(src) && (src[e] == '_' || src[e] == '-' || src[e] >= 'a' && src[e] <= 'z' || src[e] >= 'A' && src[e] <= 'Z' || src[e] >= '0' && src[e] <= '9') {
		e++
	}
	return string(src[b:e])
}

// Render renders both parts. vars are the inputs of the turn block; the
// system part is rendered without the per-turn ones, so it reads the same
// for every turn. On failure both texts are empty and the error is a
// *render.Error whose diagnostics point at layer files.
func (t *TurnTemplate) Render(ctx context.Context, vars map[string]any) (system, user string, err error) {
	sysVars := make(map[string]any, len(vars))
	for k, v := range vars {
		sysVars[k] = v
	}
	for _, n := range t.turnOnly {
		delete(sysVars, n)
	}
	system, err = t.System.Render(ctx, sysVars)
	if err != nil {
		return "", "", err
	}
	user, err = t.User.Render(ctx, vars)
	if err != nil {
		return "", "", err
	}
	return system, user, nil
}

// JoinTurn is the single prompt of a lane with a turn block: the system
// part, a blank line, the user part.
func JoinTurn(system, user string) string {
	if system == "" || user == "" {
		return system + user
	}
	return strings.TrimRight(system, "\n") + "\n\n" + user
}
