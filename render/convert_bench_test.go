package render

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/sheaproject/shea/diag"
)

// runnerIssue is a runner's own issue type, shaped like the Symphony
// issue model: strings, pointers, a nil slice, a slice of structs, times.
type runnerIssue struct {
	ID          string          `json:"id"`
	Identifier  string          `json:"identifier"`
	Title       string          `json:"title"`
	Description *string         `json:"description"`
	Priority    *int            `json:"priority"`
	State       string          `json:"state"`
	BranchName  *string         `json:"branch_name"`
	URL         *string         `json:"url"`
	AssigneeID  *string         `json:"assignee_id"`
	Labels      []string        `json:"labels"`
	BlockedBy   []runnerBlocker `json:"blocked_by"`
	CreatedAt   time.Time       `json:"created_at"`
	UpdatedAt   *time.Time      `json:"updated_at"`
}

type runnerBlocker struct {
	ID         string `json:"id"`
	Identifier string `json:"identifier"`
	State      string `json:"state"`
}

func newRunnerIssue() runnerIssue {
	desc, url, prio := "Users cannot log in after the upgrade.\n\nSteps: ...", "https://tracker.example/ENG-7", 2
	when := time.Date(2026, 3, 30, 12, 0, 0, 0, time.UTC)
	return runnerIssue{
		ID: "I_7", Identifier: "ENG-7", Title: "Fix login", Description: &desc, Priority: &prio, State: "Todo",
		URL: &url, Labels: []string{"bug", "auth"}, CreatedAt: when, UpdatedAt: &when,
		BlockedBy: []runnerBlocker{{"I_5", "ENG-5", "In Progress"}},
	}
}

const runnerPrompt = `You are working on {{ issue.identifier }}: {{ issue.title }}.
{% if issue.description %}{{ issue.description }}{% endif %}
{% for l in issue.labels %}#{{ l }} {% endfor %}
{% for b in issue.blocked_by %}blocked by {{ b.identifier }} ({{ b.state }})
{% endfor %}Created {{ issue.created_at }}{% if attempt %}, attempt {{ attempt }}{% endif %}.`

// BenchmarkFromGoRunnerIssue measures converting a runner's issue struct,
// alone and as part of a whole strict render.
func BenchmarkFromGoRunnerIssue(b *testing.B) {
	in := newRunnerIssue()
	b.Run("FromGo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := FromGo(&in); err != nil {
				b.Fatal(err)
			}
		}
	})
	s, err := laneSchemaErr()
	if err != nil {
		b.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile(runnerPrompt, "p.md", diag.Pos{}, s)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	b.Run("render", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := tpl.Render(context.Background(), map[string]any{"issue": &in, "attempt": nil}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDecodeJSONRunnerIssue measures decoding the runner's issue as a
// JSON context (shea render --issue, DecodeIssue).
func BenchmarkDecodeJSONRunnerIssue(b *testing.B) {
	in := newRunnerIssue()
	data, err := json.Marshal(map[string]any{"issue": in, "attempt": 2})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeJSON(data); err != nil {
			b.Fatal(err)
		}
	}
}
