"""Configuration: blocknot.toml or [tool.blocknot] in pyproject.toml, found walking up from
the current directory; --config and --isolated; command-line options win; bad files are
usage errors naming the key and the file.  Every test runs the command in a temporary tree."""

from __future__ import annotations

import json
import os
from pathlib import Path

from blocknotation.basics.limits import MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH

from inprocess import TextDone, run_utf8

ROOT = Path(__file__).resolve().parent.parent
G105 = (ROOT / "blocknotation" / "examples" / "G105.bad.txt").read_bytes()
P405 = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_bytes()


def run(*args: str, cwd: Path) -> TextDone:
    environment = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    return run_utf8(*args, cwd=cwd, env=environment)


def project(root: Path, config_name: str, config: str) -> Path:
    (root / config_name).write_text(config, encoding="utf-8")
    (root / "games" / "legacy").mkdir(parents=True)
    (root / "games" / "g105.block").write_bytes(G105)
    (root / "games" / "legacy" / "p405.block").write_bytes(P405)
    (root / "games" / "p405.block").write_bytes(P405)
    return root / "games"


def codes(done: TextDone) -> list[tuple[str, str]]:
    found = []
    for line in done.stdout.splitlines():
        game = json.loads(line)
        found += [(game["path"], d["code"]) for d in game["diagnostics"]]
    return found


def test_blocknot_toml_above_the_current_directory_applies(tmp_path: Path) -> None:
    games = project(tmp_path, "blocknot.toml",
                    'format = "jsonl"\nignore = ["G105"]\n\n[per-file-ignores]\n'
                    '"games/legacy/*" = ["P4"]\n')
    done = run("validate", ".", cwd=games)
    assert codes(done) == [("p405.block", "P405")]
    assert done.returncode == 1
    isolated = run("validate", "--isolated", "--format", "jsonl", ".", cwd=games)
    assert codes(isolated) == [("g105.block", "G105"), ("legacy/p405.block", "P405"),
                               ("p405.block", "P405")]
    overridden = run("validate", "--ignore", "P", ".", cwd=games)  # the option wins
    assert codes(overridden) == [("g105.block", "G105")]
    named = run_utf8("validate", "--stdin-filename", "legacy/x.block", "-", stdin=P405,
                     cwd=games)
    assert named.returncode == 0  # per-file-ignores match standard input by its name


def test_pyproject_tool_section_strict_and_exclude(tmp_path: Path) -> None:
    games = project(tmp_path, "pyproject.toml",
                    '[project]\nname = "x"\n\n[tool.blocknot]\nstrict = true\n'
                    'exclude = ["*p405*"]\nlang = "it"\n')
    done = run("validate", ".", cwd=games)
    assert done.returncode == 1  # strict: the G105 warning fails
    first, result, summary = done.stdout.splitlines()  # the p405 files are excluded
    assert first.startswith("g105.block:2:1: avviso G105 ")
    assert result.startswith("g105.block: partita 1: ")
    assert summary == "g105.block: 1 partita, 1 mano, 0 errori, 1 avviso"


def test_a_pyproject_without_the_section_is_passed_over(tmp_path: Path) -> None:
    (tmp_path / "blocknot.toml").write_text('select = ["P"]\n', encoding="utf-8")
    (tmp_path / "inner").mkdir()
    games = project(tmp_path / "inner", "pyproject.toml", '[project]\nname = "x"\n')
    done = run("validate", "--format", "jsonl", ".", cwd=games)
    assert [c for _, c in codes(done)] == ["P405", "P405"]


def test_config_option_names_the_file(tmp_path: Path) -> None:
    games = project(tmp_path, "blocknot.toml", 'select = ["P"]\n')
    (tmp_path / "other.toml").write_text('format = "jsonl"\nselect = ["G"]\n', "utf-8")
    done = run("validate", "--config", "../other.toml", ".", cwd=games)
    assert codes(done) == [("g105.block", "G105")]


def test_bad_configurations_are_usage_errors(tmp_path: Path) -> None:
    config = tmp_path / "blocknot.toml"
    for text, message in [
        ('selct = ["P"]\n', "unknown key 'selct' in {path}; the keys are select, ignore, "
                            "per-file-ignores, strict, lang, include, exclude, jobs, format, "
                            "help-uri, aliases, encoding"),
        ('encoding = "klingon"\n', "'encoding' in {path} must be the name of a text encoding "
                                   "(such as cp1252, latin-1, utf-16)"),
        ('jobs = "2"\n', "'jobs' in {path} must be a whole number from 0 to 64"),
        ("jobs = -1\n", "'jobs' in {path} must be a whole number from 0 to 64"),
        ("jobs = 100000\n", "'jobs' in {path} must be a whole number from 0 to 64"),
        ('exclude = ["[z-a]"]\n', "'exclude' in {path}: '[z-a]' is not a valid "
                                  "gitignore-style pattern"),
        ('include = ["!"]\n', "'include' in {path}: '!' is not a valid gitignore-style pattern"),
        ('[per-file-ignores]\n"\\\\" = ["P4"]\n', "'per-file-ignores' in {path}: '\\\\' is not a "
                                              "valid gitignore-style pattern"),
        ('ignore = ["Q999"]\n', "unknown code or prefix 'Q999' in 'ignore' in {path}; "
                                "see `blocknot rules`"),
        ('format = "xml"\n', "'format' in {path} must be one of text, json, annotated, jsonl, "
                             "github, sarif, junit"),
        ("strict = 1\n", "'strict' in {path} must be true or false"),
        ('[per-file-ignores]\n"*" = "P4"\n',
         "'per-file-ignores' in {path} must be a table of patterns to lists of codes"),
    ]:
        config.write_text(text, encoding="utf-8")
        (tmp_path / "a.block").write_bytes(G105)
        done = run("validate", "a.block", cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, ""), text
        assert done.stderr == "blocknot: " + message.format(path=config) + "\n"
    config.write_text("select = [\n", encoding="utf-8")
    broken = run("validate", "a.block", cwd=tmp_path)
    assert broken.returncode == 2 and broken.stderr.startswith(
        f"blocknot: {config} is not valid TOML: ")


def test_a_deeply_nested_or_huge_configuration_is_refused_in_one_line(tmp_path: Path) -> None:
    """Found walking up, so a hostile checkout could hold one: never a RecursionError (70)."""
    (tmp_path / "a.block").write_bytes(G105)
    config = tmp_path / "blocknot.toml"
    deep = (f"{{path}} is nested too deeply: a configuration file nests arrays and tables at "
            f"most {MAX_CONFIG_DEPTH} levels deep")
    for text, message in [
        ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", deep),
        ("x = " + "[" * 2_000 + "]" * 2_000 + "\n", deep),
        ("x = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n", deep),
        ("x = " + "[" * (MAX_CONFIG_DEPTH + 1) + "]" * (MAX_CONFIG_DEPTH + 1) + "\n", deep),
        ("#" * (MAX_CONFIG_BYTES + 1) + "\n", "{path} is too large: a configuration file "
                                               f"holds at most {MAX_CONFIG_BYTES} bytes"),
    ]:
        config.write_text(text, encoding="utf-8")
        done = run("validate", "a.block", cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, ""), text[:20]
        assert done.stderr == "blocknot: " + message.format(path=config) + "\n"
    config.unlink()
    # As deep as the bound allows, in another tool's table of a pyproject.toml: accepted.
    nested = "[" * (MAX_CONFIG_DEPTH - 2) + "]" * (MAX_CONFIG_DEPTH - 2)
    (tmp_path / "pyproject.toml").write_text(
        f"[tool.other]\nx = {nested}\n\n[tool.blocknot]\nignore = [\"G105\"]\n", "utf-8")
    assert run("validate", "a.block", cwd=tmp_path).returncode == 0


def test_each_file_gets_the_configuration_nearest_above_it(tmp_path: Path) -> None:
    # As ruff does: a directory's own blocknot.toml applies to the files under it, whatever
    # the directory the command runs in; --config and --isolated apply one to every file.
    games = project(tmp_path, "blocknot.toml", 'ignore = ["G105"]\n')
    (games / "legacy" / "blocknot.toml").write_text(
        'select = ["G"]\n[per-file-ignores]\n"x*.block" = ["G105"]\n', encoding="utf-8")
    (games / "legacy" / "g105.block").write_bytes(G105)
    (games / "legacy" / "x.block").write_bytes(G105)
    for cwd in (tmp_path, games / "legacy", tmp_path.parent):
        done = run("validate", "--format", "jsonl", str(games), cwd=cwd)
        assert done.returncode == 1, done.stderr
        found = {(Path(path).relative_to(games).as_posix(), code) for path, code in codes(done)}
        # games/: G105 ignored, P405 reported; legacy/: only G codes, x*.block not G105.
        assert found == {("p405.block", "P405"), ("legacy/g105.block", "G105")}, cwd
    everything = run("validate", "--format", "jsonl", "--isolated", str(games), cwd=tmp_path)
    assert {code for _, code in codes(everything)} == {"G105", "P405"}
    named = run("validate", "--format", "jsonl", "--config", str(tmp_path / "blocknot.toml"),
                str(games), cwd=tmp_path)
    assert {code for _, code in codes(named)} == {"P405"}


def test_show_settings_names_each_files_configuration(tmp_path: Path) -> None:
    games = project(tmp_path, "blocknot.toml", 'ignore = ["G105"]\nlang = "it"\n')
    (games / "legacy" / "blocknot.toml").write_text(
        'select = ["P"]\n[per-file-ignores]\n"p*.block" = ["P405"]\n', encoding="utf-8")
    done = run("validate", "--show-settings", "g105.block", "legacy/p405.block", cwd=games)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "g105.block",
        f"  configuration: {tmp_path / 'blocknot.toml'}",
        "  select: (every code)",
        "  ignore: G105",
        "legacy/p405.block",
        f"  configuration: {games / 'legacy' / 'blocknot.toml'}",
        "  select: P",
        "  ignore: P405",
        "run",
        f"  configuration: {tmp_path / 'blocknot.toml'}",
        "  strict: false",
        "  lang: it",
        "  format: text",
        "  jobs: 1",
        "  include: (default)",
        "  exclude: (none)",
        "  help-uri: (none)",
    ]


def test_a_configuration_that_is_a_directory_or_has_a_bom_says_so(tmp_path: Path) -> None:
    (tmp_path / "a.block").write_bytes(G105)
    (tmp_path / "blocknot.toml").mkdir()
    done = run("validate", "--lang", "en", "a.block", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"blocknot: {tmp_path / 'blocknot.toml'} is a directory, not a "
                           "configuration file: blocknot reads a blocknot.toml that is a file\n")
    (tmp_path / "blocknot.toml").rmdir()
    (tmp_path / "blocknot.toml").write_bytes(b'\xef\xbb\xbfselect = ["P"]\n')
    done = run("validate", "--lang", "en", "a.block", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"blocknot: {tmp_path / 'blocknot.toml'} starts with a byte-order "
                           "mark, which TOML does not allow: save it as UTF-8 without one\n")


def test_a_pyproject_toml_that_is_a_directory_or_has_a_bom_says_so(tmp_path: Path) -> None:
    """As a blocknot.toml: a pyproject.toml whose [tool.blocknot] table is behind a
    byte-order mark, or that is a directory, is never passed over in silence."""
    (tmp_path / "a.block").write_bytes(G105)
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_bytes(b'\xef\xbb\xbf[tool.blocknot]\nignore = ["G105"]\n')
    for args in (("validate", "a.block"), ("validate", "--show-settings", ".")):
        done = run(*args, "--lang", "en", cwd=tmp_path)
        assert (done.returncode, done.stdout, done.stderr) == (
            2, "", f"blocknot: {pyproject} starts with a byte-order mark, which TOML does not "
                   "allow: save it as UTF-8 without one\n")
    pyproject.unlink()
    pyproject.mkdir()
    done = run("validate", "--lang", "en", "a.block", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"blocknot: {pyproject} is a directory, not a configuration file: blocknot "
               "reads a pyproject.toml that is a file\n")
