"""Usage errors, and files that cannot be read, in the user's language: Italian with
``--lang it`` (before or after the command's name) or an Italian locale, English otherwise
and exactly as click and blocknot write them; exit status 2 either way."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from blocknotation.basics.i18n import translator
from blocknotation.cli.usage_words import CLICK_MESSAGES, translated, usage_language

from inprocess import run

ITALIAN = {"LC_ALL": "it_IT.UTF-8"}
ENGLISH = {"LC_ALL": "C"}

#: (arguments, what blocknot says in English, in Italian)
CASES = [
    (["nosuchcommand"],
     "No such command 'nosuchcommand'. (see blocknot --help)",
     "Il comando 'nosuchcommand' non esiste. (vedi blocknot --help)"),
    (["valid", "x"],
     "No such command 'valid'. Did you mean 'validate'? (see blocknot --help)",
     "Il comando 'valid' non esiste. Forse intendevi 'validate'? (vedi blocknot --help)"),
    (["validate", "--nope", "x"],
     "No such option '--nope'. (Did you mean one of: '--ignore', '--no-suppress'?) "
     "(see blocknot validate --help)",
     "L'opzione '--nope' non esiste. (Forse intendevi una di queste: '--ignore', "
     "'--no-suppress'?) (vedi blocknot validate --help)"),
    (["validate", "--format", "nope", "x"],
     "Invalid value for '--format': 'nope' is not one of 'text', 'json', 'annotated', "
     "'html', 'jsonl', 'github', 'sarif', 'junit'. (see blocknot validate --help)",
     "Valore non valido per '--format': 'nope' non è tra i valori ammessi: 'text', 'json', "
     "'annotated', 'html', 'jsonl', 'github', 'sarif', 'junit'. (vedi blocknot validate "
     "--help)"),
    (["validate", "--jobs", "x", "f"],
     "Invalid value for '--jobs' / '-j': 'x' is not a valid integer range. "
     "(see blocknot validate --help)",
     "Valore non valido per '--jobs' / '-j': 'x' non è un numero intero. "
     "(vedi blocknot validate --help)"),
    (["generate", "--mistakes", "3"],
     "Invalid value for '--mistakes': 3.0 is not in the range 0<=x<=1. "
     "(see blocknot generate --help)",
     "Valore non valido per '--mistakes': 3.0 non è nell'intervallo 0<=x<=1. "
     "(vedi blocknot generate --help)"),
    (["convert"],
     "Missing argument 'FILE'. (see blocknot convert --help)",
     "Manca l'argomento 'FILE'. (vedi blocknot convert --help)"),
    (["convert", "f", "--to"],
     "Option '--to' requires an argument. (see blocknot --help)",
     "L'opzione '--to' richiede un valore. (vedi blocknot --help)"),
    (["convert", "a", "b"],
     "Got unexpected extra argument (b) (see blocknot convert --help)",
     "Argomento in più non previsto (b) (vedi blocknot convert --help)"),
    (["validate", "nofile.txt"],
     "cannot read nofile.txt: No such file or directory",
     "impossibile leggere nofile.txt: file o directory inesistente"),
    (["convert", "nofile.txt"],
     "cannot read nofile.txt: No such file or directory",
     "impossibile leggere nofile.txt: file o directory inesistente"),
]


@pytest.mark.parametrize(("args", "english", "italian"), CASES,
                         ids=[" ".join(case[0]) for case in CASES])
def test_in_english_and_in_italian(args: list[str], english: str, italian: str,
                                   tmp_path: Path) -> None:
    said = run(*args, env=ENGLISH, cwd=tmp_path)
    assert (said.returncode, said.stdout, said.stderr) == (2, b"", f"blocknot: {english}\n"
                                                           .encode())
    # From the locale, and from --lang whatever the locale, before or after the command.
    italian_line = f"blocknot: {italian}\n".encode()
    assert run(*args, env=ITALIAN, cwd=tmp_path).stderr == italian_line
    said = run("--lang", "it", *args, env=ENGLISH, cwd=tmp_path)
    assert (said.returncode, said.stderr) == (2, italian_line)
    if args[0] in ("validate", "convert") and not args[-1].startswith("--"):
        assert run(*args, "--lang=it", env=ENGLISH, cwd=tmp_path).stderr == italian_line
        english_line = f"blocknot: {english}\n".encode()
        assert run(*args, "--lang", "en", env=ITALIAN, cwd=tmp_path).stderr == english_line


def test_the_last_lang_given_wins() -> None:
    assert usage_language(["--lang", "it", "validate", "--lang", "en", "x"]) == "en"
    assert usage_language(["--lang=it", "convert", "x", "--lang", "xx"]) == "it"
    assert usage_language(["validate", "--", "--lang", "it"]) == usage_language([])
    done = run("--lang", "it", "validate", "--lang", "en", "nofile", env=ITALIAN)
    assert done.stderr == b"blocknot: cannot read nofile: No such file or directory\n"


def test_blocknot_lang_reaches_the_command(tmp_path: Path) -> None:
    record = tmp_path / "r.block"
    record.write_text('[Players "Ada Bea"]\n', encoding="utf-8")
    done = run("--lang", "it", "validate", str(record), env=ENGLISH)
    assert done.stdout.decode().endswith(": 1 partita, 0 mani, 0 errori, 1 avviso\n")
    assert " avviso S005 in questo file non è scritta alcuna mano" in done.stdout.decode()


def _sample(msgid: str) -> str:
    """``msgid`` with a sample value in each field, as click fills it."""
    values = {name: "'v'" if conversion == "r" else "v 1"
              for _, name, _, conversion in string.Formatter().parse(msgid) if name}
    return string.Formatter().vformat(msgid.replace("!r}", "}"), (), values)


@pytest.mark.parametrize("msgid", CLICK_MESSAGES)
def test_every_click_message_is_recognised(msgid: str) -> None:
    """Each msgid, filled in, is written again from its own Italian translation."""
    italian = translator("it")
    assert translated(_sample(msgid), italian) == _sample(italian(msgid)) != _sample(msgid)
