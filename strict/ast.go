package strict

import "github.com/sheaproject/shea/diag"

// Template is a parsed template: its source, where it came from, and its
// top-level nodes. Whitespace control has already been applied to Text
// nodes, and the statements of {% liquid %} tags are spliced into the body
// that holds them.
type Template struct {
	Filename string
	Source   string
	Start    diag.Pos // file position of Source's first byte
	Body     []Node
}

// Node is a node of a template body.
type Node interface {
	// Range is the node's span in the file: for tags the tag itself
	// ("{% … %}"), not the body of a block.
	Range() diag.Range
	node()
}

// Span is where a node, or a part of one, stands in its file. It holds
// byte offsets into the template's source and resolves them to file
// positions only when asked: a node then carries 16 bytes of position
// rather than 64 per diag.Range, and the parser, which builds many nodes and
// reports few problems, does not compute lines and columns it will not
// need. Embedding a Span implements Range. The zero Span has the zero Range.
type Span struct {
	file     *posTable
	from, to int32
}

// Range returns the span's range in the file.
func (s Span) Range() diag.Range {
	if s.file == nil {
		return diag.Range{}
	}
	return s.file.rng(int(s.from), int(s.to))
}

func (s Span) span() Span { return s }

// Text returns the source text the span covers, without resolving its
// position.
func (s Span) Text() string {
	if s.file == nil || s.from < 0 || int(s.to) > len(s.file.src) || s.from > s.to {
		return ""
	}
	return s.file.src[s.from:s.to]
}

// ExprText returns an expression's source text as written.
func ExprText(e Expr) string { return e.span().Text() }

// Text is literal text, printed as is.
type Text struct {
	Span
	Value string
}

// Output is "{{ pipeline }}". Value is nil for an empty output "{{ }}".
type Output struct {
	Span
	Value *Pipeline
}

// Pipeline is an expression followed by filters: "a.b | f: 1, k: 2 | g".
type Pipeline struct {
	Span
	Value   Expr
	Filters []*Filter
}

// Filter is one "| name: args" step of a pipeline.
type Filter struct {
	Span     // from the name to the end of the last argument
	Name     string
	NameSpan Span
	Args     []*Arg
}

// Arg is a filter or tag argument; Name is "" for positional arguments.
type Arg struct {
	Span
	Name  string
	Value Expr
}

// Tag holds what every tag node has: its name and where the name is.
type Tag struct {
	Span
	Name     string
	NameSpan Span
}

func (*Text) node()   {}
func (*Output) node() {}

// Assign is "{% assign target = pipeline %}".
type Assign struct {
	Tag
	Target     string
	TargetSpan Span
	Value      *Pipeline
}

// Capture is "{% capture target %}body{% endcapture %}".
type Capture struct {
	Tag
	Target     string
	TargetSpan Span
	Body       []Node
}

// Clause is one branch of an if, unless or case block. Cond is nil for an
// else clause.
type Clause struct {
	Tag  // the if/elsif/else/when tag that opens the clause
	Cond Expr
	Body []Node
	// Values are the alternatives of a case's when clause (nil for else).
	Values []Expr
}

// If is an if or unless block. The first clause's condition is negated for
// unless. Blank reports Liquid's "blank block" rule: when every clause holds
// only whitespace and tags that print nothing, the whitespace is not printed.
type If struct {
	Tag
	Unless  bool
	Clauses []*Clause
	Blank   bool
}

// Case is "{% case subject %}" with when and else clauses, in source order.
// Every matching when clause renders; an else renders when no when before it
// matched.
type Case struct {
	Tag
	Subject Expr
	Clauses []*Clause
	Blank   bool
}

// For is a for loop.
type For struct {
	Tag
	Var            string
	VarSpan        Span
	Collection     Expr
	Limit          Expr // nil when absent
	Offset         Expr // nil when absent or "continue"
	OffsetContinue bool
	Reversed       bool
	Body           []Node
	Else           []Node // rendered when the collection is empty
	HasElse        bool
	Blank          bool
}

// Tablerow is a tablerow loop.
type Tablerow struct {
	Tag
	Var        string
	VarSpan    Span
	Collection Expr
	Cols       Expr
	Limit      Expr
	Offset     Expr
	Body       []Node
}

// Break is "{% break %}"; Continue is "{% continue %}".
type Break struct{ Tag }

// Continue is "{% continue %}".
type Continue struct{ Tag }

// Cycle is "{% cycle [group:] v1, v2, … %}". Group is nil without a group;
// the implicit group is then the source text of the values.
type Cycle struct {
	Tag
	Group    Expr
	Values   []Expr
	Implicit string
}

// Increment is "{% increment name %}" or, with Decrement, "{% decrement name %}".
type Increment struct {
	Tag
	Var       string
	VarSpan   Span
	Decrement bool
}

// Echo is "{% echo pipeline %}". Value is nil for a bare echo.
type Echo struct {
	Tag
	Value *Pipeline
}

// Raw is "{% raw %}text{% endraw %}".
type Raw struct {
	Tag
	Text string
}

// Comment is a block comment, a doc block or an inline "{% # … %}" comment.
// Its text is never checked or rendered.
type Comment struct{ Tag }

// Ifchanged is "{% ifchanged %}body{% endifchanged %}".
type Ifchanged struct {
	Tag
	Body []Node
}

// Include is an include or render tag.
type Include struct {
	Tag
	Render bool // {% render %}: isolated scope; Name must be a string literal
	// Name is the partial's name expression: a string literal for render,
	// and a literal or a variable for include.
	Name Expr
	// With is the "with x" or "for x" expression; For says which.
	With      Expr
	For       bool
	Alias     string // "as name"; "" when absent
	AliasSpan Span
	Args      []*Arg // keyword arguments
}

func (*Assign) node()    {}
func (*Capture) node()   {}
func (*If) node()        {}
func (*Case) node()      {}
func (*For) node()       {}
func (*Tablerow) node()  {}
func (*Break) node()     {}
func (*Continue) node()  {}
func (*Cycle) node()     {}
func (*Increment) node() {}
func (*Echo) node()      {}
func (*Raw) node()       {}
func (*Comment) node()   {}
func (*Ifchanged) node() {}
func (*Include) node()   {}

// Expr is an expression.
type Expr interface {
	Range() diag.Range
	span() Span
	expr()
}

// LiteralKind says what a Literal holds.
type LiteralKind uint8

// The literal kinds.
const (
	LitNil LiteralKind = iota
	LitBool
	LitInt
	LitFloat
	LitString
	LitBlank // the keyword blank
	LitEmpty // the keyword empty
)

// Literal is a constant: nil/null, true/false, a number, a string, blank or
// empty. Value holds nil, bool, int64 (*big.Int for an integer beyond int64),
// float64 or string (blank and empty hold "").
type Literal struct {
	Span
	Kind  LiteralKind
	Value any
}

// RangeLit is "(start..end)".
type RangeLit struct {
	Span
	Start, End Expr
}

// Path is a variable lookup: a root name (or a bracketed root expression)
// followed by segments.
type Path struct {
	Span
	Root     string // "" when RootExpr is set
	RootSpan Span
	RootExpr Expr // "[expr]" at the root, as in {{ ['a b'] }}
	Segments []*Segment
	// Local is set by Check when the root names a template-local variable
	// (assign, capture, increment, decrement) at some read of the path: on
	// a path where no binding has run yet, rendering reads it as nil, as
	// Liquid does, instead of failing.
	Local bool
}

// Segment is one step of a path: ".name", "[expr]" or "['name']".
type Segment struct {
	Span
	// Name is the key of ".name" and of a bracketed string literal.
	Name string
	// Index is the bracketed expression when it is not a string literal.
	Index Expr
	// Dot reports ".name" (where size, first and last are commands).
	Dot bool
	// Declared is set by Check when the context schema declares Name as a
	// property of the value the segment reads (issue.description): data
	// valid against the schema may leave it out, and rendering then reads
	// nil, as for a key holding null.
	Declared bool
	// Keys is set by Check on a segment with a dynamic Index: the property
	// names, sorted, the context schema declares for the value indexed. A
	// key among them that the data leaves out reads as nil.
	Keys []string
	// Open is set by Check when the value the segment reads may be an
	// object that allows keys it does not declare (a free-form object,
	// additionalProperties, patternProperties) or a value whose shape the
	// checker does not know: a key the data leaves out reads as nil.
	Open bool
}

// Compare is a comparison "left op right" (op is ==, !=, <>, <, >, <=, >= or
// contains), or a bare expression when Op is "".
type Compare struct {
	Span
	Op          string
	OpSpan      Span
	Left, Right Expr
}

// Logical is "left and right" or "left or right". Liquid groups from the
// right: "a or b and c" is "a or (b and c)".
type Logical struct {
	Span
	Op          string
	Left, Right Expr
}

func (*Literal) expr()  {}
func (*RangeLit) expr() {}
func (*Path) expr()     {}
func (*Compare) expr()  {}
func (*Logical) expr()  {}
