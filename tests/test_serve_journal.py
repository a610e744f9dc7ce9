"""``blocknot serve``'s journal: the record and its journal agree again however the server
stopped, a key sent twice is applied once, and an old entry sent again is never applied."""

from __future__ import annotations

from pathlib import Path

from serve_support import needs_serve


def evening(folder: Path) -> object:
    needs_serve()
    from blocknotation.serve.evening import Evening

    found = Evening(str(folder))
    found.load()
    return found


def entry(key: str, base: int, tile: str, player: str = "Ada", side: str | None = None) -> object:
    from blocknotation.serve.entries import sent

    return sent({"key": key, "base": base,
                 "entry": {"kind": "play", "player": player, "tile": tile, "side": side}})


def started(folder: Path) -> tuple[object, object]:
    from blocknotation.serve.entries import setup

    made = evening(folder)
    key, values = setup({"key": "setup-table-1", "table": "1", "players": ["Ada", "Bea"],
                         "opener": "Ada"})
    return made, made.create(key, values).game  # type: ignore[attr-defined]


def test_a_step_whose_record_was_never_written_is_dropped(tmp_path: Path) -> None:
    from blocknotation.serve.journal import digest

    _, game = started(tmp_path)
    # The process dies between the journal's line and the record's: the entry was never
    # acknowledged, and the phone will send it again.
    game.journal.intend("lost-answer-1", digest(b"what the record would have been"))
    again = evening(tmp_path)
    game = again.games[game.id]
    assert game.version == 1
    answer = again.submit(game, entry("lost-answer-1", 1, "6-6"))
    assert (answer.status, answer.duplicate, game.version) == (200, False, 2)
    assert game.journal.path and len(Path(game.journal.path).read_text().splitlines()) == 2


def test_a_record_changed_by_hand_is_a_new_version(tmp_path: Path) -> None:
    made, game = started(tmp_path)
    assert made.submit(game, entry("first-entry", 1, "6-6")).status == 200
    path = Path(game.path)
    path.write_text(path.read_text().replace("Ada: 6-6", "Ada: 5-5"))
    again = evening(tmp_path)
    game = again.games[game.id]
    assert game.version == 3
    stale = again.submit(game, entry("second-entry", 2, "5-6", "Bea", "R"))
    assert stale.status == 409
    assert again.submit(game, entry("second-entry", 3, "5-4", "Bea", "R")).status == 200
    # Loaded again as it is, nothing changes.
    assert evening(tmp_path).games[game.id].version == 4  # type: ignore[attr-defined]


def test_a_line_cut_short_is_dropped_and_the_journal_goes_on(tmp_path: Path) -> None:
    made, game = started(tmp_path)
    made.submit(game, entry("first-entry", 1, "6-6"))
    journal = Path(game.journal.path)
    with journal.open("ab") as handle:
        handle.write(b'{"key":"half-writt')
    again = evening(tmp_path)
    game = again.games[game.id]
    assert game.version == 2 and b"half" not in journal.read_bytes()
    assert again.submit(game, entry("second-entry", 2, "5-6", "Bea", "R")).status == 200
    assert evening(tmp_path).games[game.id].version == 3  # type: ignore[attr-defined]


def test_a_key_sent_twice_is_applied_once_even_long_after(tmp_path: Path,
                                                         monkeypatch: object) -> None:
    import blocknotation.serve.journal as journal

    monkeypatch.setattr(journal, "KEYS_KEPT", 2)  # type: ignore[attr-defined]
    made, game = started(tmp_path)
    moves = [("Ada", "6-6", None), ("Bea", "5-6", "R"), ("Ada", "5-5", "R"), ("Bea", "4-5", "R")]
    for k, (player, tile, side) in enumerate(moves):
        assert made.submit(game, entry(f"entry-{k:04d}", k + 1, tile, player, side)).status == 200
    text = Path(game.path).read_text()
    recent = made.submit(game, entry("entry-0003", 4, "4-5", "Bea", "R"))
    assert (recent.status, recent.duplicate) == (200, True)
    # The first key is forgotten, but its entry was made on version 1: a conflict.
    assert made.submit(game, entry("entry-0000", 1, "6-6")).status == 409
    assert Path(game.path).read_text() == text
