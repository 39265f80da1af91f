package render

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Memory and work accounting of one render.
//
// The memory budget counts the bytes of values a render builds: strings
// and arrays made by filters, and the values that assign and capture bind.
// A filter asks for the size of its result before building it (alloc), so
// that a value that would not fit is never made; what assign and capture
// bind stays charged until the name is bound again or the render ends
// (hold). Values read from the data are not charged: the caller built
// them. The sizes are estimates: a string counts its bytes, an array
// itemBytes per item plus the bytes of its string items.
//
// Costly filters also count their work (spend): every workQuantum units
// (an item visited, a comparison, about a kilobyte copied) they check the
// deadline, so a render stops near its deadline even inside one filter.

// itemBytes is what one array item costs: the interface value that holds
// it.
const itemBytes = 16

// uniqKeyBytes is what uniq's note of one item costs: its key (a short
// string for a number) and its map entry.
const uniqKeyBytes = 64

// workQuantum is how many units of filter work pass between two looks at
// the clock.
const workQuantum = 1 << 14

// A limit reached inside a filter or the engine is a *strict.LimitError,
// the type a request's budget reports too: the filter does not know where
// it was called, so the pipeline (or placeLimit) places the diagnostic.

// alloc checks that a value of n more bytes fits in the memory budget,
// before it is built. A nil budget (a filter called outside a render) has
// no limit.
func (b *budget) alloc(n int64) error {
	if b == nil {
		return nil
	}
	max := int64(b.limits.MaxMemory)
	if n < 0 || n > max-b.held {
		return b.memoryError(n)
	}
	return nil
}

// allocItems checks that an array of n items, and their strings of
// strBytes bytes, fit in the memory budget.
func (b *budget) allocItems(n, strBytes int64) error {
	if n > (1<<62)/itemBytes {
		return b.memoryError(n)
	}
	return b.alloc(n*itemBytes + strBytes)
}

func (b *budget) memoryError(n int64) error {
	if n < 0 || n >= 1<<62 {
		return &strict.LimitError{Code: codes.MemoryLimit, Msg: fmt.Sprintf("a value would pass the %d-byte memory limit", b.limits.MaxMemory)}
	}
	return &strict.LimitError{Code: codes.MemoryLimit, Msg: fmt.Sprintf("a value of %d bytes would pass the %d-byte memory limit (%d bytes are held)", n, b.limits.MaxMemory, b.held)}
}

// hold charges the bytes of a value bound by assign or capture, releasing
// those of the value it replaces (old, 0 when none was charged). It
// returns the charge to remember for the new value.
func (b *budget) hold(v any, old int64, at ranger) (int64, error) {
	n := valueBytes(v)
	b.held -= old
	if n > int64(b.limits.MaxMemory)-b.held {
		return 0, diag.Errorf(codes.MemoryLimit, at.Range(), "values held by the template would pass the %d-byte memory limit", b.limits.MaxMemory)
	}
	b.held += n
	return n, nil
}

// valueBytes estimates the memory of a value built while rendering: the
// bytes of a string; for an array, itemBytes per item and the bytes of its
// string items (nested arrays count as items).
func valueBytes(v any) int64 {
	switch x := v.(type) {
	case string:
		return int64(len(x))
	case *big.Int:
		return bigBytes(x)
	case []any:
		n := int64(len(x)) * itemBytes
		for _, e := range x {
			if s, ok := e.(string); ok {
				n += int64(len(s))
			}
		}
		return n
	}
	return 0
}

// spend counts n units of filter work and, every workQuantum units,
// checks the deadline.
func (b *budget) spend(n int) error {
	if b == nil {
		return nil
	}
	b.work += n
	if b.work < workQuantum {
		return nil
	}
	b.work = 0
	if err := b.req.Spend(workQuantum); err != nil {
		le := err.(*strict.LimitError)
		return &strict.LimitError{Code: le.Code, Msg: "rendering stopped: " + le.Msg}
	}
	return b.expired()
}

// expired reports whether the render's context is done or its deadline
// has passed.
func (b *budget) expired() error {
	if err := b.req.Err(); err != nil {
		return &strict.LimitError{Code: err.(*strict.LimitError).Code, Msg: "rendering stopped: " + err.Error()}
	}
	if err := b.ctx.Err(); err != nil {
		return &strict.LimitError{Code: codes.DeadlineExceeded, Msg: fmt.Sprintf("rendering stopped: %v", err)}
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) {
		return &strict.LimitError{Code: codes.DeadlineExceeded, Msg: fmt.Sprintf("rendering took longer than %v", b.limits.Timeout)}
	}
	return nil
}

// assign binds name to v for assign and capture, charging v against the
// memory budget and releasing what the name's previous value was charged.
// built says whether v was made by the template (a value read from the
// data costs nothing).
func (st *state) assign(name string, v any, built bool, at ranger) error {
	s := st.slot(name)
	if built || s.held != 0 {
		charged := v
		if !built {
			charged = nil
		}
		n, err := st.b.hold(charged, s.held, at)
		if err != nil {
			s.held = 0
			return err
		}
		s.held = n
	}
	s.v = v
	return nil
}

// release gives back what the assigns of an isolated partial render held,
// when it ends.
func (st *state) release() {
	for _, s := range st.assigns {
		st.b.held -= s.held
		s.held = 0
	}
}

// builder is a strings.Builder that keeps within the memory budget and
// counts its work: a write that would grow the string past the budget is
// not made, and the first error sticks.
type builder struct {
	strings.Builder
	b    *budget
	kept int64 // bytes the caller keeps besides this string, charged with it
	err  error
}

// grow checks that n more bytes fit.
func (w *builder) grow(n int) bool {
	if w.err != nil {
		return false
	}
	if w.err = w.b.alloc(w.kept + int64(w.Len()) + int64(n)); w.err != nil {
		return false
	}
	w.err = w.b.spend(1 + n>>10)
	return w.err == nil
}

func (w *builder) WriteString(s string) (int, error) {
	if !w.grow(len(s)) {
		return 0, w.err
	}
	return w.Builder.WriteString(s)
}

func (w *builder) WriteByte(c byte) error {
	if !w.grow(1) {
		return w.err
	}
	return w.Builder.WriteByte(c)
}

// result is the string built, or the error that stopped it.
func (w *builder) result() (string, error) {
	if w.err != nil {
		return "", w.err
	}
	return w.String(), nil
}
