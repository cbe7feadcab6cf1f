"""The core is typed: mypy must accept it (DESIGN.md, engine conventions)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("mypy") is None and not (Path(sys.prefix) / "bin/mypy").exists(),
                    reason="mypy is not installed (it is in requirements.txt)")
def test_mypy_accepts_the_package() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "maca"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
