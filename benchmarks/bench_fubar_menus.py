"""FUBAR suggested-move menus alone: CPU time per menu (``move_menu.move_options``) on positions from play.

    python benchmarks/bench_fubar_menus.py [GAMES] [--rounds R]
    python benchmarks/compare_commits.py 5920945 HEAD --rounds 3 -- benchmarks/bench_fubar_menus.py 20

For every scenario and edition, plays GAMES seeded random games (random against random), keeping
each step-two move menu's question (state, unit, mode, allowances) as play asks it; then answers
them all again, in order, R times, and prints the least CPU time per menu: with the measuring
caches emptied before each round ("cold": every sight line drawn anew, the dearest case; play
has drawn some of them before its menus) and with them holding every answer the menus asked
("warm": the menu's own work, its geometry answered by the caches).  The
games themselves are the library's as a user runs them; only the replay is timed.  A digest of
every menu's answer is printed as a ``check:`` line (the same on both sides of a comparison that
keeps the menus identical).
"""
from __future__ import annotations

import hashlib
import sys
import time

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import action_menu, measure, move_menu
from rules_fubar import rules as fubar_rules

SCENARIOS = ("recovery-team", "meeting-engagement", "cordon-and-search")


def menu_questions(scenario: str, variants: tuple[str, ...], games: int) -> list[tuple]:
    """Every ``move_options`` question of ``games`` seeded random games, in the order play asks them."""
    asked: list[tuple] = []
    menus = action_menu.move_menu.move_options

    def keep(rules, state, u, mode, allowances=None):
        asked.append((state, u, mode, allowances))
        return menus(rules, state, u, mode, allowances)

    action_menu.move_menu.move_options = keep
    try:
        for seed in range(games):
            game = new_game("fubar", scenario, seed=seed, variants=variants)
            seats = agents_for(game, "random,random")
            while not game.over:
                d = game.decision
                game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    finally:
        action_menu.move_menu.move_options = menus
    return asked


def _empty_caches() -> None:
    """The measuring caches a menu fills: every table's ``Measure`` and the lru caches on positions."""
    fubar_rules._measure.cache_clear()
    move_menu.cover_in_reach.cache_clear()
    measure._centre.cache_clear()
    measure._figures_apart.cache_clear()


def replay(scenario: str, variants: tuple[str, ...], asked: list[tuple], rounds: int, cold: bool) -> tuple[float, str]:
    """The least CPU seconds of ``rounds`` replays of ``asked``, and a digest of the menus."""
    best, digest = float("inf"), ""
    for _ in range(rounds):
        if cold:
            _empty_caches()
        rules = new_game("fubar", scenario, seed=0, variants=variants).rules
        h = hashlib.sha256()
        t0 = time.process_time()
        answers = [move_menu.move_options(rules, state, u, mode, allowances) for state, u, mode, allowances in asked]
        best = min(best, time.process_time() - t0)
        for a in answers:
            h.update(repr(a).encode())
        digest = h.hexdigest()[:16]
    return best, digest


def main(argv: list[str]) -> int:
    rounds = 5
    if "--rounds" in argv:
        k = argv.index("--rounds")
        rounds = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2:]
    games = int(argv[0]) if argv else 20
    print(f"FUBAR step-two move menus: {games} random games per scenario and edition, least of {rounds} replays")
    for scenario in SCENARIOS:
        for edition in ("base", "lwtv"):
            variants = () if edition == "base" else (edition,)
            asked = menu_questions(scenario, variants, games)
            for cold in (True, False):
                cpu, digest = replay(scenario, variants, asked, rounds, cold)
                caches = "cold" if cold else "warm"
                name = f"{scenario} {edition} {caches}"
                print(f"  {name:32s} {len(asked):5d} menus {cpu / len(asked) * 1e6:7.1f} us a menu")
                print(f"figure: {name} menus per CPU s = {len(asked) / cpu:.0f}")
            print(f"check: {scenario} {edition} menus = {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
