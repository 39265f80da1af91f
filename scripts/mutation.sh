#!/usr/bin/env bash
# Mutation testing of the files where Liquid's meaning and shea's safety
# live: gremlins changes one operator at a time in a file and runs that
# package's tests; a mutant no test notices "lives". Each file is run on its
# own (every other Go file of its package excluded), and the script prints
# one line per file: killed, lived, and the share of viable mutants killed.
#   FILES="render/compare.go …"   the files (default: the list below)
#   WORKERS=1                      gremlins workers (the machine has two cores)
#   TIMEOUT_COEFFICIENT=60         how many times the tests' normal time a mutant may take
#   OUT=dir                        keep each file's JSON report there
set -euo pipefail
cd "$(dirname "$0")/.."
FILES="${FILES:-render/compare.go render/filter_coerce.go lanes/merge.go workpad/sanitize.go workpad/redact.go strict/check.go workflows/workflow.go}"
WORKERS="${WORKERS:-1}"
OUT="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT"
gremlins=(go tool -modfile="$PWD/tools/mutation/go.mod" gremlins)
status=0
for f in $FILES; do
  dir="$(dirname "$f")"
  excludes=()
  for other in "$dir"/*.go; do
    case "$other" in "$f"|*_test.go) continue ;; esac
    excludes+=(-E "(^|/)$(basename "$other" | sed 's/\./\\./g')\$")
  done
  report="$OUT/$(echo "$f" | tr / _).json"
  "${gremlins[@]}" unleash --silent --workers "$WORKERS" --timeout-coefficient "${TIMEOUT_COEFFICIENT:-60}" --invert-logical \
      "${excludes[@]}" -o "$report" "./$dir" || status=1
  python3 - "$f" "$report" <<'PY'
import json, sys
name, path = sys.argv[1:3]
try:
    r = json.load(open(path))
except Exception as e:
    print(f"{name}: no report ({e})"); sys.exit(0)
files = r.get("files", [])
killed = lived = timed_out = 0
for fl in files:
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
print(f"{name}: {killed} killed, {lived} lived, {pct:.0f}% of {viable} viable mutants killed{extra}")
PY
done
echo "reports: $OUT"
exit $status
