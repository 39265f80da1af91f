package strict

// slab hands out nodes of one type from chunks allocated together: the
// parser builds many small nodes of a few types (text, paths, segments,
// literals, pipelines), and one allocation per chunk costs far less than one
// per node. Chunks grow with use, so a small template allocates little.
// A template's nodes live and die together, so a chunk kept alive by one of
// its nodes wastes nothing that the template did not already hold.
type slab[T any] struct {
	free []T
	size int
}

// maxSlabChunk bounds a chunk's length.
const maxSlabChunk = 128

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.size = min(max(2*s.size, 4), maxSlabChunk)
		s.free = make([]T, s.size)
	}
	x := &s.free[0]
	s.free = s.free[1:]
	return x
}

// sliceSlab hands out slices of T from chunks allocated together, as slab
// hands out single values.
type sliceSlab[T any] struct {
	free []T
	size int
}

// take returns a slice of length and capacity n.
func (s *sliceSlab[T]) take(n int) []T {
	if len(s.free) < n {
		s.size = min(max(2*s.size, 16), 8*maxSlabChunk)
		s.free = make([]T, max(s.size, n))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// nodeSlabs are the parser's slabs, one per frequent node type, and one for
// bodies.
type nodeSlabs struct {
	bodies      sliceSlab[Node]
	clauseLists sliceSlab[*Clause]
	clauses     slab[Clause]
	texts       slab[Text]
	outputs     slab[Output]
	pipelines   slab[Pipeline]
	filters     slab[Filter]
	args        slab[Arg]
	paths       slab[Path]
	segments    slab[Segment]
	literals    slab[Literal]
}
