//! Shared by the estimator's examples: their printing.

/// `println!` that ends the program quietly when stdout is closed (piped into `head`).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}
