//go:build !linux

package osteele

// limitAddressSpace does nothing outside Linux: the heap watchdog alone
// bounds a prover child there.
func limitAddressSpace(int64) {}
