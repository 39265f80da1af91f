package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("difftest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cases := fs.Int("cases", 20000, "how many random cases to render")
	seed := fs.Int64("seed", 1, "the generator's seed")
	show := fs.Int("show", 1, "minimised examples to print per bucket")
	budget := fs.Int("budget", 150, "most candidates tried when minimising one disagreement")
	worker := fs.String("worker", defaultWorker(), "the Ruby worker script")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rb, err := startRuby(*worker)
	if err != nil {
		fmt.Fprintln(stderr, "difftest:", err)
		return 2
	}
	defer rb.close()

	start := time.Now()
	g := newGen(*seed)
	type bucket struct {
		n        int
		examples []string
	}
	buckets := map[string]*bucket{}
	agree, departed := 0, 0
	ds := departures()
	for i := 0; i < *cases; i++ {
		if i > 0 && i%2000 == 0 {
			fmt.Fprintf(stderr, "difftest: %d cases, %d agree, %s\n", i, agree, time.Since(start).Round(time.Second))
		}
		c := g.Case()
		kind, err := compare(rb, c)
		if err != nil {
			fmt.Fprintln(stderr, "difftest:", err)
			return 2
		}
		if kind == "" {
			agree++
			continue
		}
		m := minimize(c, func(d Case) bool {
			k, err := compare(rb, d)
			return err == nil && k == kind
		}, *budget)
		sig := signature(kind, m)
		if d := departureOf(ds, m, sig); d != "" {
			departed++
			sig = "departure: " + d
		}
		b := buckets[sig]
		if b == nil {
			b = &bucket{}
			buckets[sig] = b
		}
		b.n++
		if len(b.examples) < *show {
			b.examples = append(b.examples, describe(rb, m))
		}
	}
	fmt.Fprintf(stdout, "agreement: %d of %d cases (%.2f%%), seed %d, %d buckets, %s\n",
		agree, *cases, 100*float64(agree)/float64(*cases), *seed, len(buckets), time.Since(start).Round(time.Second))
	fmt.Fprintf(stdout, "departures from 5.4 where shea follows the current release: %d; agreement with them set aside: %.2f%%\n",
		departed, 100*float64(agree+departed)/float64(*cases))
	sigs := make([]string, 0, len(buckets))
	for s := range buckets {
		sigs = append(sigs, s)
	}
	sort.Slice(sigs, func(i, j int) bool {
		if buckets[sigs[i]].n != buckets[sigs[j]].n {
			return buckets[sigs[i]].n > buckets[sigs[j]].n
		}
		return sigs[i] < sigs[j]
	})
	for _, s := range sigs {
		fmt.Fprintf(stdout, "\n%5d  %s\n", buckets[s].n, s)
		for _, e := range buckets[s].examples {
			fmt.Fprint(stdout, e)
		}
	}
	return 0
}

// defaultWorker is worker.rb beside this file's package in the source tree.
func defaultWorker() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "internal/difftest/worker.rb"
	}
	return filepath.Join(filepath.Dir(file), "worker.rb")
}

// outcome is what one engine made of a case.
type outcome struct {
	out string
	err string // "" when it rendered
}

// compare renders c with both engines: "" when they agree, else the kind
// of disagreement.
func compare(rb *ruby, c Case) (string, error) {
	r, err := rb.render(c)
	if err != nil {
		return "", err
	}
	s := renderShea(c)
	switch {
	case r.err != "" && s.err != "":
		return "", nil
	case r.err != "":
		return "ruby-error", nil
	case s.err != "":
		return "shea-error " + s.err, nil
	case r.out != s.out:
		return "differ", nil
	}
	return "", nil
}

func describe(rb *ruby, c Case) string {
	r, _ := rb.render(c)
	s := renderShea(c)
	show := func(o outcome) string {
		if o.err != "" {
			return "error " + o.err
		}
		return fmt.Sprintf("%q", o.out)
	}
	return fmt.Sprintf("       template %q\n       data     %s\n       ruby     %s\n       shea     %s\n",
		c.Template, c.Data.JSON(), show(r), show(s))
}

// renderShea renders c with shea in compat mode. The error is the
// diagnostic code, so that minimising keeps the same failure.
func renderShea(c Case) outcome {
	eng := render.New(render.Options{Compat: true, Limits: render.Limits{Timeout: 5 * time.Second}})
	vars, err := render.DecodeJSONObject([]byte(c.Data.JSON()))
	if err != nil {
		return outcome{err: "bad_data"}
	}
	tpl, diags := eng.Compile(c.Template, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		return outcome{err: string(diags.Errors()[0].Code)}
	}
	out, err := tpl.Render(context.Background(), vars)
	if err != nil {
		if l := diag.AsList(err).Errors(); len(l) > 0 {
			return outcome{err: string(l[0].Code)}
		}
		return outcome{err: "error"}
	}
	return outcome{out: out}
}

// ruby is the long-lived Ruby worker.
type ruby struct {
	script string
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
}

func startRuby(script string) (*ruby, error) {
	r := &ruby{script: script}
	return r, r.start()
}

func (r *ruby) start() error {
	cmd := exec.Command("ruby", r.script)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting ruby: %w", err)
	}
	r.cmd, r.in, r.out = cmd, in, bufio.NewReaderSize(out, 1<<20)
	return nil
}

func (r *ruby) close() {
	r.in.Close()
	r.cmd.Wait()
}

// render sends one case and reads the answer; a worker that dies or takes
// longer than 20s is restarted and the case counts as a Ruby error.
func (r *ruby) render(c Case) (outcome, error) {
	req := fmt.Sprintf(`{"template":%s,"data":%s}`+"\n", quoteJSON(c.Template), c.Data.JSON())
	type reply struct {
		line string
		err  error
	}
	ch := make(chan reply, 1)
	go func() {
		if _, err := io.WriteString(r.in, req); err != nil {
			ch <- reply{err: err}
			return
		}
		line, err := r.out.ReadString('\n')
		ch <- reply{line, err}
	}()
	var rep reply
	select {
	case rep = <-ch:
	case <-time.After(20 * time.Second):
		rep.err = errors.New("timeout")
	}
	if rep.err != nil {
		r.cmd.Process.Kill()
		r.cmd.Wait()
		if err := r.start(); err != nil {
			return outcome{}, err
		}
		return outcome{err: "worker: " + rep.err.Error()}, nil
	}
	var a struct {
		Output *string `json:"output"`
		Error  string  `json:"error"`
	}
	if err := json.Unmarshal([]byte(rep.line), &a); err != nil {
		return outcome{}, fmt.Errorf("worker answered %q: %w", strings.TrimSpace(rep.line), err)
	}
	if a.Output == nil {
		if strings.HasPrefix(a.Error, "NoMemoryError") {
			// A worker that ran out of memory can fail the cases after
			// this one too (an empty template was seen to): start afresh.
			r.close()
			if err := r.start(); err != nil {
				return outcome{}, err
			}
		}
		return outcome{err: a.Error}, nil
	}
	b, err := base64.StdEncoding.DecodeString(*a.Output)
	if err != nil {
		return outcome{}, err
	}
	return outcome{out: string(b)}, nil
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
