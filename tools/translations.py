"""Keep the translations in step with the code: extract, update, compile.

    python tools/translations.py           # po/blocknot.pot, po/it.po, then the .mo files
    python tools/translations.py --check   # exit 1 if any of them is out of date

Every message of blocknot is an English msgid in the code, marked where it is written:
``N_("…")`` for a message, ``plural(lang, "…", "…", n)`` for one with plural forms, and the
docstrings of the ``blocknot`` commands (their ``--help`` text), and the text of each comment
in the example records of ``blocknot rules`` (``blocknotation/examples/*.txt``, read by
``blocknotation/basics/example_records.py``).  This script finds them with ``ast`` and that module
(the standard library only, so the tests can run it without Babel), writes the
template ``po/blocknot.pot``, merges it into each ``po/<lang>.po`` (translations kept; new
msgids added untranslated; msgids gone from the code kept as obsolete ``#~`` entries, which
come back if the msgid does), and compiles each ``.po`` into
``blocknotation/locale/<lang>/LC_MESSAGES/blocknot.mo`` like GNU msgfmt: untranslated and
fuzzy entries are left out, so English shows through.  Output is deterministic (no dates), so
``--check`` and ``tests/test_i18n.py`` can compare bytes.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "blocknotation"
PO_DIR = ROOT / "po"
TEMPLATE = PO_DIR / "blocknot.pot"
LANGUAGES = ("it",)
DOMAIN = "blocknot"

HEADER = {
    "Project-Id-Version": "blocknot",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": "nplurals=2; plural=(n != 1);",
}


@dataclass
class Entry:
    """One message: its msgid (and plural msgid), translations, and where it is used."""

    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    fuzzy: bool = False
    obsolete: bool = False

    @property
    def key(self) -> tuple[str, str | None]:
        return self.msgid, self.plural

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings) and not self.fuzzy


def mo_path(lang: str) -> Path:
    return PACKAGE / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


# --- extraction ------------------------------------------------------------------------------
def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _callee(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_command(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A click command or group: its docstring is its ``--help`` text."""
    for decorator in function.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if _callee(call) in {"command", "group"}:
            return True
    return False


def extract_file(path: Path, shown: str) -> list[tuple[str, str | None, str]]:
    """``(msgid, plural msgid, reference)`` for every marked message of one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[str, str | None, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _callee(node.func)
            args = node.args
            if name == "N_" and len(args) == 1 and (text := _literal(args[0])) is not None:
                found.append((text, None, f"{shown}:{node.lineno}"))
            elif name in {"plural", "ngettext"}:
                start = 1 if name == "plural" else 0
                texts = [_literal(a) for a in args[start : start + 2]]
                if len(texts) == 2 and texts[0] is not None and texts[1] is not None:
                    found.append((texts[0], texts[1], f"{shown}:{node.lineno}"))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_command(node):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.append((inspect.cleandoc(doc), None, f"{shown}:{node.lineno}"))
    return sorted(found, key=lambda item: int(item[2].rsplit(":", 1)[1]))


def _example_records(package: Path) -> ModuleType:
    """``blocknotation/basics/example_records.py``, loaded on its own (it needs only the standard
    library), so that the examples' comments are found as ``blocknot rules`` finds them."""
    spec = importlib.util.spec_from_file_location(
        "_example_records", package / "basics" / "example_records.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extract_examples(package: Path, shown: str) -> list[tuple[str, str | None, str]]:
    """``(comment text, None, reference)`` for every comment of the example records."""
    comments = _example_records(package).comments
    found: list[tuple[str, str | None, str]] = []
    for path in sorted((package / "examples").glob("*.txt")):
        where = f"{shown}/examples/{path.name}"
        for number, words in comments(path.read_text(encoding="utf-8")):
            found.append((words, None, f"{where}:{number}"))
    return found


def extract(package: Path = PACKAGE) -> list[Entry]:
    """Every msgid of the package, in order of first use (files by path, then by line),
    then the comments of the example records."""
    entries: dict[tuple[str, str | None], Entry] = {}
    sources = [
        extract_file(path, path.relative_to(package.parent).as_posix())
        for path in sorted(package.rglob("*.py"))
    ]
    sources.append(extract_examples(package, package.name))
    for found in sources:
        for msgid, plural, reference in found:
            entry = entries.setdefault((msgid, plural), Entry(msgid, plural))
            # Files only, as xgettext --add-location=file: moving code does not date the
            # catalogues, only changing its messages does.
            where = reference.rsplit(":", 1)[0]
            if where not in entry.references:
                entry.references.append(where)
    return list(entries.values())


# --- .po reading and writing ------------------------------------------------------------------
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted PO string: {text!r}")
    out: list[str] = []
    chars = iter(text[1:-1])
    for char in chars:
        if char == "\\":
            following = next(chars, "")
            out.append(_ESCAPES.get(following, "\\" + following))
        else:
            out.append(char)
    return "".join(out)


def _quote(text: str) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    return f'"{escaped}"'


def read_po(text: str) -> tuple[dict[str, str], list[Entry]]:
    """The header fields and the entries (obsolete ones included, marked) of a .po text."""
    entries: list[Entry] = []
    header: dict[str, str] = {}
    current: Entry | None = None
    target: tuple[str, int] | None = None
    pending_comments: list[str] = []
    pending_fuzzy = False

    def finish() -> None:
        nonlocal current
        if current is None:
            return
        if current.msgid == "" and current.plural is None:
            for line in (current.strings[0] if current.strings else "").splitlines():
                name, _, value = line.partition(":")
                if name.strip():
                    header[name.strip()] = value.strip()
        else:
            entries.append(current)
        current = None

    for raw in text.splitlines():
        obsolete = raw.startswith("#~")
        line = raw[2:].strip() if obsolete else raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            finish()
            target = None
            if line.startswith("#,"):
                pending_fuzzy = "fuzzy" in line
            elif line.startswith("# ") or line == "#":
                pending_comments.append(line[2:])
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid":
            finish()
            current = Entry(_unquote(rest), comments=pending_comments, fuzzy=pending_fuzzy,
                            obsolete=obsolete)
            pending_comments, pending_fuzzy = [], False
            target = ("msgid", 0)
        elif current is not None and keyword == "msgid_plural":
            current.plural = _unquote(rest)
            target = ("plural", 0)
        elif current is not None and keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            while len(current.strings) <= index:
                current.strings.append("")
            current.strings[index] = _unquote(rest)
            target = ("msgstr", index)
        elif current is not None and line.startswith('"') and target is not None:
            piece = _unquote(line)
            if target[0] == "msgid":
                current.msgid += piece
            elif target[0] == "plural":
                current.plural = (current.plural or "") + piece
            else:
                current.strings[target[1]] += piece
        else:
            raise ValueError(f"cannot read this .po line: {raw!r}")
    finish()
    return header, entries


def _field(name: str, value: str | None) -> list[str]:
    if value is None:
        return []
    if "\n" not in value.rstrip("\n") and len(value) < 70:
        return [f"{name} {_quote(value)}"]
    lines = [f'{name} ""']
    for part in value.splitlines(keepends=True):
        lines.append(_quote(part))
    return lines


def write_po(header: dict[str, str], entries: list[Entry], *, template: bool = False) -> str:
    """A .po (or, with ``template``, .pot) text; deterministic for the same input."""
    out: list[str] = []
    head = "".join(f"{name}: {value}\n" for name, value in header.items())
    out += ["# Translations of blocknot. Generated by tools/translations.py; edit msgstr only.",
            'msgid ""', 'msgstr ""']
    out += [_quote(line) for line in head.splitlines(keepends=True)]
    for entry in entries:
        prefix = "#~ " if entry.obsolete else ""
        out.append("")
        out += [f"# {c}".rstrip() for c in entry.comments]
        if entry.references and not entry.obsolete:
            out.append("#: " + " ".join(entry.references))
        flags = ["fuzzy"] if entry.fuzzy else []
        if "{" in entry.msgid:
            flags.append("python-brace-format")
        if flags:
            out.append("#, " + ", ".join(flags))
        lines = _field("msgid", entry.msgid)
        lines += _field("msgid_plural", entry.plural)
        if entry.plural is None:
            lines += _field("msgstr", "" if template else (entry.strings or [""])[0])
        else:
            strings = ["", ""] if template else [*entry.strings, "", ""][:2]
            for index, string in enumerate(strings):
                lines += _field(f"msgstr[{index}]", string)
        out += [prefix + line for line in lines]
    return "\n".join(out) + "\n"


def merge(template: list[Entry], old: list[Entry]) -> list[Entry]:
    """``template``'s entries with ``old``'s translations; what ``old`` has beyond them is
    kept as obsolete entries at the end."""
    known = {e.key: e for e in old}
    merged: list[Entry] = []
    for entry in template:
        previous = known.pop(entry.key, None)
        merged.append(Entry(
            entry.msgid, entry.plural,
            strings=list(previous.strings) if previous else [],
            references=list(entry.references),
            comments=list(previous.comments) if previous else [],
            fuzzy=previous.fuzzy if previous else False,
        ))
    for entry in known.values():
        if any(entry.strings):
            entry.obsolete, entry.references = True, []
            merged.append(entry)
    return merged


# --- .mo compiling ------------------------------------------------------------------------------
def compile_mo(header: dict[str, str], entries: list[Entry]) -> bytes:
    """The GNU .mo catalogue of the translated, non-fuzzy, non-obsolete entries."""
    pairs: dict[bytes, bytes] = {
        b"": "".join(f"{name}: {value}\n" for name, value in header.items()).encode()
    }
    for entry in entries:
        if entry.obsolete or not entry.translated:
            continue
        if entry.plural is None:
            pairs[entry.msgid.encode()] = entry.strings[0].encode()
        else:
            key = f"{entry.msgid}\0{entry.plural}"
            pairs[key.encode()] = "\0".join(entry.strings).encode()
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    table_o: list[int] = []
    table_t: list[int] = []
    blob = b""
    for original in keys:
        table_o += [len(original), data_at + len(blob)]
        blob += original + b"\0"
    for original in keys:
        value = pairs[original]
        table_t += [len(value), data_at + len(blob)]
        blob += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return head + struct.pack(f"<{2 * count}I", *table_o) + struct.pack(
        f"<{2 * count}I", *table_t
    ) + blob


# --- the whole job ----------------------------------------------------------------------------
def expected_files() -> dict[Path, bytes]:
    """Every generated file and the bytes it should hold, from the code and the .po files."""
    entries = extract()
    files = {TEMPLATE: write_po(HEADER, entries, template=True).encode()}
    for lang in LANGUAGES:
        po = PO_DIR / f"{lang}.po"
        header, old = read_po(po.read_text(encoding="utf-8")) if po.exists() else ({}, [])
        header = {**HEADER, "Language": lang, **header}
        merged = merge(entries, old)
        files[po] = write_po(header, merged).encode()
        files[mo_path(lang)] = compile_mo(header, merged)
    return files


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, data in expected_files().items():
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for path in stale:
        verb = "out of date" if check else "written"
        print(f"{path.relative_to(ROOT)}: {verb}")
    for lang in LANGUAGES:
        po = PO_DIR / f"{lang}.po"
        if not po.exists():
            continue
        _, entries = read_po(po.read_text(encoding="utf-8"))
        missing = [e for e in entries if not e.obsolete and not e.translated]
        if missing:
            print(f"po/{lang}.po: {len(missing)} msgid(s) still to translate")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
