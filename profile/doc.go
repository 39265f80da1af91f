// Package profile holds the workflow dialects shea reads (symphony and
// shea) and what each gives a lane prompt to read: the issue model and
// attempt, as JSON Schema documents embedded in the package.
//
// It sits above package strict, the Liquid front end, which knows nothing
// of workflows: a profile's schemas compile into strict.Schema values that
// strict checks templates against and that render validates data with.
//
// Document returns a profile's schema self-contained: the issue model's
// $defs are inlined, so the text can be pasted into another schema, saved
// and named by $ref, or referred to by its $id (IssueID) from a context
// schema, and always compiles.
//
// A workflow or a library caller may declare more inputs than the profile
// has (a port's issue.comments, a repo object): Extend merges such a JSON
// Schema fragment into the profile's inputs. Properties are added, into
// the issue model too (recursively, also into array items), never replacing
// what the profile declares; a type that contradicts the profile's is an
// error that names both. A runner that states its own issue model uses
// ReplaceIssue instead: the fragment's issue replaces the profile's.
package profile
