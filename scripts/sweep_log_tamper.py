"""Log tamper sweep: every way of damaging a saved log must be detected — by the chain or the
header check on load, or by re-simulation (``verify``) — and none may give a traceback.

    python scripts/sweep_log_tamper.py --seeds 3 [--start 0] [--rulesets duel,orgun1983] [--lines 30]

Per game it saves the log and then tries, on copies: each line changed by one byte, deleted,
duplicated or swapped with the next; the file cut at several points; a non-UTF-8 byte; and
forgeries that re-chain the file consistently (a changed dice face, a changed action, a changed
header field), which only verify or the header check can catch.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import tabletop_core
from tabletop_core import TabletopError, gamelog

from sweep_common import Tally, arguments, cases, played


def rechained(lines: list[str]) -> list[str]:
    """A consistent forgery: recompute every hash after an edit, as anyone can without a key."""
    bodies = [json.loads(line) for line in lines]
    previous, out = gamelog.GENESIS, []
    for body in bodies:
        body.pop("hash", None)
        text, previous = gamelog._line(previous, body)
        out.append(text)
    return out


def forgeries(lines: list[str]):
    bodies = [json.loads(line) for line in lines]
    for number, body in enumerate(bodies):
        event = body.get("event")
        if isinstance(event, dict) and event.get("type") == "DiceRolled":
            faces = event["faces"]
            changed = [f % event_sides(event) + 1 for f in faces]
            if changed != faces:
                yield f"dice face at line {number + 1}", _edit(bodies, number, "event", {**event, "faces": changed,
                                                                                      "total": event["total"] - sum(faces) + sum(changed)})
                break
    for number, body in enumerate(bodies):
        event = body.get("event")
        if isinstance(event, dict) and event.get("type") == "ActionTaken":
            yield f"action player at line {number + 1}", _edit(bodies, number, "event", {**event, "player": "nobody"})
            break
    header = bodies[0]["header"]
    for field, value in (("ruleset_version", "0.0.1"), ("engine", "9.9.9"), ("format", "other/1"), ("seed", header["seed"] + 1)):
        yield f"header {field}", _edit(bodies, 0, "header", {**header, field: value})


def event_sides(event: dict) -> int:
    expression = event["expression"].lower()
    return int(expression.split("d", 1)[1].split("+")[0].split("-")[0].split("k")[0] or 6) if "d" in expression else 6


def _edit(bodies, number, key, value) -> list[str]:
    copy = [dict(b) for b in bodies]
    copy[number][key] = value
    return rechained([json.dumps(b) for b in copy])


def damaged(text: str, sample: int):
    """Damage at ``sample`` lines spread over the log (the first two and the last two always)."""
    lines = text.splitlines()
    step = max(1, len(lines) // max(1, sample))
    chosen = sorted({0, 1, len(lines) - 2, len(lines) - 1, *range(0, len(lines), step)})
    for i in chosen:
        line = lines[i]
        position = len(line) // 2
        flipped = line[:position] + ("x" if line[position] != "x" else "y") + line[position + 1:]
        yield f"byte changed on line {i + 1}", lines[:i] + [flipped] + lines[i + 1:], None
        yield f"line {i + 1} deleted", lines[:i] + lines[i + 1:], None
        yield f"line {i + 1} duplicated", lines[:i + 1] + lines[i:], None
        if i + 1 < len(lines):
            yield f"lines {i + 1}-{i + 2} swapped", lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:], None
    raw = text.encode()
    for cut in sorted({len(raw) // 3, len(raw) // 2, len(raw) - 2, len(raw) - 1}):
        yield f"cut at byte {cut}", None, raw[:cut]
    middle = raw.find(b"\n", len(raw) // 2) + 5
    yield "a non-UTF-8 byte", None, raw[:middle] + b"\xff" + raw[middle:]


def attempt(path: Path) -> str:
    """'detected' if loading or verifying refuses the file with a typed error, 'accepted' otherwise."""
    try:
        game = tabletop_core.load_game(path)
        game.verify()
    except TabletopError:
        return "detected"
    return "accepted"


def main() -> int:
    args = arguments(__doc__.splitlines()[0], seeds=2, extra=[("--lines", 30, "lines of each log damaged")])
    tally = Tally("log tamper sweep")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "log.jsonl"
        for ruleset, scenario, variants, seed in cases(args):
            game = played(ruleset, scenario, variants, seed)
            game.save(path)
            original = path.read_bytes()
            text = original.decode()
            attacks = list(damaged(text, args.lines)) + [(name, lines, None) for name, lines in forgeries(text.splitlines())]
            for name, lines, data in attacks:
                data = data if data is not None else ("\n".join(lines) + "\n").encode()
                if data == original:
                    tally.ok("unchanged (skipped)")
                    continue
                path.write_bytes(data)
                where = f"{ruleset}/{scenario} seed {seed}: {name}"

                def check() -> None:
                    outcome = attempt(path)
                    if outcome == "accepted":
                        raise AssertionError("a damaged log loaded and re-simulated as if intact")
                    tally.ok("tampered logs detected")

                tally.guard(where, check)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
