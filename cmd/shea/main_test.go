package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// A test that runs the command in this process starts this binary as
	// the osteele prover child (osteeleProver).
	if len(os.Args) > 1 && os.Args[1] == proverCommand {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"shea": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command's testscript files. SHEA_UPDATE=1 rewrites
// their expected output from the actual output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("SHEA_UPDATE") == "1",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"jsondoc": jsonDoc},
	})
}

// jsonDoc is the testscript command
//
//	jsondoc FILE [PATH=JSON]...
//
// It fails unless FILE (or stdout, stderr) holds exactly one JSON
// document, and unless the value at each dot-separated PATH of keys and
// array indexes (workflows.1.status) is JSON (compared as values: the
// order of object members does not count).
func jsonDoc(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! jsondoc")
	}
	if len(args) < 1 {
		ts.Fatalf("usage: jsondoc FILE [PATH=JSON]...")
	}
	data := ts.ReadFile(args[0]) // a file, or stdout, stderr
	dec := json.NewDecoder(strings.NewReader(data))
	var doc any
	if err := dec.Decode(&doc); err != nil {
		ts.Fatalf("%s is not JSON: %v", args[0], err)
	}
	if dec.More() {
		ts.Fatalf("%s holds more than one JSON document", args[0])
	}
	for _, a := range args[1:] {
		path, want, ok := strings.Cut(a, "=")
		if !ok {
			ts.Fatalf("want PATH=JSON, not %q", a)
		}
		v := doc
		for _, k := range strings.Split(path, ".") {
			switch x := v.(type) {
			case map[string]any:
				v, ok = x[k]
			case []any:
				i, err := strconv.Atoi(k)
				ok = err == nil && i >= 0 && i < len(x)
				if ok {
					v = x[i]
				}
			default:
				ok = false
			}
			if !ok {
				ts.Fatalf("%s: no %s", path, k)
			}
		}
		var wantV any
		if err := json.Unmarshal([]byte(want), &wantV); err != nil {
			ts.Fatalf("%s: want is not JSON: %v", path, err)
		}
		got, _ := json.Marshal(v) // objects with sorted keys
		norm, _ := json.Marshal(wantV)
		if string(got) != string(norm) {
			ts.Fatalf("%s is %s, want %s", path, got, norm)
		}
	}
}
