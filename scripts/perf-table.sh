#!/usr/bin/env bash
# The tables of docs/performance.md from one `bench --json` run: the batched kernels against their ceiling
# per cache level, the thread scaling, the contact + push batch per thread count, and the tile-map rows
# against their parry2d peer (the `peers` feature: the command line alone, no GUI).
#   scripts/perf-table.sh                 # full run (minutes), then the Markdown tables on stdout
#   scripts/perf-table.sh --quick         # a smoke run (rough figures)
#   JSON=target/bench.json scripts/perf-table.sh   # tables from an earlier run's JSON, no run
# The run's JSON is kept in target/perf-table.json, its plot in target/perf-roofline.svg.
set -euo pipefail
cd "$(dirname "$0")/.."
json=${JSON:-}
if [[ -z "$json" ]]; then
  json=target/perf-table.json
  load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
  # No GUI needed (and the window code may be mid-edit): the command line alone.
  cargo run --release --quiet --no-default-features --features peers -- bench --json --plot target/perf-roofline.svg "$@" > "$json"
  load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
  echo "Command: \`scripts/perf-table.sh $*\` (\`cargo run --release --no-default-features --features peers -- bench --json $*\`) on $(date -u +%Y-%m-%d); load average (1, 5, 15 min) before: $load_before, after: $load_after."
  echo
fi
python3 - "$json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["caches"]
print(f"Caches ({c['source']}): L1d {c['l1d'] >> 10} KiB, L2 {c['l2'] >> 10} KiB, L3 {c['l3'] >> 10} KiB; "
      f"threads available: {d['threads_available']}; code path: {d['level']}.")
print()
def size(b):
    for unit, s in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if b >= s:
            return f"{b / s:.0f} {unit}"
    return f"{b} B"
rows = d["batched"]
print("| bytes read | cache | kernel | D | lanes | path | Gtests/s | GB/s | ceiling GB/s | % of ceiling | noise ± % |")
print("|---:|---|---|---:|---:|---|---:|---:|---:|---:|---:|")
for b in sorted((b for b in rows if b["threads"] == 1), key=lambda b: (b["dim"], b["bytes"], b["kernel"])):
    gb = b["tests_per_s"] * b["bytes_per_test"] / 1e9
    print(f"| {size(b['bytes'])} | {b['cache_level']} | {b['kernel']} | {b['dim']} | {b['n']} | {b['path']} | "
          f"{b['tests_per_s'] / 1e9:.2f} | {gb:.1f} | {b['ceiling_gb_s']:.1f} | {b['percent_of_ceiling']:.0f} % | {b['noise_percent']:.0f} |")
over = [b for b in rows if b["percent_of_ceiling"] > 100 + b["noise_percent"]]
print()
print(f"Rows above 100 % + their noise band: {len(over)} of {len(rows)}.")
print()
threads = sorted({b["threads"] for b in rows})
if len(threads) > 1:
    print("| bytes read | cache | kernel | D | " + " | ".join(f"{t} thr Gtests/s (eff, % ceil)" for t in threads) + " |")
    print("|---:|---|---|---:|" + "---:|" * len(threads))
    for b in sorted((b for b in rows if b["threads"] == 1), key=lambda b: (b["dim"], b["bytes"], b["kernel"])):
        cells = []
        for t in threads:
            r = next((x for x in rows if x["threads"] == t and x["kernel"] == b["kernel"] and x["dim"] == b["dim"] and x["n"] == b["n"]), None)
            cells.append("-" if r is None else f"{r['tests_per_s'] / 1e9:.2f} ({r['efficiency']:.2f}, {r['percent_of_ceiling']:.0f} %)")
        print(f"| {size(b['bytes'])} | {b['cache_level']} | {b['kernel']} | {b['dim']} | " + " | ".join(cells) + " |")
    print()
ct = d.get("contact_threads", [])
if ct:
    print("| contact + push batch | D | pairs | threads | Mtests/s | efficiency |")
    print("|---|---:|---:|---:|---:|---:|")
    for t in ct:
        print(f"| {t['name']} | {t['dim']} | {t['n']} | {t['threads']} | {t['tests_per_s'] / 1e6:.1f} | {t['efficiency']:.2f} |")
tm = d.get("tilemap", [])
if tm:
    print()
    print("| tile map | balls | fill | strategy | threads | ns per step | peer | peer ns per step | speed-up | mismatches (ours / peer / neither / both right) |")
    print("|---|---:|---:|---|---:|---:|---|---:|---:|---|")
    for t in tm:
        peer = t.get("peer") or "—"
        pns = f"{t['peer_ns_per_step']:.0f}" if t.get("peer_ns_per_step") else "—"
        sp = f"{t['speedup']:.1f}×" if t.get("speedup") else "—"
        mm = (f"{t['mismatches']} ({t['ours_right']} / {t['peer_right']} / {t['neither']} / {t['both']})"
              if t.get("mismatches") is not None else "—")
        print(f"| {t['map']} | {t['balls']} | {t['fill']:.2f} | {t['strategy']} | {t['threads']} | {t['ns_per_step']:.0f} | {peer} | {pns} | {sp} | {mm} |")
PY
