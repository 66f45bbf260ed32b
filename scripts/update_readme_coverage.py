"""Rewrite the README's rules-coverage section from docs/coverage/*.md (one table per game).

    python scripts/update_readme_coverage.py
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"
GAMES = (("goe85", "'85 Graveyard of Empires"), ("orgun1983", "Orgun 1983"), ("fubar", "FUBAR"))


def main() -> None:
    readme = ROOT / "README.md"
    text = readme.read_text()
    parts = [START]
    for key, title in GAMES:
        doc = ROOT / "docs" / "coverage" / f"{key}.md"
        body = doc.read_text().strip().splitlines()
        if body and body[0].startswith("# "):
            body = body[1:]
        parts.append(f"\n### {title}\n(from `docs/coverage/{key}.md`)\n")
        # the doc's own headings sit two levels under the game's heading
        parts.append("\n".join(("##" + line if line.startswith("#") else line) for line in body).strip())
    parts.append(END)
    section = "\n".join(parts)
    if START in text:
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        text = head + section + tail
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    readme.write_text(text)


if __name__ == "__main__":
    main()
