package strict

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Budget is the time and the work one whole request may spend: a
// validate, a check, an editor's request. Every check, smoke matrix and
// render made for the request draws on the same Budget, so that many
// renders each within its own limits cannot add up to a run without end.
// A unit of work is a small, roughly constant step: a node or partial the
// check walks, a step of the flow analysis, a value of a smoke matrix, a
// loop iteration or about a kilobyte of filter work while rendering.
//
// A Budget is safe for concurrent use. The nil *Budget has no limits.
type Budget struct {
	deadline time.Time
	timeout  time.Duration
	max      int64
	spent    atomic.Int64
}

// Defaults of a request's Budget.
const (
	// DefaultRequestTimeout bounds the time of a whole request.
	DefaultRequestTimeout = 30 * time.Second
	// DefaultRequestWork bounds the units of work of a whole request
	// (about a minute of work on a small machine).
	DefaultRequestWork = 1 << 32
)

// NewBudget returns a budget whose time ends timeout from now and which
// holds maxWork units of work. A zero timeout or maxWork takes the default
// (DefaultRequestTimeout, DefaultRequestWork); a negative one means no
// bound.
func NewBudget(timeout time.Duration, maxWork int64) *Budget {
	if timeout == 0 {
		timeout = DefaultRequestTimeout
	}
	if maxWork == 0 {
		maxWork = DefaultRequestWork
	}
	b := &Budget{timeout: timeout, max: maxWork}
	if timeout > 0 {
		b.deadline = time.Now().Add(timeout)
	}
	return b
}

// Deadline returns the budget's deadline, and false when it has none.
func (b *Budget) Deadline() (time.Time, bool) {
	if b == nil || b.deadline.IsZero() {
		return time.Time{}, false
	}
	return b.deadline, true
}

// Timeout returns the time the budget was given (negative: no bound).
func (b *Budget) Timeout() time.Duration {
	if b == nil {
		return -1
	}
	return b.timeout
}

// Spent returns the units of work spent so far.
func (b *Budget) Spent() int64 {
	if b == nil {
		return 0
	}
	return b.spent.Load()
}

// LimitError is a limit reached: a request's budget (Code is
// codes.DeadlineExceeded when its time is up, codes.WorkLimit when its work
// is spent), or, in package render, a render's own limit (memory_limit,
// deadline_exceeded, …) before the pipeline places it.
type LimitError struct {
	Code diag.Code
	Msg  string
}

func (e *LimitError) Error() string { return e.Msg }

// Spend draws n units of work, and returns a *LimitError when the work
// is spent or the deadline has passed. It reads the clock, so callers
// spend in batches (every few thousand units).
func (b *Budget) Spend(n int64) error {
	if b == nil {
		return nil
	}
	if b.max > 0 && b.spent.Add(n) > b.max {
		return &LimitError{codes.WorkLimit, fmt.Sprintf("the run spent its budget of %d units of work (checking, smoke inputs and renders together)", b.max)}
	}
	return b.Err()
}

// Err returns a *LimitError when the deadline has passed or the work is
// spent, nil otherwise.
func (b *Budget) Err() error {
	if b == nil {
		return nil
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) {
		return &LimitError{codes.DeadlineExceeded, fmt.Sprintf("the run took longer than its %v (checking, smoke inputs and renders together)", b.timeout)}
	}
	if b.max > 0 && b.spent.Load() > b.max {
		return &LimitError{codes.WorkLimit, fmt.Sprintf("the run spent its budget of %d units of work (checking, smoke inputs and renders together)", b.max)}
	}
	return nil
}

type budgetKey struct{}

// WithBudget returns a context that carries b, with b's deadline when it
// is earlier than parent's, so that whatever honours a context's deadline
// (the osteele proof) stops with the budget too. The returned function
// releases the context's timer.
func WithBudget(parent context.Context, b *Budget) (context.Context, context.CancelFunc) {
	if parent == nil {
		parent = context.Background()
	}
	ctx := context.WithValue(parent, budgetKey{}, b)
	if d, ok := b.Deadline(); ok {
		return context.WithDeadline(ctx, d)
	}
	return context.WithCancel(ctx)
}

// BudgetFrom returns the budget ctx carries (see WithBudget), or nil.
func BudgetFrom(ctx context.Context) *Budget {
	if ctx == nil {
		return nil
	}
	b, _ := ctx.Value(budgetKey{}).(*Budget)
	return b
}
