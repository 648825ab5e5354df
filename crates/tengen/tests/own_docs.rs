//! The project's documentation stands on its own in a fresh clone: no file of the project
//! points to the specification outside it (the shared rules text the project was written
//! from); every reference to the rules goes to `docs/rules.md`, which the clone has.

use std::fs;
use std::path::{Path, PathBuf};

/// The kinds of file that hold code or documentation.
const TEXT: [&str; 11] = [
    "rs", "py", "pyi", "md", "js", "mjs", "html", "css", "sh", "toml", "json",
];

/// Folders that are not the project's own text.
const SKIP: [&str; 5] = ["target", "node_modules", ".git", "artifacts", "fixtures"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !SKIP.contains(&name.as_str()) {
                files(&path, out);
            }
        } else if path
            .extension()
            .is_some_and(|e| TEXT.contains(&e.to_string_lossy().as_ref()))
        {
            out.push(path);
        }
    }
}

#[test]
fn no_file_points_outside_the_project_for_its_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut all = Vec::new();
    for top in ["crates", "docs", "python", "web", "scripts", "README.md"] {
        let path = root.join(top);
        if path.is_file() {
            all.push(path);
        } else {
            files(&path, &mut all);
        }
    }
    assert!(
        all.len() > 50,
        "the project's files were found ({})",
        all.len()
    );
    // Spelled in pieces so that this file does not match itself.
    let outside = [["RULES", ".md"].concat(), ["../", "shared"].concat()];
    let mut found = Vec::new();
    for path in &all {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if outside.iter().any(|o| line.contains(o.as_str())) {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "references outside the project:\n{}",
        found.join("\n")
    );
}

/// Every `docs/rules.md §N` or `§N.M` a file cites is a section heading there.
#[test]
fn every_cited_rules_section_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rules = fs::read_to_string(root.join("docs/rules.md")).expect("docs/rules.md");
    let sections: Vec<String> = rules
        .lines()
        .filter(|l| l.starts_with("## ") || l.starts_with("### "))
        .filter_map(|l| l.split_whitespace().nth(1))
        .map(|n| n.trim_end_matches('.').to_string())
        .collect();
    assert!(sections.contains(&"5.2".to_string()), "{sections:?}");
    let mut all = Vec::new();
    for top in ["crates", "docs", "python", "web", "scripts"] {
        files(&root.join(top), &mut all);
    }
    all.push(root.join("README.md"));
    let mut missing = Vec::new();
    for path in &all {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        for (at, _) in text.match_indices("rules.md §") {
            let cited: String = text[at + "rules.md §".len()..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let cited = cited.trim_end_matches('.');
            // (This file names the pattern without a number.)
            if !cited.is_empty() && !sections.iter().any(|s| s == cited) {
                missing.push(format!("{}: §{cited}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "sections cited but not in docs/rules.md:\n{}",
        missing.join("\n")
    );
}
