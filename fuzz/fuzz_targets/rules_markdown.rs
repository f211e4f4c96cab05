//! Fuzz target: see `protopress::fuzzing::rules_markdown`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| protopress::fuzzing::rules_markdown(data));
