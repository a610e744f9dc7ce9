"""Translations: complete, consistent, compiled, and never touching codes, keys or keywords.

Every msgid in the code (``N_``, ``plural``, the commands' docstrings) must have an Italian
translation in ``po/it.po`` with the same ``{placeholders}``; the template, the merged .po and
the compiled .mo must be what ``python tools/translations.py`` writes now.  When one of these
fails after adding a message: run ``python tools/translations.py``, translate the new msgids
in po/it.po, and run it again.
"""

from __future__ import annotations

import importlib.util
import json
import string
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from annotating import annotated_file

from blocknotation.basics.i18n import language_from_environment, plural, translator
from blocknotation.formats.reports.report_json import document
from blocknotation.pipeline import validate_bytes

ROOT = Path(__file__).resolve().parent.parent
FIX = "run `python tools/translations.py`, translate in po/it.po, and run it again"


def _tool() -> ModuleType:
    path = ROOT / "tools" / "translations.py"
    spec = importlib.util.spec_from_file_location("translations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


tool = _tool()


@cache
def extracted() -> tuple[Any, ...]:
    """The messages of the code, extracted once for the tests that read them."""
    return tuple(tool.extract())


def _italian() -> dict[tuple[str, str | None], list[str]]:
    _, entries = tool.read_po((ROOT / "po" / "it.po").read_text(encoding="utf-8"))
    return {e.key: e.strings for e in entries if not e.obsolete and not e.fuzzy}


def _fields(text: str) -> set[str]:
    return {f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text)
            if name is not None}


def test_the_code_has_messages_to_translate() -> None:
    msgids = {e.msgid for e in extracted()}
    assert {"higher end", "{n} game", "ends {left}|{right}", "Usage:"} <= msgids
    assert any(m.startswith("Check records against the rules") for m in msgids)  # docstring


def test_the_comments_of_the_rules_examples_are_messages() -> None:
    entries = {e.msgid: e for e in extracted()}
    entry = entries["Bea played 0-1 two lines up"]
    assert entry.references == ["blocknotation/examples/P402.bad.txt"]
    assert translator("it")(entry.msgid) == "Bea ha giocato 0-1 due righe sopra"
    # A comment without words (`# 24 - 12`) reads the same in every language.
    assert "24 - 12" not in entries


def test_every_msgid_has_an_italian_translation() -> None:
    italian = _italian()
    missing = [e.msgid for e in extracted()
               if not italian.get(e.key) or not all(italian[e.key])]
    assert missing == [], f"untranslated: {missing[:5]}; {FIX}"


def test_placeholders_match() -> None:
    italian = _italian()
    wrong = []
    for entry in extracted():
        expected = _fields(entry.msgid) | _fields(entry.plural or "")
        for text in italian.get(entry.key, []):
            if text and _fields(text) != expected:
                wrong.append((entry.msgid, text))
    assert wrong == []


def test_template_po_and_mo_are_up_to_date() -> None:
    stale = [str(path.relative_to(ROOT)) for path, data in tool.expected_files().items()
             if not path.exists() or path.read_bytes() != data]
    assert stale == [], f"out of date: {stale}; {FIX}"


def test_plural_forms() -> None:
    assert plural("it", "{n} game", "{n} games", 1).format(n=1) == "1 partita"
    assert plural("it", "{n} game", "{n} games", 0).format(n=0) == "0 partite"
    assert plural("it", "{n} hand", "{n} hands", 4).format(n=4) == "4 mani"
    assert plural("en", "{n} hand", "{n} hands", 1).format(n=1) == "1 hand"


def test_the_rules_words_come_from_the_catalogue() -> None:
    _ = translator("it")
    assert _("higher end") == "estremità di valore maggiore"
    assert _("side B") == "lato lineare B"
    assert _("none") == "nessuno"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "en_GB.UTF-8"}, "it"),
        ({"LC_MESSAGES": "it_CH", "LANG": "en_US"}, "it"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_environment(environ: dict[str, str], lang: str) -> None:
    assert language_from_environment(environ) == lang


FAULTS = ROOT / "tests" / "data" / "annotated-faults.txt"


def _without_messages(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_messages(v) for k, v in value.items() if k != "message"}
    if isinstance(value, list):
        return [_without_messages(v) for v in value]
    return value


def test_json_keys_and_codes_do_not_change_with_the_language() -> None:
    report = validate_bytes(FAULTS.read_bytes(), "faults.txt")
    english, italian = (json.loads(document([report], lang)) for lang in ("en", "it"))
    assert _without_messages(english) == _without_messages(italian)
    messages = [d["message"] for d in italian["files"][0]["diagnostics"]]
    assert "dichiarazione points Bea 30, ma Bea segna 28" in messages


def _statements(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#=")
            and not line.startswith("#!")]


def test_notation_keywords_and_codes_do_not_change_with_the_language() -> None:
    data = FAULTS.read_bytes()
    english, _ = annotated_file(data, "faults.txt", lang="en")
    italian, _ = annotated_file(data, "faults.txt", lang="it")
    assert english is not None and italian is not None
    assert _statements(english) == _statements(italian)
    codes = [line.split()[1] for line in italian.splitlines() if line.startswith("#!")]
    assert codes == ["P405", "E504", "E505"]


def _blocknot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "blocknotation", *args], capture_output=True, text=True,
        encoding="utf-8", cwd=ROOT, env=env, check=False,
    )


def test_summary_line_and_messages_in_italian() -> None:
    done = _blocknot("validate", "--lang", "it", str(FAULTS))
    assert done.returncode == 1
    assert "errore P405 Bea ha passato avendo in mano 1-0" in done.stdout
    assert done.stdout.splitlines()[-1].endswith(": 1 partita, 2 mani, 3 errori, 0 avvisi")


def test_help_is_translated() -> None:
    done = _blocknot("validate", "--lang", "it", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("Uso: blocknot validate [OPTIONS] FILES...")
    assert "Controlla le registrazioni secondo le regole" in done.stdout
    assert "Mostra questo messaggio ed esce." in done.stdout


def test_help_follows_the_locale() -> None:
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "it_IT.UTF-8"}
    assert "Comandi:" in _blocknot("--help", env=env).stdout
    env["LC_ALL"] = "C"
    assert "Commands:" in _blocknot("--help", env=env).stdout


def test_version_does_not_load_the_parser_or_the_records() -> None:
    code = (
        "import sys\n"
        "from blocknotation.cli.commands import main\n"
        "try:\n    main(['--version'])\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in ('lark', 'pydantic') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.splitlines()[-1] == "[]"
