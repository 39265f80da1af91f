package render

// Filters that look into each item by a property: map, sum, and the
// selecting family where, reject, has, find and find_index. Each reads its
// input through iterItems and each item's property as Ruby's item[prop]
// (see rubyIndex): an object's value, a string's substring (so ["zoo"] |
// find: "oo" finds "zoo"), an integer's bit. An item that cannot be
// indexed at all (nil, a boolean, a float) ends the selecting filters with
// nil, and one that rejects the property (an integer indexed by a string)
// is an error, as in Liquid.

// filterMap returns each item's property (nil for items that cannot be
// indexed). The property "to_liquid" returns the items themselves.
func filterMap(b *budget, in any, args []any, _ map[string]any) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	prop := args[0]
	if err := b.allocItems(int64(len(items)), 0); err != nil {
		return nil, err
	}
	out := make([]any, len(items))
	for i, e := range items {
		if err := b.spend(1); err != nil {
			return nil, err
		}
		if prop == "to_liquid" {
			out[i] = e
			continue
		}
		v, _, err := rubyIndex(e, prop)
		if err != nil {
			return nil, propertyError(prop)
		}
		out[i] = v
	}
	return out, nil
}

// selection is how one of the selecting filters uses matching items.
type selection int

const (
	selectWhere selection = iota
	selectReject
	selectHas
	selectFind
	selectFindIndex
)

// filterWhere keeps the items whose property is truthy, or equals the
// value when one is given (a nil value means "truthy").
func filterWhere(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return selectItems(b, in, args, selectWhere)
}

// filterReject drops the items where would keep.
func filterReject(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return selectItems(b, in, args, selectReject)
}

// filterHas reports whether some item matches.
func filterHas(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return selectItems(b, in, args, selectHas)
}

// filterFind returns the first matching item, or nil.
func filterFind(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return selectItems(b, in, args, selectFind)
}

// filterFindIndex returns the index of the first matching item, or nil.
func filterFindIndex(b *budget, in any, args []any, _ map[string]any) (any, error) {
	return selectItems(b, in, args, selectFindIndex)
}

func selectItems(b *budget, in any, args []any, how selection) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		switch how {
		case selectWhere, selectReject:
			return []any{}, nil
		case selectHas:
			return false, nil
		}
		return nil, nil
	}
	prop := args[0]
	target, _ := optArg(args, 1)
	var out []any
	for i, e := range items {
		if err := b.spend(1); err != nil {
			return nil, err
		}
		v, has, err := rubyIndex(e, prop)
		if err != nil {
			return nil, propertyError(prop)
		}
		if !has {
			return nil, nil
		}
		match := truthy(v)
		if target != nil {
			match = equal(v, target)
		}
		switch how {
		case selectWhere:
			if match {
				out = append(out, e)
			}
		case selectReject:
			if !match {
				out = append(out, e)
			}
		case selectHas:
			if match {
				return true, nil
			}
		case selectFind:
			if match {
				return e, nil
			}
		case selectFindIndex:
			if match {
				return int64(i), nil
			}
		}
	}
	switch how {
	case selectWhere, selectReject:
		if out == nil {
			out = []any{}
		}
		return out, nil
	case selectHas:
		return false, nil
	}
	return nil, nil
}

// filterSum adds the items, or each item's property, as numbers (Liquid's
// to_number: numeric strings count, other values are 0). Nested arrays,
// and arrays found under the property, are flattened first.
func filterSum(b *budget, in any, args []any, _ map[string]any) (any, error) {
	items, err := iterItems(b, in)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return int64(0), nil
	}
	values := items
	if prop, _ := optArg(args, 0); prop != nil {
		values = make([]any, len(items))
		for i, e := range items {
			v, has, err := rubyIndex(e, prop)
			if err != nil {
				return nil, propertyError(prop)
			}
			if has {
				values[i] = v
			} else {
				values[i] = int64(0)
			}
		}
		if values, err = iterItems(b, values); err != nil {
			return nil, err
		}
	}
	total := rnumInt(0)
	for _, v := range values {
		if err := checkNumberText(v, nil); err != nil {
			return nil, err
		}
		n := toRnum(v)
		if err := b.number(total, n); err != nil {
			return nil, err
		}
		if total, err = total.op('+', n); err != nil {
			return nil, err
		}
	}
	return total.value(), nil
}
