package render

import (
	"fmt"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// unit is one compiled template or partial: its body, a tree of nodes.
type unit struct {
	body      body
	textBytes int // the length of the literal text
}

// node is one compiled node of a template. Rendering it writes its output
// to w; {% break %} and {% continue %} return errBreak and errContinue,
// which the enclosing loop stops.
type node interface {
	render(st *state, w *writer) error
}

// body is a sequence of steps: a template, or one clause of a block.
type body []step

// step is literal text, or a node when node is not nil. Text is held here
// rather than as a node of its own, which would cost an allocation per
// piece of text on every compile.
type step struct {
	text string
	node node
}

func (b body) render(st *state, w *writer) error {
	for i := range b {
		s := &b[i]
		var err error
		if s.node == nil {
			err = w.writeString(s.text)
		} else {
			err = s.node.render(st, w)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// simpleFn runs a tag or output that has no body.
type simpleFn func(st *state, w *writer) error

func (f simpleFn) render(st *state, w *writer) error { return f(st, w) }

// blockFn runs a block whose clauses are compiled bodies (clauses[0] is the
// body after the opening tag; a case's first clause is what comes before
// its first when, which renders nothing).
type blockFn func(st *state, w *writer, clauses []body) error

// block is a compiled block and its clauses.
type block struct {
	run     blockFn
	clauses []body
	few     [2]body // the clauses of most blocks, in the same allocation
}

// block returns a block of n clauses, its function to be set.
func (c *compiler) block(n int) *block {
	b := &block{}
	if n <= len(b.few) {
		b.clauses = b.few[:n]
	} else {
		b.clauses = make([]body, n)
	}
	return b
}

func (b *block) render(st *state, w *writer) error { return b.run(st, w, b.clauses) }

// outputNode writes the value of an expression ({{ … }} and echo).
type outputNode struct{ eval evalFn }

func (o outputNode) render(st *state, w *writer) error {
	v, err := o.eval(st)
	if err != nil {
		return err
	}
	switch x := v.(type) {
	case string:
		return w.writeString(x)
	case nil:
		return nil
	}
	s, err := printValue(st.b, value(v))
	if err != nil {
		return err
	}
	return w.writeString(s)
}

// breakNode is {% break %} or {% continue %}: it returns err up to the
// enclosing loop.
type breakNode struct{ err error }

func (b breakNode) render(*state, *writer) error { return b.err }

// unit compiles a template or partial.
func (c *compiler) unit(tmpl *strict.Template) *unit {
	b := c.body(tmpl.Body, false)
	return &unit{body: b, textBytes: c.textBytes}
}

// body compiles nodes; blank drops whitespace-only text (Liquid's
// blank-block rule, decided at parse time). Comments vanish.
func (c *compiler) body(nodes []strict.Node, blank bool) body {
	out := make(body, 0, len(nodes))
	for _, n := range nodes {
		switch n := n.(type) {
		case *strict.Text:
			if !blank && n.Value != "" {
				out = append(out, c.text(n.Value))
			}
		case *strict.Raw:
			if n.Text != "" {
				out = append(out, c.text(n.Text))
			}
		case *strict.Comment:
		default:
			if nd := c.node(n); nd != nil {
				out = append(out, step{node: nd})
			}
		}
	}
	return out
}

func (c *compiler) text(s string) step {
	c.textBytes += len(s)
	return step{text: s}
}

func (c *compiler) node(n strict.Node) node {
	switch n := n.(type) {
	case *strict.Output:
		if n.Value != nil {
			return outputNode{c.pipeline(n.Value)}
		}
	case *strict.Echo:
		if n.Value != nil {
			return outputNode{c.pipeline(n.Value)}
		}
	case *strict.Assign:
		return c.assign(n)
	case *strict.Increment:
		return c.increment(n)
	case *strict.Cycle:
		return c.cycle(n)
	case *strict.Break:
		return breakNode{errBreak}
	case *strict.Continue:
		return breakNode{errContinue}
	case *strict.Include:
		return c.include(n)
	case *strict.If:
		b := c.block(len(n.Clauses))
		for i, cl := range n.Clauses {
			b.clauses[i] = c.body(cl.Body, n.Blank)
		}
		b.run = c.ifBlock(n)
		return b
	case *strict.Case:
		b := c.block(len(n.Clauses) + 1) // nothing renders before the first when
		for i, cl := range n.Clauses {
			b.clauses[i+1] = c.body(cl.Body, n.Blank)
		}
		b.run = c.caseBlock(n)
		return b
	case *strict.For:
		b := c.block(1)
		if n.HasElse {
			b = c.block(2)
			b.clauses[1] = c.body(n.Else, n.Blank)
		}
		b.clauses[0] = c.body(n.Body, n.Blank)
		b.run = c.forBlock(n)
		return b
	case *strict.Tablerow:
		b := c.block(1)
		b.clauses[0], b.run = c.body(n.Body, false), c.tablerow(n)
		return b
	case *strict.Capture:
		b := c.block(1)
		b.clauses[0], b.run = c.body(n.Body, false), c.capture(n)
		return b
	case *strict.Ifchanged:
		b := c.block(1)
		b.clauses[0], b.run = c.body(n.Body, false), c.ifchanged(n)
		return b
	default:
		panic(fmt.Sprintf("render: no compiler for %T", n))
	}
	return nil
}

// writer is where a render writes: the output, or the buffer of a capture
// or ifchanged block. Every byte counts against the render's output limit,
// captured text included.
type writer struct {
	b   *budget
	buf strings.Builder
}

func (w *writer) writeString(s string) error {
	if s == "" {
		return nil
	}
	w.b.out += len(s)
	if w.b.out > w.b.limits.MaxOutputBytes {
		return diag.Errorf(codes.OutputLimit, diag.Range{}, "output grew past the %d-byte limit", w.b.limits.MaxOutputBytes)
	}
	w.buf.WriteString(s)
	return nil
}
