#!/usr/bin/env bash
# scripts/web-fps.sh — record the browser demo's render cost (docs/performance.md, "Render cost").
#
#   scripts/web-fps.sh              build dist/, serve it on a free loopback port, measure the default and the
#                                   heaviest scene (tests/web/fps.mjs): fps, draw calls, framebuffer binds
#   scripts/web-fps.sh --no-build   measure the dist/ already built
#   scripts/web-fps.sh -- FRAG ...  measure these URL fragments instead
#
# Headless Chromium (/usr/bin/chromium or CHROMIUM=path) with software WebGL (SwiftShader), 1280×800.
# Prints the load average before and after: the figures are only comparable on a quiet machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=1
if [[ "${1:-}" == --no-build ]]; then BUILD=0; shift; fi
[[ "${1:-}" == -- ]] && shift
DIST=dist
((BUILD)) && DIST=$(scripts/build-web.sh | tail -n 1)
[[ -f "$DIST/index.html" ]] || { echo "no $DIST/index.html: run scripts/build-web.sh" >&2; exit 1; }
LOG=$(mktemp /tmp/web-fps.XXXXXX)
source scripts/serve-lib.sh
SRV_PID=""
trap '[[ -z "$SRV_PID" ]] || { kill "$SRV_PID" 2>/dev/null || true; wait "$SRV_PID" 2>/dev/null || true; }; rm -f "$LOG"' EXIT
serve_on_free_port "$DIST" "$LOG" || { echo "the http server did not start" >&2; exit 1; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
node tests/web/fps.mjs "${URL}index.html" "$@"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
