package workflows

import (
	"strings"
	"unicode"
)

// Split is a workflow file cut into its YAML front matter and its Markdown
// body, with the offsets of both in the normalised text (line breaks as
// "\n", no byte order mark), so that positions can be mapped back to the
// file.
type Split struct {
	// HasFrontMatter reports whether the file opens a front matter block.
	HasFrontMatter bool
	// Closed reports whether the block has its closing delimiter.
	Closed bool
	// Front is the YAML text, starting at offset FrontStart.
	Front      string
	FrontStart int
	// Body is the prompt body, trimmed of surrounding white space as both
	// dialects trim it, starting at offset BodyStart.
	Body      string
	BodyStart int
}

// SplitSymphony splits normalised text as OpenAI Symphony's reference
// implementation does: when the first line is exactly "---", the lines up
// to the next line that is exactly "---" are the front matter and the lines
// after it the body; without that closing line, every remaining line is
// front matter and the body is empty. Without an opening "---" line the
// whole text is the body.
func SplitSymphony(text string) Split {
	first, rest, ok := strings.Cut(text, "\n")
	if first != "---" {
		return body(text, 0)
	}
	s := Split{HasFrontMatter: true, FrontStart: len(first) + 1}
	if !ok {
		s.FrontStart = len(text)
		s.BodyStart = len(text)
		return s
	}
	// Find the first line of rest that is exactly "---".
	off := s.FrontStart
	for line := range strings.SplitSeq(rest, "\n") {
		if line == "---" {
			s.Closed = true
			// The front matter is the lines before, without the line break
			// that ends the last of them.
			end := max(off-1, s.FrontStart)
			s.Front = text[s.FrontStart:end]
			b := body(text[min(off+4, len(text)):], min(off+4, len(text)))
			s.Body, s.BodyStart = b.Body, b.BodyStart
			return s
		}
		off += len(line) + 1
	}
	s.Front = text[s.FrontStart:]
	s.BodyStart = len(text)
	return s
}

// splitShea splits normalised text as Shea Symphony does, quirks included:
//   - text opening with "---\n" starts a front matter block; when the next
//     line is "---" the block is empty, and when nothing but "---" follows,
//     both parts are empty;
//   - otherwise the first "\n---" ends the block, so any line that merely
//     starts with "---" (even "----") closes it; the body follows after that
//     "\n---" and the line break after it;
//   - without a closing delimiter, the rest of the text is front matter and
//     the body is empty;
//   - text whose trimmed form is "---" has no front matter and no body;
//     anything else without an opening "---\n" is all body.
func splitShea(text string) Split {
	rest, ok := strings.CutPrefix(text, "---\n")
	if !ok {
		if strings.TrimSpace(text) == "---" {
			return Split{FrontStart: len(text), BodyStart: len(text)}
		}
		return body(text, 0)
	}
	s := Split{HasFrontMatter: true, FrontStart: 4}
	if strings.HasPrefix(rest, "---\n") {
		s.Closed = true
		b := body(rest[4:], 8)
		s.Body, s.BodyStart = b.Body, b.BodyStart
		return s
	}
	if rest == "---" {
		s.Closed = true
		s.BodyStart = len(text)
		return s
	}
	end := strings.Index(rest, "\n---")
	if end < 0 {
		s.Front = rest
		s.BodyStart = len(text)
		return s
	}
	s.Closed = true
	s.Front = rest[:end]
	after := 4 + end + len("\n---")
	if after < len(text) && text[after] == '\n' {
		after++
	}
	b := body(text[after:], after)
	s.Body, s.BodyStart = b.Body, b.BodyStart
	return s
}

// body returns a Split holding only the body raw (at offset start), trimmed.
func body(raw string, start int) Split {
	trimmed := strings.TrimLeftFunc(raw, unicode.IsSpace)
	start += len(raw) - len(trimmed)
	return Split{Body: strings.TrimRightFunc(trimmed, unicode.IsSpace), BodyStart: start}
}
