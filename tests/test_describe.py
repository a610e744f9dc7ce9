"""The chain described in the rules text's own words (``--chain``).

The seven descriptions that the rules text prints (docs/rules.md, "Describing the chain") are
reproduced verbatim, from records that make the plays the rules text describes, with their
English counterparts in the wording docs/notation.md, "The chain in the rules' words", fixes.
"""

from __future__ import annotations

import pytest
from annotating import annotated_file

from blocknotation.basics.i18n import translator
from blocknotation.formats.reports.describe import Layout, describe

# [1|4] opens, [1|1] on the 1, [4|4] on the 4, [3|4] on the 4 of the double; [3|6] opens
# and [6|6] goes on the 6; [0|0] alone; [2|2] alone.  The hands are left unfinished.
RULES_PLAYS = b"""[Players "Ada Bea"]

hand 1
Ada: 1-4
Bea: 1-1 L
Ada: 4-4 R
Bea: 3-4 R

hand 2
Bea: 3-6
Ada: 6-6 R

hand 3
Ada: 0-0

hand 4
Bea: 2-2
"""

ITALIAN = [
    "Tessere: [1|4]. Collegamenti: nessuno. Punti di collegamento disponibili: [1|4] "
    "(estremità di valore maggiore, 4); [1|4] (estremità di valore minore, 1).",
    "Tessere: [1|4], [1|1]. Collegamenti: [1|4] (estremità di valore minore) – [1|1] (lato "
    "lineare A). Punti di collegamento disponibili: [1|1] (lato lineare B, 1); [1|4] "
    "(estremità di valore maggiore, 4).",
    "Tessere: [1|4], [1|1], [4|4]. Collegamenti: [1|4] (estremità di valore minore) – [1|1] "
    "(lato lineare A); [1|4] (estremità di valore maggiore) – [4|4] (lato lineare A). Punti di "
    "collegamento disponibili: [1|1] (lato lineare B, 1); [4|4] (lato lineare B, 4).",
    "Tessere: [1|4], [1|1], [4|4], [3|4]. Collegamenti: [1|4] (estremità di valore minore) – "
    "[1|1] (lato lineare A); [1|4] (estremità di valore maggiore) – [4|4] (lato lineare A); "
    "[4|4] (lato lineare B) – [3|4] (estremità di valore maggiore). Punti di collegamento "
    "disponibili: [1|1] (lato lineare B, 1); [3|4] (estremità di valore minore, 3).",
    "Tessere: [3|6], [6|6]. Collegamenti: [3|6] (estremità di valore maggiore) – [6|6] (lato "
    "lineare A). Punti di collegamento disponibili: [3|6] (estremità di valore minore, 3); "
    "[6|6] (lato lineare B, 6).",
    "Tessere: [0|0]. Collegamenti: nessuno. Punti di collegamento disponibili: [0|0] (lato "
    "lineare A, 0); [0|0] (lato lineare B, 0).",
    "Tessere: [2|2]. Collegamenti: nessuno. Punti di collegamento disponibili: [2|2] (lato "
    "lineare A, 2); [2|2] (lato lineare B, 2).",
]

ENGLISH = [
    "Tiles: [1|4]. Links: none. Open points: [1|4] (higher end, 4); [1|4] (lower end, 1).",
    "Tiles: [1|4], [1|1]. Links: [1|4] (lower end) – [1|1] (side A). Open points: [1|1] "
    "(side B, 1); [1|4] (higher end, 4).",
    "Tiles: [1|4], [1|1], [4|4]. Links: [1|4] (lower end) – [1|1] (side A); [1|4] (higher "
    "end) – [4|4] (side A). Open points: [1|1] (side B, 1); [4|4] (side B, 4).",
    "Tiles: [1|4], [1|1], [4|4], [3|4]. Links: [1|4] (lower end) – [1|1] (side A); [1|4] "
    "(higher end) – [4|4] (side A); [4|4] (side B) – [3|4] (higher end). Open points: [1|1] "
    "(side B, 1); [3|4] (lower end, 3).",
    "Tiles: [3|6], [6|6]. Links: [3|6] (higher end) – [6|6] (side A). Open points: [3|6] "
    "(lower end, 3); [6|6] (side B, 6).",
    "Tiles: [0|0]. Links: none. Open points: [0|0] (side A, 0); [0|0] (side B, 0).",
    "Tiles: [2|2]. Links: none. Open points: [2|2] (side A, 2); [2|2] (side B, 2).",
]

# Which chain line of the annotated record each printed description is: the rules text
# prints no description after [3|6] alone.
PRINTED = [0, 1, 2, 3, 5, 6, 7]


def _chain_lines(data: bytes, lang: str) -> list[str]:
    text, _ = annotated_file(data, "rules.txt", lang=lang, chain=True)
    assert text is not None
    frame = "#= Tessere: " if lang == "it" else "#= Tiles: "
    return [line[3:] for line in text.splitlines() if line.startswith(frame)]


@pytest.mark.parametrize(("lang", "expected"), [("it", ITALIAN), ("en", ENGLISH)])
def test_the_rules_texts_descriptions_verbatim(lang: str, expected: list[str]) -> None:
    lines = _chain_lines(RULES_PLAYS, lang)
    assert len(lines) == 8
    assert [lines[i] for i in PRINTED] == expected


def _layout(*plays: tuple[tuple[int, int], str | None]) -> Layout:
    layout = Layout()
    for tile, side in plays:
        layout.place(tile, side)  # type: ignore[arg-type]
    return layout


def test_an_opening_double_links_side_a_on_the_left_and_side_b_on_the_right() -> None:
    left = _layout(((2, 2), None), ((5, 2), "L"))
    assert describe(left) == (
        "Tiles: [2|2], [2|5]. Links: [2|2] (side A) – [2|5] (lower end). "
        "Open points: [2|2] (side B, 2); [2|5] (higher end, 5)."
    )
    right = _layout(((2, 2), None), ((2, 5), "R"))
    assert describe(right) == (
        "Tiles: [2|2], [2|5]. Links: [2|2] (side B) – [2|5] (lower end). "
        "Open points: [2|2] (side A, 2); [2|5] (higher end, 5)."
    )


def test_the_opening_tile_is_laid_as_written() -> None:
    layout = _layout(((6, 3), None))
    assert layout.ends == (6, 3)
    assert describe(layout, translator("it")).endswith(
        "[3|6] (estremità di valore maggiore, 6); [3|6] (estremità di valore minore, 3)."
    )


def test_the_chain_is_not_described_once_a_tile_is_in_doubt() -> None:
    # Ada's deal is written, so her lead is as written: only Bea's tile is in doubt.
    record = b"""[Players "Ada Bea"]

hand 1
deal Ada: 1-4 4-2 0-0 0-1 0-2 0-3 3-3
Ada: 1-4
Bea: 5-6
Ada: 4-2 R
"""
    text, report = annotated_file(record, "doubt.txt", chain=True)
    assert text is not None
    assert [d.code for d in report.diagnostics] == ["P403", "E501"]
    assert len([line for line in text.splitlines() if line.startswith("#= Tiles:")]) == 1
