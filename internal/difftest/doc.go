// Command difftest is shea's differential test against Shopify's Ruby
// Liquid: it generates random templates and data, renders each case with
// shea in compat mode (in this process) and with Ruby Liquid (one
// long-lived ruby process running worker.rb, Shopify's default lax parser,
// render! so that the first error fails the render as shea's all-or-nothing
// output does), and compares the two. Two errors agree whatever their
// messages; an error and an output, or two different outputs, disagree.
//
// Each disagreement is minimised: pieces of the template (text, outputs,
// tags, whole blocks, one filter or argument) and of the data (keys, items)
// are removed while the case still disagrees in the same way (shea fails,
// Ruby fails, or both render differently). The minimised case is bucketed
// by a signature: its tags, filters and the kinds of the literals and data
// it still uses. Disagreements where shea follows the current Shopify
// release over 5.4 on purpose (departures.go) are counted apart. The run
// prints the agreement rate, the rate with those set aside, and one example
// per bucket, most frequent first.
//
//	make differential [CASES=20000] [SEED=1]
//	go run ./internal/difftest -cases 20000 -seed 1 [-show 1] [-worker path/to/worker.rb]
//
// It needs ruby with the liquid gem (Debian's ruby-liquid, 5.4), so it is
// not part of make test; the generator and minimiser have unit tests that
// need no Ruby.
package main
