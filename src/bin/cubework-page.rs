//! Writes the workbench page (`scripts/page.sh` runs it): the session compiled to
//! WebAssembly and its wasm-bindgen glue, inlined into one HTML file.
//!
//! `cargo run --release --bin cubework-page -- SESSION.wasm GLUE.js OUT.html`

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [wasm, glue, out] = args.as_slice() else {
        eprintln!("usage: page SESSION.wasm GLUE.js OUT.html");
        return ExitCode::from(2);
    };
    let read = |path: &str| std::fs::read(path).map_err(|e| format!("{path}: {e}"));
    let written = read(wasm).and_then(|wasm| {
        let glue = String::from_utf8(read(glue)?).map_err(|_| format!("{glue}: not UTF-8"))?;
        std::fs::write(out, cubework::web::page::page(&wasm, &glue))
            .map_err(|e| format!("{out}: {e}"))
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
