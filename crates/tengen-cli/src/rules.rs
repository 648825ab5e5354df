//! `tengen rules [NAME]`: the named rulesets as a table, or one in full.

use tengen::rules::RulesetName;

/// Options of `tengen rules`.
#[derive(clap::Args)]
pub struct Args {
    /// Show this ruleset in full (any spelling, e.g. `japanese`, `GOE`, `NZ`).
    pub name: Option<String>,
}

/// The columns of the table: heading and rule key.
const COLUMNS: [(&str, &str); 10] = [
    ("scoring", "scoring"),
    ("ko", "ko"),
    ("long cycle", "long-cycle"),
    ("suicide", "suicide"),
    ("end", "end"),
    ("pass stones", "pass-stones"),
    ("dead stones", "dead-stones"),
    ("komi", "komi"),
    ("ties", "ties"),
    ("handicap", "handicap-placement"),
];

pub fn run(args: Args) -> Result<(), String> {
    match args.name {
        Some(name) => {
            let r: RulesetName = name.parse().map_err(|e| format!("{e}"))?;
            print!("{}", show(r));
        }
        None => print!("{}", table()),
    }
    Ok(())
}

/// One ruleset in full: every key, with its SGF `RU` name.
pub fn show(r: RulesetName) -> String {
    let rules = r.rules();
    let mut out = format!("{} (SGF RU[{}])\n", r.name(), r.sgf_name());
    let width = rules
        .entries()
        .iter()
        .map(|(k, _)| k.len())
        .max()
        .unwrap_or(0);
    for (k, v) in rules.entries() {
        out.push_str(&format!("  {k:<width$}  {v}\n"));
    }
    out
}

/// Every named ruleset, one row each, columns aligned.
pub fn table() -> String {
    let mut rows: Vec<Vec<String>> = vec![std::iter::once("name")
        .chain(COLUMNS.iter().map(|c| c.0))
        .map(String::from)
        .collect()];
    for r in RulesetName::ALL {
        let rules = r.rules();
        let mut row = vec![r.name().to_string()];
        row.extend(
            COLUMNS
                .iter()
                .map(|(_, k)| rules.get(k).unwrap_or_default()),
        );
        rows.push(row);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].len()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (n, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(v, w)| format!("{v:<w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
        if n == 0 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            out.push_str(&rule.join("  "));
            out.push('\n');
        }
    }
    out.push_str("\n`tengen rules NAME` shows every value of one ruleset; `tengen gtp` changes them with tengen-set-rule.\n");
    out
}
