package codes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
)

func TestRegistry(t *testing.T) {
	all := All()
	seen := map[diag.Code]bool{}
	for i, info := range all {
		if i > 0 && all[i-1].Code >= info.Code {
			t.Errorf("All() not sorted: %s after %s", info.Code, all[i-1].Code)
		}
		if seen[info.Code] {
			t.Errorf("%s registered twice", info.Code)
		}
		seen[info.Code] = true
		if info.Meaning == "" || info.Fix == "" {
			t.Errorf("%s lacks a meaning or a fix", info.Code)
		}
		if ClassOf(info.Code) != info.Class {
			t.Errorf("%s: ClassOf = %s, registry says %s", info.Code, ClassOf(info.Code), info.Class)
		}
		if got, ok := Lookup(info.Code); !ok || got.Code != info.Code {
			t.Errorf("Lookup(%s) = %v, %v", info.Code, got, ok)
		}
		if Names()[i] != string(info.Code) {
			t.Errorf("Names()[%d] = %s, want %s", i, Names()[i], info.Code)
		}
	}
	if len(Names()) != len(all) {
		t.Errorf("%d names for %d codes", len(Names()), len(all))
	}
	// Every code the README lists as part of the contract is registered.
	for _, c := range []diag.Code{UnknownVariable, UnknownProperty, UnknownFilter, FilterArguments, UnknownTag,
		UnclosedBlock, UnexpectedTag, SyntaxError, MissingPartial, RenderError, ContextInvalid,
		MissingWorkflowFile, WorkflowParseError, WorkflowFrontMatterNotMap, ConfigInvalid, UnknownConfigKey,
		MissingTemplateFile, EmptyTemplateFile, ResourceClosureError, ProtectedSectionOverride} {
		if !seen[c] {
			t.Errorf("%s is not registered", c)
		}
	}
	for c, want := range map[diag.Code]Class{
		UnknownVariable:           ClassTemplateRender,
		UnknownProperty:           ClassTemplateRender,
		UnknownFilter:             ClassTemplateRender,
		FilterArguments:           ClassTemplateRender,
		SyntaxError:               ClassTemplateParse,
		UnclosedBlock:             ClassTemplateParse,
		UnknownTag:                ClassTemplateParse,
		RenderError:               ClassTemplateRender,
		MissingWorkflowFile:       ClassMissingFile,
		WorkflowParseError:        ClassWorkflowParse,
		WorkflowFrontMatterNotMap: ClassNotAMap,
		UnknownConfigKey:          ClassWorkflowConfig,
	} {
		if got := ClassOf(c); got != want {
			t.Errorf("ClassOf(%s) = %s, want %s", c, got, want)
		}
	}
	if _, ok := Lookup("no_such_code"); ok {
		t.Error("Lookup found an unregistered code")
	}
	if got := ClassOf("no_such_code"); got != ClassTemplateRender {
		t.Errorf("ClassOf of an unregistered code = %s, want %s", got, ClassTemplateRender)
	}
}

func TestFailureClass(t *testing.T) {
	r := diag.Range{Filename: "t.md"}
	for _, tt := range []struct {
		name string
		l    diag.List
		want Class
	}{
		{"empty", nil, ""},
		{"warnings only", diag.List{diag.Warningf(UnknownConfigKey, r, "w")}, ""},
		{"unknown variable", diag.List{diag.Errorf(UnknownVariable, r, "x")}, ClassTemplateRender},
		{"syntax after unknown", diag.List{diag.Errorf(UnknownVariable, r, "x"), diag.Errorf(SyntaxError, r, "y")}, ClassTemplateParse},
		{"config before template", diag.List{diag.Errorf(SyntaxError, r, "y"), diag.Errorf(ConfigInvalid, r, "z")}, ClassWorkflowConfig},
		{"front matter before config", diag.List{diag.Errorf(ConfigInvalid, r, "z"), diag.Errorf(WorkflowFrontMatterNotMap, r, "n")}, ClassNotAMap},
		{"parse before not a map", diag.List{diag.Errorf(WorkflowFrontMatterNotMap, r, "n"), diag.Errorf(WorkflowParseError, r, "p")}, ClassWorkflowParse},
		{"missing file first", diag.List{diag.Errorf(WorkflowParseError, r, "p"), diag.Errorf(MissingWorkflowFile, r, "m")}, ClassMissingFile},
		{"warning does not count", diag.List{diag.Warningf(ConfigInvalid, r, "z"), diag.Errorf(RenderError, r, "e")}, ClassTemplateRender},
		{"nil entry", diag.List{nil, diag.Errorf(SyntaxError, r, "y")}, ClassTemplateParse},
	} {
		if got := FailureClass(tt.l); got != tt.want {
			t.Errorf("%s: FailureClass = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestJSONOptionsClass: the wire form names each code's class.
func TestJSONOptionsClass(t *testing.T) {
	opts := JSONOptions()
	for _, info := range All() {
		if got := opts.Class(info.Code); got != string(info.Class) {
			t.Errorf("%s: class %q, want %q", info.Code, got, info.Class)
		}
	}
}

func TestBug(t *testing.T) {
	d := Bug(diag.Range{Filename: "t.md"}, "rendering", "boom")
	if d.Code != InternalError || d.Severity != diag.Error || d.Summary != "internal error while rendering: boom" ||
		!strings.Contains(d.Stack, "codes_test.go") {
		t.Errorf("Bug = %+v", d)
	}
	if again := Bug(diag.Range{}, "other", d); again != d {
		t.Error("an internal_error passed on was wrapped again")
	}
}

// TestEveryCodeRegistered reads the module's Go files and checks that
// every code the code names is registered, so that `shea explain`, the
// SARIF rules and the JSON class cover it: each diag.Code constant of this
// package (and no other package declares its own), each
// diag.Code("literal") conversion, each literal code given to diag.Errorf
// or diag.Warningf or set as a diag.Diagnostic's Code. Package diag is
// skipped: its tests use codes of their own that name nothing of shea's.
// It also checks the converse: every registered code is a constant of
// this package that some non-test file outside it reports.
func TestEveryCodeRegistered(t *testing.T) {
	root := filepath.Join("..")
	declared := map[diag.Code]string{} // code -> constant name
	used := map[string]bool{}          // constant names used outside codes
	check := func(pos token.Position, lit *ast.BasicLit, what string) {
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			return
		}
		if _, ok := Lookup(diag.Code(v)); !ok {
			t.Errorf("%s: %s %q is not registered in codes", pos, what, v)
		}
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "diag", ".git":
				return filepath.SkipDir
			}
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // another module (tools)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		inCodes := f.Name.Name == "codes" && filepath.Base(filepath.Dir(path)) == "codes"
		test := strings.HasSuffix(path, "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if !isDiagCode(n.Type) {
					return true
				}
				for i, name := range n.Names {
					if !inCodes {
						t.Errorf("%s: %s is a diag.Code declared outside package codes", fset.Position(name.Pos()), name.Name)
						continue
					}
					if i < len(n.Values) {
						if lit, ok := n.Values[i].(*ast.BasicLit); ok {
							v, _ := strconv.Unquote(lit.Value)
							declared[diag.Code(v)] = name.Name
							check(fset.Position(lit.Pos()), lit, "code "+name.Name)
						}
					}
				}
			case *ast.CallExpr:
				if isDiagCode(n.Fun) && len(n.Args) == 1 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						check(fset.Position(lit.Pos()), lit, "code")
					}
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, "diag") && (sel.Sel.Name == "Errorf" || sel.Sel.Name == "Warningf") && len(n.Args) > 0 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						check(fset.Position(lit.Pos()), lit, "code")
					}
				}
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && isIdent(sel.X, "diag") && sel.Sel.Name == "Diagnostic" {
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "Code") {
							if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
								check(fset.Position(lit.Pos()), lit, "code")
							}
						}
					}
				}
			case *ast.SelectorExpr:
				if isIdent(n.X, "codes") && !test {
					used[n.Sel.Name] = true
				}
			}
			return true
		})
		if inCodes && !test {
			// Within the package, a constant is named bare.
			ast.Inspect(f, func(n ast.Node) bool {
				if fn, ok := n.(*ast.FuncDecl); ok && fn.Body != nil {
					ast.Inspect(fn.Body, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok {
							used[id.Name] = true
						}
						return true
					})
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(declared) == 0 {
		t.Fatal("found no code constants: the walk missed code.go")
	}
	for _, info := range All() {
		name, ok := declared[info.Code]
		if !ok {
			t.Errorf("%s is registered but no constant of package codes declares it", info.Code)
			continue
		}
		if !used[name] {
			t.Errorf("%s (codes.%s) is registered but nothing outside the tests reports it", info.Code, name)
		}
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isDiagCode reports whether e is the type diag.Code.
func isDiagCode(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, "diag") && sel.Sel.Name == "Code"
}
