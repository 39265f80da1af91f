package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	osparser "github.com/osteele/liquid/parser"
	osrender "github.com/osteele/liquid/render"

	"github.com/sheaproject/shea/strict"
)

// unit is one compiled template or partial: osteele's render tree, and the
// osteele configuration whose tags run shea's compiled nodes.
type unit struct {
	name string
	cfg  osrender.Config
	root osrender.Node
}

// simpleFn runs a tag or output that has no body.
type simpleFn func(st *state, w io.Writer) error

// blockFn runs a block; body renders clause i of the block (0 is the body
// after the opening tag) into w.
type blockFn func(st *state, w io.Writer, body func(i int, w io.Writer) error) error

// lowerer turns shea's syntax tree into source in osteele's grammar, where
// every Liquid construct is a tag that indexes a compiled node:
//
//	{% shea 3 %}                              outputs and simple tags
//	{% if 4 %}…{% elsif %}…{% else %}…{% endif %}  blocks, clauses in order
//
// Text is emitted as text (with whitespace control already applied);
// comments vanish. osteele parses this source into its render tree, and its
// renderer walks the tree, calling back into the compiled nodes.
type lowerer struct {
	c      *compiler
	t      *Template
	b      strings.Builder
	simple []simpleFn
	blocks []blockFn
}

// blockTags are the osteele blocks shea registers, with their clauses.
var blockTags = []struct {
	name    string
	clauses []string
}{
	{"if", []string{"elsif", "else"}},
	{"unless", []string{"elsif", "else"}},
	{"case", []string{"when", "else"}},
	{"for", []string{"else"}},
	{"tablerow", nil},
	{"capture", nil},
	{"ifchanged", nil},
}

func (c *compiler) unit(t *Template, name string, tmpl *strict.Template) (*unit, error) {
	l := &lowerer{c: c, t: t}
	l.body(tmpl.Body, false)
	u := &unit{name: name, cfg: osrender.NewConfig()}
	u.cfg.AddTag("shea", func(args string) (func(io.Writer, osrender.Context) error, error) {
		i, err := strconv.Atoi(strings.TrimSpace(args))
		if err != nil || i < 0 || i >= len(l.simple) {
			return nil, fmt.Errorf("bad node index %q", args)
		}
		fn := l.simple[i]
		return func(w io.Writer, rc osrender.Context) error { return fn(stateOf(rc), w) }, nil
	})
	for _, bt := range blockTags {
		def := u.cfg.AddBlock(bt.name)
		for _, cl := range bt.clauses {
			def = def.Clause(cl)
		}
		def.Compiler(func(n osrender.BlockNode) (func(io.Writer, osrender.Context) error, error) {
			i, err := strconv.Atoi(strings.TrimSpace(n.Args))
			if err != nil || i < 0 || i >= len(l.blocks) {
				return nil, fmt.Errorf("bad block index %q", n.Args)
			}
			fn, clauses := l.blocks[i], n.Clauses
			return func(w io.Writer, rc osrender.Context) error {
				return fn(stateOf(rc), w, func(k int, w io.Writer) error {
					if k == 0 {
						return rc.RenderChildren(w)
					}
					return rc.RenderBlock(w, clauses[k-1])
				})
			}, nil
		})
	}
	root, perr := u.cfg.Compile(l.b.String(), osparser.SourceLoc{Pathname: tmpl.Filename, LineNo: 1})
	if perr != nil {
		return nil, fmt.Errorf("internal error: osteele/liquid rejected the lowered template: %v", perr)
	}
	u.root = root
	return u, nil
}

// stateOf recovers the render state from osteele's context.
func stateOf(rc osrender.Context) *state {
	st, _ := rc.Get(stateKey).(*state)
	return st
}

func (l *lowerer) addSimple(fn simpleFn) {
	fmt.Fprintf(&l.b, "{%% shea %d %%}", len(l.simple))
	l.simple = append(l.simple, fn)
}

func (l *lowerer) open(name string, fn blockFn) {
	fmt.Fprintf(&l.b, "{%% %s %d %%}", name, len(l.blocks))
	l.blocks = append(l.blocks, fn)
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

// text emits literal text; text that osteele would read as a tag or output
// is emitted through a node instead.
func (l *lowerer) text(s string) {
	if strings.Contains(s, "{{") || strings.Contains(s, "{%") {
		l.addSimple(func(st *state, w io.Writer) error {
			_, err := io.WriteString(w, s)
			return err
		})
		return
	}
	l.b.WriteString(s)
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
		name := "if"
		if n.Unless {
			name = "unless"
		}
		l.open(name, c.ifBlock(n))
		for i, cl := range n.Clauses {
			if i > 0 {
				if cl.Cond != nil {
					l.b.WriteString("{% elsif %}")
				} else {
					l.b.WriteString("{% else %}")
				}
			}
			l.body(cl.Body, n.Blank)
		}
		fmt.Fprintf(&l.b, "{%% end%s %%}", name)
	case *strict.Case:
		l.open("case", c.caseBlock(n))
		for _, cl := range n.Clauses {
			if cl.Values != nil {
				l.b.WriteString("{% when %}")
			} else {
				l.b.WriteString("{% else %}")
			}
			l.body(cl.Body, n.Blank)
		}
		l.b.WriteString("{% endcase %}")
	case *strict.For:
		l.open("for", c.forBlock(n))
		l.body(n.Body, n.Blank)
		if n.HasElse {
			l.b.WriteString("{% else %}")
			l.body(n.Else, n.Blank)
		}
		l.b.WriteString("{% endfor %}")
	case *strict.Tablerow:
		l.open("tablerow", c.tablerow(n))
		l.body(n.Body, false)
		l.b.WriteString("{% endtablerow %}")
	case *strict.Capture:
		l.open("capture", c.capture(n))
		l.body(n.Body, false)
		l.b.WriteString("{% endcapture %}")
	case *strict.Ifchanged:
		l.open("ifchanged", c.ifchanged(n))
		l.body(n.Body, false)
		l.b.WriteString("{% endifchanged %}")
	default:
		panic(fmt.Sprintf("render: no lowering for %T", n))
	}
}

// interrupt returns break or continue up to the enclosing loop. osteele's
// renderer buffers the last write and drops the buffer when a render
// returns an error, so the buffer is flushed first: the text before a break
// is output.
func interrupt(err error) simpleFn {
	return func(_ *state, w io.Writer) error {
		if ferr := flush(w); ferr != nil {
			return ferr
		}
		return err
	}
}

// flush writes out what osteele's renderer buffered in w.
func flush(w io.Writer) error {
	if f, ok := w.(interface{ Flush() (int, error) }); ok {
		_, err := f.Flush()
		return err
	}
	return nil
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
			_, err = io.WriteString(w, x)
		case nil:
		default:
			_, err = io.WriteString(w, toString(value(x)))
		}
		return err
	}
}
