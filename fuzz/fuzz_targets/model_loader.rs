//! Fuzz target: see `protopress::fuzzing::model_loader`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| protopress::fuzzing::model_loader(data));
