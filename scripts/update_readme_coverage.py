"""Rewrite the README's rules-coverage section: one summary line per game, counted from the
tables in docs/coverage/*.md (which hold the full tables and each game's readings).

    python scripts/update_readme_coverage.py
"""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"
GAMES = (("goe85", "'85 Graveyard of Empires"), ("orgun1983", "Orgun 1983"), ("fubar", "FUBAR"))
STATUSES = ("done", "partial", "absent")


def summary(key: str) -> str:
    """``N done, N partial, N absent (of N)`` from the rows of a coverage table."""
    counts = dict.fromkeys(STATUSES, 0)
    seen = set()
    rule_id = re.compile(rf"{re.escape(key)}:[\w:.\-]+")
    for line in (ROOT / "docs" / "coverage" / f"{key}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        found = rule_id.search(cells[0]) if cells else None
        if found is None or found.group() in seen:
            continue
        words = [re.sub(r"[^a-z]", "", c.split(" ")[0].lower()) for c in cells[1:] if c]
        status = next((w for w in words if w in STATUSES), None)
        if status is not None:
            seen.add(found.group())
            counts[status] += 1
    return ", ".join(f"{counts[s]} {s}" for s in STATUSES) + f" (of {len(seen)} rule ids)"


def section() -> str:
    lines = [START]
    for key, title in GAMES:
        lines.append(f"- **{title}** (`rules_{key}`): {summary(key)} — [table and readings](docs/coverage/{key}.md)")
    lines.append(END)
    return "\n".join(lines)


def main() -> None:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    if START in text:
        head, rest = text.split(START, 1)
        text = head + section() + rest.split(END, 1)[1]
    else:
        text = text.rstrip() + "\n\n" + section() + "\n"
    readme.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
