"""Headless Chromium for the replay viewer's tests, installed from the system packages if missing.

CI runs on a fresh machine as root: the first test that needs the browser installs Debian's
``chromium`` with apt-get, once per session.  Where that cannot be done (not root, no apt-get, no
package) the browser tests skip and say why.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT = 90


def _find() -> str | None:
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _install() -> str:
    """Install Debian's chromium; returns why it could not be done ("" when it was)."""
    if os.name != "posix" or os.geteuid() != 0:
        return "Chromium is not installed and the tests do not run as root to apt-get install it"
    if shutil.which("apt-get") is None:
        return "Chromium is not installed and this system has no apt-get"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", "chromium"]
    done = subprocess.run(install, capture_output=True, text=True, env=env, timeout=1200)
    if done.returncode != 0:  # a fresh machine may not have the package lists yet
        subprocess.run(["apt-get", "update"], capture_output=True, text=True, env=env, timeout=600)
        done = subprocess.run(install, capture_output=True, text=True, env=env, timeout=1200)
    if done.returncode != 0:
        return f"apt-get install chromium failed: {done.stderr.strip().splitlines()[-1:] or done.returncode}"
    return ""


class Chromium:
    """One headless browser run per call; console errors come back with the result."""

    def __init__(self, path: str, profile: str):
        self.path = path
        self.profile = profile

    def _run(self, url: str, *flags: str) -> subprocess.CompletedProcess:
        args = [self.path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                f"--user-data-dir={self.profile}", "--enable-logging=stderr", "--v=0", *flags, url]
        return subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT)

    def dom(self, url: str) -> tuple[str, list[str]]:
        """The page's DOM after its scripts ran, and the script errors the console reported."""
        done = self._run(url, "--dump-dom")
        return done.stdout, errors_in(done.stderr)

    def screenshot(self, url: str, path, width: int = 1400, height: int = 900) -> list[str]:
        done = self._run(url, f"--screenshot={path}", f"--window-size={width},{height}")
        return errors_in(done.stderr)


def errors_in(log: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r'CONSOLE[^\]]*\] "((?:Uncaught|Error)[^"]*)"', log)]


@pytest.fixture(scope="session")
def chromium(tmp_path_factory) -> Chromium:
    path = _find()
    if path is None:
        why = _install()
        path = _find()
        if path is None:
            pytest.skip(why or "Chromium was installed but is not on PATH")
    return Chromium(path, str(tmp_path_factory.mktemp("chromium-profile")))
