package diag

import (
	"unicode"

	"golang.org/x/text/width"
)

// displayWidth is the number of terminal columns the character c takes in
// a quoted source line: 2 for the East Asian wide and fullwidth characters
// (CJK ideographs, kana, Hangul syllables, fullwidth forms, most emoji), 0
// for the marks that combine with the character before them and for
// invisible format characters (a zero-width joiner, a soft hyphen, a
// variation selector), else 1. Tabs are left to the caller, which copies
// them into the caret line.
func displayWidth(c rune) int {
	switch {
	case unicode.In(c, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case c >= 0x1160 && c <= 0x11ff:
		return 0 // Hangul medial vowels and final consonants join the syllable before
	}
	switch width.LookupRune(c).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}
