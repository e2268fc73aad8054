#!/usr/bin/env bash
# Writes the workbench page: one HTML file with the session inside it (the library compiled
# to WebAssembly), which opens from disk with no server and no network.
#
#   scripts/page.sh [OUT.html]        (default: cubework.html)
#
# It installs what it needs when it is missing: Rust's wasm32-unknown-unknown target
# (rustup) and wasm-bindgen-cli at the version of the crate's wasm-bindgen. That one goes into
# the build's own directory (target/tools), not ~/.cargo/bin, unless a wasm-bindgen of that
# version is on the PATH already; it is built unoptimised (`cargo install --debug`: about
# 120 CPU-seconds where an optimised build takes several minutes, and it still processes the
# module in a few seconds).
#
# PAGE_TARGET_DIR names another target directory for the WebAssembly build (.ci/run builds the
# page there while the tests build in target/, each on its own lock).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(realpath -m "${1:-cubework.html}")"
cd "$root"
version="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)"
if [ -z "$version" ]; then
    echo "error: Cargo.toml pins no wasm-bindgen version" >&2
    exit 1
fi
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
bindgen=wasm-bindgen
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    tools="$root/target/tools/wasm-bindgen-$version"
    bindgen="$tools/bin/wasm-bindgen"
    if [ "$("$bindgen" --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
        cargo install --quiet --debug --root "$tools" wasm-bindgen-cli --version "$version"
    fi
fi
wasm_target="${PAGE_TARGET_DIR:-target}"
# For the page alone (the native build keeps the crate's release profile): one codegen unit
# and whole-program (fat) LTO. The flag after `--` reaches the crate that makes the module,
# and so the whole program's code generation, which LTO does there: optimised for size
# (`opt-level=s`: 2.2 MB where the release profile's level 3 makes 3.2 MB; the page's figures
# in src/guide/browser.md say what it costs). No simd128: it made the solver and the
# interpreter no faster there, and a browser without it would refuse the whole module.
CARGO_TARGET_DIR="$wasm_target" CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    cargo rustc --release --lib --target wasm32-unknown-unknown --no-default-features \
    --features web --crate-type cdylib -- -C opt-level=s
glue="$(mktemp -d)"
trap 'rm -rf "$glue"' EXIT
# The functions' names (the name section, 0.4 MB) are left out, unless PAGE_NAMES is set
# (for a profile: scripts/page_profile.js).
names=--remove-name-section
[ -n "${PAGE_NAMES:-}" ] && names=
"$bindgen" --target no-modules --no-typescript $names --out-dir "$glue" \
    "$wasm_target/wasm32-unknown-unknown/release/cubework.wasm"
# No wasm-opt: binaryen's -Oz takes 5% off this module raw and nothing gzipped (measured in
# src/guide/browser.md), for half a minute more and one more tool to install.
cargo run --release --quiet --bin cubework-page -- "$glue/cubework_bg.wasm" "$glue/cubework.js" "$out"
echo "wrote $out ($(wc -c <"$out") bytes): open it in a browser"
