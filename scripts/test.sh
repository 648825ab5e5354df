#!/usr/bin/env bash
# Runs every test of the project:
# - the Rust tests of every crate (GNU Go /usr/games/gnugo for the differential tests, the
#   goban-original-games records, PostgreSQL's server binaries for the multi-node test:
#   the test starts a private cluster itself);
# - the web board end to end in a real headless Chromium (/usr/bin/chromium) driven by
#   playwright-core from npm, against a real `tengen serve`, and its smoke test in Firefox
#   (/usr/bin/firefox-esr over WebDriver BiDi with puppeteer-core);
# - the Python package (python/): a virtual environment under target/ gets maturin, numpy,
#   pytest and hypothesis from the Python registry, `pip install ./python` builds the
#   extension (release mode) into it, and pytest runs python/tests against it and against
#   the `tengen` binary built here.
# `.ci/run` installs all of these (apt-get install gnugo goban-original-games postgresql
# chromium firefox-esr) and then runs this script.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --all-targets "$@"
cargo test --workspace --doc
# The fuzz targets (fuzz/, outside the workspace) still compile against the crates they
# drive; running them needs cargo-fuzz and is left to the README's commands.
cargo check --manifest-path fuzz/Cargo.toml --bins --quiet
# Every public item documented, every link resolved (issue 15): warnings fail the run.
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
cargo build -p tengen-cli
if [ ! -d web/node_modules/playwright-core ] || [ ! -d web/node_modules/puppeteer-core ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
export TENGEN_BIN="${CARGO_TARGET_DIR:-target}/debug/tengen"
venv="${CARGO_TARGET_DIR:-target}/python-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check maturin numpy pytest hypothesis
# Without build isolation the venv's maturin builds the wheel; it must be on PATH for that.
PATH="$(cd "$venv/bin" && pwd):$PATH" "$venv/bin/pip" install -q --disable-pip-version-check \
  --no-build-isolation ./python
"$venv/bin/python" -m pytest -q python/tests
node web/tests/firefox.mjs
node web/tests/e2e.mjs
