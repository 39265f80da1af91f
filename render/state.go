package render

import (
	"context"
	"errors"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// errBreak and errContinue carry {% break %} and {% continue %} up to the
// enclosing loop, through the blocks and include tags around them, as
// errors: each node returns the first error of its children, so nothing
// after a break renders until the loop stops it.
var (
	errBreak    = errors.New("break")
	errContinue = errors.New("continue")
)

// budget is what all the scopes of one render share: limits and their
// accounting, and the deadline.
type budget struct {
	ctx        context.Context
	deadline   time.Time
	limits     Limits
	iterations int
	ticks      int
	out        int   // bytes written or captured
	held       int64 // bytes of values bound by assign and capture (see limits.go)
	work       int   // units of filter work since the clock was last read
	// req is the request's budget the render draws on (Limits.Budget, or
	// the context's: strict.WithBudget); nil when none.
	req *strict.Budget
}

// state is the state of one render, or of one isolated partial render.
type state struct {
	t      *Template
	b      *budget
	strict bool
	vars   map[string]any // the caller's data (never modified)
	// assigns are the names assign and capture bound (and a render
	// partial's arguments), each with what its value is charged against
	// the memory budget.
	assigns map[string]*slot
	// counters are increment/decrement counters, read after assigns.
	counters map[string]int64
	// scope holds block-scoped bindings (loop variables, forloop, include
	// arguments), innermost last.
	scope   []binding
	loops   []*loopObject // enclosing for loops, for forloop.parentloop
	cycles  map[string]int
	offsets []loopOffset // for "offset: continue"
	changed *string      // last ifchanged output
	depth   int          // include/render nesting
	// inRender is set inside a {% render %} partial, where include is an
	// error, as in Liquid.
	inRender bool
	args     []any // reusable filter-argument buffer
	// The first few bindings, loops and offsets live here, which spares
	// most renders an allocation for each.
	scopeBuf  [6]binding
	loopBuf   [3]*loopObject
	offsetBuf [2]loopOffset
}

// loopOffset is where the last loop of a name stopped, for "offset:
// continue".
type loopOffset struct {
	key  string
	next int64
}

// offset returns where the last loop named key stopped (0 when none ran).
func (st *state) offset(key string) int64 {
	for _, o := range st.offsets {
		if o.key == key {
			return o.next
		}
	}
	return 0
}

// setOffset records where a loop named key stopped.
func (st *state) setOffset(key string, next int64) {
	for i := range st.offsets {
		if st.offsets[i].key == key {
			st.offsets[i].next = next
			return
		}
	}
	if st.offsets == nil {
		st.offsets = st.offsetBuf[:0]
	}
	st.offsets = append(st.offsets, loopOffset{key, next})
}

// slot is an assigned name's value, and the bytes it is charged against
// the memory budget (see hold). A name keeps its slot for the whole
// render, so that binding it again costs one map lookup.
type slot struct {
	v    any
	held int64
}

// slot returns name's slot, made on first use.
func (st *state) slot(name string) *slot {
	s := st.assigns[name]
	if s == nil {
		if st.assigns == nil {
			st.assigns = map[string]*slot{}
		}
		s = &slot{}
		st.assigns[name] = s
	}
	return s
}

// bind binds name to a value that is charged nothing.
func (st *state) bind(name string, v any) {
	s := st.slot(name)
	s.v, s.held = v, 0
}

type binding struct {
	name string
	val  any
}

func newState(t *Template, b *budget, vars map[string]any) *state {
	st := &state{}
	st.init(t, b, vars)
	return st
}

func (st *state) init(t *Template, b *budget, vars map[string]any) {
	st.t, st.b, st.strict, st.vars = t, b, !t.eng.opts.Compat, vars
	st.scope, st.loops = st.scopeBuf[:0], st.loopBuf[:0]
}

// isolated returns the state of a {% render %} partial: same budget,
// template and global data (the variables the template was rendered with,
// Liquid's static environment), none of the caller's local variables
// (assign, capture, increment counters, loop variables, include arguments).
func (st *state) isolated() *state {
	s := newState(st.t, st.b, st.vars)
	s.depth = st.depth
	s.inRender = true
	return s
}

// lookup finds a variable: block scopes, then assigns, then counters, then
// the data.
func (st *state) lookup(name string) (any, bool) {
	for i := len(st.scope) - 1; i >= 0; i-- {
		if st.scope[i].name == name {
			return st.scope[i].val, true
		}
	}
	if s, ok := st.assigns[name]; ok {
		return s.v, true
	}
	if v, ok := st.counters[name]; ok {
		return v, true
	}
	if v, ok := st.vars[name]; ok {
		return v, true
	}
	return nil, false
}

func (st *state) push(name string, v any) { st.scope = append(st.scope, binding{name, v}) }

// set updates the innermost binding of name (which must exist).
func (st *state) set(name string, v any) {
	for i := len(st.scope) - 1; i >= 0; i-- {
		if st.scope[i].name == name {
			st.scope[i].val = v
			return
		}
	}
}

func (st *state) popN(n int) { st.scope = st.scope[:len(st.scope)-n] }

// ranger is a syntax node, or a span of one, whose range a render error
// names. Ranges are found only when an error needs one: finding one reads
// the source's line starts, which a template that renders clean never
// needs.
type ranger interface{ Range() diag.Range }

// tick counts one loop iteration against the limit and checks the deadline
// now and then.
func (st *state) tick(at ranger) error {
	b := st.b
	b.iterations++
	if b.iterations > b.limits.MaxLoopIterations {
		return diag.Errorf(codes.LoopLimit, at.Range(), "loops ran more than %d iterations in one render", b.limits.MaxLoopIterations)
	}
	return st.checkTime(at)
}

func (st *state) checkTime(at ranger) error {
	b := st.b
	b.ticks++
	if b.ticks&255 != 0 {
		return nil
	}
	if err := b.req.Spend(256); err != nil {
		le := err.(*strict.LimitError)
		return diag.Errorf(le.Code, at.Range(), "rendering stopped: %s", le.Msg)
	}
	if err := b.ctx.Err(); err != nil {
		return diag.Errorf(codes.DeadlineExceeded, at.Range(), "rendering stopped: %v", err)
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) {
		return diag.Errorf(codes.DeadlineExceeded, at.Range(), "rendering took longer than %v", b.limits.Timeout)
	}
	return nil
}
