"""Replay a log from Python: rebuild the game, print its narration, digest and result, verify it.

    python examples/replay_log.py PATH
"""
import sys

import tabletop_core


def main(path: str) -> None:
    game = tabletop_core.load_game(path)  # checks every line's hash and the end line
    for _event, line in game.narrated():  # folds again, narrating as the state grows
        if line:
            print(line)
    print(f"digest: {game.digest()}")
    print(f"result: {game.result}")
    game.verify()
    print("verified: re-simulation from the seed and actions matches every event")


if __name__ == "__main__":
    main(sys.argv[1])
