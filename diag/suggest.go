package diag

import (
	"strings"
)

// Suggest returns the candidate closest to name, or "" when none is close
// enough to be a plausible typo. Closeness is the optimal-string-alignment
// distance (insertions, deletions, substitutions and adjacent swaps), compared
// case-insensitively; a candidate qualifies when the distance is at most a
// third of the longer name's length (at least 1, at most 3). A candidate that
// differs from name only in case is returned at once; otherwise the closest
// wins, and ties go to the earlier candidate, so callers should pass
// candidates in a stable order. A candidate equal to name is never returned.
func Suggest(name string, candidates []string) string {
	if name == "" {
		return ""
	}
	lname := strings.ToLower(name)
	best, bestDist := "", -1
	for _, c := range candidates {
		if c == name {
			continue
		}
		lc := strings.ToLower(c)
		if lc == lname {
			return c
		}
		limit := max(len(lname), len(lc)) / 3
		limit = min(max(limit, 1), 3)
		if bestDist >= 0 {
			limit = min(limit, bestDist-1) // only a closer candidate can win
		}
		// The distance is at least the difference in length.
		if len(lname)-len(lc) > limit || len(lc)-len(lname) > limit {
			continue
		}
		if d := boundedDistance(lname, lc, limit); d <= limit {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean formats a suggestion as the detail of a diagnostic, or "" when
// there is none.
func DidYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return didYouMean + s + `"?`
	}
	return ""
}

// DefaultSuggestWork is the candidates a Suggester compares in all before
// it stops suggesting: about a second of work.
const DefaultSuggestWork = 1 << 20

// Suggester makes suggestions within a budget of comparisons, for a
// caller that may ask for thousands (an issue with thousands of misspelt
// properties against a schema declaring thousands: 55 s unbounded). Past
// the budget it suggests nothing. The zero value has DefaultSuggestWork.
type Suggester struct {
	Max  int // candidates compared in all; 0 means DefaultSuggestWork
	work int
}

// Suggest is Suggest, counting len(candidates) against the budget.
func (s *Suggester) Suggest(name string, candidates []string) string {
	max := s.Max
	if max <= 0 {
		max = DefaultSuggestWork
	}
	s.work += len(candidates)
	if s.work > max {
		return ""
	}
	return Suggest(name, candidates)
}

// DidYouMean is DidYouMean, counting against the budget.
func (s *Suggester) DidYouMean(name string, candidates []string) string {
	if c := s.Suggest(name, candidates); c != "" {
		return didYouMean + c + `"?`
	}
	return ""
}

// Spent reports whether the budget ran out: some suggestions were not made.
func (s *Suggester) Spent() bool {
	max := s.Max
	if max <= 0 {
		max = DefaultSuggestWork
	}
	return s.work > max
}

// didYouMean starts the detail sentence that carries a suggestion.
const didYouMean = `Did you mean "`

// Suggestions returns the names the diagnostic's detail suggests instead of
// what it reports, in order: the quoted names of each "Did you mean "…"?"
// sentence, the form DidYouMean writes (a caller that writes its
// suggestions another way gets none). It returns nil when the detail suggests nothing.
func (d *Diagnostic) Suggestions() []string {
	var out []string
	rest := d.Detail
	for {
		i := strings.Index(rest, didYouMean)
		if i < 0 {
			return out
		}
		rest = rest[i+len(didYouMean):]
		j := strings.Index(rest, `"?`)
		if j < 0 {
			return out
		}
		out = append(out, rest[:j])
		rest = rest[j+2:]
	}
}

// maxNameLen is the longest name compared for suggestions; names this long
// are not typos of each other.
const maxNameLen = 64

// distance is the optimal string alignment distance between a and b, in bytes.
func distance(a, b string) int { return boundedDistance(a, b, maxNameLen) }

// boundedDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and adjacent swaps, in bytes) when it
// is at most limit, and some value above limit otherwise. It allocates
// nothing, computes only the cells of each row within limit of the
// diagonal (no path through the others stays within limit), and stops as
// soon as the distance must exceed limit.
func boundedDistance(a, b string, limit int) int {
	if len(a) > maxNameLen || len(b) > maxNameLen {
		// Avoid quadratic work on long names: only equality counts.
		if a == b {
			return 0
		}
		return max(len(a), len(b))
	}
	limit = min(limit, maxNameLen)
	if len(a)-len(b) > limit || len(b)-len(a) > limit {
		return limit + 1
	}
	// Cells hold distances up to maxNameLen+2, so bytes suffice; a cell
	// outside the band holds inf, which no result within limit comes from.
	inf := uint8(limit + 1)
	var rows [3][maxNameLen + 2]uint8
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= min(len(b), limit+1); j++ {
		prev[j] = uint8(j)
	}
	prevMin := 0
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = uint8(i)
		if lo > 1 {
			cur[lo-1] = inf // read as the left neighbour of the band's first cell
		}
		curMin := i
		for j := lo; j <= hi; j++ {
			cost := uint8(1)
			if a[i-1] == b[j-1] {
				cost = 0
			}
			c := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				c = min(c, prev2[j-2]+1)
			}
			cur[j] = c
			curMin = min(curMin, int(c))
		}
		// The next row reads one cell past this row's band.
		if hi < len(b) {
			cur[hi+1] = inf
		}
		// Every later cell is at least the smaller of these two rows'
		// minimums (a swap reaches back two rows, adding one).
		if curMin > limit && prevMin > limit {
			return limit + 1
		}
		prevMin = curMin
		prev2, prev, cur = prev, cur, prev2
	}
	return int(prev[len(b)])
}
