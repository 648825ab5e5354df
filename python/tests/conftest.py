"""Shared helpers of the Python tests: the repository's paths and the `tengen` binary."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
GOBAN = pathlib.Path("/usr/share/goban")


def tengen_bin() -> pathlib.Path:
    """The `tengen` command-line binary that `cargo build -p tengen-cli` made (or
    $TENGEN_BIN), so that the tests compare the package with the command line."""
    env = os.environ.get("TENGEN_BIN")
    if env:
        path = pathlib.Path(env)
        return path if path.is_absolute() else REPO / path
    target = os.environ.get("CARGO_TARGET_DIR", str(REPO / "target"))
    return pathlib.Path(target) / "debug" / "tengen"


def run_tengen(*args: str) -> subprocess.CompletedProcess:
    """Runs the CLI; the caller checks the exit code it expects."""
    binary = tengen_bin()
    if not binary.exists():
        pytest.fail(f"{binary} is missing: build it with `cargo build -p tengen-cli`")
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=600)


def need_goban() -> None:
    """Skips unless Debian's goban-original-games is installed (`.ci/run` installs it)."""
    if not GOBAN.is_dir():
        pytest.skip("needs Debian's goban-original-games records in /usr/share/goban")
