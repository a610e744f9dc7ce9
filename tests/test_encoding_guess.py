"""The encoding a file that is not UTF-8 looks written in: named right for the encodings
Windows editors, old Macs and DOS save in, Cyrillic and Japanese ones too; and never an
encoding that would read other letters without saying that it is a guess."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blocknotation.pipeline import validate_bytes

from inprocess import run_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
GAME = (SAMPLES / "two-players.block").read_text("utf-8")


def _record(first: str, second: str) -> str:
    return GAME.replace("Ada", first).replace("Bea", second)


def _s003(data: bytes) -> str:
    (d,) = validate_bytes(data, "x").diagnostics
    assert d.code == "S003"
    return d.message.render()


#: (encoding, the players, the name the message gives, the --encoding name it advises).
SURE = [
    ("cp1252", ("Nicolò", "Zoë"), "Windows-1252 (Latin-1)", "cp1252"),
    ("cp1252", ("Søren", "Chloé"), "Windows-1252 (Latin-1)", "cp1252"),
    ("cp1250", ("Łukasz", "Ondřej"), "Windows-1250 (Central European)", "cp1250"),
    ("cp1250", ("Zdeněk", "Małgorzata"), "Windows-1250 (Central European)", "cp1250"),
    ("cp1251", ("Мария", "Иван"), "Windows-1251 (Cyrillic)", "cp1251"),
    ("koi8-r", ("Мария", "Иван"), "KOI8-R (Cyrillic)", "koi8-r"),
    ("mac-roman", ("Nicolò", "Chloé"), "Mac OS Roman", "mac-roman"),
    ("cp850", ("Nicolò", "Chloé"), "DOS code page 850 (Western European)", "cp850"),
    ("shift_jis", ("美咲", "太郎"), "Shift JIS (Japanese)", "shift_jis"),
]


@pytest.mark.parametrize(("encoding", "players", "named", "advised"), SURE,
                         ids=[f"{e}-{p[0]}" for e, p, _, _ in SURE])
def test_the_encoding_is_named_and_reads_the_names_back(
        tmp_path: Path, encoding: str, players: tuple[str, str], named: str, advised: str
) -> None:
    text = _record(*players)
    data = text.encode(encoding)
    message = _s003(data)
    assert f"the file looks like {named}; save it as UTF-8" in message
    assert message.endswith(f"--encoding {advised}; nothing else in it is checked")
    path = tmp_path / "record.block"
    path.write_bytes(data)
    done = run_text("validate", "--format", "json", "--encoding", advised, str(path))
    assert done.returncode == 0, done.stdout
    assert f'"players": ["{players[0]}", "{players[1]}"]' in done.stdout.replace(
        ",\n", ", ").replace("[\n", "[").replace("\n]", "]").replace("  ", "")


def test_the_players_line_alone_is_enough() -> None:
    for encoding, named in (("cp1251", "Windows-1251 (Cyrillic)"),
                            ("shift_jis", "Shift JIS (Japanese)"),
                            ("koi8-r", "KOI8-R (Cyrillic)"),
                            ("cp1250", "Windows-1250 (Central European)")):
        players = "Мария Иван" if "1251" in encoding or "koi8" in encoding else (
            "美咲 太郎" if encoding == "shift_jis" else "Łukasz Ondřej")
        data = f'[Players "{players}"]\n'.encode(encoding)
        assert f"looks like {named};" in _s003(data), encoding


def test_two_encodings_that_read_other_letters_equally_well_make_a_guess() -> None:
    """``Michèle`` saved by a Windows editor reads ``Michčle`` in Windows-1250, and no
    letter tells which is a name: the message says it guesses, and how each reads the
    line."""
    data = '[Players "Michèle Bea"]\n'.encode("cp1252")
    assert _s003(data) == (
        "byte 0xE8 is not UTF-8: the file may be Windows-1252 (Latin-1), but that is a guess: "
        "read so, this line holds 'Michèle', and as Windows-1250 (Central European) "
        "'Michčle'; save it as UTF-8 (in the editor: Save As, encoding UTF-8), or, if the "
        "first reading is right, read it as it is with --encoding cp1252; nothing else in it "
        "is checked")
    # A second word tells them apart: ò is no letter of Windows-1250's languages.
    data = '[Players "Michèle Nicolò"]\n'.encode("cp1252")
    assert "looks like Windows-1252 (Latin-1);" in _s003(data)


def test_a_whole_record_in_shift_jis_is_not_called_damaged() -> None:
    text = _record("美咲", "太郎").replace("# Two players", "# 二人の対局、全部の配牌")
    message = _s003(text.encode("shift_jis"))
    assert "looks like Shift JIS (Japanese)" in message and "damaged" not in message


def test_a_line_of_utf8_with_one_byte_of_another_encoding_is_damaged() -> None:
    data = '[Players "Nicolò Zoë"]\n# café\n'.encode().replace(b"caf\xc3\xa9", b"caf\xe9")
    data = data.replace(b"# caf", "# Nicolò, caf".encode())
    assert "on a line that is UTF-8 elsewhere: the file is damaged" in _s003(data)


@pytest.mark.parametrize("encoding", ["cp1252", "cp1250", "cp1251", "koi8-r", "mac-roman",
                                      "cp850", "shift_jis"])
def test_an_encoding_advised_for_sure_reads_the_letters_written(encoding: str) -> None:
    """Whatever the names, the encoding a message advises without calling it a guess reads
    them back as they were written."""
    names = {
        "cp1252": ["Zoë Nicolò", "Ångström Ærø", "Jürgen Çelik", "Mañana Ñandú"],
        "cp1250": ["Łukasz Ondřej", "Šárka Žofie", "Ádám Ödön", "Ştefan Ţugui"],
        "cp1251": ["Мария Иван", "Ольга Пётр", "Юлия Щукин"],
        "koi8-r": ["Мария Иван", "Ольга Пётр", "Юлия Щукин"],
        "mac-roman": ["Zoë Nicolò", "Jürgen Çelik", "Mañana Ñandú"],
        "cp850": ["Zoë Nicolò", "Jürgen Çelik", "Mañana Ñandú"],
        "shift_jis": ["美咲 太郎", "さくら ひろし", "カナ ケン"],
    }[encoding]
    for players in names:
        data = f'[Players "{players}"]\n'.encode(encoding)
        message = _s003(data)
        advised = re.search(r"--encoding (\S+);", message)
        assert advised is not None, message
        if "a guess" not in message:
            assert data.decode(advised.group(1)) == data.decode(encoding), (players, message)
