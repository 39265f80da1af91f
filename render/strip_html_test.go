package render

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
)

// The regular expressions strip_html was (and Shopify Liquid's is): the
// linear scan must remove exactly what they remove.
var (
	stripBlocksRE = regexp.MustCompile(`(?s)<script.*?</script>|<!--.*?-->|<style.*?</style>`)
	stripTagsRE   = regexp.MustCompile(`(?s)<.*?>`)
)

func stripHTMLByRegexp(s string) string {
	return stripTagsRE.ReplaceAllLiteralString(stripBlocksRE.ReplaceAllLiteralString(s, ""), "")
}

func TestStripHTMLMatchesRegexps(t *testing.T) {
	for _, s := range []string{
		"", "plain", "<b>bold</b>", "a < b > c", "<script>x</script>y", "<script>no end", "<!-- c -->x<!-- d",
		"<style>p{}</style><p>x</p>", "<<script>>a</script>>", "<script<script></script>", "<!--->-->x", "<!-->",
		"<scr<b>ipt>", "a<\nb>c", "<script>\n</script", "<STYLE>x</STYLE>", "\xff<b\xfe>\xfd",
	} {
		got, err := stripHTML(nil, s)
		if want := stripHTMLByRegexp(s); err != nil || got != want {
			t.Errorf("stripHTML(%q) = %q, %v; want %q", s, got, err, want)
		}
	}
}

func FuzzStripHTML(f *testing.F) {
	for _, s := range []string{"<b>x</b>", "<script>a</script><style>b</style><!--c-->", "<<>>", "<!--<script>-->"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := stripHTML(nil, s)
		if want := stripHTMLByRegexp(s); err != nil || got != want {
			t.Fatalf("stripHTML(%q) = %q, %v; want %q", s, got, err, want)
		}
	})
}

// TestStripHTMLDeadline: strip_html on 32 MB stops at the deadline (it
// ran 12 s under a 1 s timeout), and on many opens without a close it is
// linear.
func TestStripHTMLDeadline(t *testing.T) {
	big := strings.Repeat("<script", 4<<20) // 28 MB, no close: each open searched to the end before
	limits := Options{Limits: Limits{Timeout: 300 * time.Millisecond, MaxMemory: 256 << 20}}
	code, _ := bounded(t, limits, `{% for i in (1..50) %}{{ big | strip_html | size }}{% endfor %}`, map[string]any{"big": big}, 1<<30, 3*time.Second)
	if code != codes.DeadlineExceeded {
		t.Errorf("code %s, want deadline_exceeded", code)
	}
	code, out := bounded(t, Options{Limits: Limits{MaxMemory: 256 << 20}}, `{{ big | strip_html | size }}`, map[string]any{"big": big}, 1<<30, 3*time.Second)
	if code != "" || out != "29360128" { // no ">" at all: nothing is a tag
		t.Errorf("one pass: %s %q", code, out)
	}
}
