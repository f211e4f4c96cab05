//! Links the command line as a fixed-address (non-PIE) executable on Linux.
//!
//! A position-independent executable is relocated by the loader at every start: its 2.6 MB
//! table of relocations is read, and the 1.9 MB of pointers they patch become private copies.
//! Every run paid that before doing anything; `check` of Death to Decorum held 32 MB, of which
//! 5 MB were this. Linked at a fixed address, those pages stay shared with the file and are
//! read only where used. The code is the same (the libraries are compiled as before), so
//! nothing else is rebuilt.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
