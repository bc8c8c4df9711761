#!/usr/bin/env bash
# scripts/serve-web.sh — build the browser demo (scripts/build-web.sh) and serve it on 127.0.0.1.
#
#   scripts/serve-web.sh              build, then serve dist/ on http://127.0.0.1:8000/
#   scripts/serve-web.sh --port 9000  another port (0: any free port)
#   scripts/serve-web.sh --no-build   serve the dist/ already built
#
# Serves with python3's http.server (it sends .wasm as application/wasm, which WebAssembly streaming
# compilation requires). Loopback only; stop it with Ctrl-C.
# A scene can be given in the URL fragment, e.g. http://127.0.0.1:8000/#algorithm=fold&circle=1,2,3&box=0,0,4,2
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=8000
BUILD=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) [[ $# -ge 2 ]] || { echo "usage: $0 [--port N] [--no-build]" >&2; exit 2; }; PORT=$2; shift 2 ;;
    --port=*) PORT=${1#--port=}; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1 (usage: $0 [--port N] [--no-build])" >&2; exit 2 ;;
  esac
done
[[ "$PORT" =~ ^[0-9]+$ && "$PORT" -le 65535 ]] || { echo "--port: not a port number: $PORT" >&2; exit 2; }

DIST=${OUT_DIR:-dist}
if [[ "$BUILD" == 1 ]]; then
  DIST=$(scripts/build-web.sh | tail -n 1)
fi
[[ -f "$DIST/index.html" ]] || { echo "no $DIST/index.html: run scripts/build-web.sh first" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 1; }

cd "$DIST"
# One server for every port, 0 included (the kernel picks a free one): the line it prints names the real port.
# .wasm is mapped explicitly for Pythons older than 3.10.
exec python3 -u -c '
import http.server, sys
handler = http.server.SimpleHTTPRequestHandler
handler.extensions_map[".wasm"] = "application/wasm"
try:
    with http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), handler) as httpd:
        print("serving %s at http://127.0.0.1:%d/  (Ctrl-C stops)" % (sys.argv[1], httpd.server_address[1]), flush=True)
        httpd.serve_forever()
except OSError as e:
    sys.exit("cannot serve on 127.0.0.1:%s: %s (try --port N)" % (sys.argv[2], e.strerror))
except KeyboardInterrupt:
    pass
' "$PWD" "$PORT"
