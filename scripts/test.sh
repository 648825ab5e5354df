#!/usr/bin/env bash
# Runs every test of the project. Needs GNU Go (/usr/games/gnugo) for the differential
# tests: `.ci/run` installs it; on a machine without it, `apt-get install gnugo`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --all-targets "$@"
cargo test --workspace --doc
