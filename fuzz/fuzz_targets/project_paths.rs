//! Fuzz target: see `protopress::fuzzing::project_paths`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| protopress::fuzzing::project_paths(data));
