//go:build race

package testclock

// RaceFactor is how many times longer a bound is under the race detector.
const RaceFactor = 10
