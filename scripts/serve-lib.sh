# scripts/serve-lib.sh — sourced by scripts/test-web.sh and scripts/web-fps.sh (not run on its own).
#
# serve_on_free_port DIST LOG: serves the built folder DIST with scripts/serve-web.sh on a free loopback
# port, in the background (its pid in SRV_PID, its output in LOG), waits up to 10 s for the address it
# prints and puts it in URL. Returns 1, with the server's log on stderr, when no address comes.
serve_on_free_port() {
  local dist=$1 log=$2
  OUT_DIR="$dist" scripts/serve-web.sh --no-build --port 0 >"$log" 2>&1 &
  SRV_PID=$!
  URL=""
  for _ in $(seq 100); do
    URL=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' "$log" | head -n 1 || true)
    [[ -n "$URL" ]] && return 0
    kill -0 "$SRV_PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$log" >&2
  return 1
}
