package diag

// Codes of the tests: a caller defines its own (shea's are in package
// codes); these name nothing of shea's.
const (
	codeUnknownField Code = "unknown_field"
	codeUnknownName  Code = "unknown_name"
	codeUnknownFunc  Code = "unknown_function"
	codeSyntax       Code = "bad_syntax"
	codeUnusedKey    Code = "unused_key"
	codeKept         Code = "kept_section"
	codeFailed       Code = "eval_failed"
	codeNoFile       Code = "no_file"
	codeUnclosed     Code = "unclosed"
	codeUnknownWord  Code = "unknown_word"
)
