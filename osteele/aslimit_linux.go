package osteele

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// limitAddressSpace caps the process's address space at what it maps now
// plus three times budget (the heap may grow to twice the budget before
// the collector runs, and an array is allocated whole), so that one allocation osteele makes past the budget
// (a range of a hundred million numbers made an array at once) is refused
// rather than taken from the machine. Go then ends the process with "out
// of memory". It does nothing when the current size cannot be read.
func limitAddressSpace(budget int64) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmSize:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return
		}
		max := uint64(kb<<10 + 3*budget)
		_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: max, Max: max})
		return
	}
}
