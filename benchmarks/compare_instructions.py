"""Instructions per decision of random (or agent) play, old commit against new, counted by callgrind.

    python benchmarks/compare_instructions.py OLD NEW [--games N] [--agents A,B] -- RULESET SCENARIO [VARIANT...]
    python benchmarks/compare_instructions.py 2b35d60 HEAD --games 5 -- fubar meeting-engagement lwtv

Timing cannot see a change of a few per cent on a shared host; an instruction count can: for the
same interpreter, code, inputs and ``PYTHONHASHSEED`` callgrind counts the same instructions
whatever else the machine runs.  Each side (a git revision, exported as ``compare_commits.py``
does, or a directory holding a checkout, copied) plays seeds 0..N-1 of the scenario under
``valgrind --tool=callgrind``, after one warm-up game (seed 10,000) that fills the caches a batch
would have warm.  Only the N games are counted: the child calls ``os.getppid()`` just before and
just after them, and callgrind dumps its counts at each call (``--dump-before=getppid``), so the
second part is the games alone (start-up, imports and the warm-up cost some 4,000 M instructions
whose count moves by a few million with the files' paths and times: a difference of two runs
would carry that into a game of 100 M).  The games are played with the garbage collector on, as a user plays them (its passes are as
deterministic as the rest).  Printed: instructions per decision and per game on each side, the
ratio, and whether both sides played the same games (decisions and final digests).

Callgrind runs Python about 50× slower: five games of a FUBAR scenario take a minute a side.
Instruction counts are not time (a cache miss costs more than an add), so a speed-up claimed
from them is also timed with ``compare_commits.py``.
"""
from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from compare_commits import REPO, checkout, old_new_and_command  # noqa: E402  (a sibling script, not a package)

TOTALS = re.compile(r"^(?:summary|totals):\s+(\d+)", re.MULTILINE)
WARM_UP_SEED = 10_000

#: Run in the child: play the warm-up game and seeds 0..N-1, print "decisions N" and the digests.
PLAY = """
import os
import sys
from tabletop_core import agents_for, new_game, play
ruleset, scenario, games, agents, *variants = sys.argv[1:]
def one(seed):
    game = new_game(ruleset, scenario, seed=seed, variants=tuple(variants))
    play(game, agents_for(game, agents))
    return game
one({warm})
decisions, digests = 0, []
os.getppid()  # callgrind dumps here: what comes before is not counted
for seed in range(int(games)):
    game = one(seed)
    decisions += game.state.decisions
    digests.append(game.digest())
os.getppid()  # and here: the part between is the games
print("decisions", decisions)
print("digests", " ".join(digests))
""".format(warm=WARM_UP_SEED)


def instructions(callgrind_out: str) -> int:
    """The total instruction count (Ir) a callgrind output file reports."""
    found = TOTALS.findall(callgrind_out)
    if not found:
        raise ValueError("no 'summary:' or 'totals:' line: not a callgrind output file")
    return int(found[-1])


def exported(stack: ExitStack, revision: str) -> Path:
    """``revision``'s ``src`` (``compare_commits.checkout``) copied into a temporary directory, file
    by file in sorted order, whatever it came from (a git export, this working tree, a checkout):
    both sides then run from paths of the same length whose directories were written in the same
    order.  A path's length moves later allocations, and with them the order of identity-hashed
    sets; with start-up counted, the same code read up to 3.7% apart from a working tree and from
    an export (how much of that each of the two causes, with only the games counted, is not
    measured: both are levelled here)."""
    tree = checkout(stack, revision)
    where = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="compare-")))
    _copy_sorted(tree / "src", where / "src")
    return where


def _copy_sorted(source: Path, target: Path) -> None:
    target.mkdir()
    for entry in sorted(source.iterdir(), key=lambda p: p.name):
        if entry.name == "__pycache__" or entry.name.endswith(".egg-info"):
            continue
        if entry.is_dir():
            _copy_sorted(entry, target / entry.name)
        else:
            shutil.copy2(entry, target / entry.name)


def counted(tree: Path, args: list[str], where: Path) -> tuple[int, str]:
    """(instructions of the games, stdout) of one run of PLAY under callgrind with ``tree``'s ``src``."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONHASHSEED="0")
    command = [sys.executable, "-c", PLAY, *args]
    subprocess.run(command, cwd=REPO, env=env, capture_output=True, check=True)  # compile the .pyc first
    out = where / "callgrind.out"
    # without address randomisation: an identity-hashed set's order follows the addresses
    no_aslr = ["setarch", platform.machine(), "--addr-no-randomize"] if shutil.which("setarch") else []
    done = subprocess.run([*no_aslr, "valgrind", "--tool=callgrind", "--dump-before=getppid",
                           f"--callgrind-out-file={out}", *command], cwd=REPO, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"the play under callgrind failed on {tree}:\n{done.stderr[-2000:]}")
    games = where / "callgrind.out.2"  # part 1 ends at the first getppid, part 2 at the second
    count = instructions(games.read_text(errors="replace"))
    for part in where.glob("callgrind.out*"):
        part.unlink()
    return count, done.stdout


def side(tree: Path, ruleset: str, scenario: str, variants: list[str], games: int, agents: str,
         where: Path) -> tuple[int, int, str]:
    """(instructions of ``games`` games, their decisions, their digests) on one side."""
    count, report = counted(tree, [ruleset, scenario, str(games), agents, *variants], where)
    lines = dict(line.split(" ", 1) for line in report.splitlines() if " " in line)
    return count, int(lines["decisions"]), lines.get("digests", "")


def main() -> None:
    parser, options, game = old_new_and_command(__doc__, sys.argv[1:])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--agents", default="random,random")
    args = parser.parse_args(options)
    if len(game) < 2:
        sys.exit("give RULESET SCENARIO [VARIANT...] after --")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    ruleset, scenario, *variants = game
    with ExitStack() as stack:
        where = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="instructions-")))
        results = {}
        for revision in (args.old, args.new):
            tree = exported(stack, revision)
            results[revision] = side(tree, ruleset, scenario, variants, args.games, args.agents, where)
            print(f"{revision} counted", file=sys.stderr)
    name = " ".join([ruleset, scenario, *variants, args.agents])
    (old_ir, old_dec, old_dig), (new_ir, new_dec, new_dig) = results[args.old], results[args.new]
    print(f"{name}: {args.games} games; old = {args.old}, new = {args.new}")
    print(f"  instructions per decision  {old_ir / old_dec:12,.0f}  {new_ir / new_dec:12,.0f}  "
          f"{(new_ir / new_dec) / (old_ir / old_dec):6.3f}x")
    print(f"  instructions per game      {old_ir / args.games:12,.0f}  {new_ir / args.games:12,.0f}  "
          f"{new_ir / old_ir:6.3f}x")
    same = (old_dec, old_dig) == (new_dec, new_dig)
    print(f"  same games (decisions {old_dec} / {new_dec}, final digests): {'yes' if same else 'NO'}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
