#!/usr/bin/env bash
# scripts/build-web.sh — build the browser demo into a self-contained static folder (default dist/).
#
#   scripts/build-web.sh              build with the `web` cargo profile, run wasm-opt, fill dist/
#   OUT_DIR=site scripts/build-web.sh  write the folder elsewhere
#   NO_WASM_OPT=1 scripts/build-web.sh skip wasm-opt (e.g. to measure what it saves; said in the output)
#
# wasm-opt is binaryen's, from npm (package.json pins `binaryen`; `npm ci` at the repository root installs
# it: a WebAssembly build run by node, nothing downloaded at run time). WASM_OPT=path takes another one.
# A missing wasm-opt fails the build: the served .wasm is never silently the unoptimised one.
#
# The folder holds index.html, the .wasm, the JS glue (the crates' and our own web/a11y.js) and the favicon;
# copy it to any static host (the .wasm must be served as application/wasm). The crates' JS glue comes from
# the very crate versions in Cargo.lock, found through `cargo metadata`: nothing is fetched from a CDN, at
# build or at run time.
# Prints the sizes of each step (raw and gzip -9). The last line of its output is the folder's path.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD

TARGET=wasm32-unknown-unknown
PROFILE=web
BIN=circle-aabb-lab
OUT_DIR=${OUT_DIR:-dist}
case "$OUT_DIR" in /*) ;; *) OUT_DIR="$ROOT/$OUT_DIR" ;; esac

log() { printf '[build-web] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
size_line() { # LABEL FILE
  local raw gz
  raw=$(stat -c %s "$2")
  gz=$(gzip -9 -c "$2" | wc -c)
  printf '%-22s %9d bytes raw  %9d bytes gzip -9  (%s)\n' "$1" "$raw" "$gz" "${2#"$ROOT"/}" >&2
}

command -v cargo >/dev/null || die "cargo not found (https://rustup.rs)"
command -v python3 >/dev/null || die "python3 not found (reads cargo metadata)"
WASM_OPT=${WASM_OPT:-$ROOT/node_modules/.bin/wasm-opt}
if [[ "${NO_WASM_OPT:-0}" != 1 ]]; then
  [[ -x "$WASM_OPT" ]] || die "wasm-opt not found at $WASM_OPT: run 'npm ci' at the repository root (package.json pins binaryen), or NO_WASM_OPT=1 to build without it"
  WASM_OPT_VERSION=$("$WASM_OPT" --version) || die "$WASM_OPT does not run (node missing?)"
fi

if command -v rustup >/dev/null; then
  if ! rustup target list --installed | grep -qx "$TARGET"; then
    log "adding the $TARGET target"
    rustup target add "$TARGET"
  fi
fi

log "cargo build --target $TARGET --profile $PROFILE"
cargo build --locked --target "$TARGET" --profile "$PROFILE" --bin "$BIN"
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps --locked | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
WASM_BUILT="$TARGET_DIR/$TARGET/$PROFILE/$BIN.wasm"
[[ -f "$WASM_BUILT" ]] || die "cargo did not produce $WASM_BUILT"

# The JS glue of the exact crate versions the build used (Cargo.lock), from the local registry sources.
GLUE=$(cargo metadata --format-version 1 --locked --filter-platform "$TARGET" | python3 -c '
import json, os, sys
meta = json.load(sys.stdin)
# crate -> JS file inside it, in the order index.html loads them
wanted = [("macroquad", "js/mq_js_bundle.js"), ("sapp-jsutils", "js/sapp_jsutils.js"), ("quad-url", "js/quad-url.js")]
resolved = {n["id"] for n in meta["resolve"]["nodes"]}
for name, rel in wanted:
    pkgs = [p for p in meta["packages"] if p["name"] == name and p["id"] in resolved]
    if len(pkgs) != 1:
        sys.exit("expected exactly one %s in the wasm dependency graph, found %d" % (name, len(pkgs)))
    path = os.path.join(os.path.dirname(pkgs[0]["manifest_path"]), rel)
    if not os.path.isfile(path):
        sys.exit("%s %s has no %s" % (name, pkgs[0]["version"], rel))
    print(path)
') || die "could not locate the JS glue through cargo metadata"

rm -rf "$OUT_DIR"
mkdir -p "$OUT_DIR"
WASM_OUT="$OUT_DIR/$BIN.wasm"

size_line "cargo --profile $PROFILE" "$WASM_BUILT"
if [[ "${NO_WASM_OPT:-0}" == 1 ]]; then
  log "NO_WASM_OPT=1: wasm-opt skipped"
  cp "$WASM_BUILT" "$WASM_OUT"
else
  # A module built with `strip = true` carries no target-features section: name the features rustc
  # emits for wasm32 (bulk memory, saturating float-to-int, sign extension, mutable globals, and the
  # SIMD .cargo/config.toml turns on), or wasm-opt rejects the instructions that use them. -Oz: smallest (docs/web.md has -Os and
  # --converge measured against it).
  log "$WASM_OPT_VERSION -Oz"
  T0=$(date +%s)
  "$WASM_OPT" -Oz \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-simd \
    --strip-debug --strip-producers \
    "$WASM_BUILT" -o "$WASM_OUT"
  size_line "wasm-opt -Oz" "$WASM_OUT"
  log "wasm-opt took $(($(date +%s) - T0)) s"
fi

cp "$ROOT/index.html" "$OUT_DIR/index.html"
# Our own JS plugin (the accessibility bridge of src/page.rs), from web/ to beside index.html.
cp "$ROOT/web/a11y.js" "$OUT_DIR/a11y.js"
cp "$ROOT/assets/favicon.svg" "$OUT_DIR/favicon.svg"
while IFS= read -r js; do
  cp "$js" "$OUT_DIR/"
  log "glue: ${js#"$HOME"/}"
done <<<"$GLUE"

# Installable and offline: the web app manifest, and the service worker with this build's version (the
# .wasm's hash) and the list of every file in the folder (web/sw.js says how it serves them).
cp "$ROOT/web/manifest.webmanifest" "$OUT_DIR/manifest.webmanifest"
python3 - "$OUT_DIR" "$ROOT/web/sw.js" "$(basename "$WASM_OUT")" <<'PY'
import hashlib, json, os, sys
out, template, wasm = sys.argv[1], sys.argv[2], sys.argv[3]
version = hashlib.sha256(open(os.path.join(out, wasm), "rb").read()).hexdigest()[:16]
files = ["./"] + sorted(f for f in os.listdir(out) if f != "sw.js")
sw = open(template, encoding="utf-8").read().replace("__VERSION__", version).replace("__FILES__", json.dumps(files))
open(os.path.join(out, "sw.js"), "w", encoding="utf-8").write(sw)
print("[build-web] sw.js: version %s, %d files" % (version, len(files)), file=sys.stderr)
PY

# Every local file index.html refers to must be in the folder.
python3 - "$OUT_DIR" <<'PY'
import os, re, sys
out = sys.argv[1]
html = open(os.path.join(out, "index.html"), encoding="utf-8").read()
refs = re.findall(r'(?:src|href)="([^"#?:]+)"', html) + re.findall(r'load\("([^"]+)"\)', html)
missing = [r for r in refs if not os.path.isfile(os.path.join(out, r))]
if missing:
    sys.exit("[build-web] error: index.html refers to missing files: " + ", ".join(missing))
PY

size_line "dist (served)" "$WASM_OUT"
log "ready: serve $OUT_DIR as static files (scripts/serve-web.sh does)"
echo "$OUT_DIR"
