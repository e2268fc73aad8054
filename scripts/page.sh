#!/usr/bin/env bash
# Writes the workbench page: one HTML file with the session inside it (the library compiled
# to WebAssembly), which opens from disk with no server and no network.
#
#   scripts/page.sh [OUT.html]        (default: cubework.html)
#
# It installs what it needs when it is missing: Rust's wasm32-unknown-unknown target
# (rustup) and wasm-bindgen-cli at the version of the crate's wasm-bindgen (cargo install,
# a few minutes the first time).
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
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    cargo install wasm-bindgen-cli --version "$version"
fi
# One codegen unit and whole-program (fat) LTO for the page alone: a smaller and faster
# WebAssembly; the native build keeps the crate's release profile.
CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    cargo rustc --release --lib --target wasm32-unknown-unknown --no-default-features \
    --features web --crate-type cdylib
glue="$(mktemp -d)"
trap 'rm -rf "$glue"' EXIT
wasm-bindgen --target no-modules --no-typescript --out-dir "$glue" \
    target/wasm32-unknown-unknown/release/cubework.wasm
cargo run --release --quiet --bin cubework-page -- "$glue/cubework_bg.wasm" "$glue/cubework.js" "$out"
echo "wrote $out ($(wc -c <"$out") bytes): open it in a browser"
