package render

import (
	"errors"
	"math/big"
	"unicode/utf8"
)

// Array filters. Most read their input through iterItems (Liquid's
// InputIterator): arrays are flattened, an object or a scalar is a
// one-item list and nil is an empty one, so "12 | join" is "12" and
// "nil | reverse" is empty.

// filterJoin joins the items' strings with the glue (default one space;
// a written but undefined glue is "").
func filterJoin(b *budget, in any, args []any, _ map[string]any) (any, error) {
	glue := " "
	if g, ok := optArg(args, 0); ok {
		var err error
		if glue, err = stringOperand(b, g); err != nil {
			return nil, err
		}
	}
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	// The whole result (an object item is its inspect form) is counted
	// and charged before any of it is built.
	var n int64
	if len(items) > 1 {
		if n = int64(len(items)-1) * int64(len(glue)); n/int64(len(items)-1) != int64(len(glue)) {
			return nil, b.memoryError(-1)
		}
	}
	for _, e := range items {
		m, err := inspectSize(b, e, 0, false)
		if err != nil {
			return nil, err
		}
		if n += m; n < 0 {
			return nil, b.memoryError(-1)
		}
	}
	if err := b.alloc(n); err != nil {
		return nil, err
	}
	w := builder{b: b}
	w.Grow(int(n))
	for i, e := range items {
		if i > 0 {
			w.WriteString(glue)
		}
		writeInspect(&w, e, 0, false)
		if w.err != nil {
			break
		}
	}
	return w.result()
}

// filterFirst returns an array's first item, an object's first [key,
// value] pair, a range's start, or a string's first character; nil for
// anything else or when empty.
func filterFirst(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	switch x := in.(type) {
	case rangeValue:
		return x.first(), nil // Ruby's Range#first is the start, even when empty
	case string:
		if r, n := utf8.DecodeRuneInString(x); n > 0 {
			return string(r), nil
		}
		return nil, nil
	}
	switch {
	case isArray(in):
		if l := toList(in); len(l) > 0 {
			return l[0], nil
		}
	case isObject(in):
		if ps := pairs(in); len(ps) > 0 {
			return []any{ps[0].key, ps[0].val}, nil
		}
	}
	return nil, nil
}

// filterLast returns an array's last item, a range's end, or a string's
// last character; nil for anything else (objects have no last) or when
// empty.
func filterLast(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	switch x := in.(type) {
	case rangeValue:
		return x.last(), nil
	case string:
		if r, n := utf8.DecodeLastRuneInString(x); n > 0 {
			return string(r), nil
		}
		return nil, nil
	}
	if isArray(in) {
		if l := toList(in); len(l) > 0 {
			return l[len(l)-1], nil
		}
	}
	return nil, nil
}

// filterSize is the number of characters of a string, items of an array or
// range, or entries of an object. An integer answers 8, its size in bytes,
// as Ruby's Integer#size does; everything else 0.
func filterSize(_ *budget, in any, _ []any, _ map[string]any) (any, error) {
	switch x := in.(type) {
	case int64:
		return int64(8), nil // Ruby's Integer#size
	case *big.Int:
		return int64((x.BitLen() + 7) / 8), nil
	case rangeValue:
		return x.count(), nil
	}
	return size(in), nil
}

// filterReverse reverses the items.
func filterReverse(b *budget, in any, _ []any, _ map[string]any) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	if err := b.allocItems(int64(len(items)), 0); err != nil {
		return nil, err
	}
	out := make([]any, len(items))
	for i, e := range items {
		out[len(items)-1-i] = e
	}
	return out, nil
}

// filterConcat appends the argument's items (which must be an array, and
// are not flattened) to the input's items.
func filterConcat(b *budget, in any, args []any, _ map[string]any) (any, error) {
	other := args[0]
	if _, isRange := other.(rangeValue); isRange || !isArray(other) {
		return nil, errors.New("concat filter requires an array argument")
	}
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	more := toList(other)
	if err := b.allocItems(int64(len(items))+int64(len(more)), 0); err != nil {
		return nil, err
	}
	out := make([]any, 0, len(items)+len(more))
	return append(append(out, items...), more...), nil
}

// filterCompact removes nil items, or with a property, the items whose
// property is nil. An item that cannot be indexed makes the result nil, as
// in Liquid.
func filterCompact(b *budget, in any, args []any, _ map[string]any) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	// The result holds at most as many items.
	if err := b.allocItems(int64(len(items)), 0); err != nil {
		return nil, err
	}
	prop, _ := optArg(args, 0)
	out := []any{}
	for _, e := range items {
		if err := b.spend(1); err != nil {
			return nil, err
		}
		v := e
		if prop != nil {
			var has bool
			v, has, err = rubyIndex(e, prop)
			if err != nil {
				return nil, propertyError(prop)
			}
			if !has {
				return nil, nil
			}
		}
		if fnorm(v) != nil {
			out = append(out, e)
		}
	}
	return out, nil
}

// filterUniq removes duplicates (by Ruby's eql?: 1 and 1.0 differ), or
// with a property, items whose property repeats an earlier one's. The
// first of each stays.
func filterUniq(b *budget, in any, args []any, _ map[string]any) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	// The result, and a key and a map entry per item (uniqKeyBytes).
	if err := b.allocItems(int64(len(items))*(1+uniqKeyBytes/itemBytes), 0); err != nil {
		return nil, err
	}
	prop, _ := optArg(args, 0)
	if len(items) <= 1 {
		// Ruby's uniq never calls its block for one item, so the
		// property is never read.
		return append([]any{}, items...), nil
	}
	seen := make(map[uniqKey]bool, len(items))
	var kept int64 // bytes of the eqlKeys in seen
	out := []any{}
	for _, e := range items {
		if err := b.spend(1); err != nil {
			return nil, err
		}
		k := e
		if prop != nil {
			var has bool
			k, has, err = rubyIndex(e, prop)
			if err != nil {
				return nil, propertyError(prop)
			}
			if !has {
				return nil, nil
			}
		}
		key, err := uniqKeyOf(b, k, &kept, seen)
		if err != nil {
			return nil, err
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, e)
		}
	}
	return out, nil
}

// filterSlice returns length items (default 1) of an array, or characters
// of anything else's string, from offset (negative counts from the end).
// Offsets and lengths must be integers or integer strings: 2.5 is an error.
func filterSlice(b *budget, in any, args []any, _ map[string]any) (any, error) {
	offset, err := rubyLong(args[0], "slice")
	if err != nil {
		return nil, err
	}
	length := int64(1)
	if a, ok := optArg(args, 1); ok && truthy(a) {
		if length, err = rubyLong(a, "slice"); err != nil {
			return nil, err
		}
	}
	if _, isRange := in.(rangeValue); !isRange && isArray(in) {
		l := toList(in)
		lo, hi, ok := sliceBounds(int64(len(l)), offset, length)
		if !ok {
			return []any{}, nil
		}
		if err := b.allocItems(hi-lo, 0); err != nil {
			return nil, err
		}
		return append([]any{}, l[lo:hi]...), nil
	}
	str, err := stringOperand(b, in)
	if err != nil {
		return nil, err
	}
	if !utf8.ValidString(str) {
		// Invalid bytes read as U+FFFD, one character each.
		r := []rune(str)
		lo, hi, ok := sliceBounds(int64(len(r)), offset, length)
		if !ok {
			return "", nil
		}
		return string(r[lo:hi]), nil
	}
	return sliceString(str, offset, length), nil
}

// sliceString returns characters of valid UTF-8 text as a substring of it,
// found without decoding the whole text.
func sliceString(s string, offset, length int64) string {
	n := int64(utf8.RuneCountInString(s))
	lo, hi, ok := sliceBounds(n, offset, length)
	if !ok {
		return ""
	}
	if n == int64(len(s)) { // ASCII: a character is a byte
		return s[lo:hi]
	}
	from, to := len(s), len(s)
	i := int64(0)
	for b := range s {
		if i == lo {
			from = b
		}
		if i == hi {
			to = b
			break
		}
		i++
	}
	return s[from:to]
}

// sliceBounds is Ruby's slice(start, length) on a sequence of n: ok is
// false when Ruby answers nil (start outside 0..n, or a negative length).
func sliceBounds(n, start, length int64) (lo, hi int64, ok bool) {
	if start < 0 {
		start += n
	}
	if start < 0 || start > n || length < 0 {
		return 0, 0, false
	}
	end := n
	if length < n-start {
		end = start + length
	}
	return start, end, true
}
