//! Engine command lines split into words as a POSIX shell would, without running a shell:
//! blanks separate words; `'...'` keeps everything literally; `"..."` keeps everything but
//! `\"`, `\\`, `` \` `` and `\$`, which lose their backslash; outside quotes a backslash
//! keeps the next character. Nothing is expanded (no variables, globs or `~`).

/// The words of `line`, or why it cannot be split (an unclosed quote, nothing to run).
pub fn split(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(unclosed(line, '\'')),
                    }
                }
            }
            '"' => double_quoted(&mut chars, word.get_or_insert_with(String::new), line)?,
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                // A backslash at the very end stands for itself.
                w.push(chars.next().unwrap_or('\\'));
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err("an engine command line must name a program".into());
    }
    Ok(words)
}

/// The rest of a `"..."` word, after its opening quote.
fn double_quoted(chars: &mut std::str::Chars, w: &mut String, line: &str) -> Result<(), String> {
    loop {
        match chars.next() {
            Some('"') => return Ok(()),
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\' | '`' | '$')) => w.push(c),
                Some(c) => {
                    w.push('\\');
                    w.push(c);
                }
                None => return Err(unclosed(line, '"')),
            },
            Some(c) => w.push(c),
            None => return Err(unclosed(line, '"')),
        }
    }
}

fn unclosed(line: &str, quote: char) -> String {
    format!("unclosed {quote} in the engine command line {line:?}")
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn words_and_quotes() {
        assert_eq!(
            split("  gnugo --mode gtp   --level 1 ").unwrap(),
            ["gnugo", "--mode", "gtp", "--level", "1"]
        );
        assert_eq!(
            split(r#"'/opt/my engine/bin' -c "a b\"c" x\ y '' """#).unwrap(),
            ["/opt/my engine/bin", "-c", "a b\"c", "x y", "", ""]
        );
        assert_eq!(split(r#"a"b"'c'd"#).unwrap(), ["abcd"]);
        assert_eq!(split(r#""\n\$""#).unwrap(), ["\\n$"]);
    }

    #[test]
    fn errors() {
        assert!(split("   ").is_err());
        assert!(split("engine 'open").unwrap_err().contains("unclosed '"));
        assert!(split("engine \"open").unwrap_err().contains("unclosed \""));
    }
}
