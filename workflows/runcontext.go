package workflows

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"unicode/utf8"

	"github.com/sheaproject/shea/internal/atomicfile"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/render"
)

// MaxRunContextBytes caps a run context file (100 KB, as worca caps its
// accumulated context): RunContext.Set drops the oldest keys to stay at or
// under it.
const MaxRunContextBytes = 100 << 10

// ErrRunContextValueTooLarge is wrapped by the error of RunContext.Set for
// a value that alone makes the file larger than MaxRunContextBytes.
var ErrRunContextValueTooLarge = errors.New("the value alone is larger than the run context's cap")

// RunContext is the JSON object a run accumulates across its turns: what
// earlier stages wrote for later ones (a plan, review findings, …). A
// lane's turn block reads it as run_context. Keys keep the order in which
// they were last set, oldest first; the file form is that object, one key
// per line. The zero value is an empty run context. A RunContext is not
// safe for concurrent use.
type RunContext struct {
	keys   []string
	values map[string]json.RawMessage // compact JSON
}

// DecodeRunContext reads a run context from JSON: one object (empty input
// is an empty run context). Its keys keep their order in data. What
// render.DecodeJSON refuses (a key written twice, too deep a value, a
// number no float holds) is an error, wrapping its error.
func DecodeRunContext(data []byte) (*RunContext, error) {
	rc := &RunContext{}
	if len(bytes.TrimSpace(data)) == 0 {
		return rc, nil
	}
	// What a render reads of it is checked as --context is: a key written
	// twice, nesting beyond the decoder's bound, a number no float holds.
	// The error of a valid document (a *render.DataError for a number)
	// places the value.
	if json.Valid(data) {
		if _, err := render.DecodeJSON(data); err != nil {
			return nil, fmt.Errorf("the run context cannot be read: %w", err)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("the run context is not JSON: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("the run context must be a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("the run context is not JSON: %w", err)
		}
		key := tok.(string) // an object's keys are strings
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("the run context's value %q is not JSON: %w", key, err)
		}
		if err := rc.put(key, raw); err != nil {
			return nil, err
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("the run context is not JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("the run context must be one JSON object, with nothing after it")
	}
	return rc, nil
}

// ReadRunContext reads the run context file at path; a file that does not
// exist is an empty run context.
func ReadRunContext(path string) (*RunContext, error) {
	b, err := fsroot.ReadPath(path, 2*MaxRunContextBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return &RunContext{}, nil
	}
	if err != nil {
		return nil, err
	}
	rc, err := DecodeRunContext(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rc, nil
}

// put sets key to the compact form of raw, last in the order.
func (rc *RunContext) put(key string, raw json.RawMessage) error {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return fmt.Errorf("the value of %q is not JSON: %w", key, err)
	}
	if rc.values == nil {
		rc.values = map[string]json.RawMessage{}
	}
	if _, ok := rc.values[key]; ok {
		rc.keys = slices.DeleteFunc(rc.keys, func(k string) bool { return k == key })
	}
	rc.keys = append(rc.keys, key)
	rc.values[key] = buf.Bytes()
	return nil
}

// Keys returns the keys, oldest first.
func (rc *RunContext) Keys() []string { return slices.Clone(rc.keys) }

// Set sets key to value (JSON) as the newest key, then drops the oldest
// other keys until the file form is at most MaxRunContextBytes, and returns
// the keys it dropped. A value that alone would exceed the cap is an error
// wrapping ErrRunContextValueTooLarge, and the run context is left as it
// was: nothing is dropped silently to make room for it. So is a key that
// is not valid UTF-8, and a value render.DecodeJSON refuses (a key written
// twice in one object, also after invalid UTF-8 is replaced; nesting
// beyond its bound; a number no float holds), which would fail every
// render that reads the run context.
func (rc *RunContext) Set(key string, value json.RawMessage) (dropped []string, err error) {
	if key == "" {
		return nil, errors.New("a run context key cannot be empty")
	}
	if !utf8.ValidString(key) {
		return nil, fmt.Errorf("the run context key %q is not valid UTF-8", key)
	}
	alone := &RunContext{}
	if err := alone.put(key, value); err != nil {
		return nil, err
	}
	// The value is checked where it will be, as every later render reads
	// the file: no key twice in one object (after invalid UTF-8 is
	// replaced, as decoders do), no deeper than the decoder's bound, no
	// number beyond a float's range.
	if _, err := render.DecodeJSON(alone.Bytes()); err != nil {
		return nil, fmt.Errorf("the value of %q cannot be rendered: %w", key, err)
	}
	if n := len(alone.Bytes()); n > MaxRunContextBytes {
		return nil, fmt.Errorf("%q: %w (%d bytes, cap %d)", key, ErrRunContextValueTooLarge, n, MaxRunContextBytes)
	}
	if err := rc.put(key, alone.values[key]); err != nil {
		return nil, err
	}
	// The file's size is counted once, then less each dropped key's line:
	// serialising the file again after each drop made trimming quadratic.
	size := len(rc.Bytes())
	for size > MaxRunContextBytes {
		oldest := rc.keys[0]
		size -= rc.entryBytes(oldest)
		rc.keys = rc.keys[1:]
		delete(rc.values, oldest)
		dropped = append(dropped, oldest)
		if len(rc.keys) == 0 {
			size = len(rc.Bytes())
		}
	}
	return dropped, nil
}

// entryBytes is what key adds to the file form when other keys remain:
// its line ("\n  \"key\": value") and the comma that separates it.
func (rc *RunContext) entryBytes(key string) int {
	name, _ := json.Marshal(key)
	return len(",\n  ") + len(name) + len(": ") + len(rc.values[key])
}

// Bytes is the file form: the object, one key per line, in order, with a
// final newline.
func (rc *RunContext) Bytes() []byte {
	var b bytes.Buffer
	b.WriteString("{")
	for i, k := range rc.keys {
		if i > 0 {
			b.WriteString(",")
		}
		name, _ := json.Marshal(k) // a string always marshals
		b.WriteString("\n  ")
		b.Write(name)
		b.WriteString(": ")
		b.Write(rc.values[k])
	}
	if len(rc.keys) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// Map returns the run context as render input (decoded JSON, numbers as
// render.DecodeJSONObject gives them), for LaneInput.RunContext.
func (rc *RunContext) Map() (map[string]any, error) {
	return render.DecodeJSONObject(rc.Bytes())
}

// WriteFile writes the run context to path atomically (a temporary file in
// the same directory, synced and renamed into place): a failure leaves the
// previous file as it was.
func (rc *RunContext) WriteFile(path string) error {
	return atomicfile.WriteFile(path, rc.Bytes())
}

// SetRunContextFile sets key to value in the run context file at path
// (created when missing) and writes it back atomically; it returns the keys
// dropped to keep the file within MaxRunContextBytes (see RunContext.Set).
// Each write replaces the file whole, but a read and the write after it are
// not one step: two processes setting keys of the same file at once may
// lose one of the keys. A run's context has one writer, the runner.
func SetRunContextFile(path, key string, value json.RawMessage) (dropped []string, err error) {
	rc, err := ReadRunContext(path)
	if err != nil {
		return nil, err
	}
	if dropped, err = rc.Set(key, value); err != nil {
		return nil, err
	}
	if err := rc.WriteFile(path); err != nil {
		return nil, err
	}
	return dropped, nil
}
