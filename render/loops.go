package render

import "strconv"

// loopObject is the forloop object of a for loop (and of a render tag's
// for) and the tablerowloop object of a tablerow loop. Both count their
// items the same way; what differs is data: a for loop has a name and a
// parent loop, a tablerow loop (table) has columns and rows.
type loopObject struct {
	length int64
	index0 int64
	name   string      // for: the loop's name, for "offset: continue"
	parent *loopObject // for: the enclosing for loop
	table  bool        // a tablerow loop: the properties below exist
	cols   int64       // tablerow: columns per row
	row    int64       // tablerow: from 1
	col    int64       // tablerow: from 1
}

func (l *loopObject) prop(name string) (any, bool) {
	switch name {
	case "first":
		return l.index0 == 0, true
	case "last":
		return l.index0 == l.length-1, true
	case "index":
		return l.index0 + 1, true
	case "index0":
		return l.index0, true
	case "rindex":
		return l.length - l.index0, true
	case "rindex0":
		return l.length - l.index0 - 1, true
	case "length":
		return l.length, true
	}
	if l.table {
		switch name {
		case "col":
			return l.col, true
		case "col0":
			return l.col - 1, true
		case "col_first":
			return l.col == 1, true
		case "col_last":
			return l.col == l.cols, true
		case "row":
			return l.row, true
		}
		return nil, false
	}
	switch name {
	case "name":
		return l.name, true
	case "parentloop":
		if l.parent == nil {
			return nil, true
		}
		return l.parent, true
	}
	return nil, false
}

// next moves a tablerow loop to its next cell.
func (l *loopObject) next() {
	l.index0++
	if l.col == l.cols {
		l.col = 1
		l.row++
	} else {
		l.col++
	}
}

// propObject is implemented by shea's built-in objects.
type propObject interface {
	prop(name string) (any, bool)
}

// sequence is the items a loop visits, without materializing ranges.
type sequence struct {
	list   []any
	rng    rangeValue // for a range: item i is rng.at(from+i)
	from   int64
	n      int
	isList bool
	str    bool // a string, which loops once over itself, ignoring offset and limit
}

func (s sequence) at(i int) any {
	if s.isList {
		return s.list[i]
	}
	return s.rng.at(s.from + int64(i))
}

// seqOf returns the items of a loop's collection.
func seqOf(v any) sequence {
	if r, ok := normalize(v).(rangeValue); ok {
		n := r.len()
		if n > int64(^uint(0)>>2) {
			n = int64(^uint(0) >> 2)
		}
		return sequence{rng: r, n: int(n)}
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
	return sequence{rng: s.rng, from: s.from + from, n: int(to - from)}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
