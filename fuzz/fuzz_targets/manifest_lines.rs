//! Fuzz target: see `protopress::fuzzing::manifest_lines`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| protopress::fuzzing::manifest_lines(data));
