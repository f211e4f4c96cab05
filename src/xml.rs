//! The one XML escaper: text from data inserted into SVG, HTML or XML, in content or in an
//! attribute, can never break the document.

use std::io::Write;

/// `text` with `& < > " '` replaced by entities.
pub fn escape(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    // Writing into a Vec cannot fail.
    let _ = escape_into(text, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes `text` escaped into `out` (the shape Tera's escape function takes).
pub fn escape_into(text: &str, out: &mut dyn Write) -> std::io::Result<()> {
    let mut last = 0;
    for (i, b) in text.bytes().enumerate() {
        let rep: &[u8] = match b {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'"' => b"&quot;",
            b'\'' => b"&apos;",
            _ => continue,
        };
        out.write_all(&text.as_bytes()[last..i])?;
        out.write_all(rep)?;
        last = i + 1;
    }
    out.write_all(&text.as_bytes()[last..])
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_the_five_characters() {
        assert_eq!(
            super::escape(r#"Salt & "Pepper" <Deluxe> 'x' é"#),
            "Salt &amp; &quot;Pepper&quot; &lt;Deluxe&gt; &apos;x&apos; é"
        );
    }
}
