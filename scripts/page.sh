#!/usr/bin/env bash
# Writes the workbench page: one HTML file with the session inside it (the library compiled
# to WebAssembly), which opens from disk with no server and no network.
#
#   scripts/page.sh [OUT.html]        (default: cubework.html)
#
# It installs what it needs when it is missing: Rust's wasm32-unknown-unknown target
# (rustup) and wasm-bindgen-cli at the version of the crate's wasm-bindgen (cargo install,
# a few minutes the first time). It shrinks the WebAssembly with binaryen's wasm-opt when
# that is on the PATH (`apt-get install binaryen`; .ci/run installs it); without it the page
# works the same and is larger, and with CI set its absence fails the run.
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
if ! command -v wasm-opt >/dev/null && [ -n "${CI:-}" ]; then
    echo "error: wasm-opt (binaryen) is missing; .ci/run installs it" >&2
    exit 1
fi
# For the page alone (the native build keeps the crate's release profile): one codegen unit
# and whole-program (fat) LTO. The flags after `--` reach the crate that makes the module, and
# so the whole program's code generation, which LTO does there: optimised for size
# (`opt-level=s`: 2.2 MB where the release profile's level 3 makes 3.5 MB, at the same speed
# in the page's figures), with WebAssembly's 128-bit SIMD (simd128), which Chromium, Firefox
# and Safari have all run since 2021; a browser without it refuses the page's module
# (WebAssembly cannot test for it at run time, so there is no second, scalar module).
CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    cargo rustc --release --lib --target wasm32-unknown-unknown --no-default-features \
    --features web --crate-type cdylib -- -C opt-level=s -C target-feature=+simd128
glue="$(mktemp -d)"
trap 'rm -rf "$glue"' EXIT
wasm-bindgen --target no-modules --no-typescript --remove-name-section --out-dir "$glue" \
    target/wasm32-unknown-unknown/release/cubework.wasm
if command -v wasm-opt >/dev/null; then
    # -O3 keeps the speed; the size is won by what the build leaves out and by wasm-opt's
    # removing what nothing calls. The features are those rustc's wasm32 target emits.
    wasm-opt -O3 --enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
        --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types \
        -o "$glue/cubework_bg.wasm" "$glue/cubework_bg.wasm"
else
    echo "note: wasm-opt (binaryen) not found: the page is written without it, larger" >&2
fi
cargo run --release --quiet --bin cubework-page -- "$glue/cubework_bg.wasm" "$glue/cubework.js" "$out"
echo "wrote $out ($(wc -c <"$out") bytes): open it in a browser"
