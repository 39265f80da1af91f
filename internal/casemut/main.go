package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// report is the shape of gremlins' JSON report that scripts/mutation.sh
// reads.
type report struct {
	Files []fileReport `json:"files"`
}

type fileReport struct {
	Name      string           `json:"file_name"`
	Mutations []mutationReport `json:"mutations"`
}

type mutationReport struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("casemut", flag.ContinueOnError)
	fs.SetOutput(stderr)
	coef := fs.Int("timeout-coefficient", 60, "how many times the unmutated tests' time a mutant's tests may take")
	out := fs.String("o", "", "write the JSON report to this file")
	dry := fs.Bool("dry-run", false, "list the mutants, test none")
	sample := fs.Int("sample", 0, "test only this many mutants, chosen at random by -seed (0: all)")
	seed := fs.Uint64("seed", 1, "the seed of -sample's choice")
	first := fs.String("first", "", "run the package's tests matching this regexp first: a mutant they kill is KILLED without the whole package's run")
	from := fs.String("from", "", "test the RUNNABLE mutants of this gremlins dry-run report instead of the case clauses'")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: casemut [-timeout-coefficient N] [-first regexp] [-from gremlins.json] [-sample N -seed S] [-dry-run] [-o report.json] file.go")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *dry {
		return list(fs.Arg(0), stdout, stderr)
	}
	rep, err := mutate(ctx, fs.Arg(0), *from, *first, *coef, sampler{*sample, *seed}, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "casemut: %v\n", err)
		return 1
	}
	if *out != "" {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err == nil {
			err = os.WriteFile(*out, append(b, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "casemut: %v\n", err)
			return 1
		}
	}
	return 0
}

// list prints file's mutants, one a line.
func list(file string, stdout, stderr io.Writer) int {
	src, err := os.ReadFile(file)
	if err == nil {
		var ms []mutant
		if ms, err = findMutants(file, src); err == nil {
			for _, m := range ms {
				fmt.Fprintf(stdout, "%s %s:%d:%d %q\n", m.kind, file, m.line, m.col, src[m.start:m.end])
			}
			return 0
		}
	}
	fmt.Fprintf(stderr, "casemut: %v\n", err)
	return 1
}

// sampler chooses the mutants to test: n of them at random by seed, or
// all when n is 0.
type sampler struct {
	n    int
	seed uint64
}

// choose returns the mutants to test, in their order in the file.
func (s sampler) choose(ms []mutant) []mutant {
	if s.n <= 0 || s.n >= len(ms) {
		return ms
	}
	r := rand.New(rand.NewPCG(s.seed, 0))
	keep := r.Perm(len(ms))[:s.n]
	sort.Ints(keep)
	out := make([]mutant, len(keep))
	for i, k := range keep {
		out[i] = ms[k]
	}
	return out
}

// mutate tests the case-clause mutants of file that s chooses against
// its package's tests, printing one line per mutant to w.
// With from, the mutants are those of a gremlins dry-run report. With
// first, the tests matching it run first, and only a mutant they do not
// kill runs the whole package's tests: a mutant that fails some of the
// tests fails them all.
func mutate(ctx context.Context, file, from, first string, coef int, s sampler, w io.Writer) (report, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return report{}, err
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		return report{}, err
	}
	var ms []mutant
	if from != "" {
		ms, err = fromReport(from, src)
	} else {
		ms, err = findMutants(file, src)
	}
	if err != nil {
		return report{}, err
	}
	ms = s.choose(ms)
	fr := fileReport{Name: filepath.ToSlash(file), Mutations: []mutationReport{}}
	rep := report{Files: []fileReport{fr}}
	if len(ms) == 0 {
		return rep, nil
	}
	dir := filepath.Dir(abs)
	tmp, err := os.MkdirTemp("", "casemut")
	if err != nil {
		return report{}, err
	}
	defer os.RemoveAll(tmp)

	begin := time.Now()
	if o, err := goCmd(ctx, dir, 0, "test", "-count=1", "."); err != nil {
		return report{}, fmt.Errorf("the unmutated tests of %s fail: %w\n%s", dir, err, o)
	}
	timeout := time.Duration(coef) * time.Since(begin)

	mutated := filepath.Join(tmp, filepath.Base(abs))
	overlay := filepath.Join(tmp, "overlay.json")
	ov, err := json.Marshal(map[string]map[string]string{"Replace": {abs: mutated}})
	if err != nil {
		return report{}, err
	}
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		return report{}, err
	}
	for _, m := range ms {
		if err := os.WriteFile(mutated, m.apply(src), 0o644); err != nil {
			return report{}, err
		}
		status := "KILLED"
		if _, err := goCmd(ctx, dir, 0, "build", "-overlay", overlay, "."); err != nil {
			status = "NOT VIABLE"
		} else if first != "" && failsFirst(ctx, dir, timeout, overlay, first) {
			status = "KILLED"
		} else if _, err := goCmd(ctx, dir, timeout, "test", "-count=1", "-overlay", overlay, "."); err == nil {
			status = "LIVED"
		} else if errors.Is(err, context.DeadlineExceeded) {
			status = "TIMED OUT"
		}
		if ctx.Err() != nil {
			return report{}, ctx.Err()
		}
		fmt.Fprintf(w, "%12s %s %s:%d:%d\n", status, m.kind, file, m.line, m.col)
		fr.Mutations = append(fr.Mutations, mutationReport{Type: m.kind, Status: status, Line: m.line, Column: m.col})
	}
	rep.Files[0] = fr
	return rep, nil
}

// failsFirst reports whether the tests matching first fail on the mutant
// (not merely time out).
func failsFirst(ctx context.Context, dir string, timeout time.Duration, overlay, first string) bool {
	_, err := goCmd(ctx, dir, timeout, "test", "-count=1", "-overlay", overlay, "-run", first, ".")
	return err != nil && !errors.Is(err, context.DeadlineExceeded)
}

// goCmd runs the go command in dir, within timeout when it is not zero,
// and returns its combined output. An error wraps
// context.DeadlineExceeded when the timeout ended it.
func goCmd(ctx context.Context, dir string, timeout time.Duration, args ...string) ([]byte, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	// Kill the test binary too, not only the go command, on a timeout.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if err != nil && ctx.Err() != nil {
		return out, fmt.Errorf("go %s: %w", args[0], ctx.Err())
	}
	return out, err
}
