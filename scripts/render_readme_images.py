"""Draw the README's pictures: one position of each shipped game, as one of its players sees it.

    python scripts/render_readme_images.py

Each picture is a seeded random game stopped after a few decisions and drawn with ``Game.render``
(the same drawing as ``tabletop render``), written to ``docs/images/<ruleset>.svg``.  Same seeds,
same pictures.
"""
from __future__ import annotations

from pathlib import Path

from tabletop_core.drawing.samples import sample_game

ROOT = Path(__file__).resolve().parents[1]
#: ruleset, scenario, seed, decisions played, the player whose view is drawn
PICTURES = (
    ("goe85", "9th-company", 3, 120, "soviet"),
    ("orgun1983", "orgun-1983", 2, 60, "muj"),
    ("fubar", "recovery-team", 4, 40, "insurgents"),
)


def main() -> None:
    out = ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    for ruleset, scenario, seed, decisions, player in PICTURES:
        path = out / f"{ruleset}.svg"
        path.write_text(sample_game(ruleset, scenario, seed=seed, decisions=decisions).render(player), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({scenario}, seed {seed}, after {decisions} decisions, as {player})")


if __name__ == "__main__":
    main()
