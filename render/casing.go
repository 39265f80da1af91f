package render

// Unicode's full case mappings that turn one character into several
// (SpecialCasing.txt, its unconditional mappings). Go's unicode package
// maps one character to one; Ruby's String#upcase, #downcase and
// #capitalize apply these too: "\uFB01" (the ligature fi) upcases to
// "FI", "\u0130" (I with a dot) downcases to "i\u0307". The cases
// below are what Ruby 3.1 (Unicode 13) gives, listed from Ruby itself.

// upcaseSpecial returns the full uppercase of r when it is several characters.
func upcaseSpecial(r rune) (string, bool) {
	switch r {
	case 0xDF: // ß
		return "SS", true
	case 0x149: // ŉ
		return "\u02BCN", true
	case 0x1F0: // ǰ
		return "J\u030C", true
	case 0x390: // ΐ
		return "\u0399\u0308\u0301", true
	case 0x3B0: // ΰ
		return "\u03A5\u0308\u0301", true
	case 0x587: // և
		return "\u0535\u0552", true
	case 0x1E96: // ẖ
		return "H\u0331", true
	case 0x1E97: // ẗ
		return "T\u0308", true
	case 0x1E98: // ẘ
		return "W\u030A", true
	case 0x1E99: // ẙ
		return "Y\u030A", true
	case 0x1E9A: // ẚ
		return "A\u02BE", true
	case 0x1F50: // ὐ
		return "\u03A5\u0313", true
	case 0x1F52: // ὒ
		return "\u03A5\u0313\u0300", true
	case 0x1F54: // ὔ
		return "\u03A5\u0313\u0301", true
	case 0x1F56: // ὖ
		return "\u03A5\u0313\u0342", true
	case 0x1F80: // ᾀ
		return "\u1F08\u0399", true
	case 0x1F81: // ᾁ
		return "\u1F09\u0399", true
	case 0x1F82: // ᾂ
		return "\u1F0A\u0399", true
	case 0x1F83: // ᾃ
		return "\u1F0B\u0399", true
	case 0x1F84: // ᾄ
		return "\u1F0C\u0399", true
	case 0x1F85: // ᾅ
		return "\u1F0D\u0399", true
	case 0x1F86: // ᾆ
		return "\u1F0E\u0399", true
	case 0x1F87: // ᾇ
		return "\u1F0F\u0399", true
	case 0x1F88: // ᾈ
		return "\u1F08\u0399", true
	case 0x1F89: // ᾉ
		return "\u1F09\u0399", true
	case 0x1F8A: // ᾊ
		return "\u1F0A\u0399", true
	case 0x1F8B: // ᾋ
		return "\u1F0B\u0399", true
	case 0x1F8C: // ᾌ
		return "\u1F0C\u0399", true
	case 0x1F8D: // ᾍ
		return "\u1F0D\u0399", true
	case 0x1F8E: // ᾎ
		return "\u1F0E\u0399", true
	case 0x1F8F: // ᾏ
		return "\u1F0F\u0399", true
	case 0x1F90: // ᾐ
		return "\u1F28\u0399", true
	case 0x1F91: // ᾑ
		return "\u1F29\u0399", true
	case 0x1F92: // ᾒ
		return "\u1F2A\u0399", true
	case 0x1F93: // ᾓ
		return "\u1F2B\u0399", true
	case 0x1F94: // ᾔ
		return "\u1F2C\u0399", true
	case 0x1F95: // ᾕ
		return "\u1F2D\u0399", true
	case 0x1F96: // ᾖ
		return "\u1F2E\u0399", true
	case 0x1F97: // ᾗ
		return "\u1F2F\u0399", true
	case 0x1F98: // ᾘ
		return "\u1F28\u0399", true
	case 0x1F99: // ᾙ
		return "\u1F29\u0399", true
	case 0x1F9A: // ᾚ
		return "\u1F2A\u0399", true
	case 0x1F9B: // ᾛ
		return "\u1F2B\u0399", true
	case 0x1F9C: // ᾜ
		return "\u1F2C\u0399", true
	case 0x1F9D: // ᾝ
		return "\u1F2D\u0399", true
	case 0x1F9E: // ᾞ
		return "\u1F2E\u0399", true
	case 0x1F9F: // ᾟ
		return "\u1F2F\u0399", true
	case 0x1FA0: // ᾠ
		return "\u1F68\u0399", true
	case 0x1FA1: // ᾡ
		return "\u1F69\u0399", true
	case 0x1FA2: // ᾢ
		return "\u1F6A\u0399", true
	case 0x1FA3: // ᾣ
		return "\u1F6B\u0399", true
	case 0x1FA4: // ᾤ
		return "\u1F6C\u0399", true
	case 0x1FA5: // ᾥ
		return "\u1F6D\u0399", true
	case 0x1FA6: // ᾦ
		return "\u1F6E\u0399", true
	case 0x1FA7: // ᾧ
		return "\u1F6F\u0399", true
	case 0x1FA8: // ᾨ
		return "\u1F68\u0399", true
	case 0x1FA9: // ᾩ
		return "\u1F69\u0399", true
	case 0x1FAA: // ᾪ
		return "\u1F6A\u0399", true
	case 0x1FAB: // ᾫ
		return "\u1F6B\u0399", true
	case 0x1FAC: // ᾬ
		return "\u1F6C\u0399", true
	case 0x1FAD: // ᾭ
		return "\u1F6D\u0399", true
	case 0x1FAE: // ᾮ
		return "\u1F6E\u0399", true
	case 0x1FAF: // ᾯ
		return "\u1F6F\u0399", true
	case 0x1FB2: // ᾲ
		return "\u1FBA\u0399", true
	case 0x1FB3: // ᾳ
		return "\u0391\u0399", true
	case 0x1FB4: // ᾴ
		return "\u0386\u0399", true
	case 0x1FB6: // ᾶ
		return "\u0391\u0342", true
	case 0x1FB7: // ᾷ
		return "\u0391\u0342\u0399", true
	case 0x1FBC: // ᾼ
		return "\u0391\u0399", true
	case 0x1FC2: // ῂ
		return "\u1FCA\u0399", true
	case 0x1FC3: // ῃ
		return "\u0397\u0399", true
	case 0x1FC4: // ῄ
		return "\u0389\u0399", true
	case 0x1FC6: // ῆ
		return "\u0397\u0342", true
	case 0x1FC7: // ῇ
		return "\u0397\u0342\u0399", true
	case 0x1FCC: // ῌ
		return "\u0397\u0399", true
	case 0x1FD2: // ῒ
		return "\u0399\u0308\u0300", true
	case 0x1FD3: // ΐ
		return "\u0399\u0308\u0301", true
	case 0x1FD6: // ῖ
		return "\u0399\u0342", true
	case 0x1FD7: // ῗ
		return "\u0399\u0308\u0342", true
	case 0x1FE2: // ῢ
		return "\u03A5\u0308\u0300", true
	case 0x1FE3: // ΰ
		return "\u03A5\u0308\u0301", true
	case 0x1FE4: // ῤ
		return "\u03A1\u0313", true
	case 0x1FE6: // ῦ
		return "\u03A5\u0342", true
	case 0x1FE7: // ῧ
		return "\u03A5\u0308\u0342", true
	case 0x1FF2: // ῲ
		return "\u1FFA\u0399", true
	case 0x1FF3: // ῳ
		return "\u03A9\u0399", true
	case 0x1FF4: // ῴ
		return "\u038F\u0399", true
	case 0x1FF6: // ῶ
		return "\u03A9\u0342", true
	case 0x1FF7: // ῷ
		return "\u03A9\u0342\u0399", true
	case 0x1FFC: // ῼ
		return "\u03A9\u0399", true
	case 0xFB00: // ﬀ
		return "FF", true
	case 0xFB01: // ﬁ
		return "FI", true
	case 0xFB02: // ﬂ
		return "FL", true
	case 0xFB03: // ﬃ
		return "FFI", true
	case 0xFB04: // ﬄ
		return "FFL", true
	case 0xFB05: // ﬅ
		return "ST", true
	case 0xFB06: // ﬆ
		return "ST", true
	case 0xFB13: // ﬓ
		return "\u0544\u0546", true
	case 0xFB14: // ﬔ
		return "\u0544\u0535", true
	case 0xFB15: // ﬕ
		return "\u0544\u053B", true
	case 0xFB16: // ﬖ
		return "\u054E\u0546", true
	case 0xFB17: // ﬗ
		return "\u0544\u053D", true
	}
	return "", false
}

// downcaseSpecial returns the full lowercase of r when it is several characters.
func downcaseSpecial(r rune) (string, bool) {
	switch r {
	case 0x130: // İ
		return "i\u0307", true
	}
	return "", false
}

// titlecaseSpecial returns the full titlecase of r (what capitalize makes of a first
// character) when it is several characters.
func titlecaseSpecial(r rune) (string, bool) {
	switch r {
	case 0xDF: // ß
		return "Ss", true
	case 0x149: // ŉ
		return "\u02BCN", true
	case 0x1F0: // ǰ
		return "J\u030C", true
	case 0x390: // ΐ
		return "\u0399\u0308\u0301", true
	case 0x3B0: // ΰ
		return "\u03A5\u0308\u0301", true
	case 0x587: // և
		return "\u0535\u0582", true
	case 0x1E96: // ẖ
		return "H\u0331", true
	case 0x1E97: // ẗ
		return "T\u0308", true
	case 0x1E98: // ẘ
		return "W\u030A", true
	case 0x1E99: // ẙ
		return "Y\u030A", true
	case 0x1E9A: // ẚ
		return "A\u02BE", true
	case 0x1F50: // ὐ
		return "\u03A5\u0313", true
	case 0x1F52: // ὒ
		return "\u03A5\u0313\u0300", true
	case 0x1F54: // ὔ
		return "\u03A5\u0313\u0301", true
	case 0x1F56: // ὖ
		return "\u03A5\u0313\u0342", true
	case 0x1FB2: // ᾲ
		return "\u1FBA\u0345", true
	case 0x1FB4: // ᾴ
		return "\u0386\u0345", true
	case 0x1FB6: // ᾶ
		return "\u0391\u0342", true
	case 0x1FB7: // ᾷ
		return "\u0391\u0342\u0345", true
	case 0x1FC2: // ῂ
		return "\u1FCA\u0345", true
	case 0x1FC4: // ῄ
		return "\u0389\u0345", true
	case 0x1FC6: // ῆ
		return "\u0397\u0342", true
	case 0x1FC7: // ῇ
		return "\u0397\u0342\u0345", true
	case 0x1FD2: // ῒ
		return "\u0399\u0308\u0300", true
	case 0x1FD3: // ΐ
		return "\u0399\u0308\u0301", true
	case 0x1FD6: // ῖ
		return "\u0399\u0342", true
	case 0x1FD7: // ῗ
		return "\u0399\u0308\u0342", true
	case 0x1FE2: // ῢ
		return "\u03A5\u0308\u0300", true
	case 0x1FE3: // ΰ
		return "\u03A5\u0308\u0301", true
	case 0x1FE4: // ῤ
		return "\u03A1\u0313", true
	case 0x1FE6: // ῦ
		return "\u03A5\u0342", true
	case 0x1FE7: // ῧ
		return "\u03A5\u0308\u0342", true
	case 0x1FF2: // ῲ
		return "\u1FFA\u0345", true
	case 0x1FF4: // ῴ
		return "\u038F\u0345", true
	case 0x1FF6: // ῶ
		return "\u03A9\u0342", true
	case 0x1FF7: // ῷ
		return "\u03A9\u0342\u0345", true
	case 0xFB00: // ﬀ
		return "Ff", true
	case 0xFB01: // ﬁ
		return "Fi", true
	case 0xFB02: // ﬂ
		return "Fl", true
	case 0xFB03: // ﬃ
		return "Ffi", true
	case 0xFB04: // ﬄ
		return "Ffl", true
	case 0xFB05: // ﬅ
		return "St", true
	case 0xFB06: // ﬆ
		return "St", true
	case 0xFB13: // ﬓ
		return "\u0544\u0576", true
	case 0xFB14: // ﬔ
		return "\u0544\u0565", true
	case 0xFB15: // ﬕ
		return "\u0544\u056B", true
	case 0xFB16: // ﬖ
		return "\u054E\u0576", true
	case 0xFB17: // ﬗ
		return "\u0544\u056D", true
	}
	return "", false
}
