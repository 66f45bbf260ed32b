"""Save/load sweep: at every decision of seeded random games, save; load; the loaded game must
have the same digest and decision, save to the same bytes, and — continued with the same actions
— end in the same state as the original.

    python scripts/sweep_save_load.py --seeds 3 [--start 0] [--rulesets duel,fubar]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import tabletop_core
from tabletop_core.events import ActionTaken

from sweep_common import Tally, arguments, cases, played, start


def main() -> int:
    args = arguments(__doc__.splitlines()[0], seeds=2)
    tally = Tally("save/load sweep")
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp) / "a.jsonl", Path(tmp) / "b.jsonl"
        for ruleset, scenario, variants, seed in cases(args):
            reference = played(ruleset, scenario, variants, seed)
            actions = [(e.player, e.action) for e in reference.events if type(e) is ActionTaken]
            game = start(ruleset, scenario, variants, seed)
            for done, (player, action) in enumerate(actions):
                where = f"{ruleset}/{scenario} seed {seed} decision {done}"

                def check() -> None:
                    game.save(first)
                    loaded = tabletop_core.load_game(first)
                    assert loaded.digest() == game.digest(), "the loaded state differs"
                    assert loaded.decision == game.decision, "the loaded game asks another decision"
                    loaded.save(second)
                    assert first.read_bytes() == second.read_bytes(), "save -> load -> save changed the bytes"
                    if done % 25 == 0:  # continuing to the end is the slow part: every 25th decision
                        for who, what in actions[done:]:
                            loaded.apply(what, player=who)
                        assert loaded.digest() == reference.digest(), "continued from the save, it ends elsewhere"
                        tally.ok("saves continued to the end")
                    tally.ok("decisions saved and loaded")

                tally.guard(where, check)
                game.apply(action, player=player)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
