package diag_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/sheaproject/shea/diag"
)

// WriteText prints diagnostics for people: location, severity, summary and
// code, then the source line with a caret under the subject, then the
// detail.
func ExampleWriteText() {
	src := []byte("Work on {{ issue.titel }}.\n")
	d := diag.Errorf(diag.Code("unknown_field"), diag.Range{
		Filename: "prompt.md",
		Start:    diag.Pos{Line: 1, Column: 12, Byte: 11},
		End:      diag.Pos{Line: 1, Column: 23, Byte: 22},
	}, "unknown property %q of issue", "titel").WithDetail(`Did you mean "issue.title"?`)
	diag.WriteText(os.Stdout, diag.List{d}, diag.TextOptions{Source: func(string) []byte { return src }})
	// Output:
	// prompt.md:1:12: error: unknown property "titel" of issue [unknown_field]
	//     Work on {{ issue.titel }}.
	//                ^^^^^^^^^^^
	//     Did you mean "issue.title"?
}

// WriteJSON prints the list as one JSON document whose field names are a
// contract.
func ExampleWriteJSON() {
	d := diag.Errorf(diag.Code("unknown_function"), diag.Range{
		Filename: "t.md",
		Start:    diag.Pos{Line: 2, Column: 5, Byte: 12},
		End:      diag.Pos{Line: 2, Column: 11, Byte: 18},
	}, "unknown filter %q", "upcas").WithDetail("%s", diag.DidYouMean("upcas", []string{"downcase", "upcase"}))
	// The caller says which class each of its codes belongs to.
	class := func(diag.Code) string { return "name_error" }
	diag.WriteJSON(os.Stdout, diag.List{d}, diag.JSONOptions{Class: class})
	// Output:
	// {
	//   "diagnostics": [
	//     {
	//       "severity": "error",
	//       "code": "unknown_function",
	//       "class": "name_error",
	//       "summary": "unknown filter \"upcas\"",
	//       "detail": "Did you mean \"upcase\"?",
	//       "suggestions": [
	//         "upcase"
	//       ],
	//       "range": {
	//         "filename": "t.md",
	//         "start": {
	//           "line": 2,
	//           "column": 5,
	//           "byte": 12
	//         },
	//         "end": {
	//           "line": 2,
	//           "column": 11,
	//           "byte": 18
	//         }
	//       }
	//     }
	//   ]
	// }
}

// Suggest picks the did-you-mean candidate for a misspelt name.
func ExampleSuggest() {
	fields := []string{"identifier", "title", "description", "url"}
	fmt.Println(diag.Suggest("titel", fields))
	fmt.Println(diag.Suggest("descripton", fields))
	fmt.Printf("%q\n", diag.Suggest("assignee", fields))
	// Output:
	// title
	// description
	// ""
}

// List.Err turns a list into an error only when it holds errors; AsList
// gets the list back from the error, through any wrapping.
func ExampleList_Err() {
	var l diag.List
	l = l.Append(diag.Warningf(diag.Code("unused_key"), diag.Range{Filename: "WORKFLOW.md"}, "unknown key %q", "poling"))
	fmt.Println(l.Err() == nil)

	l = l.Append(diag.Errorf(diag.Code("bad_syntax"), diag.Range{Filename: "WORKFLOW.md", Start: diag.Pos{Line: 9, Column: 3, Byte: 80}}, "unexpected %q", "or"))
	err := fmt.Errorf("validate: %w", l.Err())
	fmt.Println(err)
	fmt.Println(len(diag.AsList(err)), "diagnostics")
	var d *diag.Diagnostic
	fmt.Println(errors.As(err, &d), d.Code)
	// Output:
	// true
	// validate: WORKFLOW.md:9:3: unexpected "or" [bad_syntax]
	// 2 diagnostics
	// true bad_syntax
}
