"""What applies to one document: the configuration found from its path, and its language.

The configuration file is the one ``blocknot validate`` would use for the file, the nearest
``blocknot.toml`` or ``pyproject.toml`` with ``[tool.blocknot]`` above the document's
directory (``config.find``): ``select``, ``ignore``, ``per-file-ignores``, ``strict`` and
``lang`` apply.  Without ``lang`` there, messages follow the client's locale (``initialize``
sends it: ``it``, ``it-IT`` give Italian), else English.  A document that is not a file
(an unsaved buffer) gets no configuration file.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass

from ..basics.config import Config, ConfigProblem, find, load
from ..basics.i18n import LANGUAGES
from ..pipeline import Selection
from ..suppress import codes_in
from .chunks import encoded


def language_of(locale: str | None) -> str:
    """The language of messages for a client locale such as ``it-IT``: ``it`` or ``en``."""
    code = (locale or "").replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else "en"


@dataclass(frozen=True, slots=True)
class ClientSettings:
    """The codes to report, whether warnings count as errors, and the language."""

    selection: Selection
    strict: bool
    lang: str
    #: The configuration file used, or why it could not be (shown to the user once).
    config_path: str | None = None
    problem: str | None = None


def settings_for(path: str | None, client_lang: str) -> ClientSettings:
    """The settings of the document at ``path`` (None: not a file).  The codes its own
    ``ignore-file`` comments name are added to its selection by the cut (``cut.py``)."""
    config, problem = Config(), None
    if path is not None:
        try:
            found = find(os.path.dirname(os.path.abspath(path)))
            config = load(found) if found is not None else Config()
        except ConfigProblem as error:
            problem = str(error)
    ignored = config.ignored_for(path) if path is not None else ()
    selection = Selection(config.select, config.ignore + ignored)
    return ClientSettings(selection, bool(config.strict), config.lang or client_lang,
                          config.path, problem)


def file_ignores(text: str) -> tuple[str, ...]:
    """The codes the ``ignore-file`` comments of the text suppress, found as ``blocknot
    validate`` finds them in a file (``suppress.codes_in``): in the text's bytes, up to its
    first NUL byte or a line longer than the reading reads past."""
    if "blocknot:" not in text:
        return ()
    return codes_in(io.BytesIO(encoded(text)))
