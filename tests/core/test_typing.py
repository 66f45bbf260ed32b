"""``mypy --strict`` on the whole core package: every module of ``src/tabletop_core`` passes it
and must keep passing (the libraries that ship no types are named in ``[tool.mypy]``)."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is in the test extra")
def test_the_core_package_passes_mypy_strict():
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          str(ROOT / "src" / "tabletop_core")], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:]
