package codes

import "github.com/sheaproject/shea/diag"

// JSONOptions is the wire form of shea's --format json and of
// workflows.Report: each diagnostic carries the class of its code
// (ClassOf), which agent runners branch on.
func JSONOptions() diag.JSONOptions {
	return diag.JSONOptions{Class: func(c diag.Code) string { return string(ClassOf(c)) }}
}
