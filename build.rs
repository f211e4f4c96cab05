//! Links the command line as a fixed-address (non-PIE) executable on Linux.
//!
//! A position-independent executable is relocated by the loader at every start: its 2.6 MB
//! table of relocations is read, and the 1.9 MB of pointers they patch become private copies.
//! Every run paid that before doing anything; `check` of Death to Decorum held 32 MB, of which
//! 5 MB were this. Linked at a fixed address, those pages stay shared with the file and are
//! read only where used. The code is the same (the libraries are compiled as before), so
//! nothing else is rebuilt.
//!
//! The price is that the program itself no longer loads at a random address (its libraries,
//! stack and heap still do). A packager who wants it back sets `PROTOPRESS_PIE=1`; a static
//! build (`+crt-static`, linked as a static PIE) is left as it is.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PROTOPRESS_PIE");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let gnu_linux = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    let static_crt = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if gnu_linux && !static_crt && var("PROTOPRESS_PIE").is_empty() {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
