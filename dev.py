#!/usr/bin/env python3
"""Bootstrap and run: needs only Python 3.11+.

    python3 dev.py play [ARGS...]   play an example game (examples/play_game.py ARGS)
    python3 dev.py test [PYTEST ARGS...]   run the test suite

Each command creates ``.venv`` when it is missing and (re)installs the package editable, with its
test extras and the template plug-in from ``examples/``, whenever the project files changed.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".tabletop-install"
INSTALL_INPUTS = ("pyproject.toml", "examples/tabletop-duel/pyproject.toml")


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for name in INSTALL_INPUTS:
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def _run(*args: str) -> None:
    subprocess.run(args, check=True, cwd=ROOT)


def ensure_environment() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"tabletop needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PYTHON.exists():
        print("creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = _fingerprint()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    print("installing tabletop into .venv ...", file=sys.stderr)
    pip = (str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q")
    # The distribution was called "tabletop" (a name taken on PyPI) before "tabletop-wargames":
    # drop an old editable install of it so that one distribution provides the packages.
    subprocess.run((str(PYTHON), "-m", "pip", "uninstall", "--disable-pip-version-check", "-q", "-y", "tabletop"),
                   cwd=ROOT, capture_output=True)
    _run(*pip, "-e", ".[test,dask]")
    # The template plug-in installs like any third-party plug-in (its own pyproject and entry point).
    _run(*pip, "--no-deps", "--no-build-isolation", "-e", "examples/tabletop-duel")
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__, file=sys.stderr)
        return 2
    ensure_environment()
    command, rest = argv[0], argv[1:]
    if command == "play":
        args = [str(PYTHON), str(ROOT / "examples" / "play_game.py"), *rest]
    else:
        args = [str(PYTHON), "-m", "pytest", "-q", "-p", "no:cacheprovider", *rest]
    return subprocess.run(args, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
