package render

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

func compat(t *testing.T, opts Options, src string) *Template {
	t.Helper()
	opts.Compat = true
	tpl, diags := New(opts).Compile(src, "t.liquid", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return tpl
}

// errCode renders and returns the code of the single diagnostic.
func errCode(t *testing.T, tpl *Template, ctx context.Context) (diag.Code, string) {
	t.Helper()
	out, err := tpl.Render(ctx, map[string]any{})
	if err == nil {
		t.Fatalf("rendered %d bytes, want an error", len(out))
	}
	if out != "" {
		t.Errorf("partial output %q returned with an error", out)
	}
	e, ok := AsError(err)
	if !ok || len(e.Diagnostics) != 1 {
		t.Fatalf("error %v", err)
	}
	return e.Diagnostics[0].Code, e.Diagnostics[0].Summary
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name   string
		limits Limits
		src    string
		want   diag.Code
	}{
		{"loop iterations", Limits{MaxLoopIterations: 1000}, "{% for i in (1..1001) %}{% endfor %}", codes.LoopLimit},
		{"nested loops count together", Limits{MaxLoopIterations: 1000}, "{% for i in (1..40) %}{% for j in (1..40) %}{% endfor %}{% endfor %}", codes.LoopLimit},
		{"output bytes", Limits{MaxOutputBytes: 100}, "{% for i in (1..101) %}x{% endfor %}", codes.OutputLimit},
		{"captured bytes count", Limits{MaxOutputBytes: 100}, "{% capture c %}{% for i in (1..101) %}x{% endfor %}{% endcapture %}", codes.OutputLimit},
		{"tablerow iterations", Limits{MaxLoopIterations: 10}, "{% tablerow i in (1..11) %}{% endtablerow %}", codes.LoopLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl := compat(t, Options{Limits: tt.limits}, tt.src)
			if code, msg := errCode(t, tpl, context.Background()); code != tt.want {
				t.Errorf("code %s (%s), want %s", code, msg, tt.want)
			}
		})
	}
}

func TestLimitsAreNotHitByDefault(t *testing.T) {
	tpl := compat(t, Options{}, "{% for i in (1..1000) %}{{ i }}{% endfor %}")
	out, err := tpl.Render(context.Background(), nil)
	if err != nil || !strings.HasSuffix(out, "9991000") {
		t.Fatalf("%v %q", err, out[len(out)-10:])
	}
}

func TestDepthLimit(t *testing.T) {
	// A partial that includes itself recurses until the depth limit.
	tpl := compat(t, Options{Partials: mapPartials{"self": "x{% include 'self' %}"}, Limits: Limits{MaxDepth: 10}}, "{% include 'self' %}")
	if code, _ := errCode(t, tpl, context.Background()); code != codes.DepthLimit {
		t.Errorf("code %s, want depth_limit", code)
	}
}

func TestDeadline(t *testing.T) {
	tpl := compat(t, Options{Limits: Limits{MaxLoopIterations: 1 << 40}}, "{% for i in (1..100000000) %}{% endfor %}")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if code, _ := errCode(t, tpl, ctx); code != codes.DeadlineExceeded {
		t.Errorf("code %s, want deadline_exceeded", code)
	}
	testclock.Within(t, "a render under a 50ms deadline", time.Since(start), 2*time.Second)

	tpl = compat(t, Options{Limits: Limits{MaxLoopIterations: 1 << 40, Timeout: 20 * time.Millisecond}}, "{% for i in (1..100000000) %}{% endfor %}")
	if code, _ := errCode(t, tpl, context.Background()); code != codes.DeadlineExceeded {
		t.Errorf("Limits.Timeout: code %s, want deadline_exceeded", code)
	}
}

func TestTemplateTooLarge(t *testing.T) {
	_, diags := New(Options{Compat: true, Limits: Limits{MaxTemplateBytes: 10}}).Compile("01234567890", "t", diag.Pos{}, nil)
	if len(diags) != 1 || diags[0].Code != codes.TemplateTooLarge {
		t.Errorf("got %v", diags)
	}
}

func TestBreakKeepsTextBeforeIt(t *testing.T) {
	tpl := compat(t, Options{Partials: mapPartials{"p": "in{% break %}out"}},
		"{% for i in (1..3) %}{{ i }}{% if i == 2 %}!{% break %}{% endif %}{% endfor %}|{% for i in (1..2) %}{% include 'p' %}{% endfor %}|{% capture c %}a{% for i in (1..2) %}b{% break %}{% endfor %}{% endcapture %}{{ c }}")
	out, err := tpl.Render(context.Background(), nil)
	if want := "12!|in|ab"; err != nil || out != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}

func TestConcurrentRenders(t *testing.T) {
	tpl := compat(t, Options{Partials: mapPartials{"row": "{{ row }}{% increment n %};"}},
		"{% for row in rows %}{% include 'row' %}{% cycle 'a', 'b' %}{% endfor %}{{ rows.size }}")
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 32; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				rows := []any{int64(g), int64(i)}
				out, err := tpl.Render(context.Background(), map[string]any{"rows": rows})
				want := toString(int64(g)) + "0;a" + toString(int64(i)) + "1;b2"
				if err != nil || out != want {
					errs <- errors.New("got " + out + ", want " + want)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

type loop struct {
	Name string
	Self *loop
	List []any
}

func TestHostileValues(t *testing.T) {
	l := &loop{Name: "x"}
	l.Self = l
	l.List = []any{l}
	var nilMap *Map
	tpl := compat(t, Options{}, "{{ l.self.self.name }}{% if l == l %}eq{% endif %}{{ m }}{{ m.size }}{{ m.x }}{% for i in m %}{% endfor %}{% assign r = (-9223372036854775808..9223372036854775807) %}{{ r.size }}")
	out, err := tpl.Render(context.Background(), map[string]any{"l": l, "m": nilMap})
	if err != nil {
		t.Fatal(err)
	}
	// The size of the range of every int64 is exact (Ruby 5.4), not 0 by
	// overflow nor saturated.
	if out != "eq{}18446744073709551616" {
		t.Errorf("got %q", out)
	}
	// The self-containing value cannot print exactly: an error, not a
	// text cut short.
	tpl = compat(t, Options{}, "{{ l }}")
	if code, msg := renderCode(t, tpl, map[string]any{"l": l}); code != codes.RenderError || !strings.Contains(msg, "nested too deeply") {
		t.Errorf("printing a value that contains itself: %s %q", code, msg)
	}
}
