package strict

import "strings"

// Liquid's "blank" rule: a block whose body holds only whitespace text and
// tags that print nothing (assign, capture, comments, and blocks that are
// themselves blank) does not print that whitespace. Shopify Liquid applies it
// to if, unless, case and for; these helpers compute it at parse time.

func bodyBlank(body []Node) bool {
	for _, n := range body {
		if !nodeBlank(n) {
			return false
		}
	}
	return true
}

func clausesBlank(cls []*Clause) bool {
	for _, c := range cls {
		if !bodyBlank(c.Body) {
			return false
		}
	}
	return true
}

func nodeBlank(n Node) bool {
	switch n := n.(type) {
	case *Text:
		return strings.TrimLeft(n.Value, " \t\n\v\f\r") == ""
	case *Assign, *Capture, *Comment:
		return true
	case *Raw:
		return n.Text == ""
	case *If:
		return n.Blank
	case *Case:
		return n.Blank
	case *For:
		return n.Blank
	case *Tablerow:
		return bodyBlank(n.Body)
	case *Ifchanged:
		return bodyBlank(n.Body)
	}
	return false
}
