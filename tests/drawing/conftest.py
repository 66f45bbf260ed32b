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


class Page:
    """A page in a headless Chromium driven over the DevTools protocol (websocket-client, loopback only)."""

    def __init__(self, path: str, profile: str, url: str):
        import json
        import time
        import urllib.request
        from pathlib import Path

        import websocket

        self._json = json
        self.errors: list[str] = []
        self._id = 0
        self.proc = subprocess.Popen(
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={profile}",
             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--remote-allow-origins=*",
             "--window-size=1400,900", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        targets = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=10).read())
        socket_url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(socket_url, timeout=30, suppress_origin=True)
        self.call("Runtime.enable")
        self.call("Page.enable")
        self.call("Page.navigate", url=url)
        self._wait_for("Page.loadEventFired")

    def _receive(self) -> dict:
        message = self._json.loads(self.ws.recv())
        method = message.get("method")
        if method == "Runtime.exceptionThrown":
            details = message["params"]["exceptionDetails"]
            self.errors.append(details.get("exception", {}).get("description") or details.get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and message["params"]["type"] == "error":
            self.errors.append(" ".join(str(a.get("value", "")) for a in message["params"]["args"]))
        return message

    def _wait_for(self, method: str) -> None:
        while self._receive().get("method") != method:
            pass

    def call(self, method: str, **params) -> dict:
        self._id += 1
        self.ws.send(self._json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            message = self._receive()
            if message.get("id") == self._id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def eval(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def key(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code)

    def close(self) -> None:
        ws = getattr(self, "ws", None)
        if ws is not None:
            ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture
def page(chromium, tmp_path):
    """``page(url)`` opens a driven page; every page opened is closed after the test."""
    pytest.importorskip("websocket", reason="websocket-client is needed to drive the browser")
    opened: list[Page] = []

    def open_page(url: str) -> Page:
        opened.append(Page(chromium.path, str(tmp_path / f"profile-{len(opened)}"), url))
        return opened[-1]

    yield open_page
    for p in opened:
        p.close()
