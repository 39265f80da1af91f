#!/usr/bin/env python3
"""CPU time per strict call: shea against LiquidJS and Shopify Liquid (pure
Ruby, and with its C extension liquid-c when installed).

usage: python3 bench/bench_cpu.py [--rounds 3] [--mode parse+render|render-only|both] [FIXTURE ...]
  SHARED=../shared        where golden-liquid's benchmark fixtures live
  PEERS_DIR=...           the installed peers (as for bench-compare.sh)

Wall time (bench-compare.sh) lets an engine's garbage collector run free on
a second core; CPU time charges it. Each engine runs in a process of its
own, once with A calls and once with B calls (parse+render compiles from
scratch every time, as in bench-compare's parse+render mode; render-only
renders a template parsed once); the CPU
time the process used (user and system, all threads, from wait4) is read
for both, and (cpu_B - cpu_A) / (B - A) is the time of one call, without
the start-up, loading and warm-up that both runs share. The engines take
turns in each round; the table shows the median of the rounds. The column
"of which validating" is shea's CPU time for the validation of the context
alone (the JSON Schema library's, and the conversion it needs), which every
strict call, render-only and parse+render, begins with.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

NODE_LOOP = r"""
const fs = require('fs'), path = require('path')
const { Liquid } = require(process.env.LIQUIDJS)
const [dir, n] = [process.argv[2], +process.argv[3]]
const templates = {}
for (const f of fs.readdirSync(path.join(dir, 'templates'))) templates[f] = fs.readFileSync(path.join(dir, 'templates', f), 'utf8')
const data = JSON.parse(fs.readFileSync(path.join(dir, 'data.json'), 'utf8'))
const engine = new Liquid({ templates, cache: false })
const src = templates['index.liquid']
if (process.env.MODE === 'render-only') {
  const tpl = engine.parse(src)
  for (let i = 0; i < n; i++) engine.renderSync(tpl, data)
} else {
  for (let i = 0; i < n; i++) engine.parseAndRenderSync(src, data)
}
"""

RUBY_LOOP = r"""
require "json"
require "liquid"
require "liquid/c" if ENV["LIQUID_C"] == "1"
dir, n = ARGV[0], ARGV[1].to_i
templates = Dir.glob(File.join(dir, "templates", "*.liquid")).to_h { |p| [File.basename(p), File.read(p)] }
data = JSON.parse(File.read(File.join(dir, "data.json")))
Store = Struct.new(:templates) do
  def read_template_file(path) = templates.fetch(path)
end
opts = { line_numbers: true }
if defined?(Liquid::Environment) && Liquid::Environment.respond_to?(:build)
  opts[:environment] = Liquid::Environment.build { |e| e.file_system = Store.new(templates) }
else
  Liquid::Template.file_system = Store.new(templates)
end
src = templates.fetch("index.liquid")
if ENV["MODE"] == "render-only"
  tpl = Liquid::Template.parse(src, **opts)
  n.times { tpl.render!(data) }
else
  n.times { Liquid::Template.parse(src, **opts).render!(data) }
end
"""

# Calls per run (A; B is six times as many), sized so that a run of the
# slowest engine lasts a fraction of a second.
CALLS = {"001": 100, "002": 100, "004": 400, "005": 400, "006": 400}


def cpu_seconds(cmd, env=None):
    """Runs cmd and returns the user+system CPU time of the process, or None
    when it fails (a peer that cannot render the page)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return None
    return usage.ru_utime + usage.ru_stime


def micros(t):
    """A CPU time per call in µs, or "error" for an engine that failed."""
    if t is None:
        return "error"
    return f"{t:.0f} µs" if abs(t) >= 10 else f"{t:.1f} µs"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--mode", default="both", choices=["parse+render", "render-only", "both"])
    ap.add_argument("fixtures", nargs="*")
    args = ap.parse_args()
    shared = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
    peers = os.environ.get("PEERS_DIR", os.path.join(tempfile.gettempdir(), "shea-peers"))
    fixtures_dir = os.path.join(shared, "golden-liquid", "benchmark_fixtures")
    liquidjs = os.path.join(peers, "node", "node_modules", "liquidjs")
    if not os.path.isdir(fixtures_dir):
        sys.exit(f"bench_cpu: no fixtures at {fixtures_dir}")
    if not os.path.isdir(liquidjs):
        sys.exit(f"bench_cpu: no LiquidJS at {liquidjs} (run bench-compare.sh once, or set PEERS_DIR)")
    for tool in ("go", "node", "ruby"):
        if shutil.which(tool) is None:
            sys.exit(f"bench_cpu: {tool} is not installed (bench-compare.sh installs the peers)")
    names = args.fixtures or sorted(os.listdir(fixtures_dir))
    with tempfile.TemporaryDirectory() as tmp:
        shea = os.path.join(tmp, "benchfixtures")
        subprocess.run(["go", "build", "-o", shea, "./benchfixtures"], cwd=HERE, check=True)
        js, rb = os.path.join(tmp, "loop.js"), os.path.join(tmp, "loop.rb")
        with open(js, "w") as f:
            f.write(NODE_LOOP)
        with open(rb, "w") as f:
            f.write(RUBY_LOOP)
        modes = ["parse+render", "render-only"] if args.mode == "both" else [args.mode]
        liquid_c = subprocess.run(["ruby", "-e", 'require "liquid"; require "liquid/c"'],
                                  stderr=subprocess.DEVNULL).returncode == 0
        if not liquid_c:
            print("bench_cpu: liquid-c is not installed (apt-get install ruby-liquid-c); comparing without it",
                  file=sys.stderr)
        head = ["page", "mode", "shea strict", "of which validating", "LiquidJS", "Shopify Liquid"] + (["Shopify Liquid + liquid-c"] if liquid_c else [])
        head += ["vs LiquidJS", "vs Shopify Liquid"] + (["vs Shopify Liquid + liquid-c"] if liquid_c else [])
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for name in names:
            src = os.path.join(fixtures_dir, name)
            # benchfixtures reads every fixture (a directory) of a directory.
            one = os.path.join(tmp, "one-" + name)
            os.makedirs(os.path.join(one, name))
            for entry in os.listdir(src):
                os.symlink(os.path.abspath(os.path.join(src, entry)), os.path.join(one, name, entry))
            for mode in modes:
                # render-only calls are cheaper: more of them keep a run
                # long enough to measure.
                a = CALLS.get(name, 200) * (4 if mode == "render-only" else 1)
                env = dict(os.environ, LIQUIDJS=liquidjs, LIQUID_C="0", MODE=mode)
                env_c = dict(env, LIQUID_C="1")
                engines = {
                    "shea": (lambda n: [shea, "-calls", str(n), "-mode", mode, one], 3 * a, env),
                    "validate": (lambda n: [shea, "-calls", str(n), "-mode", "validate", one], 3 * a, env),
                    "liquidjs": (lambda n: ["node", js, src, str(n)], a, env),
                    "ruby": (lambda n: ["ruby", rb, src, str(n)], a, env),
                }
                if liquid_c:
                    engines["liquid-c"] = (lambda n: ["ruby", rb, src, str(n)], 2 * a, env_c)
                per_call = {e: [] for e in engines}
                failed = set()
                for _ in range(args.rounds):
                    for e, (cmd, n, e_env) in engines.items():
                        if e in failed:
                            continue
                        t_a, t_b = cpu_seconds(cmd(n), e_env), cpu_seconds(cmd(6 * n), e_env)
                        if t_a is None or t_b is None:
                            failed.add(e)  # the engine cannot render this page
                            continue
                        per_call[e].append((t_b - t_a) / (5 * n))
                if "shea" in failed:
                    sys.exit(f"bench_cpu: shea failed on {name}")
                us = {e: statistics.median(per_call[e]) * 1e6 if e not in failed else None for e in engines}
                peers = [e for e in engines if e not in ("shea", "validate")]
                cells = [name, mode] + [micros(us[e]) for e in engines]
                cells += [f"{us[e] / us['shea']:.1f}x" if us[e] is not None else "-" for e in peers]
                print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
