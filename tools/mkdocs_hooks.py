"""MkDocs hooks of the documentation site (mkdocs.yml, ``hooks:``).

The pages are written for two readers: GitHub, which shows ``docs/notation.md`` and follows
its link ``../README.md`` or ``../grammar/block.lark`` in the repository, and the site, whose
pages are only the files of ``docs/``. So that one link serves both, the site gets

- ``index.md``, its home page: ``README.md`` as it is (its links into ``docs/`` lead to the
  pages, its picture ``docs/html-report.png`` to the picture);
- a copy of every other file of the repository that a page links to (``editors/README.md``,
  ``grammar/block.lark``), under ``repository/`` at its path in the repository (so that none
  can take the address of a page of ``docs/``: ``editors/`` is docs/editors.md);

and each relative link of a page is rewritten to where its target is in the site. The pages
made at build time (``tools/docs_pages.py``) are in no file of the repository, so a page links
to what each is made from, which GitHub shows (``GENERATED_FROM``): the catalogue of
docs/notation.md (a code's row, ``notation.md#p405``), the click commands, the schemas' module,
the library's ``__init__.py``; in the site such a link leads to the page made from it.  After
the build, every code of the registry must have its page where ``help-uri`` is told to point
(``codes/<code in lower case>/``): the build fails otherwise.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the link rules below serve the tests too, which run without MkDocs
    from mkdocs.structure.files import Files

ROOT = Path(__file__).resolve().parent.parent
_LINK = re.compile(r"(\]\()([^)\s#]+)((?:#[^)\s]*)?\))")
_FENCE = re.compile(r"^(```|~~~)", re.MULTILINE)

#: For each page of the site (its path in the site's sources): its path in the repository.
_ORIGIN: dict[str, str] = {}
#: The pages made at build time, by the file of the repository each is made from.
GENERATED_FROM = {
    "blocknotation/cli/commands.py": "cli.md",
    "blocknotation/formats/records/schema.py": "schemas.md",
    "blocknotation/__init__.py": "api.md",
}
#: The catalogue of docs/notation.md, which the codes' pages are made from: its section, and
#: each code's row (``#p405``).
CATALOGUE_PAGE = "docs/notation.md"
CATALOGUE_SECTION = "5-the-diagnostic-catalogue"
_CODE_ANCHOR = re.compile(r"[sgdtpe][0-9]{3}")


def generated_page(repo_path: str, anchor: str) -> tuple[str, str] | None:
    """The page made at build time that a link to ``repo_path#anchor`` leads to in the site,
    and the anchor it keeps; None for a link to anything else."""
    if repo_path in GENERATED_FROM:
        return GENERATED_FROM[repo_path], anchor
    if repo_path == CATALOGUE_PAGE and anchor == CATALOGUE_SECTION:
        return "codes/index.md", ""
    if repo_path == CATALOGUE_PAGE and _CODE_ANCHOR.fullmatch(anchor):
        return f"codes/{anchor}.md", ""
    return None


def _site_path(repo_path: str) -> str:
    """Where the file at ``repo_path`` (relative to the repository's root) is in the site."""
    if repo_path == "README.md":
        return "index.md"
    if repo_path.startswith("docs/"):
        return repo_path.removeprefix("docs/")
    return f"repository/{repo_path}"


def _is_relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target) and not target.startswith("/")


def _targets(repo_path: str, text: str) -> list[str]:
    """The repository paths of the files the page at ``repo_path`` links to."""
    here = posixpath.dirname(repo_path)
    found = []
    for match in _LINK.finditer(_outside_code(text)):
        target = match.group(2)
        if _is_relative(target):
            found.append(posixpath.normpath(posixpath.join(here, target)))
    return found


def _outside_code(text: str) -> str:
    """``text`` without its fenced blocks, whose brackets are not links."""
    parts = _FENCE.split(text)
    kept, inside = [], False
    for part in parts:
        if part in ("```", "~~~"):
            inside = not inside
        elif not inside:
            kept.append(part)
    return "".join(kept)


def _nav_paths(nav: Any) -> set[str]:
    """The pages that mkdocs.yml's nav lists."""
    if isinstance(nav, str):
        return {nav}
    if isinstance(nav, dict):
        return set().union(*map(_nav_paths, nav.values()))
    if isinstance(nav, list):
        return set().union(*map(_nav_paths, nav))
    return set()


def on_files(files: Files, config: Any) -> Files:
    """Add the home page and the files outside ``docs/`` that pages link to."""
    from mkdocs.structure.files import File, InclusionLevel
    for file in files.documentation_pages():
        _ORIGIN.setdefault(file.src_uri, f"docs/{file.src_uri}")
    readme = File.generated(config, "index.md", abs_src_path=str(ROOT / "README.md"))
    files.append(readme)
    _ORIGIN["index.md"] = "README.md"
    pending = [(origin, (ROOT / origin).read_text("utf-8")) for origin in _ORIGIN.values()
               if (ROOT / origin).is_file()]
    while pending:
        origin, text = pending.pop()
        for target in _targets(origin, text):
            site = _site_path(target)
            if target.startswith("docs/") or files.get_file_from_path(site) is not None:
                continue
            if target in GENERATED_FROM:
                continue  # a link to it leads to the page made from it
            if not (ROOT / target).is_file():
                continue  # MkDocs reports the link as leading nowhere
            listed = site in _nav_paths(config["nav"])
            copied = File.generated(config, site, abs_src_path=str(ROOT / target),
                                    inclusion=InclusionLevel.INCLUDED if listed
                                    else InclusionLevel.NOT_IN_NAV)
            files.append(copied)
            if site.endswith(".md"):
                _ORIGIN[site] = target
                pending.append((target, (ROOT / target).read_text("utf-8")))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Each relative link of the page, to where its target is in the site."""
    origin = _ORIGIN.get(page.file.src_uri)
    if origin is None:
        return markdown  # a page made at build time: its links are the site's already
    here, site_here = posixpath.dirname(origin), posixpath.dirname(page.file.src_uri)

    def moved(match: re.Match[str]) -> str:
        target, tail = match.group(2), match.group(3)
        if not _is_relative(target):
            return match.group(0)
        repo_path = posixpath.normpath(posixpath.join(here, target))
        in_site = _site_path(repo_path)
        made = generated_page(repo_path, tail[1:-1])
        if made is not None:
            in_site, anchor = made
            tail = f"#{anchor})" if anchor else ")"
        site = posixpath.relpath(in_site, site_here or ".")
        return f"{match.group(1)}{site}{tail}"

    pieces = re.split(r"(^```.*?^```$)", markdown, flags=re.MULTILINE | re.DOTALL)
    return "".join(piece if piece.startswith("```") else _LINK.sub(moved, piece)
                   for piece in pieces)


def on_post_build(config: Any) -> None:
    """Every code of the registry has its page at ``codes/<code in lower case>/``."""
    from blocknotation.basics.codes import CATALOGUE

    site = Path(config["site_dir"])
    missing = [code for code in CATALOGUE
               if not (site / "codes" / code.lower() / "index.html").is_file()]
    if missing:
        raise SystemExit(f"no page at codes/<code>/ for {', '.join(missing)}")
