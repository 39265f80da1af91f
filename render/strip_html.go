package render

import "strings"

// stripHTML is strip_html: it removes script and style elements and
// comments with their content, then every tag, as the regular expressions
// (?s)<script.*?</script>|<!--.*?-->|<style.*?</style> and then (?s)<.*?>
// would (Shopify Liquid's), but in one linear scan per pass that counts its
// work and keeps its result within b: the regular expressions could not
// be stopped at the deadline (32 MB took 12 s under a 1 s timeout).
func stripHTML(b *budget, s string) (string, error) {
	s, err := stripPass(b, s, []string{"<script", "<!--", "<style"}, []string{"</script>", "-->", "</style>"})
	if err != nil {
		return "", err
	}
	return stripPass(b, s, []string{"<"}, []string{">"})
}

// stripPass removes, scanning from the left, each span that starts with
// one of opens and ends with the first following occurrence of the
// matching close (tried in the order given); an open with no close after
// it stays.
func stripPass(b *budget, s string, opens, closes []string) (string, error) {
	// next[k] caches the position of the first closes[k] at or after
	// some point (-1: there is none at all from there on), so that many
	// opens without a close do not each search to the end.
	next := make([]int, len(closes))
	for k := range next {
		next[k] = -2 // not searched
	}
	var err error
	find := func(k, from int) int {
		if next[k] == -1 || next[k] >= from {
			return next[k]
		}
		i := strings.Index(s[from:], closes[k])
		if i < 0 {
			next[k] = -1
		} else {
			next[k] = i + from
		}
		if scanned := i; err == nil {
			if i < 0 {
				scanned = len(s) - from
			}
			err = b.spend(1 + scanned>>10)
		}
		return next[k]
	}
	w := &builder{b: b}
	last := 0
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		i += j
		if err == nil {
			err = b.spend(1 + j>>10)
		}
		if err != nil {
			return "", err
		}
		cut := -1
		for k, open := range opens {
			if strings.HasPrefix(s[i:], open) {
				if e := find(k, i+len(open)); e >= 0 {
					cut = e + len(closes[k])
					break
				}
			}
		}
		if cut < 0 {
			i++
			continue
		}
		w.WriteString(s[last:i])
		i, last = cut, cut
	}
	w.WriteString(s[last:])
	return w.result()
}
