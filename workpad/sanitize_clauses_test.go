package workpad

import "testing"

// TestStripControlsEachInvisible removes each invisible format character
// the sanitizer lists, one at a time (every bidirectional embedding,
// override and isolate, not only the ends of their ranges), and keeps the
// characters just outside those ranges, which are ordinary text.
func TestStripControlsEachInvisible(t *testing.T) {
	removed := []rune{0x061c, 0x200b, 0x200e, 0x200f, 0xfeff}
	for r := rune(0x202a); r <= 0x202e; r++ {
		removed = append(removed, r)
	}
	for r := rune(0x2066); r <= 0x2069; r++ {
		removed = append(removed, r)
	}
	for _, r := range removed {
		if got := StripControls("a" + string(r) + "b"); got != "ab" {
			t.Errorf("StripControls(a U+%04X b) = %q, want \"ab\"", r, got)
		}
	}
	// U+2029 PARAGRAPH SEPARATOR, U+202F NARROW NO-BREAK SPACE, U+2065 and
	// U+206A sit beside the ranges; U+200D ZERO WIDTH JOINER joins emoji.
	for _, r := range []rune{0x2029, 0x202f, 0x2065, 0x206a, 0x200d, 0x061b, 0xfefe} {
		in := "a" + string(r) + "b"
		if got := StripControls(in); got != in {
			t.Errorf("StripControls(a U+%04X b) = %q, want it kept", r, got)
		}
	}
}

// TestStripControlsEachStringIntroducer swallows a control string begun by
// each introducer, 8-bit (DCS, SOS, OSC, PM, APC) and 7-bit (ESC ], P, X,
// ^, _), up to its terminator, so that none of its text leaks.
func TestStripControlsEachStringIntroducer(t *testing.T) {
	intros := []string{"\u0090", "\u0098", "\u009d", "\u009e", "\u009f", "\x1b]", "\x1bP", "\x1bX", "\x1b^", "\x1b_"}
	for _, in := range intros {
		for _, st := range []string{"\x07", "\x1b\\", "\u009c"} {
			src := "a" + in + "hidden" + st + "b"
			if got := StripControls(src); got != "ab" {
				t.Errorf("StripControls(%q) = %q, want \"ab\"", src, got)
			}
		}
	}
}

// TestStripControlsStringTerminators: only BEL, ESC \ and the 8-bit ST end
// a control string. A byte of another character does not: a backslash
// without ESC, a character encoded with the lead byte 0xC2 (U+0080–U+00BF,
// such as a no-break space) or one whose second byte is 0x9C (Ĝ is C4 9C);
// each would otherwise end an OSC early and let the rest of it print.
func TestStripControlsStringTerminators(t *testing.T) {
	for _, inside := range []string{`C:\path`, "caf\u00a0title", "\u011c", "\u00bf", "x\u0080y"} {
		src := "a\x1b]0;" + inside + " secret\x07b"
		if got := StripControls(src); got != "ab" {
			t.Errorf("StripControls(%q) = %q, want \"ab\" (the OSC ends at BEL only)", src, got)
		}
	}
	// The same characters outside a control string are text.
	for _, text := range []string{`C:\path`, "caf\u00a0", "\u011c", "\u00bf"} {
		if got := StripControls(text); got != text {
			t.Errorf("StripControls(%q) = %q, want it kept", text, got)
		}
	}
	// ESC and 8-bit CSI, each alone before text, drop only themselves
	// and a sequence's bytes.
	for in, want := range map[string]string{"\x1b[1mB": "B", "\u009b1mB": "B", "\x1b": "", "\u009b": ""} {
		if got := StripControls(in); got != want {
			t.Errorf("StripControls(%q) = %q, want %q", in, got, want)
		}
	}
}
