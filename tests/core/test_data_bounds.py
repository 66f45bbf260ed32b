"""The core's data loader bounds sizes and values and names the file; the Orgun and FUBAR data
checks issue 17 lists (each a mutation of a shipped file that used to load and play silently)."""
from __future__ import annotations

import attrs
import pytest

from rules_fubar import data as fubar_data
from rules_orgun1983.data import load_data as load_orgun
from tabletop_core.data import load_toml, naming_file, package_file
from tabletop_core.errors import BoardError, DataFileError


@attrs.frozen
class Counts:
    count: int
    ratio: float = 1.0


def write(tmp_path, text, name="d.toml"):
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize("text, field, expected", [
    ("count = 1000000000\n", "count", "within ±1000000"),
    ("count = 3\nratio = inf\n", "ratio", "finite"),
    ("count = 3\nratio = 1e300\n", "ratio", "finite"),
])
def test_huge_or_non_finite_numbers_are_refused_naming_the_field(tmp_path, text, field, expected):
    with pytest.raises(DataFileError) as info:
        load_toml(write(tmp_path, text), Counts)
    assert info.value.field == field and expected in info.value.expected and "d.toml" in str(info.value)


def test_an_oversized_file_is_refused(tmp_path):
    path = write(tmp_path, "count = 1\n" + "# padding\n" * 500_000)
    with pytest.raises(DataFileError, match="a data file holds at most"):
        load_toml(path, Counts)


def test_non_utf8_data_names_its_line(tmp_path):
    path = tmp_path / "d.toml"
    path.write_bytes(b"# ok\ncount = 1\n# \xff\n")
    with pytest.raises(DataFileError, match="line 3: UTF-8"):
        load_toml(path, Counts)


def test_a_board_error_while_building_names_the_file():
    with pytest.raises(DataFileError, match="tables.toml: tables\\[0\\]: bad polygon"):
        with naming_file("tables.toml", "tables[0]"):
            raise BoardError("bad polygon")


# -- Orgun ---------------------------------------------------------------------------------------
@pytest.mark.rule("orgun1983:militia")
def test_orgun_negative_reduced_strength_is_refused(tmp_path):
    text = package_file("rules_orgun1983", "data/counters.toml").read_text("utf-8")
    path = write(tmp_path, text.replace("reduced_strength = 1", "reduced_strength = -1", 1), "counters.toml")
    with pytest.raises(DataFileError, match=r"counters.toml: types\[\d+\].reduced_strength: 0 to the full strength"):
        load_orgun(counters_file=str(path))


# -- FUBAR ---------------------------------------------------------------------------------------
def fubar_files():
    return {name: package_file("rules_fubar", f"data/{name}.toml").read_text("utf-8")
            for name in ("training", "weapons", "armour", "troops", "tables", "scenarios")}


def assemble(tmp_path, name, old, new):
    files = fubar_files()
    assert old in files[name]
    files[name] = files[name].replace(old, new, 1)
    classes = {"training": fubar_data.TrainingFile, "weapons": fubar_data.WeaponsFile, "armour": fubar_data.ArmourFile,
               "troops": fubar_data.TroopsFile, "tables": fubar_data.TablesFile, "scenarios": fubar_data.ScenariosFile}
    loaded = {n: load_toml(write(tmp_path, text, f"{n}.toml"), classes[n]) for n, text in files.items()}
    return fubar_data.assemble(loaded["training"], loaded["weapons"], loaded["armour"], loaded["troops"],
                               loaded["tables"], loaded["scenarios"])


@pytest.mark.rule("fubar:weapons")
@pytest.mark.parametrize("name, old, new, message", [
    ("weapons", 'id = "smg"', 'id = "assault-rifle"', r"weapons.toml: weapons\[\d+\].id: a unique id, 'assault-rifle'"),
    ("armour", 'id = "wmik"', 'id = "truck"', r"armour.toml: vehicles\[\d+\].id: a unique id, 'truck'"),
    ("scenarios", 'troop = "ft2", id = "ft2"', 'troop = "ft2", id = "ft1"', r"forces\[1\].id: a unique id, 'ft1'"),
    ("scenarios", "id = \"ft2\", x = 28.0, y = 4.0", "id = \"ft2\", x = 28.0, y = -4.0", r"forces\[1\]: a position on the"),
    ("scenarios", 'id = "meeting-engagement"', 'id = "recovery-team"', r"scenarios\[1\].id: a unique id"),
    ("troops", 'id = "ifv"', 'id = "ft2"', r"troops.toml: troops\[\d+\].id: a unique id, 'ft2'"),
    ("tables", 'id = "b4"', 'id = "b1"', r"tables\[0\].features\[3\].id: a unique id, 'b1'"),
    ("scenarios", "isaf = 0", "isafx = 0", r"initiative.isafx: a side"),
    ("scenarios", 'id = "elders"', 'id = "market"', r"civilians\[1\].id: a unique id, 'market'"),
    ("scenarios", 'id = "elders"', 'id = "ft1"', r"civilians\[1\].id: an id no force of the scenario uses"),
])
def test_fubar_repeated_ids_and_off_table_deployments_are_refused(tmp_path, name, old, new, message):
    with pytest.raises(DataFileError, match=message):
        assemble(tmp_path, name, old, new)


def test_fubar_shipped_data_passes_the_new_checks(tmp_path):
    assert assemble(tmp_path, "weapons", "", "").scenarios
