package render

import (
	"errors"

	"io"
	"io/fs"

	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// include compiles an include or render tag.
func (c *compiler) include(t *Template, n *strict.Include) simpleFn {
	var nameFn evalFn
	static := ""
	if lit, ok := n.Name.(*strict.Literal); ok && lit.Kind == strict.LitString {
		static = lit.Value.(string)
	} else {
		nameFn = c.expr(n.Name)
	}
	var with evalFn
	if n.With != nil {
		with = c.expr(n.With)
	}
	type kwArg struct {
		name string
		eval evalFn
	}
	args := make([]kwArg, len(n.Args))
	for i, a := range n.Args {
		args[i] = kwArg{a.Name, c.expr(a.Value)}
	}
	isRender, isFor, alias, rng := n.Render, n.For, n.Alias, n.Range()
	nameRange := n.Name.Range()
	return func(st *state, w io.Writer) error {
		name := static
		if nameFn != nil {
			v, err := nameFn(st)
			if err != nil {
				return err
			}
			name = toString(value(v))
		}
		if st.depth+1 > st.b.limits.MaxDepth {
			return diag.Errorf(diag.DepthLimit, rng, "partials nested more than %d deep", st.b.limits.MaxDepth)
		}
		if err := st.checkTime(rng); err != nil {
			return err
		}
		u, err := t.partial(name, nameRange)
		if err != nil {
			return err
		}
		bind := alias
		if bind == "" {
			bind = name
		}
		vals := make([]any, len(args))
		for i, a := range args {
			v, err := a.eval(st)
			if err != nil {
				return err
			}
			vals[i] = value(v)
		}
		var subject any
		hasSubject := with != nil
		if hasSubject {
			v, err := with(st)
			if err != nil {
				return err
			}
			subject = value(v)
		} else if !isRender {
			// include without "with" binds the partial's name to the
			// variable of that name, if any.
			subject, hasSubject = st.lookup(name)
		}
		var items []any
		iterate := isFor && subject != nil && (isArray(subject) || isRender && isObject(subject))
		if iterate {
			if r, ok := subject.(rangeValue); ok {
				if err := st.b.allocItems(r.len(), 0); err != nil {
					return diag.Errorf(diag.MemoryLimit, rng, "%v", err)
				}
			}
			items = toList(subject)
		}

		if isRender {
			one := func(item any, fl *forloop) error {
				ns := st.isolated()
				ns.depth = st.depth + 1
				for i, a := range args {
					ns.assigns[a.name] = vals[i]
				}
				if hasSubject {
					ns.assigns[bind] = item
				}
				if fl != nil {
					ns.push("forloop", fl)
				}
				err := renderUnit(u, w, ns)
				ns.release()
				if errors.Is(err, errBreak) || errors.Is(err, errContinue) {
					return nil
				}
				return err
			}
			if !iterate {
				return one(subject, nil)
			}
			fl := &forloop{name: name, length: int64(len(items))}
			for i, item := range items {
				if err := st.tick(rng); err != nil {
					return err
				}
				fl.index0 = int64(i)
				if err := one(item, fl); err != nil {
					return err
				}
			}
			return nil
		}

		// include shares the caller's scope, with the arguments in a scope
		// of their own.
		pushed := 0
		for i, a := range args {
			st.push(a.name, vals[i])
			pushed++
		}
		if hasSubject {
			st.push(bind, subject)
			pushed++
		}
		st.depth++
		defer func() {
			st.depth--
			st.popN(pushed)
		}()
		if !iterate {
			return interrupted(w, renderUnit(u, w, st))
		}
		for _, item := range items {
			if err := st.tick(rng); err != nil {
				return err
			}
			st.set(bind, item)
			if err := renderUnit(u, w, st); err != nil {
				return interrupted(w, err)
			}
		}
		return nil
	}
}

// interrupted passes a break or continue from an included partial up to
// the enclosing loop, first flushing what the partial wrote into w.
func interrupted(w io.Writer, err error) error {
	if errors.Is(err, errBreak) || errors.Is(err, errContinue) {
		if ferr := flush(w); ferr != nil {
			return ferr
		}
	}
	return err
}

// partial returns a compiled partial: one the checker resolved, or, for a
// name only known at render time (compat mode), one loaded now.
func (t *Template) partial(name string, at diag.Range) (*unit, error) {
	if u, ok := t.partials[name]; ok {
		return u, nil
	}
	if v, ok := t.dynamic.Load(name); ok {
		return v.(*unit), nil
	}
	src := t.eng.opts.Partials
	if src == nil {
		return nil, diag.Errorf(diag.MissingPartial, at, "partial %q not found: no partials are configured", name)
	}
	text, filename, err := src.Partial(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, diag.Errorf(diag.MissingPartial, at, "partial %q not found", name)
		}
		return nil, diag.Errorf(diag.MissingPartial, at, "partial %q cannot be read: %v", name, err)
	}
	if len(text) > t.eng.limits.MaxTemplateBytes {
		return nil, diag.Errorf(diag.TemplateTooLarge, at, "partial %q is %d bytes, more than the %d-byte limit", name, len(text), t.eng.limits.MaxTemplateBytes)
	}
	prog, diags := strict.Check(text, filename, diag.Pos{}, strict.Options{Compat: true, Filters: t.eng.sigs, MaxNesting: t.eng.limits.MaxNesting})
	if diags.HasErrors() {
		d := diags.Errors()[0]
		return nil, diag.Errorf(d.Code, d.Subject, "in partial %q: %s", name, d.Summary)
	}
	c := &compiler{eng: t.eng, src: text, base: 0}
	u, err := c.unit(t, prog.Template)
	if err != nil {
		return nil, diag.Errorf(diag.RenderError, at, "%v", err)
	}
	for pname, pt := range prog.Partials {
		if _, ok := t.partials[pname]; ok {
			continue
		}
		if _, ok := t.dynamic.Load(pname); ok {
			continue
		}
		pc := &compiler{eng: t.eng, src: pt.Source, base: pt.Start.Byte}
		if pu, err := pc.unit(t, pt); err == nil {
			t.dynamic.LoadOrStore(pname, pu)
		}
	}
	actual, _ := t.dynamic.LoadOrStore(name, u)
	return actual.(*unit), nil
}

// countingWriter counts output against the render's byte limit.
type countingWriter struct {
	b *budget
	w io.Writer
}

func (cw *countingWriter) Write(p []byte) (int, error) {
	cw.b.out += len(p)
	if cw.b.out > cw.b.limits.MaxOutputBytes {
		return 0, diag.Errorf(diag.OutputLimit, diag.Range{}, "output grew past the %d-byte limit", cw.b.limits.MaxOutputBytes)
	}
	return cw.w.Write(p)
}

func (cw *countingWriter) WriteString(s string) (int, error) {
	cw.b.out += len(s)
	if cw.b.out > cw.b.limits.MaxOutputBytes {
		return 0, diag.Errorf(diag.OutputLimit, diag.Range{}, "output grew past the %d-byte limit", cw.b.limits.MaxOutputBytes)
	}
	return io.WriteString(cw.w, s)
}
