package render

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// wideObject is a JSON object of n keys, each holding 0, under "o".
func wideObject(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"o": {`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%x":0`, i)
	}
	b.WriteString("}}")
	return []byte(b.String())
}

// TestDecodeJSONWithinBudget: the 16 MB of data a command reads decode
// within a memory budget, whatever their shape: an object of 1.6 million
// keys (150 MB decoded, a Go fatal out of memory with the data schema
// built from it) and a list of 5 million empty objects (3 GB) are a
// *DataError wrapping ErrDataTooLarge at the place the budget ran out, in
// both decoders, having allocated a bounded amount. A document of large
// strings is far from it.
func TestDecodeJSONWithinBudget(t *testing.T) {
	for _, tt := range []struct {
		name     string
		doc      []byte
		ptr      string
		maxAlloc uint64 // MiB
	}{
		{"1.6 million keys", wideObject(1_600_000), "/o/", 256},
		{"5 million empty objects", []byte(`{"o": [` + strings.Repeat("{},", 5_000_000) + `{}]}`), "/o/", 256},
		// The token decoder (for invalid JSON) allocates for each token,
		// garbage that is not held.
		{"3 million numbers, invalid JSON", []byte(`[` + strings.Repeat("7,", 3_000_000) + `]`), "/", 1024},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := DecodeJSON(tt.doc)
			runtime.ReadMemStats(&after)
			var de *DataError
			if !errors.As(err, &de) || !errors.Is(err, ErrDataTooLarge) || !strings.HasPrefix(de.Pointer, tt.ptr) {
				t.Fatalf("err = %v, want ErrDataTooLarge under %s", err, tt.ptr)
			}
			if de.Offset <= 0 || de.Offset >= len(tt.doc) {
				t.Errorf("offset %d of %d bytes", de.Offset, len(tt.doc))
			}
			if got := (after.TotalAlloc - before.TotalAlloc) >> 20; got > tt.maxAlloc {
				t.Errorf("allocated %d MiB decoding, want at most %d", got, tt.maxAlloc)
			}
		})
	}
	big := []byte(`{"a": "` + strings.Repeat("x", 16<<20) + `", "b": [` + strings.Repeat(`"abcdefghijklmnop",`, 100_000) + `""]}`)
	if _, err := DecodeJSON(big); err != nil {
		t.Errorf("16 MB of strings: %v", err)
	}
	if _, err := DecodeJSON(wideObject(100_000)); err != nil {
		t.Errorf("100,000 keys: %v", err)
	}
}
