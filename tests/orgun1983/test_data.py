"""The data files: shipped data is consistent; bad files raise DataFileError naming the field."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_orgun1983.data import NAMED_AREAS, load_data
from tabletop_core.data import package_file
from tabletop_core.errors import DataFileError

FILES = ("map", "counters", "cards", "scenario")


def test_shipped_data_loads_and_names_every_rule_area():
    data = load_data()
    for area in NAMED_AREAS:
        assert area in data.area_map
    assert data.area_map.supply_sources("muj") and data.area_map.supply_sources("dra")
    assert any(data.area_map.in_zone(a, "orgun") for a in data.area_map)
    kinds = {u.kind for u in data.units.values()}
    assert kinds == {"infantry", "tank", "militia", "leader", "advisor", "helicopter"}
    tanks = {(u.side, u.name) for u in data.units.values() if u.kind == "tank"}
    assert any(side == "muj" and "T-55" in name for side, name in tanks)
    assert any(side == "dra" and "T-55" in name for side, name in tanks)
    assert any(side == "dra" and "T-62" in name for side, name in tanks)
    assert any(c.night for c in data.cards.values())
    assert any(g.soviet for g in data.groups.values())


def test_every_file_says_it_is_a_representative_set():
    for name in FILES:
        head = package_file("rules_orgun1983", f"data/{name}.toml").read_text("utf-8")[:600]
        assert "REPRESENTATIVE SET" in head


def _broken(tmp_path: Path, name: str, old: str, new: str) -> dict[str, str]:
    text = package_file("rules_orgun1983", f"data/{name}.toml").read_text("utf-8")
    assert old in text
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return {f"{name}_file": str(path)}


@pytest.mark.rule("orgun1983:militia")
@pytest.mark.parametrize("name,old,new,field", [
    ("counters", "strength = 2\n", 'strength = "2"\n', "types[0].strength"),
    ("counters", 'type = "muj_band"', 'type = "muj_bnad"', "units[0].type"),
    ("counters", 'kind = "infantry"', 'kind = "cavalry"', "types[0].kind"),
    ("cards", 'group = "waziri_lashkar"', 'group = "nobody"', ".group"),
    ("cards", "count = 3", "cuont = 3", "cards[0]"),
    ("scenario", "unit = \"R1\"\narea = 19", "unit = \"R1\"\narea = 99", "setup[0].area"),
    ("scenario", "first = 9\nlast = 10", "first = 10\nlast = 9", ".first"),
    ("scenario", "unit = \"M1\"\narea = 28", "unit = \"M1\"\narea = 32", "setup[6].area"),
    ("map", "neighbours = [2, 5]", "neighbours = [2, 5, 77]", "areas"),
    ("map", "id = 38\n", "id = 39\n", "areas"),
])
def test_bad_files_name_the_field(tmp_path, name, old, new, field):
    with pytest.raises(DataFileError) as info:
        load_data(**_broken(tmp_path, name, old, new))
    assert field in info.value.field or field in str(info.value)
    assert name in str(info.value)
