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
		d := distance(lname, lc)
		limit := max(len(lname), len(lc)) / 3
		limit = min(max(limit, 1), 3)
		if d > limit {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean formats a suggestion as the detail of a diagnostic, or "" when
// there is none.
func DidYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return `Did you mean "` + s + `"?`
	}
	return ""
}

// distance is the optimal string alignment distance between a and b, in bytes.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		// Names this long are not typos of each other; avoid quadratic work.
		if a == b {
			return 0
		}
		return max(len(a), len(b))
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
