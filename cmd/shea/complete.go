package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/workflows"
	"github.com/sheaproject/shea/workpad"
)

// Shell completion ('shea completion bash', from cobra) offers the values
// a flag or argument takes where shea knows them, and files elsewhere.

// fixed completes with the values that start with what is typed, and no
// files. A value may carry a description after a tab.
func fixed(values func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return withPrefix(values(), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

func withPrefix(values []string, prefix string) []string {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out
}

func codeNames() []string {
	var out []string
	for _, i := range codes.All() {
		out = append(out, string(i.Code)+"\t"+string(i.Class))
	}
	return out
}

func laneNames() []string {
	var out []string
	for _, p := range profile.Names() {
		for _, l := range workflows.Lanes(p) {
			out = append(out, l+"\t"+p)
		}
	}
	return out
}

// workflowLanes completes render's --lane with the lanes of the workflow
// it names (./WORKFLOW.md without one), by its dialect: --profile, else
// the one detected; every profile's lanes when the file cannot be read.
func workflowLanes(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	p, _ := cmd.Flags().GetString("profile")
	if !slices.Contains(profile.Names(), p) {
		path := "WORKFLOW.md"
		if len(args) > 0 {
			path = args[0]
		}
		w, diags := workflows.Load(path, workflows.Options{})
		if unreadable(diags) {
			return withPrefix(laneNames(), toComplete), cobra.ShellCompDirectiveNoFileComp
		}
		p = w.Profile
	}
	var out []string
	for _, l := range workflows.Lanes(p) {
		out = append(out, l+"\t"+p)
	}
	return withPrefix(out, toComplete), cobra.ShellCompDirectiveNoFileComp
}

func workpadIDs() []string {
	var out []string
	for _, s := range workpad.Specs() {
		out = append(out, s.ID+"\t"+string(s.Kind))
	}
	return out
}

func formats() []string { return []string{formatText, formatJSON, formatSARIF} }

func engines() []string { return []string{workflows.EngineShea, workflows.EngineOsteele} }

func validateFormats() []string { return []string{formatText, formatJSON, formatJSONL, formatSARIF} }

// registerCompletions adds the completions of every command's flags and
// arguments below root.
func registerCompletions(root *cobra.Command) {
	flag := func(cmd *cobra.Command, name string, values func() []string) {
		if cmd.Flags().Lookup(name) != nil || cmd.PersistentFlags().Lookup(name) != nil {
			_ = cmd.RegisterFlagCompletionFunc(name, fixed(values))
		}
	}
	flag(root, "disable", codeNames)
	var walk func(*cobra.Command)
	walk = func(cmd *cobra.Command) {
		if cmd.Name() == "validate" {
			flag(cmd, "format", validateFormats)
		} else {
			flag(cmd, "format", formats)
		}
		flag(cmd, "profile", profile.Names)
		flag(cmd, "engine", engines)
		if cmd.Name() == "render" {
			_ = cmd.RegisterFlagCompletionFunc("lane", workflowLanes)
		} else {
			flag(cmd, "lane", laneNames)
		}
		flag(cmd, "workpad", workpadIDs)
		for _, c := range cmd.Commands() {
			walk(c)
		}
	}
	walk(root)
}

// completeExplain completes explain's argument with the codes.
func completeExplain(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return withPrefix(append(codeNames(), "readback\tvalidate's readback lines"), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeWorkpadRender completes workpad render's arguments: the
// workflow file, then the template id.
func completeWorkpadRender(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		return nil, cobra.ShellCompDirectiveDefault // a file
	case 1:
		return withPrefix(workpadIDs(), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}
