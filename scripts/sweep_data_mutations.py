"""Data mutation sweep: mutate the shipped TOML data of Orgun 1983, FUBAR and GoE one value at a time
and load it.  Every mutation must be refused with a DataFileError naming the file, or load as
still-valid data; none may give a traceback.  Kinds that can never be valid (a value of the wrong
type, a misspelt key, a number beyond the loader's bounds, a repeated id) must all be refused.

    python scripts/sweep_data_mutations.py --count 200 [--seed 0] [--packages rules_goe85]
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
import traceback
from pathlib import Path

from rules_fubar import data as fubar_data
from rules_goe85.data.loading import FILES as GOE, load_game_data as load_goe
from rules_orgun1983.data import load_data as load_orgun
from tabletop_core.data import load_toml, package_file
from tabletop_core.errors import DataFileError, TabletopError
from tabletop_core.rng import CounterRNG

from sweep_common import Tally

ASSIGNMENT = re.compile(r"(?P<key>\b[a-z_]+) = (?P<value>\"[^\"]*\"|-?\d+\.\d+|-?\d+|true|false)")
MUST_REFUSE = {"wrong type", "misspelt key", "beyond bounds", "repeated id"}
ORGUN = ("map", "counters", "cards", "scenario")
FUBAR = ("training", "weapons", "armour", "troops", "tables", "scenarios")


def _context(text: str, position: int) -> tuple[str, str, bool]:
    """(the section header above ``position``, the line's leading text up to the first key, whether
    the position sits in a comment)."""
    line_start = text.rfind("\n", 0, position) + 1
    line = text[line_start:text.find("\n", position) if "\n" in text[position:] else len(text)]
    before = text[line_start:position]
    in_comment = "#" in before and before[:before.index("#")].count('"') % 2 == 0
    headers = list(re.finditer(r"^\[\[?[^\]]+\]\]?", text[:line_start], flags=re.M))
    # the line up to the key, values blanked: entries of one list share it (`  { side = "", troop = "", `)
    lead = re.sub(r"-?\d+(\.\d+)?", "0", re.sub(r'"[^"]*"', '""', before))
    # entries of an [[array]] share its name; an inline list lives in one entry: name it by position
    header = (headers[-1].group() + (f"@{headers[-1].start()}" if "{" in before else "")) if headers else ""
    return header, lead, in_comment


def mutations(text: str):
    """(kind, description, mutated text) for each assignment in ``text`` (comments skipped)."""
    found = [m for m in ASSIGNMENT.finditer(text) if not _context(text, m.start())[2]]
    for match in found:
        key, value = match["key"], match["value"]
        start, end = match.span("value")
        line = text.count("\n", 0, start) + 1
        where = f"line {line} {key}"
        header, lead, _ = _context(text, match.start())

        def put(new: str) -> str:
            return text[:start] + new + text[end:]

        if value.startswith('"'):
            yield "wrong type", f"{where}: text -> 7", put("7")
            yield "value", f"{where}: {value} -> \"zz\"", put('"zz"')
            if key == "id":  # the id of an earlier entry of the same list
                same = [m for m in found if m["key"] == "id" and m.start() < match.start() and m["value"] != value
                        and _context(text, m.start())[:2] == (header, lead)]
                if same:
                    yield "repeated id", f"{where}: {value} -> {same[-1]['value']}", put(same[-1]["value"])
        elif value in ("true", "false"):
            yield "wrong type", f"{where}: bool -> \"yes\"", put('"yes"')
        else:
            yield "wrong type", f"{where}: number -> text", put(f'"{value}"')
            yield "beyond bounds", f"{where}: {value} -> 1000000000", put("1000000000")
            yield "value", f"{where}: {value} -> negative", put(f"-{value.lstrip('-')}1")
            yield "value", f"{where}: {value} -> 0", put("0")
        # a key of a [table] of names (armour types, grades) is a name: renaming it is a value change
        kind = "renamed name" if header.startswith("[") and not header.startswith("[[") and not lead.strip() else "misspelt key"
        if "= {" in text[text.rfind("\n", 0, match.start()):match.start()] and not lead.strip().startswith("{"):
            kind = "renamed name"  # a key of an inline table of names (initiative = { isaf = 0 })
        key_start = match.start("key")
        yield kind, f"{where}: key {key} -> {key}x", text[:key_start] + key + "x" + text[match.end("key"):]
        if not lead.strip():  # a line of its own: drop it, so the field takes its default or goes missing
            yield "removed key", f"{where}: key {key} removed", text[:key_start] + text[end:]


def load_orgun_with(name: str, path: Path) -> None:
    load_orgun(**{f"{name}_file": str(path)})


def load_fubar_with(name: str, path: Path) -> None:
    classes = {"training": fubar_data.TrainingFile, "weapons": fubar_data.WeaponsFile, "armour": fubar_data.ArmourFile,
               "troops": fubar_data.TroopsFile, "tables": fubar_data.TablesFile, "scenarios": fubar_data.ScenariosFile}
    loaded = {n: load_toml(path if n == name else package_file("rules_fubar", f"data/{n}.toml"), classes[n])
              for n in FUBAR}
    fubar_data.assemble(*(loaded[n] for n in FUBAR))


def load_goe_with(name: str, path: Path) -> None:
    load_goe(**{name: path})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="mutations tried per data file (sampled)")
    parser.add_argument("--seed", type=int, default=0, help="which mutations are sampled")
    parser.add_argument("--show-accepted", action="store_true", help="print each mutation that loaded as valid data")
    parser.add_argument("--packages", default="", help="comma-separated rules packages (default: all three)")
    args = parser.parse_args()
    wanted = {p for p in args.packages.split(",") if p}
    tally = Tally("data mutation sweep")
    picker = CounterRNG(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        for package, names, loader in (("rules_orgun1983", ORGUN, load_orgun_with), ("rules_fubar", FUBAR, load_fubar_with),
                                        ("rules_goe85", GOE, load_goe_with)):
            if wanted and package not in wanted:
                continue
            for name in names:
                text = package_file(package, f"data/{name}.toml").read_text("utf-8")
                every = list(mutations(text))
                chosen = every if len(every) <= args.count else [every[i] for i in sorted(
                    {picker.below(len(every)) for _ in range(args.count * 2)})][:args.count]
                for kind, description, mutated in chosen:
                    path = Path(tmp) / f"{name}.toml"
                    path.write_text(mutated, "utf-8")
                    where = f"{package} {name}.toml {description}"
                    try:
                        loader(name, path)
                    except DataFileError as exc:
                        if ".toml" not in exc.file:
                            tally.fail("refused without a file's name", where, str(exc))
                        else:
                            tally.ok("refused naming file and field")
                        continue
                    except TabletopError as exc:
                        tally.fail("refused with another error", where, f"{type(exc).__name__}: {exc}")
                        continue
                    except Exception:  # noqa: BLE001 - the finding this sweep exists for
                        tally.fail("traceback", where, traceback.format_exc(limit=2))
                        continue
                    if kind in MUST_REFUSE:
                        tally.fail(f"accepted ({kind})", where, "loaded silently")
                    else:
                        tally.ok("accepted as still-valid values")
                        if args.show_accepted:
                            print(f"accepted: {where}", flush=True)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
