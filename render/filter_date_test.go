package render

import (
	"testing"
	"time"
)

func TestDateFilter(t *testing.T) {
	runFilterCases(t, []filterCase{
		{filter: "date", in: "March 14, 2016", args: args("%%%b %d, %y"), want: "%Mar 14, 16"},               // golden: filters, date, literal percent
		{filter: "date", in: "-1152098955", args: args("%m/%d/%Y"), want: "-1152098955"},                     // golden: filters, date, negative timestamp string
		{filter: "date", in: "March 14, 2016", args: args("%s"), want: "1457913600"},                         // golden: filters, date, seconds since epoch format directive
		{filter: "date", in: int64(1152098955), args: args("%m/%d/%Y"), want: "07/05/2006"},                  // golden: filters, date, timestamp integer
		{filter: "date", in: "1152098955", args: args("%m/%d/%Y"), want: "07/05/2006"},                       // golden: filters, date, timestamp string
		{filter: "date", in: "March 14, 2016", args: args(nil), want: "March 14, 2016"},                      // golden: filters, date, undefined argument
		{filter: "date", in: nil, args: args("%b %d, %y"), want: nil},                                        // golden: filters, date, undefined left value
		{filter: "date", in: "March 14, 2016", args: args("%b %d, %y"), want: "Mar 14, 16"},                  // golden: filters, date, well formed string
		{filter: "date", in: "March 14, 2016", args: args(""), want: "March 14, 2016"},                       // ruby: an empty format returns the input
		{filter: "date", in: "hello", args: args("%Y"), want: "hello"},                                       // ruby: unparseable input returns unchanged
		{filter: "date", in: "", args: args("%Y"), want: ""},                                                 // ruby
		{filter: "date", in: 1.5, args: args("%Y"), want: 1.5},                                               // ruby: floats are not timestamps
		{filter: "date", in: js(`[1]`), args: args("%Y"), want: js(`[1]`)},                                   // ruby
		{filter: "date", in: int64(-1), args: args("%Y-%m-%d %H:%M:%S"), want: "1969-12-31 23:59:59"},        // ruby: Time.at(-1)
		{filter: "date", in: "2016-03-14T10:00:00+05:30", args: args("%H:%M %z|%Z|"), want: "10:00 +0530||"}, // ruby: the offset is kept
		{filter: "date", in: "2016-03-14 10:00", args: args("%H:%M %z %Z"), want: "10:00 +0000 UTC"},         // no zone: UTC
		{filter: "date", in: time.Date(2016, 3, 14, 10, 0, 0, 0, time.FixedZone("EST", -5*3600)), args: args("%F %R %Z %z"), want: "2016-03-14 10:00 EST -0500"},
		{filter: "date", in: "March 14, 2016", args: args("abc%"), err: "invalid format"},            // ruby: ArgumentError
		{filter: "date", in: "99999999999999999999", args: args("%Y"), want: "99999999999999999999"}, // beyond int64: unchanged
	})
}

func TestDateNow(t *testing.T) {
	now := time.Date(2020, 6, 15, 1, 2, 3, 0, time.UTC)
	for _, in := range []string{"now", "today", "NOW", "Today"} {
		got, ok := toDate(in, now)
		if !ok || !got.Equal(now) {
			t.Errorf("toDate(%q) = %v, %v; want now", in, got, ok)
		}
	}
	f := standardFilters()["date"]
	out, err := f("now", args("%Y"), nil)
	if err != nil || out != time.Now().UTC().Format("2006") {
		t.Errorf(`date("now", "%%Y") = %v, %v`, out, err)
	}
}

// TestParseRubyTime compares with Ruby's Time.parse(s, now) on a UTC
// machine (ruby -rtime, strftime "%Y-%m-%d %H:%M:%S.%N %z %Z"); "" where
// Ruby raises ArgumentError.
func TestParseRubyTime(t *testing.T) {
	now := time.Date(2020, 6, 15, 1, 2, 3, 0, time.UTC)
	cases := []struct{ in, want string }{
		{"03/14/2016", ""},
		{"2016/03/14", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"14/03/2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"03/04/16", "2003-04-16 00:00:00.000000000 +0000 UTC"},
		{"3/4", "2020-03-04 00:00:00.000000000 +0000 UTC"},
		{"2016-3-4", "2016-03-04 00:00:00.000000000 +0000 UTC"},
		{"16-03-14", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"14.03.2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"2016.03.14", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"March 14, 2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"14 Mar 2016 10:00", "2016-03-14 10:00:00.000000000 +0000 UTC"},
		{"Mar 14 2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"March 2016", "2016-03-01 00:00:00.000000000 +0000 UTC"},
		{"14 March", "2020-03-14 00:00:00.000000000 +0000 UTC"},
		{"March 14", "2020-03-14 00:00:00.000000000 +0000 UTC"},
		{"2016", ""},
		{"20160314", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"20160314T101112", "2016-03-14 10:11:12.000000000 +0000 UTC"},
		{"Mon Mar 14 10:00:00 2016", "2016-03-14 10:00:00.000000000 +0000 UTC"},
		{"Mon, 14 Mar 2016 10:00:00 +0000", "2016-03-14 10:00:00.000000000 +0000 UTC"},
		{"2016-03-14 10:00:00 +0000", "2016-03-14 10:00:00.000000000 +0000 UTC"},
		{"2016-03-14 10:00:00 UTC", "2016-03-14 10:00:00.000000000 +0000 UTC"},
		{"2016-03-14T10:00:00.123Z", "2016-03-14 10:00:00.123000000 +0000 UTC"},
		{"2016-03-14T10:00:00+05:30", "2016-03-14 10:00:00.000000000 +0530 "},
		{"2016-03-14T10:00:00-08:00", "2016-03-14 10:00:00.000000000 -0800 "},
		{"10am March 3 2016", ""},
		{"March 3 2016 3:04pm", "2016-03-03 15:04:00.000000000 +0000 UTC"},
		{"3:04 PM", "2020-06-15 15:04:00.000000000 +0000 UTC"},
		{"hello", ""},
		{"-1152098955", ""},
		{"foo 2016-03-14 bar", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"14th March 2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"March 14th, 2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"Sat, 14-Mar-16", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"2016-03-14 10:00 EST", "2016-03-14 10:00:00.000000000 -0500 "},
		{"2016-03-14 10:00 pst", "2016-03-14 10:00:00.000000000 -0800 "},
		{"2016-03-14 10:00 -05:30", "2016-03-14 10:00:00.000000000 -0530 "},
		{"Tuesday", ""},
		{"12:00 am", "2020-06-15 00:00:00.000000000 +0000 UTC"},
		{"12:30pm", "2020-06-15 12:30:00.000000000 +0000 UTC"},
		{"2016-074", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"14-Mar-2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"Mar-14-2016", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"2016-Mar-14", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"1.2", ""},
		{"2016-02-30", "2016-03-01 00:00:00.000000000 +0000 UTC"},
		{"2016-13-01", ""},
		{"10:61", ""},
		{"25:00", ""},
		{"24:00", "2020-06-16 00:00:00.000000000 +0000 UTC"},
		{"2016-03-14 24:00", "2016-03-15 00:00:00.000000000 +0000 UTC"},
		{"'16-03-14", "2016-03-14 00:00:00.000000000 +0000 UTC"},
		{"Thursday, 14 March 2016 at 10:00", "2016-03-14 10:00:00.000000000 +0000 UTC"},
		{"2016-03-14 10:00:00.5 +01:00", "2016-03-14 10:00:00.500000000 +0100 "},
		{"2016-03-14T10:00:00+0530", "2016-03-14 10:00:00.000000000 +0530 "},
		{"June 2", "2020-06-02 00:00:00.000000000 +0000 UTC"},
		{"14 Mar 16", "2016-03-14 00:00:00.000000000 +0000 UTC"}}
	for _, c := range cases {
		tm, ok := parseRubyTime(c.in, now)
		got := ""
		if ok {
			var err error
			if got, err = strftime(tm, "%Y-%m-%d %H:%M:%S.%N %z %Z"); err != nil {
				t.Fatal(err)
			}
		}
		if got != c.want {
			t.Errorf("parseRubyTime(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStrftime compares with Ruby's Time#strftime for
// Time.utc(2016, 3, 4, 5, 6, 7.123456789r).
func TestStrftime(t *testing.T) {
	tm := time.Date(2016, 3, 4, 5, 6, 7, 123456789, time.UTC)
	cases := []struct{ format, want string }{
		{"%Y", "2016"}, {"%C", "20"}, {"%y", "16"}, {"%m", "03"}, {"%-m", "3"}, {"%_m", " 3"}, {"%3m", "003"},
		{"%d", "04"}, {"%e", " 4"}, {"%-e", "4"}, {"%j", "064"}, {"%H", "05"}, {"%k", " 5"}, {"%I", "05"},
		{"%l", " 5"}, {"%P", "am"}, {"%p", "AM"}, {"%#p", "am"}, {"%^a", "FRI"}, {"%#A", "FRIDAY"},
		{"%10A", "    Friday"}, {"%-10A", "Friday"}, {"%010A", "0000Friday"}, {"%M", "06"}, {"%S", "07"},
		{"%L", "123"}, {"%3L", "123"}, {"%6N", "123456"}, {"%N", "123456789"}, {"%10N", "1234567890"},
		{"%1N", "1"}, {"%12L", "123456789000"}, {"%z", "+0000"}, {"%:z", "+00:00"}, {"%::z", "+00:00:00"},
		{"%Z", "UTC"}, {"%#Z", "utc"}, {"%^B", "MARCH"}, {"%u", "5"}, {"%w", "5"}, {"%G", "2016"}, {"%g", "16"},
		{"%V", "09"}, {"%U", "09"}, {"%W", "09"}, {"%s", "1457067967"}, {"%c", "Fri Mar  4 05:06:07 2016"},
		{"%D", "03/04/16"}, {"%x", "03/04/16"}, {"%F", "2016-03-04"}, {"%R", "05:06"}, {"%r", "05:06:07 AM"},
		{"%T", "05:06:07"}, {"%X", "05:06:07"}, {"%v", " 4-MAR-2016"}, {"%+", "%+"}, {"%n", "\n"}, {"%t", "\t"},
		{"%%", "%"}, {"%Q", "%Q"}, {"%Ey", "16"}, {"%Od", "04"}, {"%-5d", "4"}, {"%^10b", "       MAR"},
		{"%010s", "1457067967"}, {"%^c", "FRI MAR  4 05:06:07 2016"}, {"%5q", "%5q"}, {"%-q", "%-q"},
		{"%-%", "%"}, {"%5%", "    %"}, {"%_3S", "  7"}, {"%E", "%E"}, {"%O", "%O"}, {"%:y", "%:y"},
		{"%^p", "AM"}, {"%#b", "MAR"}, {"%#c", "Fri Mar  4 05:06:07 2016"}, {"%^Z", "UTC"}, {"%0N", "123456789"},
		{"%b %d, %y", "Mar 04, 16"}, {"%%%b", "%Mar"},
	}
	for _, c := range cases {
		got, err := strftime(tm, c.format)
		if err != nil || got != c.want {
			t.Errorf("strftime(%q) = %q, %v; want %q", c.format, got, err, c.want)
		}
	}
	for _, bad := range []string{"%", "abc%", "%-", "%5"} {
		if got, err := strftime(tm, bad); err == nil {
			t.Errorf("strftime(%q) = %q, want an invalid format error", bad, got)
		}
	}
	other := []struct {
		t      time.Time
		format string
		want   string
	}{
		{time.Date(2016, 3, 4, 15, 6, 7, 0, time.FixedZone("", 5*3600+1800)), "%z %:z %Z| %I %l %p %s %::z", "+0530 +05:30 | 03  3 PM 1457084167 +05:30:00"},
		{time.Date(2016, 3, 4, 15, 6, 7, 0, time.FixedZone("", -1800)), "%z %:z", "-0030 -00:30"},
		{time.Date(5, 1, 1, 0, 0, 0, 0, time.UTC), "%Y|%C|%y|%G", "0005|00|05|0004"},
		{time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), "%Y|%C|%y|%_6Y", "-0001|-1|99|    -1"},
		{time.Date(12345, 1, 1, 0, 0, 0, 0, time.UTC), "%Y", "12345"},
		{time.Unix(-5, 0).UTC(), "%s|%5s|%-s", "-5|-0005|-5"},
		{time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC), "%U %W %V %G %j", "00 00 53 2015 001"},
		{time.Date(2018, 12, 31, 0, 0, 0, 0, time.UTC), "%U %W %V %G %g", "52 53 01 2019 19"},
		{time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC), "%I %l %p", "12 12 AM"},
		{time.Date(2016, 1, 1, 12, 0, 0, 0, time.UTC), "%I %l %p", "12 12 PM"},
	}
	for _, c := range other {
		got, err := strftime(c.t, c.format)
		if err != nil || got != c.want {
			t.Errorf("strftime(%v, %q) = %q, %v; want %q", c.t, c.format, got, err, c.want)
		}
	}
}
