"""Validated loading of TOML data files."""
import attrs
import pytest

from tabletop_core.data import load_toml
from tabletop_core.errors import DataFileError


@attrs.frozen
class Unit:
    name: str
    hef: int
    abilities: tuple[str, ...] = ()


@attrs.frozen
class UnitsFile:
    units: list[Unit]


def write(tmp_path, text):
    path = tmp_path / "units.toml"
    path.write_text(text)
    return path


def test_good_file_loads(tmp_path):
    data = load_toml(write(tmp_path, '[[units]]\nname="Rifle"\nhef=2\nabilities=["Tactical"]\n'), UnitsFile)
    assert data.units == [Unit("Rifle", 2, ("Tactical",))]


@pytest.mark.parametrize(
    "text, field, expected",
    [
        ('[[units]]\nname="a"\nhef=1\n[[units]]\nname="b"\nhef="x"\n', "units[1].hef", "expected int"),
        ('[[units]]\nname="a"\n', "units[0].hef", "required field is missing"),
        ('[[units]]\nname="a"\nhef=1\nhfe=2\n', "units[0]", "unexpected field(s) hfe"),
        ("", "units", "required field is missing"),
    ],
)
def test_bad_file_names_file_field_and_expectation(tmp_path, text, field, expected):
    path = write(tmp_path, text)
    with pytest.raises(DataFileError) as info:
        load_toml(path, UnitsFile)
    assert info.value.file == str(path)
    assert info.value.field == field
    assert expected in info.value.expected


def test_not_toml_and_missing_file(tmp_path):
    with pytest.raises(DataFileError, match="is not valid TOML"):
        load_toml(write(tmp_path, "units = [\n"), UnitsFile)
    with pytest.raises(DataFileError, match="file not found"):
        load_toml(tmp_path / "absent.toml", UnitsFile)
