// Command casemut is the mutation tester of case clauses, which gremlins
// never mutates (a case clause's expressions lie outside every block of
// the coverage profile gremlins selects its mutants by). scripts/mutation.sh
// runs it after gremlins on each file and counts its mutants in the file's
// score.
//
//	go run ./internal/casemut [-timeout-coefficient N] [-first regexp] [-from gremlins.json] [-sample N -seed S] [-dry-run] [-o report.json] file.go
//
// For every clause of an expression or type switch that has expressions,
// casemut makes these mutants, one at a time:
//
//   - CASE_REMOVE_EXPR: one expression of a list of several removed
//     (`case a, b:` becomes `case b:` and `case a:`);
//   - CASE_REMOVE_CLAUSE: a clause of one expression removed, so that its
//     values fall to the default or to no clause;
//   - inside the expressions, gremlins' operator mutants:
//     CONDITIONALS_BOUNDARY (`<` to `<=`, …), CONDITIONALS_NEGATION (`==` to
//     `!=`, `<` to `>=`, …), INVERT_LOGICAL (`&&` to `||` and back),
//     ARITHMETIC_BASE (`+` to `-`, `*` to `/`, …) and INVERT_NEGATIVES
//     (`-x` to `+x`).
//
// A mutant is built and tested through the go command's -overlay flag: the
// mutated text is written to a temporary file that the build reads in the
// source file's place, so the source file itself is never changed and an
// interrupted run leaves nothing behind. A mutant that does not build is
// NOT VIABLE; one whose package tests fail is KILLED, pass LIVED, and run
// longer than the coefficient times the unmutated tests' time TIMED OUT.
// -from report.json tests, in place of the case clauses' mutants, those a
// gremlins dry-run report lists as RUNNABLE (covered), each made as
// gremlins makes it: with -sample, the script's way to sample gremlins'
// mutants of a file whose package tests are slow.
//
// -first regexp runs the package's tests matching it before the whole
// package's: a mutant they kill is KILLED at once (it fails the whole
// suite too), and only one they let live runs everything.
//
// -sample tests only that many mutants, chosen at random by -seed, for a
// package whose tests are too slow to run once per mutant; -dry-run lists
// the mutants. The report has the shape of gremlins' JSON report (files, each with its
// mutations' type, status, line and column), so that the script scores
// both alike.
package main
