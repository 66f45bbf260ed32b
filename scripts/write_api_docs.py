"""Write docs/api.md, the API reference, from the docstrings of the core's public modules.

    python scripts/write_api_docs.py [--check]

Public means: named in a module's ``__all__`` if it has one, else every name not starting with
``_`` that the module itself defines.  ``--check`` exits 1 if docs/api.md is not what this
script would write (run it after changing a docstring or a signature).
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "api.md"
ADDRESS = re.compile(r" at 0x[0-9a-f]+>")
MODULES = (
    "tabletop_core", "tabletop_core.game", "tabletop_core.rules", "tabletop_core.values", "tabletop_core.state",
    "tabletop_core.context", "tabletop_core.events", "tabletop_core.agents", "tabletop_core.runner",
    "tabletop_core.referee", "tabletop_core.testing", "tabletop_core.gamelog", "tabletop_core.reveal",
    "tabletop_core.data", "tabletop_core.decks", "tabletop_core.dice", "tabletop_core.plugins",
    "tabletop_core.hookspecs", "tabletop_core.errors", "tabletop_core.batch",
)


def public_names(module) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is not None:
        return sorted(names)
    return sorted(name for name, value in vars(module).items()
                  if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
                  and (inspect.isclass(value) or inspect.isfunction(value)))


def signature(obj) -> str:
    try:
        text = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return ""
    return ADDRESS.sub(">", text)  # a default that is a function: its name, not where it sits in memory


def members(cls) -> list[tuple[str, object]]:
    found = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if inspect.isfunction(value) or isinstance(value, (property, classmethod, staticmethod)):
            found.append((name, value))
    return found


def doc_of(obj) -> str:
    return inspect.cleandoc(obj.__doc__) if getattr(obj, "__doc__", None) else ""


def render() -> str:
    out = ["# API reference", "",
           "Generated from the docstrings by `scripts/write_api_docs.py`; do not edit by hand.", ""]
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        out += [f"## `{module_name}`", "", doc_of(module), ""]
        if module_name == "tabletop_core":
            out += ["Names: " + ", ".join(f"`{n}`" for n in public_names(module)), ""]
            continue
        for name in public_names(module):
            obj = getattr(module, name)
            if inspect.isclass(obj):
                out += [f"### class `{name}{signature(obj)}`", "", doc_of(obj), ""]
                for member, value in members(obj):
                    target = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                    kind = "property " if isinstance(value, property) else ""
                    sig = "" if isinstance(value, property) else signature(target)
                    text = doc_of(target)
                    out += [f"- {kind}`{member}{sig}`" + (f": {text.splitlines()[0]}" if text else "")]
                out.append("")
            elif callable(obj):
                out += [f"### `{name}{signature(obj)}`", "", doc_of(obj), ""]
    return "\n".join(line.rstrip() for line in out).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = render()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run scripts/write_api_docs.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
