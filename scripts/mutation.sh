#!/usr/bin/env bash
# Mutation testing of the files where Liquid's meaning and shea's safety
# live: gremlins changes one operator at a time in a file and runs that
# package's tests; a mutant no test notices "lives". Each file is run on its
# own (every other Go file of its package excluded). gremlins never mutates
# the expressions of case clauses, so internal/casemut then mutates those
# (a value removed from a list, a clause removed, an operator changed). The
# script prints one line per file: killed, lived, and the share of viable
# mutants killed, both testers counted together.
#   FILES="render/compare.go …"   the files (default: the list below)
#   WORKERS=1                      gremlins workers (the machine has two cores)
#   TIMEOUT_COEFFICIENT=60         how many times the tests' normal time a mutant may take
#   SAMPLE=N SEED=1                test a seeded random sample of N of gremlins' covered mutants per file
#                                  (gremlins lists them in a dry run; casemut tests the sample); SAMPLE=all: all
#   FIRST=regexp                   with SAMPLE and for the case clauses: run the tests matching regexp
#                                  first; a mutant they kill is killed without the whole package's run
#   CASEMUT=0                      skip the case-clause mutants
#   CASE_SAMPLE=N CASE_SEED=1      test a seeded random sample of N case-clause mutants per file
#   OUT=dir                        keep each file's JSON reports there
#   SHEA_SHARED_DIR=/abs/path      the shared test data (default: ../shared)
#
# The mutants' tests run with the shared data (golden-liquid, the real
# workflows) named by SHEA_SHARED_DIR and SHEA_REQUIRE_SHARED=1: gremlins
# tests each mutant in a copy of the module, beside which ../shared does
# not exist, and without them every test that reads the data would skip.
# The script refuses to run without the data.
set -euo pipefail
cd "$(dirname "$0")/.."
FILES="${FILES:-strict/shape.go lanes/protect.go strict/hazard.go render/lookup.go strict/flow.go internal/fsroot/fsroot.go workflows/gate.go strict/check.go workpad/sanitize.go lanes/merge.go workpad/redact.go render/compare.go render/filter_coerce.go workflows/workflow.go}"
WORKERS="${WORKERS:-1}"
COEF="${TIMEOUT_COEFFICIENT:-60}"
OUT="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT"

shared="${SHEA_SHARED_DIR:-$(cd .. && pwd)/shared}"
case "$shared" in /*) ;; *) echo "mutation: SHEA_SHARED_DIR=$shared is not an absolute path" >&2; exit 2 ;; esac
for need in golden-liquid/golden_liquid.json workflows/README.md; do
  if [ ! -e "$shared/$need" ]; then
    echo "mutation: $shared/$need is missing: the mutants must run with the shared test data (set SHEA_SHARED_DIR)" >&2
    exit 2
  fi
done
export SHEA_SHARED_DIR="$shared" SHEA_REQUIRE_SHARED=1

# Neither tester writes to the files (gremlins mutates a copy of the
# module, casemut builds through -overlay), but should one ever leave a
# mutant behind, the copies taken here put the files back on any exit.
orig="$OUT/orig"
mkdir -p "$orig"
for f in $FILES; do
  [ -f "$f" ] || { echo "mutation: $f: no such file" >&2; exit 2; }
  mkdir -p "$orig/$(dirname "$f")"
  cp -p "$f" "$orig/$f"
done
restore() {
  for f in $FILES; do
    if ! cmp -s "$orig/$f" "$f"; then
      cp -p "$orig/$f" "$f"
      echo "mutation: $f was left changed; restored" >&2
    fi
  done
}
trap restore EXIT
trap 'exit 130' INT TERM

gremlins=(go tool -modfile="$PWD/tools/mutation/go.mod" gremlins)
casemut="$OUT/casemut"
go build -o "$casemut" ./internal/casemut
status=0
for f in $FILES; do
  dir="$(dirname "$f")"
  excludes=()
  for other in "$dir"/*.go; do
    case "$other" in "$f"|*_test.go) continue ;; esac
    excludes+=(-E "(^|/)$(basename "$other" | sed 's/\./\\./g')\$")
  done
  base="$OUT/$(echo "$f" | tr / _)"
  if [ "${SAMPLE:-0}" != 0 ]; then
    "${gremlins[@]}" unleash --silent --dry-run --invert-logical "${excludes[@]}" -o "$base.dry.json" "./$dir" || status=1
    n="$SAMPLE"; [ "$n" = all ] && n=0
    "$casemut" -from "$base.dry.json" -sample "$n" -seed "${SEED:-1}" -first "${FIRST:-}" -timeout-coefficient "$COEF" \
        -o "$base.json" "$f" >"$base.log" || status=1
  else
    "${gremlins[@]}" unleash --silent --workers "$WORKERS" --timeout-coefficient "$COEF" --invert-logical \
        "${excludes[@]}" -o "$base.json" "./$dir" || status=1
  fi
  reports=("$base.json")
  if [ "${CASEMUT:-1}" != 0 ]; then
    "$casemut" -timeout-coefficient "$COEF" -first "${FIRST:-}" -sample "${CASE_SAMPLE:-0}" -seed "${CASE_SEED:-1}" -o "$base.cases.json" "$f" >"$base.cases.log" || status=1
    reports+=("$base.cases.json")
  fi
  python3 - "$f" "${reports[@]}" <<'PY'
import json, os, sys
name, paths = sys.argv[1], sys.argv[2:]
killed = lived = timed_out = 0
for path in paths:
    try:
        r = json.load(open(path))
    except Exception as e:
        print(f"{name}: no report {path} ({e})"); continue
    for fl in r.get("files", []):
        for m in fl.get("mutations", []):
            s = m.get("status")
            if s == "KILLED": killed += 1
            elif s == "TIMED OUT": timed_out += 1
            elif s == "LIVED":
                lived += 1
                print(f"  lived: {fl.get('file_name')}:{m.get('line')}:{m.get('column')} {m.get('type')}")
viable = killed + lived
pct = 100.0 * killed / viable if viable else 100.0
extra = f" ({timed_out} timed out, not counted)" if timed_out else ""
if os.environ.get("SAMPLE", "0") not in ("", "0"):
    covered = sum(1 for fl in json.load(open(paths[0][:-len(".json")] + ".dry.json")).get("files", []) for m in fl.get("mutations", []) if m.get("status") == "RUNNABLE")
    if os.environ["SAMPLE"] == "all":
        extra += f" (gremlins' {covered} covered mutants, tested by casemut)"
    else:
        extra += f" (gremlins' mutants: a sample of {os.environ['SAMPLE']} of {covered} covered, seed {os.environ.get('SEED') or '1'})"
sample = f" (case clauses: a sample of {os.environ['CASE_SAMPLE']}, seed {os.environ.get('CASE_SEED') or '1'})" if os.environ.get('CASE_SAMPLE', '0') not in ('', '0') and len(paths) > 1 else ''
print(f"{name}: {killed} killed, {lived} lived, {pct:.1f}% of {viable} viable mutants killed{extra}{sample}")
PY
done
echo "reports: $OUT"
exit $status
