"""Check docs/coverage/goe85.md against the checklist and the tests that mark each rule id.

For every id of ``goe85.checklist`` it lists the tests marked ``@pytest.mark.rule("goe85:<id>")``
(read from the test files' decorators, no import needed) and fails when:

* an id has no row, or a row names an id that is not in the checklist, or an id has two rows;
* a row's status is not ``done``, ``partial`` or ``absent``;
* a row says **done** (or partial) but no test marks its id;
* a row lists a test that does not exist or does not mark that id;
* the summary line's counts are not those of the rows.

``--write`` rewrites each row's tests cell with the marking tests and the summary line's counts
(the status and the note are left as written).  ``--quiet`` prints only the problems.

    python scripts/goe85_coverage_check.py [--write] [--quiet]
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT.parent / "shared" / "rules" / "goe85.checklist"
DOC = ROOT / "docs" / "coverage" / "goe85.md"
TESTS = ROOT / "tests" / "goe85"
PREFIX = "goe85:"
ROW = re.compile(r"^\| `(goe85:[^`]+)` \| (.*?) \| (.*?) \| (.*?) \|\s*$")
SUMMARY = re.compile(r"^Summary: (\d+) done, (\d+) partial, (\d+) absent \(of (\d+)\)\.$")
STATUSES = ("done", "partial", "absent")


def checklist_ids(path: Path = CHECKLIST) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split("\t", 1)[0].strip())
    return out


def _rule_marks(fn: ast.FunctionDef) -> list[str]:
    marks = []
    for d in fn.decorator_list:
        if (isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "rule"
                and d.args and isinstance(d.args[0], ast.Constant) and isinstance(d.args[0].value, str)):
            marks.append(d.args[0].value)
    return marks


def marked_tests(tests: Path = TESTS) -> tuple[dict[str, list[str]], set[str]]:
    """({rule id: ["dir/file.py::test_name", ...]}, every test name) from the decorators; the test
    modules mirror the package (procedures/, cards/, scenarios/ ...), named by their path under tests/goe85."""
    by_id: dict[str, list[str]] = defaultdict(list)
    names: set[str] = set()
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                name = f"{path.relative_to(tests).as_posix()}::{node.name}"
                names.add(name)
                for rid in _rule_marks(node):
                    if rid.startswith(PREFIX):
                        by_id[rid].append(name)
    return by_id, names


def doc_rows(text: str) -> list[tuple[int, str, str, str, list[str]]]:
    """(line number, id, rule title, status cell, [tests]) of every table row."""
    out = []
    for i, line in enumerate(text.splitlines()):
        m = ROW.match(line)
        if m:
            rid, title, status, tests = m.groups()
            listed = [t.strip() for t in tests.split("<br>") if t.strip() and t.strip() not in ("—", "-")]
            out.append((i, rid, title, status, listed))
    return out


def status_word(cell: str) -> str:
    return re.split(r"[\s—]", cell.strip(), maxsplit=1)[0]


def check(write: bool = False, quiet: bool = False) -> int:
    ids = checklist_ids()
    by_id, names = marked_tests()
    text = DOC.read_text(encoding="utf-8")
    rows = doc_rows(text)
    problems: list[str] = []
    seen = Counter(rid for _, rid, _, _, _ in rows)
    for rid in ids:
        if seen[rid] == 0:
            problems.append(f"{rid}: no row in the coverage document")
        elif seen[rid] > 1:
            problems.append(f"{rid}: {seen[rid]} rows")
    for rid in seen:
        if rid not in ids:
            problems.append(f"{rid}: a row for an id that is not in the checklist")
    for rid in by_id:
        if rid not in ids:
            problems.append(f"{rid}: marked by {', '.join(by_id[rid])} but not in the checklist")
    counts = Counter()
    lines = text.splitlines()
    for i, rid, title, status, listed in rows:
        word = status_word(status)
        counts[word] += 1
        marks = by_id.get(rid, [])
        if word not in STATUSES:
            problems.append(f"{rid}: status {word!r} is not one of {', '.join(STATUSES)}")
        if word in ("done", "partial") and not marks:
            problems.append(f"{rid}: says {word} but no test marks it")
        if not write:
            for t in listed:
                if t not in names:
                    problems.append(f"{rid}: lists {t}, which is not a test")
                elif t not in marks:
                    problems.append(f"{rid}: lists {t}, which does not mark {rid}")
        if write:
            cell = "<br>".join(marks) if marks else "—"
            lines[i] = f"| `{rid}` | {title} | {status} | {cell} |"
        if not quiet:
            print(f"{rid:42} {word:8} {len(marks):2}  {', '.join(marks) if marks else '-'}")
    total = sum(counts[s] for s in STATUSES)
    summary = f"Summary: {counts['done']} done, {counts['partial']} partial, {counts['absent']} absent (of {total})."
    found = [j for j, line in enumerate(lines) if SUMMARY.match(line)]
    if not found:
        problems.append("no summary line")
    elif write:
        lines[found[0]] = summary
    elif lines[found[0]] != summary:
        problems.append(f"the summary line says {lines[found[0]]!r}; the rows give {summary!r}")
    if write:
        DOC.write_text("\n".join(lines) + ("\n" if text.endswith("\n") else ""), encoding="utf-8")
    print(summary)
    for p in problems:
        print("PROBLEM:", p)
    print(f"{len(ids)} checklist ids, {len(rows)} rows, {sum(len(v) for v in by_id.values())} markers, "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="rewrite the tests cells and the summary line")
    ap.add_argument("--quiet", action="store_true", help="print only the problems and the summary")
    a = ap.parse_args(argv)
    return check(write=a.write, quiet=a.quiet)


if __name__ == "__main__":
    sys.exit(main())
