//! Content hashes that name faces and template sources, stable across builds and machines.

/// Lower-case hex of `bytes`. Written a nibble at a time into one string: a `format!` a byte
/// was a tenth of rendering a 10,000-card deck whose faces were all in the build cache.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xF)]));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_byte_is_two_lower_case_digits() {
        assert_eq!(super::hex(&[0x00, 0x0f, 0xa5, 0xff, 0x10]), "000fa5ff10");
        assert_eq!(super::hex(&[]), "");
        let all: Vec<u8> = (0..=255).collect();
        let expected: String = all.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(super::hex(&all), expected);
    }
}
