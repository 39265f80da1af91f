package main

import (
	"regexp"
	"strings"
)

// A departure is a disagreement where shea follows the current Shopify
// release (and the golden-liquid suite) on purpose, not Liquid 5.4. The
// run counts them apart, so that the rate says how often shea departs from
// what it means to do. Each is told by its minimised case.
type departure struct {
	name  string
	match func(c Case, sig string) bool
}

// departures lists them (README, "Where the current Shopify release
// departs from Liquid 5.4").
func departures() []departure {
	rxBlank := regexp.MustCompile(`\bblank\b`)
	rxStringEnd := regexp.MustCompile(`str(-utf8)?(\.|\|)(first|last)\b`)
	rxLiteralEnd := regexp.MustCompile(`('[^']*'|"[^"]*")\s*\|\s*(first|last)\b`)
	rxAnyEnd := regexp.MustCompile(`(\.|\|\s*)(first|last)\b`)
	return []departure{
		{"blank compares by blankness (5.4 without ActiveSupport: never equal)", func(c Case, _ string) bool {
			return rxBlank.MatchString(c.Template)
		}},
		// A heuristic: a minimised case still reading first or last
		// disagrees because of this, unless the data shows an array.
		{"first and last of a string are its characters (5.4: nil)", func(c Case, sig string) bool {
			return rxStringEnd.MatchString(sig) || rxLiteralEnd.MatchString(c.Template) ||
				rxAnyEnd.MatchString(c.Template) && !strings.Contains(sig, "[")
		}},
		{"tablerow without cols: one row, col_last true at its end (5.4: cols 0)", func(c Case, _ string) bool {
			return strings.Contains(c.Template, "tablerow") && !strings.Contains(c.Template, "cols:") &&
				strings.Contains(c.Template, "tablerowloop.col_last")
		}},
	}
}

// departureOf names the departure a minimised disagreement is, or "".
func departureOf(ds []departure, c Case, sig string) string {
	for _, d := range ds {
		if d.match(c, sig) {
			return d.name
		}
	}
	return ""
}
