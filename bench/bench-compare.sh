#!/usr/bin/env bash
# Benchmark shea (strict and compat), osteele/liquid, Shopify Liquid (pure
# Ruby, and with its C extension liquid-c) and LiquidJS on golden-liquid's
# benchmark fixtures in one run, fixture by fixture, and print one table
# with the peers' summarize_bench.py plus the ratios of shea to LiquidJS,
# Shopify Liquid and Shopify Liquid + liquid-c.
#   RUNS=5              timed runs per fixture and mode
#   N_SPEC=001=300,…    least renders per timed run (the peers' default when unset;
#                       shea's runs also last at least 200ms, see bench/benchfixtures)
#   SHARED=../shared    where golden-liquid and the peers' scripts live
#   PEERS_DIR=…         a writable copy of the peers (installed on first use)
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED="${SHARED:-../shared}"
PEERS_DIR="${PEERS_DIR:-${TMPDIR:-/tmp}/shea-peers}"
RUNS="${RUNS:-5}"
FIXTURES="$SHARED/golden-liquid/benchmark_fixtures"
VERSION="$(git describe --tags --always --dirty 2>/dev/null || echo dev)"
[ -d "$FIXTURES" ] || { echo "bench-compare: no fixtures at $FIXTURES" >&2; exit 2; }

if [ ! -d "$PEERS_DIR/node/node_modules/liquidjs" ] || ! ruby -e 'require "liquid"' 2>/dev/null; then
  PEERS_DIR="$PEERS_DIR" bash "$SHARED/peers/setup.sh"
fi

# Shopify Liquid's C extension (Debian: ruby-liquid-c) joins when installed.
liquid_c=0
if ruby -e 'require "liquid"; require "liquid/c"' 2>/dev/null; then
  liquid_c=1
else
  echo "bench-compare: liquid-c is not installed (apt-get install ruby-liquid-c); comparing without it" >&2
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
(cd bench && go build -o "$out/benchfixtures" ./benchfixtures)
# One fixture at a time, shea and then the peers, so that the engines
# compared on a fixture are timed minutes apart at most: on a shared machine
# the load changes over a whole run.
: > "$out/all.jsonl"
for fixture in "$FIXTURES"/*/; do
  name="$(basename "$fixture")"
  mkdir -p "$out/fixtures/$name/$name"
  ln -s "$(cd "$fixture" && pwd)"/* "$out/fixtures/$name/$name/"
  "$out/benchfixtures" -runs "$RUNS" -version "$VERSION" "$out/fixtures/$name" >> "$out/all.jsonl"
  bash "$PEERS_DIR/bench/run_peers.sh" "$out/fixtures/$name" "$out/peers.jsonl" "$RUNS"
  cat "$out/peers.jsonl" >> "$out/all.jsonl"
  if [ "$liquid_c" = 1 ]; then
    ruby "$PEERS_DIR/bench/bench_ruby.rb" "$out/fixtures/$name" --c --runs "$RUNS" \
      --n "${N_SPEC:-001=500,002=500,004=2000,005=2000,006=2000}" >> "$out/all.jsonl"
  fi
done

python3 "$SHARED/peers/bench/summarize_bench.py" "$out/all.jsonl"
echo
python3 bench/bench_ratios.py "$out/all.jsonl"
if [ -n "${BENCH_OUT:-}" ]; then cp "$out/all.jsonl" "$BENCH_OUT"; fi
