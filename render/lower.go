package render

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	osparser "github.com/osteele/liquid/parser"
	osrender "github.com/osteele/liquid/render"

	"github.com/sheaproject/shea/strict"
)

// unit is one compiled template or partial: the compiled nodes, and the
// osteele render tree of its lowered skeleton, whose tags find the nodes
// they stand for in the unit being rendered (state.unit) by index.
type unit struct {
	runs      []run
	blocks    []block
	textBytes int // the length of the literal text
	root      osrender.Node
	cfg       *osrender.Config // the engine's osteele configuration
}

// simpleFn runs a tag or output that has no body.
type simpleFn func(st *state, w io.Writer) error

// blockFn runs a block; body.render renders clause i of the block (0 is the
// body after the opening tag) into w.
type blockFn func(st *state, w io.Writer, body clauses) error

// block is one lowered block: the compiled block, the run of text and
// simple tags just before it, and the run that starts each of its clauses
// (nil where there is none). Those runs are not osteele tags of their own:
// the block's tag renders them, which keeps the skeleton short.
type block struct {
	before run
	run    blockFn
	leads  []run
}

// clauses renders the clauses of one block: an osteele block's (rc, ow,
// list and leads), or a leaf block's, whose clauses are runs (runs[i] is
// clause i).
type clauses struct {
	st    *state
	rc    osrender.Context
	ow    io.Writer // osteele's writer for the block's children
	list  []*osrender.BlockNode
	leads []run
	runs  []run // a leaf block's (nil for an osteele block)
}

// render renders clause i into w.
func (c clauses) render(i int, w io.Writer) error {
	if c.runs != nil {
		return c.runs[i].render(c.st, w)
	}
	if i < len(c.leads) {
		if err := c.leads[i].render(c.st, w); err != nil {
			return err
		}
	}
	// osteele walks the clause's children with its own writer; their tags
	// write to st.w.
	prev := c.st.w
	c.st.w = w
	defer func() { c.st.w = prev }()
	if i == 0 {
		return c.rc.RenderChildren(c.ow)
	}
	return c.rc.RenderBlock(c.ow, c.list[i-1])
}

// lowerer turns shea's syntax tree into a skeleton in osteele's grammar:
// every Liquid block (if, unless, case, for, tablerow, capture, ifchanged)
// that holds another block is an osteele block, and every run of text,
// outputs, simple tags and leaf blocks (blocks that hold no block) between
// them is one osteele tag, each naming the compiled node it stands for by
// index:
//
//	{%s 3%}                            a run of text, outputs, assigns, leaf blocks…
//	{%b 4%}…{%c%}…{%c%}…{%endb%}       block 4: its body, then its clauses in order
//
// A run just before a block, and a run that starts a block's body or
// clause, have no tag of their own: block 4's tag renders them (see block).
// Comments vanish. osteele parses the skeleton into its render tree, and its
// renderer walks the tree, calling back into the compiled nodes. The tags
// are generic: osteele needs only the tree's shape, and the compiled node
// knows what its clauses mean. A leaf block renders its clauses itself,
// each a run: it gives osteele's tree no shape beyond one more node of the
// run, and every osteele tag is parsed again on every compile (about a
// microsecond each, measured on a skeleton of 22 tags), so the skeleton
// holds only the nesting of blocks.
type lowerer struct {
	c      *compiler
	t      *Template
	b      strings.Builder
	runs   []run
	blocks []block
	// ops holds the run being collected; each run taken keeps its part of
	// the buffer, and the next run starts after it.
	ops       []op
	textBytes int // the length of the literal text
	// opened holds the blocks open around the current node, innermost last:
	// the index of each in blocks and of its current clause.
	opened []openBlock
	// lead is the clause whose start the current run is, if it is: the
	// index of its block in blocks (-1 for none), and of the clause in the
	// block's leads.
	lead, leadClause int
}

// The skeleton's tags.
const (
	runTag    = "s" // a run: {%s N%}
	blockTag  = "b" // a block: {%b N%} … {%endb%}
	clauseTag = "c" // the start of a block's next clause: {%c%}
)

// osteele is the osteele configuration every engine shares: the grammar of
// skeletons. It is built once and only read afterwards; each compile parses
// its skeleton with it into a render tree of its own.
type osteele struct {
	cfg osrender.Config
}

func newOsteele() *osteele {
	o := &osteele{cfg: osrender.NewConfig()}
	o.cfg.AddTag(runTag, func(args string) (func(io.Writer, osrender.Context) error, error) {
		i, err := strconv.Atoi(strings.TrimSpace(args))
		if err != nil || i < 0 {
			return nil, fmt.Errorf("bad node index %q", args)
		}
		return func(_ io.Writer, rc osrender.Context) error {
			st := stateOf(rc)
			return st.unit.runs[i].render(st, st.w)
		}, nil
	})
	o.cfg.AddBlock(blockTag).Clause(clauseTag).Compiler(func(n osrender.BlockNode) (func(io.Writer, osrender.Context) error, error) {
		i, err := strconv.Atoi(strings.TrimSpace(n.Args))
		if err != nil || i < 0 {
			return nil, fmt.Errorf("bad block index %q", n.Args)
		}
		list := n.Clauses
		return func(ow io.Writer, rc osrender.Context) error {
			st := stateOf(rc)
			b := &st.unit.blocks[i]
			if err := b.before.render(st, st.w); err != nil {
				return err
			}
			return b.run(st, st.w, clauses{st: st, rc: rc, ow: ow, list: list, leads: b.leads})
		}, nil
	})
	return o
}

func (c *compiler) unit(t *Template, tmpl *strict.Template) (*unit, error) {
	l := &lowerer{c: c, t: t, lead: -1, ops: make([]op, 0, len(tmpl.Body))}
	l.body(tmpl.Body, false)
	l.endRun()
	root, err := c.eng.os.cfg.Compile(l.b.String(), osparser.SourceLoc{Pathname: tmpl.Filename, LineNo: 1})
	if err != nil {
		return nil, fmt.Errorf("internal error: osteele/liquid rejected the lowered template: %v", err)
	}
	return &unit{runs: l.runs, blocks: l.blocks, textBytes: l.textBytes, root: root, cfg: &c.eng.os.cfg}, nil
}

// stateOf recovers the render state from osteele's context.
func stateOf(rc osrender.Context) *state {
	st, _ := rc.Get(stateKey).(*state)
	return st
}

// run is a run of text and nodes without a body, rendered in order.
type run []op

// op is one step of a run: literal text, a compiled node without a body
// (fn), or a leaf block.
type op struct {
	text string
	fn   simpleFn
	leaf *leafBlock
}

func (r run) render(st *state, w io.Writer) error {
	for _, op := range r {
		var err error
		switch {
		case op.fn != nil:
			err = op.fn(st, w)
		case op.leaf != nil:
			err = op.leaf.fn(st, w, clauses{st: st, runs: op.leaf.runs})
		default:
			_, err = io.WriteString(w, op.text)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// leafBlock is a block that holds no block: the compiled block and its
// clauses, each a run. Most blocks have one or two clauses, which few
// holds, so that one allocation serves for both.
type leafBlock struct {
	fn   blockFn
	runs []run
	few  [2]run
}

// addSimple adds a node to the current run.
func (l *lowerer) addSimple(fn simpleFn) { l.ops = append(l.ops, op{fn: fn}) }

// endRun ends the current run: it starts the clause just opened, if there
// is one, or is emitted as one osteele tag.
func (l *lowerer) endRun() {
	r := l.takeRun()
	if r == nil {
		return
	}
	if l.lead >= 0 {
		l.setLead(r)
		return
	}
	l.b.WriteString("{%" + runTag + " ")
	l.b.WriteString(strconv.Itoa(len(l.runs)))
	l.b.WriteString("%}")
	l.runs = append(l.runs, r)
}

// setLead makes r the run that starts the clause just opened.
func (l *lowerer) setLead(r run) {
	b := &l.blocks[l.lead]
	for len(b.leads) <= l.leadClause {
		b.leads = append(b.leads, nil)
	}
	b.leads[l.leadClause] = r
	l.lead = -1
}

// takeRun returns the current run (nil if it is empty) and starts a new
// one.
func (l *lowerer) takeRun() run {
	if len(l.ops) == 0 {
		return nil
	}
	r := run(l.ops[:len(l.ops):len(l.ops)])
	l.ops = l.ops[len(l.ops):]
	return r
}

// open emits the start of a block; the current run, unless it starts the
// enclosing clause, is rendered by the block's tag just before the block.
func (l *lowerer) open(fn blockFn) {
	var before run
	if l.lead >= 0 {
		l.endRun()
	} else {
		before = l.takeRun()
	}
	i := len(l.blocks)
	l.b.WriteString("{%" + blockTag + " ")
	l.b.WriteString(strconv.Itoa(i))
	l.b.WriteString("%}")
	l.blocks = append(l.blocks, block{before: before, run: fn})
	l.opened = append(l.opened, openBlock{i, 0})
	l.lead, l.leadClause = i, 0
}

// clause emits the start of the open block's next clause.
func (l *lowerer) clause() {
	l.endRun()
	l.b.WriteString("{%" + clauseTag + "%}")
	o := &l.opened[len(l.opened)-1]
	o.clause++
	l.lead, l.leadClause = o.block, o.clause
}

// openBlock is a block being lowered: its index in lowerer.blocks, and the
// index of the clause being lowered (0 is the body).
type openBlock struct{ block, clause int }

// end emits the end of the open block.
func (l *lowerer) end() {
	l.endRun()
	l.lead = -1
	l.b.WriteString("{%end" + blockTag + "%}")
	l.opened = l.opened[:len(l.opened)-1]
}

// block lowers a block whose clauses hold bodies (bodies[0] is the body
// after the opening tag): as an osteele block when a clause holds another
// block, and otherwise as a leaf block in the current run, which renders
// its clauses as runs of its own.
func (l *lowerer) block(fn blockFn, bodies [][]strict.Node, blank bool) {
	if !holdsBlock(bodies) {
		l.ops = append(l.ops, op{leaf: l.leaf(fn, bodies, blank)})
		return
	}
	l.open(fn)
	for i, body := range bodies {
		if i > 0 {
			l.clause()
		}
		l.body(body, blank)
	}
	l.end()
}

// leaf compiles a block that holds no block: each clause is a run. The
// clauses are collected after the unfinished run that holds the block, and
// then copied out together.
func (l *lowerer) leaf(fn blockFn, bodies [][]strict.Node, blank bool) *leafBlock {
	b := &leafBlock{fn: fn}
	runs := b.few[:0]
	if len(bodies) > len(b.few) {
		runs = make([]run, 0, len(bodies))
	}
	runs = runs[:len(bodies)]
	start := len(l.ops)
	for i, body := range bodies {
		from := len(l.ops)
		l.body(body, blank) // only runs: the block holds no block
		runs[i] = l.ops[from:]
	}
	ops := slices.Clone(l.ops[start:])
	l.ops = l.ops[:start]
	for i, r := range runs {
		n := len(r)
		runs[i], ops = ops[:n:n], ops[n:]
	}
	b.runs = runs
	return b
}

// holdsBlock reports whether a body holds a block.
func holdsBlock(bodies [][]strict.Node) bool {
	for _, body := range bodies {
		for _, n := range body {
			switch n.(type) {
			case *strict.If, *strict.Case, *strict.For, *strict.Tablerow, *strict.Capture, *strict.Ifchanged:
				return true
			}
		}
	}
	return false
}

// body emits nodes; blank drops whitespace-only text (Liquid's blank-block
// rule, decided at parse time).
func (l *lowerer) body(nodes []strict.Node, blank bool) {
	for _, n := range nodes {
		if txt, ok := n.(*strict.Text); ok {
			if blank || txt.Value == "" {
				continue
			}
			l.text(txt.Value)
			continue
		}
		l.node(n)
	}
}

// text adds literal text to the current run.
func (l *lowerer) text(s string) {
	l.ops = append(l.ops, op{text: s})
	l.textBytes += len(s)
}

func (l *lowerer) node(n strict.Node) {
	c := l.c
	switch n := n.(type) {
	case *strict.Comment:
	case *strict.Raw:
		if n.Text != "" {
			l.text(n.Text)
		}
	case *strict.Output:
		if n.Value != nil {
			l.addSimple(output(c.pipeline(n.Value)))
		}
	case *strict.Echo:
		if n.Value != nil {
			l.addSimple(output(c.pipeline(n.Value)))
		}
	case *strict.Assign:
		l.addSimple(c.assign(n))
	case *strict.Increment:
		l.addSimple(c.increment(n))
	case *strict.Cycle:
		l.addSimple(c.cycle(n))
	case *strict.Break:
		l.addSimple(interrupt(errBreak))
	case *strict.Continue:
		l.addSimple(interrupt(errContinue))
	case *strict.Include:
		l.addSimple(c.include(l.t, n))
	case *strict.If:
		bodies := make([][]strict.Node, len(n.Clauses))
		for i, cl := range n.Clauses {
			bodies[i] = cl.Body
		}
		l.block(c.ifBlock(n), bodies, n.Blank)
	case *strict.Case:
		bodies := make([][]strict.Node, 1, len(n.Clauses)+1) // nothing renders before the first when
		for _, cl := range n.Clauses {
			bodies = append(bodies, cl.Body)
		}
		l.block(c.caseBlock(n), bodies, n.Blank)
	case *strict.For:
		bodies := [][]strict.Node{n.Body}
		if n.HasElse {
			bodies = append(bodies, n.Else)
		}
		l.block(c.forBlock(n), bodies, n.Blank)
	case *strict.Tablerow:
		l.block(c.tablerow(n), [][]strict.Node{n.Body}, false)
	case *strict.Capture:
		l.block(c.capture(n), [][]strict.Node{n.Body}, false)
	case *strict.Ifchanged:
		l.block(c.ifchanged(n), [][]strict.Node{n.Body}, false)
	default:
		panic(fmt.Sprintf("render: no lowering for %T", n))
	}
}

// interrupt returns break or continue up to the enclosing loop.
func interrupt(err error) simpleFn {
	return func(*state, io.Writer) error { return err }
}

// output writes the value of an expression.
func output(eval evalFn) simpleFn {
	return func(st *state, w io.Writer) error {
		v, err := eval(st)
		if err != nil {
			return err
		}
		switch x := v.(type) {
		case string:
			return writeString(w, x)
		case nil:
			return nil
		}
		s, err := printValue(st.b, value(v))
		if err != nil {
			return err
		}
		return writeString(w, s)
	}
}

// writeString writes s to w.
func writeString(w io.Writer, s string) error {
	if s == "" {
		return nil
	}
	_, err := io.WriteString(w, s)
	return err
}
