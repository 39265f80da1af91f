# shea's tasks. `make check` runs every check; CI (.ci/run) runs fmt-check, vet,
# lint, test and race.
GO      ?= go
PKGS    := ./...
LINT    := $(GO) tool -modfile=tools/lint/go.mod
FUZZTIME ?= 15s
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: install mutation test race timing vet lint fmt-check fuzz differential bench bench-fixtures bench-compare bench-cpu release-snapshot check lsp-e2e

## install: go install ./cmd/shea, stamped with the commit (shea version names it even with -buildvcs=false)
install:
	$(GO) install -ldflags "-X main.releaseCommit=$$(git rev-parse --short=12 HEAD)" ./cmd/shea

## test: the whole test suite (what CI runs)
test:
	$(GO) test $(PKGS)

## race: the test suite under the race detector
race:
	$(GO) test -race $(PKGS)

## timing: the suite with its bounds on time asserted (SHEA_TIMING=1; see internal/testclock)
timing:
	SHEA_TIMING=1 $(GO) test -count=1 $(PKGS)

vet:
	$(GO) vet $(PKGS)
	cd bench && $(GO) vet ./...

## lint: staticcheck, pinned in tools/lint
lint:
	$(LINT) staticcheck $(PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## fuzz: a short run of every fuzz target (FUZZTIME each: a count of inputs, or a duration such as 30s; see scripts/fuzz.sh)
fuzz:
	FUZZTIME=$(FUZZTIME) GO=$(GO) ./scripts/fuzz.sh

## bench: Go benchmarks
bench:
	$(GO) test -run='^$$' -bench=. -benchmem $(PKGS)

## bench-fixtures: shea (strict, compat) and osteele/liquid on golden-liquid's benchmark fixtures, as JSON lines
bench-fixtures:
	cd bench && $(GO) run ./benchfixtures -version $(VERSION)

## bench-compare: bench-fixtures and the peers (Shopify Liquid, with and without liquid-c, LiquidJS) in one run, as one table with ratios
bench-compare:
	./bench/bench-compare.sh

## bench-cpu: CPU time per strict parse+render and render-only against the peers, and of the context validation each begins with (user+system time of each engine's process)
bench-cpu:
	python3 ./bench/bench_cpu.py

## lsp-e2e: shea lsp driven over stdio by vscode-languageserver-protocol (needs node and npm; installs with npm ci)
lsp-e2e:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) build -o "$$tmp/shea" ./cmd/shea && \
	(cd lsp/e2e && npm ci --no-audit --no-fund --silent) && \
	SHEA_BIN="$$tmp/shea" node lsp/e2e/e2e.js

## mutation: gremlins and the case-clause mutants over the files where Liquid's meaning and shea's safety live (FILES= to choose; needs ../shared)
MUTATION_FILES := strict/shape.go lanes/protect.go strict/hazard.go render/lookup.go strict/flow.go internal/fsroot/fsroot.go workflows/gate.go strict/check.go workpad/sanitize.go lanes/merge.go workpad/redact.go render/compare.go render/filter_coerce.go workflows/workflow.go
mutation:
	FILES="$(or $(FILES),$(MUTATION_FILES))" ./scripts/mutation.sh

release-snapshot:
	./scripts/release-snapshot.sh

## check: everything
check: fmt-check vet lint test race fuzz

## differential: random templates rendered by shea (compat) and Ruby Liquid 5.4 (needs ruby and ruby-liquid); CASES, SEED
CASES ?= 20000
SEED  ?= 1
differential:
	$(GO) run ./internal/difftest -cases $(CASES) -seed $(SEED)
