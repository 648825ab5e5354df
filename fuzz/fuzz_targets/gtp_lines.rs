//! The GTP engine on arbitrary input lines: no command panics, every response is a GTP
//! success or failure (`=` or `?`, with the command's id), and the engine stops at `quit`.
//! Lines naming an SGF command are left out: `loadsgf` and `printsgf FILE` read and write
//! files named by the controller, which a fuzzer must not do.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::rules::Rules;
use tengen_gtp::Engine;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut engine = Engine::new(Rules::default(), Some(1));
    for line in text.lines().take(64) {
        if line.to_ascii_lowercase().contains("sgf") {
            continue;
        }
        if let Some(response) = engine.execute(line) {
            assert!(
                response.starts_with('=') || response.starts_with('?'),
                "{line:?} -> {response:?}"
            );
            assert!(response.ends_with("\n\n"), "{line:?} -> {response:?}");
        }
        if engine.has_quit() {
            break;
        }
    }
});
