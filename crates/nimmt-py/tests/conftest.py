"""Shared helpers of the package's tests: the nimmt command line, if built, and the arena's seeds."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MASK = (1 << 64) - 1


def mix(seed, index):
    """The arena's seed of `index` from `seed` (SplitMix64, as nimmt_bots::arena::mix)."""
    z = (seed + ((index + 1) * 0x9E3779B97F4A7C15 & MASK) + 0x632BE59BD9B4E019) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def nimmt_binary():
    """The `nimmt` command: $NIMMT_BIN, a build in target/, or one on the PATH."""
    candidates = [os.environ.get("NIMMT_BIN")]
    candidates += [str(ROOT / "target" / p / "nimmt") for p in ("debug", "release")]
    candidates.append(shutil.which("nimmt"))
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


@pytest.fixture
def cli():
    """Runs the nimmt command line; skips when it is not built."""
    binary = nimmt_binary()
    if binary is None:
        pytest.skip("the nimmt command is not built (cargo build -p nimmt, or set NIMMT_BIN)")

    def run(*args):
        done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run
