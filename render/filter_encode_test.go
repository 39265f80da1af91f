package render

import "testing"

const (
	base64Plain   = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 !@#$%^&*()-=_+/?.:;[]{}\\|"
	base64Std     = "YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXogQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVogMTIzNDU2Nzg5MCAhQCMkJV4mKigpLT1fKy8/Ljo7W117fVx8"
	base64URLSafe = "YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXogQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVogMTIzNDU2Nzg5MCAhQCMkJV4mKigpLT1fKy8_Ljo7W117fVx8"
)

func TestEncodeFilters(t *testing.T) {
	runFilterCases(t, []filterCase{
		// escape, h, escape_once
		{filter: "escape", in: "<p>test</p>", want: "&lt;p&gt;test&lt;/p&gt;"},                                                    // golden: filters, escape, make HTML-safe
		{filter: "escape", in: int64(5), want: "5"},                                                                               // golden: filters, escape, not a string
		{filter: "escape", in: nil, want: nil},                                                                                    // golden: filters, escape, undefined left value
		{filter: "escape", in: `It's "x" & <y>`, want: "It&#39;s &quot;x&quot; &amp; &lt;y&gt;"},                                  // ruby: CGI.escapeHTML
		{filter: "h", in: "<b>", want: "&lt;b&gt;"},                                                                               // h is escape
		{filter: "escape_once", in: "&lt;p&gt;test&lt;/p&gt;", want: "&lt;p&gt;test&lt;/p&gt;"},                                   // golden: filters, escape once, make HTML-safe
		{filter: "escape_once", in: "&lt;p&gt;test&lt;/p&gt;<p>test</p>", want: "&lt;p&gt;test&lt;/p&gt;&lt;p&gt;test&lt;/p&gt;"}, // golden: filters, escape once, make HTML-safe from mixed safe and markup.
		{filter: "escape_once", in: int64(5), want: "5"},                                                                          // golden: filters, escape once, not a string
		{filter: "escape_once", in: nil, want: ""},                                                                                // golden: filters, escape once, undefined left value
		{filter: "escape_once", in: "<a href='x'>&amp; &foo &#12; &#x41; &ab1;</a>", want: "&lt;a href=&#39;x&#39;&gt;&amp; &amp;foo &#12; &amp;#x41; &amp;ab1;&lt;/a&gt;"}, // ruby

		// strip_html
		{filter: "strip_html", in: "<div>test</div>", want: "test"},                                                                               // golden: filters, strip html, html block
		{filter: "strip_html", in: "<div id='test'>test</div>", want: "test"},                                                                     // golden: filters, strip html, html block with id
		{filter: "strip_html", in: "<div\nclass='multiline'>test</div>", want: "test"},                                                            // golden: filters, strip html, html block with newline
		{filter: "strip_html", in: "<!-- foo bar \n test -->test", want: "test"},                                                                  // golden: filters, strip html, html comment with newline
		{filter: "strip_html", in: int64(5), want: "5"},                                                                                           // golden: filters, strip html, not a string
		{filter: "strip_html", in: "<script type='text/javascript'>document.write('some stuff');</script>", want: ""},                             // golden: filters, strip html, script block
		{filter: "strip_html", in: "Have <em>you</em> read <strong>Ulysses</strong> &amp; &#20;?", want: "Have you read Ulysses &amp; &#20;?"},    // golden: filters, strip html, some HTML markup
		{filter: "strip_html", in: "<!-- Have --><em>you</em> read <strong>Ulysses</strong> &amp; &#20;?", want: "you read Ulysses &amp; &#20;?"}, // golden: filters, strip html, some HTML markup with HTML comment
		{filter: "strip_html", in: "<style type='text/css'>foo bar</style>", want: ""},                                                            // golden: filters, strip html, style block
		{filter: "strip_html", in: nil, want: ""},                                                                                                 // golden: filters, strip html, undefined left value
		{filter: "strip_html", in: "a<script>x</script>b<script>y", want: "aby"},                                                                  // ruby: an unclosed script is just a tag

		// url_encode, url_decode
		{filter: "url_encode", in: "email address is bob@example.com!", want: "email+address+is+bob%40example.com%21"}, // golden: filters, url encode, some special URL characters
		{filter: "url_encode", in: int64(5), want: "5"},                                                                // golden: filters, url encode, not a string
		{filter: "url_encode", in: nil, want: nil},                                                                     // golden: filters, url encode, undefined left value
		{filter: "url_encode", in: "a/b?c=d&e=f g+h~é", want: "a%2Fb%3Fc%3Dd%26e%3Df+g%2Bh~%C3%A9"},                    // ruby: CGI.escape
		{filter: "url_decode", in: "email+address+is+bob%40example.com%21", want: "email address is bob@example.com!"}, // golden: filters, url decode, some special URL characters
		{filter: "url_decode", in: int64(5), want: "5"},                                                                // golden: filters, url decode, not a string
		{filter: "url_decode", in: nil, want: nil},                                                                     // golden: filters, url decode, undefined left value
		{filter: "url_decode", in: "%41%zz%4", want: "A%zz%4"},                                                         // ruby: CGI.unescape keeps malformed escapes
		{filter: "url_decode", in: "%C3%A9", want: "é"},                                                                // ruby
		{filter: "url_decode", in: "%FF", err: "invalid byte sequence in UTF-8"},                                       // ruby: Liquid checks the encoding

		// base64
		{filter: "base64_encode", in: "_#/.", want: "XyMvLg=="},                                                    // golden: filters, base64 encode, from string
		{filter: "base64_encode", in: base64Plain, want: base64Std},                                                // golden: filters, base64 encode, from string with URL unsafe
		{filter: "base64_encode", in: int64(5), want: "NQ=="},                                                      // golden: filters, base64 encode, not a string
		{filter: "base64_encode", in: nil, want: ""},                                                               // golden: filters, base64 encode, undefined left value
		{filter: "base64_decode", in: "XyMvLg==", want: "_#/."},                                                    // golden: filters, base64 decode, from string
		{filter: "base64_decode", in: base64Std, want: base64Plain},                                                // golden: filters, base64 decode, from string with URL unsafe
		{filter: "base64_decode", in: int64(5), err: "invalid base64 provided to base64_decode"},                   // golden: filters, base64 decode, not a string
		{filter: "base64_decode", in: nil, want: ""},                                                               // golden: filters, base64 decode, undefined left value
		{filter: "base64_decode", in: "XyMvLg", err: "invalid base64"},                                             // ruby: strict_decode64 needs padding
		{filter: "base64_decode", in: "XyMv\nLg==", err: "invalid base64"},                                         // ruby: no line breaks
		{filter: "base64_decode", in: "XyMvLh==", err: "invalid base64"},                                           // ruby: non-zero padding bits
		{filter: "base64_url_safe_encode", in: "_#/.", want: "XyMvLg=="},                                           // golden: filters, base64 url safe encode, from string
		{filter: "base64_url_safe_encode", in: base64Plain, want: base64URLSafe},                                   // golden: filters, base64 url safe encode, from string with URL unsafe
		{filter: "base64_url_safe_encode", in: int64(5), want: "NQ=="},                                             // golden: filters, base64 url safe encode, not a string
		{filter: "base64_url_safe_encode", in: nil, want: ""},                                                      // golden: filters, base64 url safe encode, undefined left value
		{filter: "base64_url_safe_decode", in: "XyMvLg==", want: "_#/."},                                           // golden: filters, base64 url safe decode, from string
		{filter: "base64_url_safe_decode", in: base64URLSafe, want: base64Plain},                                   // golden: filters, base64 url safe decode, from string with URL unsafe
		{filter: "base64_url_safe_decode", in: int64(5), err: "invalid base64 provided to base64_url_safe_decode"}, // golden: filters, base64 url safe decode, not a string
		{filter: "base64_url_safe_decode", in: nil, want: ""},                                                      // golden: filters, base64 url safe decode, undefined left value
		{filter: "base64_url_safe_decode", in: "XyMvLg", want: "_#/."},                                             // ruby: urlsafe_decode64 pads
		{filter: "base64_url_safe_decode", in: "Xy+vLg==", want: "_/\xaf."},                                        // ruby: + and / still decode
	})
}
