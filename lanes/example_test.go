package lanes_test

import (
	"context"
	"fmt"
	"os"
	"testing/fstest"

	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/render"
)

func ExampleCompose() {
	layers := lanes.Layers{
		Core:    os.DirFS("testdata/example/core"), // in production: nil, the built-in core
		Project: "testdata/example/project",
	}
	c, diags := lanes.Compose(layers, lanes.Request{File: "main-agent.md", Lane: "main_agent"})
	for _, d := range diags {
		fmt.Println(d)
	}
	schema, _ := profile.LaneContext("shea")
	tpl, diags := c.Compile(render.Options{}, schema)
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	out, err := tpl.Render(context.Background(), map[string]any{"issue": map[string]any{
		"tracker_kind": "memory", "id": "1", "identifier": "#1", "title": "Speed up the search", "state": "Todo",
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print("---\n", out, "---\n")
	for _, s := range c.Sections {
		fmt.Printf("%-10q %-9s %s:%d\n", s.Heading, s.Merge, s.Origin.File, s.Origin.Line)
	}
	// Output:
	// testdata/example/project/main-agent.md:5:1: protected section "Boundaries" of <core>/main-agent.md is kept: a higher layer cannot replace it [protected_section_override]
	// ---
	// # Main agent
	//
	// ## Task
	// Fix #1: Speed up the search.
	//
	// Run `make check` before you hand off.
	//
	// ## Boundaries
	// Stop at Agent Review.
	// ---
	// ""         base      <core>/main-agent.md:1
	// "Task"     append    <core>/main-agent.md:3
	// "Boundaries" protected <core>/main-agent.md:6
}

func ExampleComposed_Compile() {
	layers := lanes.Layers{
		Core:    os.DirFS("testdata/example/core"),
		Project: "testdata/example/typo",
	}
	c, _ := lanes.Compose(layers, lanes.Request{File: "main-agent.md"})
	schema, _ := profile.LaneContext("shea")
	_, diags := c.Compile(render.Options{}, schema)
	for _, d := range diags {
		fmt.Println(d)
		fmt.Println("   ", d.Detail)
		for _, r := range d.Related {
			fmt.Println("   ", r.Range, r.Message)
		}
	}
	// Output:
	// testdata/example/typo/main-agent.md:3:12: unknown property "titel" of issue [unknown_property]
	//     Did you mean "issue.title"?
	//     <core>/main-agent.md:3:1 appends to section "Task" of <core>/main-agent.md
}

func ExampleComposed_CompileTurn() {
	core := fstest.MapFS{
		"main-agent.md":      {Data: []byte("# Main agent\n\nFix {{ issue.identifier }}.\n")},
		"main-agent.turn.md": {Data: []byte("{% if attempt %}Attempt {{ attempt }}: read the findings first.{% else %}First attempt.{% endif %}\n")},
	}
	c, _ := lanes.Compose(lanes.Layers{Core: core}, lanes.Request{File: "main-agent.md", Lane: "main_agent"})
	turn, _ := profile.LaneContext("shea") // issue and attempt
	system := turn.Without("attempt")
	tpl, diags := c.CompileTurn(render.Options{}, system, turn)
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	issue := map[string]any{"tracker_kind": "memory", "id": "1", "identifier": "#1", "title": "Speed up the search", "state": "Todo"}
	for _, attempt := range []any{nil, int64(2)} {
		sys, user, err := tpl.Render(context.Background(), map[string]any{"issue": issue, "attempt": attempt})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("system %q\nuser   %q\n", sys, user)
	}
	// Output:
	// system "# Main agent\n\nFix #1.\n"
	// user   "First attempt.\n"
	// system "# Main agent\n\nFix #1.\n"
	// user   "Attempt 2: read the findings first.\n"
}
