package render

// filterDefault returns the argument (default "") in place of a missing
// input: nil, false, or an empty string, array or object. With the keyword
// allow_false set to a truthy value, false is kept and only nil and empty
// values are replaced. 0, 0.0 and whitespace are not missing.
func filterDefault(_ *budget, in any, args []any, kwargs map[string]any) (any, error) {
	fallback := any("")
	if a, ok := optArg(args, 0); ok {
		fallback = a
	}
	allowFalse := truthy(fnorm(kwargs["allow_false"]))
	missing := in == nil || in == false && !allowFalse
	if _, isRange := in.(rangeValue); !missing && !isRange {
		missing = isEmpty(in)
	}
	if missing {
		return fallback, nil
	}
	return in, nil
}
