package render

import "errors"

// Ordering filters. Both sort the input's items (see iterItems), by the
// items themselves or by a property of each; nil sorts last. They sort as
// Ruby's Array#sort does on Linux, with glibc's qsort_r, a top-down merge
// sort: stable, and with Liquid's comparison of two nils in sort_natural
// (which says the first is greater) the same order Ruby gives.

var errIncompatibleSort = errors.New("cannot sort values of incompatible types")

// filterSort orders items as Ruby's <=> does: numbers by value, strings by
// bytes (so uppercase before lowercase), arrays element by element. Items
// with no order between them (a string and a number, two different
// objects) are an error.
func filterSort(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return sortItems(b, in, args, nil, func(a, b any) (int, error) {
		c, ok := spaceship(a, b)
		switch {
		case ok:
			return c, nil
		case fnorm(a) == nil:
			return 1, nil
		case fnorm(b) == nil:
			return -1, nil
		}
		return 0, errIncompatibleSort
	})
}

// filterSortNatural orders items by their strings, ignoring ASCII case
// (Ruby's casecmp); numbers are compared as strings too. Each key's
// string is made once (naturalKeys).
func filterSortNatural(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return sortItems(b, in, args, naturalKeys, func(a, b any) (int, error) {
		a, b = fnorm(a), fnorm(b)
		switch {
		case a == nil: // Liquid's nil_safe_casecmp: even nil against nil
			return 1, nil
		case b == nil:
			return -1, nil
		}
		return caseCompare(strOf(a), strOf(b)), nil
	})
}

// sortItems sorts in's items with cmp, by the property in args when there
// is one, and by the keys prep makes of them when prep is not nil. With a property, an input holding an item that cannot be indexed
// sorts to nil, as in Liquid. Each comparison counts as work: past the
// deadline, the remaining comparisons return at once and the sort fails.
func sortItems(b *budget, in any, args []any, prep func(*budget, []any) ([]any, error), cmp func(a, b any) (int, error)) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return []any{}, nil
	}
	prop, _ := optArg(args, 0)
	keys := items
	if prop != nil {
		keys = make([]any, len(items))
		var typeErr error
		for i, e := range items {
			v, has, err := rubyIndex(e, prop)
			if !has {
				return nil, nil
			}
			if err != nil && typeErr == nil {
				typeErr = propertyError(prop)
			}
			keys[i] = v
		}
		// A lone item is never compared, so never indexed.
		if typeErr != nil && len(items) > 1 {
			return nil, typeErr
		}
	}
	if err := b.allocItems(int64(len(items)), 0); err != nil {
		return nil, err
	}
	if prep != nil && len(items) > 1 {
		if keys, err = prep(b, keys); err != nil {
			return nil, err
		}
	}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	var failed error
	mergeSort(order, make([]int, len(order)), func(i, j int) int {
		if failed != nil {
			return 0
		}
		if err := b.spend(1); err != nil {
			failed = err
			return 0
		}
		c, err := cmp(keys[i], keys[j])
		if err != nil {
			failed = err
		}
		return c
	})
	if failed != nil {
		return nil, failed
	}
	out := make([]any, len(items))
	for i, k := range order {
		out[i] = items[k]
	}
	return out, nil
}

// mergeSort sorts s as glibc's msort does: halves of n/2 and n-n/2 items,
// each sorted, then merged taking from the first half while cmp is <= 0.
// tmp has s's length.
func mergeSort(s, tmp []int, cmp func(a, b int) int) {
	n := len(s)
	if n <= 1 {
		return
	}
	n1 := n / 2
	mergeSort(s[:n1], tmp, cmp)
	mergeSort(s[n1:], tmp, cmp)
	i, j, k := 0, n1, 0
	for i < n1 && j < n {
		if cmp(s[i], s[j]) <= 0 {
			tmp[k] = s[i]
			i++
		} else {
			tmp[k] = s[j]
			j++
		}
		k++
	}
	k += copy(tmp[k:], s[i:n1])
	copy(s, tmp[:k]) // what is left of the second half is already in place
}

// caseCompare is Ruby's String#casecmp: bytes compared with ASCII letters
// folded to lowercase.
func caseCompare(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := lowerASCIIByte(a[i]), lowerASCIIByte(b[i])
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return cmpOrdered(int64(len(a)), int64(len(b)))
}

func lowerASCIIByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
