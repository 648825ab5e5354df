//! `tengen compare FILE`: a record under every named ruleset, one row each: its result
//! there and whether every move is legal there, or the first one that is not. The table
//! is [`tengen_server::compare`]'s, the one the review page shows.

use crate::records::{print_json, print_text, Record, ScoringArgs};
use std::process::ExitCode;
use tengen_server::compare::{compare_tree, Agreement, CompareOptions, Comparison};

/// Options of `tengen compare`.
#[derive(clap::Args)]
pub struct Args {
    /// The record, its komi, dead stones and output form (komi, if given, for every
    /// ruleset).
    #[command(flatten)]
    pub scoring: ScoringArgs,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let args = args.scoring;
    let record = Record::read(&args.file).map_err(|p| p.to_string())?;
    let options = CompareOptions {
        game: args.line.game,
        variation: args.line.variation.clone(),
        komi: args.komi,
        dead: args.dead.into(),
        skip_scoring: false,
    };
    let tree = record.tree(args.line.game)?;
    let comparison = compare_tree(&record.file, tree, &record.path, &options);
    if args.json {
        print_json(&comparison)?;
    } else {
        print_text(&text(&comparison))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The table for people: aligned columns, the long legality text last.
fn text(c: &Comparison) -> String {
    let re = c
        .record_result
        .as_ref()
        .map_or("no RE".to_string(), |r| format!("RE[{r}]"));
    let mut out = format!(
        "{}: {} moves, {re}; dead stones: {}\n\n",
        c.file,
        c.moves,
        match c.dead {
            "from-record" => "from the record's TB/TW",
            other => other,
        }
    );
    let mut rows: Vec<[String; 5]> = vec![[
        "ruleset".into(),
        "komi".into(),
        "result".into(),
        "vs RE".into(),
        "legality".into(),
    ]];
    for r in &c.rows {
        let legality = match &r.first_illegal {
            None => "all legal".to_string(),
            Some(f) => {
                let more = match r.illegal_moves {
                    0 | 1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                format!("move {} {} {}: {}{more}", f.number, f.color, f.gtp, f.rule)
            }
        };
        rows.push([
            r.ruleset.to_string(),
            r.komi.clone(),
            r.result.clone(),
            r.agreement.verdict().to_string(),
            legality,
        ]);
    }
    let width = |k: usize| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2), width(3)];
    for r in &rows {
        let cells: Vec<String> = (0..4)
            .map(|k| format!("{:<w$}", r[k], w = widths[k]))
            .collect();
        out.push_str(&format!("{}  {}\n", cells.join("  "), r[4]));
    }
    // A recorded margin no count reaches explains every "differs" of its rows.
    let mut komis: Vec<&str> = c
        .rows
        .iter()
        .filter_map(|r| match &r.agreement {
            Agreement::Differs {
                unreachable_under_komi: Some(k),
                ..
            } => Some(k.as_str()),
            _ => None,
        })
        .collect();
    komis.dedup();
    if !komis.is_empty() {
        out.push_str(&format!(
            "\n{re} is a margin no count reaches under komi {} (its half point is not the \
             komi's): the record's KM or RE is wrong\n",
            komis.join(" or ")
        ));
    }
    out
}
