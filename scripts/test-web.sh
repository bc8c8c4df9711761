#!/usr/bin/env bash
# scripts/test-web.sh — the browser demo in headless Chromium (called by scripts/check.sh).
#
#   scripts/test-web.sh             build dist/ (scripts/build-web.sh), check the .wasm size, serve dist/ on a
#                                   free loopback port, run every tests/web/*.test.mjs against it (each in its
#                                   own browser, 240 s each; all run, any failure fails the script)
#   scripts/test-web.sh --no-build  test the dist/ already there (e.g. one you broke on purpose)
#
# Needs: /usr/bin/chromium (Debian's; CHROMIUM=path for another), node, and playwright-core from
# `npm ci` (package-lock.json; no browser is downloaded). Screenshots go to target/web-test/.
# Exit 0 when every check passes, 1 otherwise.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD

MAX_RAW=2500000  # bytes: the .wasm at most 2.5 MB raw ...
MAX_GZ=1000000   # ... and 1.0 MB gzip -9 (lowered from 1.35 MB when egui's symbol fonts were cut down: −439 KB; see docs/web.md)
OUT="$ROOT/target/web-test"
BUILD=1
[[ "${1:-}" == --no-build ]] && BUILD=0

log() { printf '[test-web] %s\n' "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }

export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[[ -x "$CHROMIUM" ]] || die "$CHROMIUM not found (Debian: apt-get install chromium)"
command -v node >/dev/null || die "node not found (Debian: apt-get install nodejs npm)"
[[ -f node_modules/playwright-core/package.json ]] || die "playwright-core missing: run 'npm ci' at the repository root"
command -v python3 >/dev/null || die "python3 not found"

DIST="$ROOT/dist"
if ((BUILD)); then
  DIST=$(scripts/build-web.sh | tail -n 1)
fi
[[ -f "$DIST/index.html" ]] || die "no $DIST/index.html"

# ----------------------------------------------------------------------------- size budget
WASM=$(python3 -c 'import re,sys; m=re.search(r"load\(\"([^\"]+\.wasm)\"\)", open(sys.argv[1]).read()); print(m.group(1) if m else "")' "$DIST/index.html")
[[ -n "$WASM" ]] || die "index.html does not load a .wasm"
if [[ -f "$DIST/$WASM" ]]; then
  RAW=$(stat -c %s "$DIST/$WASM")
  GZ=$(gzip -9 -c "$DIST/$WASM" | wc -c)
  echo "wasm_size: $RAW bytes raw, $GZ bytes gzip -9 (limits $MAX_RAW / $MAX_GZ)"
  SIZE_FAIL=""
  ((RAW <= MAX_RAW)) || SIZE_FAIL="raw size $RAW > $MAX_RAW"
  ((GZ <= MAX_GZ)) || SIZE_FAIL="$SIZE_FAIL gzip size $GZ > $MAX_GZ"
else
  SIZE_FAIL=""
  log "index.html loads $WASM, which is not in $DIST (the browser test will say what that breaks)"
fi

# ----------------------------------------------------------------------------- serve on a free loopback port
WORK=$(mktemp -d /tmp/test-web.XXXXXX)
SRV_PID=""
cleanup() {
  if [[ -n "$SRV_PID" ]] && kill -0 "$SRV_PID" 2>/dev/null; then
    kill "$SRV_PID" 2>/dev/null || true
    wait "$SRV_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
source scripts/serve-lib.sh
serve_on_free_port "$DIST" "$WORK/server.log" || die "the http server did not start"
log "serving $DIST at $URL"
if [[ -f "$DIST/$WASM" ]]; then
  CT=$(python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).headers.get("Content-Type"))' "$URL$WASM")
  [[ "$CT" == application/wasm* ]] || die "$WASM is served as '$CT', not application/wasm"
fi

# ----------------------------------------------------------------------------- the browser
rm -rf "$OUT"
mkdir -p "$OUT"
RC=0
# timings on a shared machine: say how busy it was
echo "loadavg: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
# Every tests/web/*.test.mjs, each in its own browser and its own time limit; all run even when one fails.
for TEST in tests/web/*.test.mjs; do
  log "running $TEST"
  T_RC=0
  timeout -k 10 240 node "$TEST" "$URL" "$OUT" || T_RC=$?
  ((T_RC == 124 || T_RC == 137)) && log "$TEST timed out"
  ((T_RC == 0)) || { log "$TEST failed (exit $T_RC)"; RC=1; }
done
log "screenshots: ${OUT#"$ROOT"/}/"
[[ -z "$SIZE_FAIL" ]] || { log "FAIL: .wasm over budget: $SIZE_FAIL"; RC=1; }
((RC == 0)) && log "ok" || log "FAIL (exit $RC)"
exit $((RC == 0 ? 0 : 1))
