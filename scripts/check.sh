#!/usr/bin/env bash
# scripts/check.sh — everything CI runs, from a fresh machine: installs what is missing, then runs every test.
#
#   scripts/check.sh            install (apt-get, rustup target, npm ci) + all tests
#   SKIP_INSTALL=1 scripts/check.sh     only the tests
#
# Steps: the tools the tests need (a missing one fails the run, it is never skipped), formatting, documentation links
# (scripts/check-links.sh), clippy on the whole workspace, the library on its own, the geometry core without graphics,
# the whole workspace (unit, integration, doc tests, headless egui), a `bench --quick` run of the release build judged
# by tests/bench_quick.rs, benches build, the desktop app under Xvfb (scripts/test-desktop.sh), and the web build in headless Chromium
# (scripts/test-web.sh). No step sits behind a guard; any failure stops the run with a non-zero status.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Free disk is printed with every step: a fresh CI machine once ran out of it (2026-11-23).
free_disk() { df -h --output=avail . | tail -1 | tr -d ' '; }
step() { printf '\n\033[1m== %s\033[0m  (%s free)\n' "$*" "$(free_disk)"; }
# Incremental caches were 5 GB of a 12 GB debug tree, and a run from a clean clone never reuses them.
export CARGO_INCREMENTAL=0
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

if [ "${SKIP_INSTALL:-0}" != 1 ]; then
  step "install system packages (Xvfb, xdotool, ImageMagick, Mesa, Chromium)"
  # Commands we need, and the Debian package that brings each.
  declare -A PKG_OF=(
    [Xvfb]=xvfb [xvfb-run]=xvfb [xauth]=xauth [xdotool]=xdotool [import]=imagemagick [compare]=imagemagick
    [chromium]=chromium [node]=nodejs [npm]=npm [python3]=python3 [curl]=curl
  )
  missing=()
  for cmd in "${!PKG_OF[@]}"; do
    command -v "$cmd" >/dev/null 2>&1 || missing+=("${PKG_OF[$cmd]}")
  done
  # Libraries miniquad loads at run time (no command to probe): install them when any is absent.
  for lib in libGL.so.1 libEGL.so.1 libX11.so.6 libXi.so.6 libxkbcommon.so.0; do
    ldconfig -p | grep -q "$lib" || { missing+=(libgl1 libgl1-mesa-dri libglx-mesa0 libegl1 libegl-mesa0 libx11-6 libxi6 libxkbcommon0); break; }
  done
  fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)
  if [ "${#missing[@]}" -gt 0 ]; then
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
    echo "installing: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "all present"
  fi

  step "rust: wasm32 target and rustfmt"
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
  cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
  cargo clippy --version >/dev/null 2>&1 || rustup component add clippy

  step "npm packages (playwright-core drives Debian's chromium, no browser is downloaded; binaryen's wasm-opt)"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

step "tools the tests need (a missing one fails the run)"
need=(cargo rustfmt Xvfb xvfb-run xauth xdotool import compare identify convert chromium node npm python3 curl)
absent=()
for cmd in "${need[@]}"; do command -v "$cmd" >/dev/null 2>&1 || absent+=("$cmd"); done
cargo fmt --version >/dev/null 2>&1 || absent+=("cargo fmt (rustup component add rustfmt)")
cargo clippy --version >/dev/null 2>&1 || absent+=("cargo clippy (rustup component add clippy)")
rustup target list --installed | grep -qx wasm32-unknown-unknown || absent+=("the wasm32-unknown-unknown target")
[ -f node_modules/playwright-core/package.json ] || absent+=("playwright-core (npm ci)")
[ -x node_modules/.bin/wasm-opt ] || absent+=("binaryen's wasm-opt (npm ci)")
if [ "${#absent[@]}" -gt 0 ]; then
  printf 'missing: %s\n' "${absent[@]}"
  echo "run scripts/check.sh without SKIP_INSTALL=1 to install them"; exit 1
fi
echo "all present"

step "formatting"
cargo fmt --all -- --check

step "documentation links; every module says what it holds, every folder is in docs/architecture.md"
scripts/check-links.sh
scripts/check-architecture.sh

step "clippy: the whole workspace, every target, warnings denied (with and without the gui feature)"
cargo clippy --locked --workspace --all-targets -- -D warnings
cargo clippy --locked --workspace --all-targets --no-default-features -- -D warnings
# The web build's own code (cfg(target_arch = "wasm32")) is compiled by nothing above.
cargo clippy --locked --target wasm32-unknown-unknown -p circle-aabb-lab --lib --bins -- -D warnings
# The app's own documentation (its module tables and links) builds without a warning, as the library's does below.
RUSTDOCFLAGS="-D warnings" cargo doc --locked -p circle-aabb-lab --no-deps

step "the ball-aabb library: clippy, docs, package, wasm32 no_std build, no default dependencies (its tests run below)"
cargo clippy --locked -p ball-aabb --all-targets --all-features -- -D warnings
cargo clippy --locked -p ball-aabb --no-default-features -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --locked -p ball-aabb --no-deps --all-features
cargo build --locked -p ball-aabb --no-default-features --target wasm32-unknown-unknown
# The normal dependency tree with default features is the crate alone.
deps=$(cargo tree --locked -p ball-aabb -e normal --prefix none | sort -u)
[ "$(printf '%s\n' "$deps" | wc -l)" = 1 ] || { echo "ball-aabb has default dependencies:"; echo "$deps"; exit 1; }
# The published file list holds the library only: nothing of the app.
files=$(cargo package --locked -p ball-aabb --allow-dirty --list 2>/dev/null)
if printf '%s\n' "$files" | grep -Ev '^(\.cargo_vcs_info\.json|Cargo\.(toml|toml\.orig|lock)|README\.md|(src|tests|examples)/.*\.rs)$'; then
  echo "unexpected files in the ball-aabb package (above)"; exit 1
fi
cargo package --locked -p ball-aabb --allow-dirty --no-verify >/dev/null
cargo run --locked -q -p ball-aabb --example basics >/dev/null

step "geometry core and CLI without graphics (cargo test --workspace --no-default-features)"
# The world-step soak (crates/world-soak) has no features: it runs once, in the next step.
# tests/bench_quick.rs judges a `bench --quick` run: it runs once, below, on the release build.
cargo test --locked --workspace --no-default-features --exclude world-soak -- --skip bench_quick::

step "whole workspace with the gui feature (unit, integration, doc and headless-egui tests)"
cargo test --locked --workspace -- --skip bench_quick::

step "the benchmark engine's quick run on the release build, judged by tests/bench_quick.rs (exit 1 on a wrong hit count)"
cargo build --locked --release
BENCH_QUICK_BIN="$PWD/target/release/circle-aabb-lab" cargo test --locked --test lib bench_quick::

step "the push-out contract on 10^7 random f32 cases in 2D and 10^7 in 3D (the tests above ran 10^6)"
PUSH_OUT_CASES=10000000 cargo test --locked -p ball-aabb --test lib push_out -- --nocapture 2>&1 | grep -E '^push-out|test result'

# The remaining steps build release and wasm32 only: on a short disk, the debug tree goes before they start.
if [ "$(df --output=avail -k . | tail -1)" -lt $((12 * 1024 * 1024)) ]; then
  echo "less than 12 GB free: removing target/debug (the remaining steps do not use it)"
  rm -rf target/debug
fi

step "benchmarks build (timings are never asserted)"
cargo bench --locked --no-run

step "desktop app under Xvfb"
scripts/test-desktop.sh

step "web build in headless Chromium"
scripts/test-web.sh

step "all checks passed"
