//! Character sets: SGF files say theirs in the root's `CA` (FF\[4\] §CA); UTF-8 is assumed
//! without one. Old files without `CA` that are not valid UTF-8 were written in their
//! author's legacy character set (GB2312 in China, Shift_JIS in Japan, EUC-KR in Korea,
//! Latin-1 in Europe...): chardetng, Firefox's detector for legacy web pages, guesses which
//! from the bytes, and the guess is reported as a warning.

use encoding_rs::Encoding;

/// The text of a file, decoded, with the character set used and any problem.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The text as UTF-8.
    pub text: String,
    /// The character set's canonical name (`UTF-8`, `windows-1252`, `GBK`, ...).
    pub charset: &'static str,
    /// A problem to report, if any: an unknown `CA`, undecodable bytes, a guessed charset.
    pub warning: Option<String>,
}

/// Finds the first `CA[...]` in the raw bytes: its value is ASCII in every charset.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    // A vectorised search (this runs over every byte of every file read).
    for at in memchr::memmem::find_iter(bytes, b"CA[") {
        // `CA` must be a whole identifier: not the tail of another one such as `DCA[`.
        if at > 0 && bytes[at - 1].is_ascii_alphabetic() {
            continue;
        }
        let rest = &bytes[at + 3..];
        let end = memchr::memchr(b']', rest)?;
        return std::str::from_utf8(&rest[..end])
            .ok()
            .map(|s| s.trim().to_string());
    }
    None
}

/// Decodes the bytes of an SGF file.
pub fn decode(bytes: &[u8]) -> Decoded {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let declared = declared_charset(bytes);
    let mut warning = None;
    let encoding = match declared.as_deref() {
        Some(label) => match Encoding::for_label(label.as_bytes()).or_else(|| alias(label)) {
            Some(e) => Some(e),
            None => {
                warning = Some(format!("unknown character set CA[{label}]: read as UTF-8"));
                None
            }
        },
        None => None,
    };
    if let Some(enc) = encoding {
        let (text, used, bad) = enc.decode(bytes);
        if bad {
            warning = Some(format!(
                "bytes that are not valid {} were replaced",
                used.name()
            ));
        }
        return Decoded {
            text: text.into_owned(),
            charset: used.name(),
            warning,
        };
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Decoded {
            text: s.to_string(),
            charset: "UTF-8",
            warning,
        },
        Err(_) => {
            let guessed = guess(bytes);
            let (text, used, _) = guessed.decode(bytes);
            let why = format!(
                "not valid UTF-8 and no CA property: read as {} (guessed)",
                common_name(used)
            );
            Decoded {
                text: text.into_owned(),
                charset: used.name(),
                warning: warning.or(Some(why)),
            }
        }
    }
}

/// The legacy character set `bytes` are most likely in (never UTF-8: they are not valid
/// UTF-8). No top-level domain is known, so no region is favoured.
fn guess(bytes: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    detector.guess(None, false)
}

/// The name people know a character set by, for messages.
fn common_name(encoding: &'static Encoding) -> &'static str {
    if encoding == encoding_rs::WINDOWS_1252 {
        "Latin-1"
    } else {
        encoding.name()
    }
}

/// Spellings seen in SGF files that the WHATWG labels lack.
fn alias(label: &str) -> Option<&'static Encoding> {
    match label
        .to_ascii_lowercase()
        .replace(['-', '_', ' '], "")
        .as_str()
    {
        "sjis" | "shiftjis" | "mskanji" | "cp932" => Some(encoding_rs::SHIFT_JIS),
        "latin1" | "iso88591" | "iso8859" => Some(encoding_rs::WINDOWS_1252),
        "utf8" => Some(encoding_rs::UTF_8),
        "gb2312" | "gbk" | "cp936" | "gb18030" => Some(encoding_rs::GB18030),
        "euckr" | "ksc5601" | "cp949" => Some(encoding_rs::EUC_KR),
        "big5" => Some(encoding_rs::BIG5),
        _ => None,
    }
}
