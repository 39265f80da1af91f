package render

import "strconv"

// forloop is the forloop object of a for loop (and of a render tag's for).
type forloop struct {
	name   string
	length int64
	index0 int64
	parent *forloop
}

func (f *forloop) prop(name string) (any, bool) {
	switch name {
	case "first":
		return f.index0 == 0, true
	case "last":
		return f.index0 == f.length-1, true
	case "index":
		return f.index0 + 1, true
	case "index0":
		return f.index0, true
	case "rindex":
		return f.length - f.index0, true
	case "rindex0":
		return f.length - f.index0 - 1, true
	case "length":
		return f.length, true
	case "name":
		return f.name, true
	case "parentloop":
		if f.parent == nil {
			return nil, true
		}
		return f.parent, true
	}
	return nil, false
}

// tablerowloop is the tablerowloop object of a tablerow loop.
type tablerowloop struct {
	length, cols int64
	index0       int64
	row, col     int64 // from 1
}

func (t *tablerowloop) prop(name string) (any, bool) {
	switch name {
	case "first":
		return t.index0 == 0, true
	case "last":
		return t.index0 == t.length-1, true
	case "index":
		return t.index0 + 1, true
	case "index0":
		return t.index0, true
	case "rindex":
		return t.length - t.index0, true
	case "rindex0":
		return t.length - t.index0 - 1, true
	case "length":
		return t.length, true
	case "col":
		return t.col, true
	case "col0":
		return t.col - 1, true
	case "col_first":
		return t.col == 1, true
	case "col_last":
		return t.col == t.cols, true
	case "row":
		return t.row, true
	}
	return nil, false
}

func (t *tablerowloop) next() {
	t.index0++
	if t.col == t.cols {
		t.col = 1
		t.row++
	} else {
		t.col++
	}
}

// propObject is implemented by shea's built-in objects.
type propObject interface {
	prop(name string) (any, bool)
}

// sequence is the items a loop visits, without materializing ranges.
type sequence struct {
	list   []any
	lo     int64 // for ranges
	n      int
	isList bool
	str    bool // a string, which loops once over itself, ignoring offset and limit
}

func (s sequence) at(i int) any {
	if s.isList {
		return s.list[i]
	}
	return s.lo + int64(i)
}

// seqOf returns the items of a loop's collection.
func seqOf(v any) sequence {
	if r, ok := normalize(v).(rangeValue); ok {
		n := r.len()
		if n > int64(^uint(0)>>2) {
			n = int64(^uint(0) >> 2)
		}
		return sequence{lo: r.lo, n: int(n)}
	}
	l := toList(v)
	_, str := normalize(v).(string)
	return sequence{list: l, n: len(l), isList: true, str: str}
}

// slice returns the items of s whose index i has from <= i < to (without
// bound, every i >= from), as Liquid's slice_collection walks a collection:
// a negative from takes items from the start, and a to at or before from
// (a negative limit) gives none. A string collection is one item whatever
// the bounds, as in Liquid.
func (s sequence) slice(from, to int64, bounded bool) sequence {
	if s.str {
		return s
	}
	n := int64(s.n)
	if from < 0 {
		from = 0
	}
	if !bounded || to > n {
		to = n
	}
	if from >= to {
		return sequence{isList: true}
	}
	if s.isList {
		return sequence{list: s.list[from:to], n: int(to - from), isList: true}
	}
	return sequence{lo: s.lo + from, n: int(to - from)}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
