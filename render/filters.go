package render

// standardFilters returns the implementations of strict.StandardFilters.
func standardFilters() map[string]FilterFunc {
	return map[string]FilterFunc{}
}
