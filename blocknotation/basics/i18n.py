"""The language of every human-readable string: English or Italian, via gettext.

Messages are English msgids (see ``diagnostics.N_``); the catalogues live in
``blocknotation/locale/<lang>/LC_MESSAGES/blocknot.mo``, built from the ``.po`` sources in
``po/``.  Codes, JSON keys and the notation's keywords never change with the language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping
from functools import cache

LANGUAGES = ("en", "it")
DOMAIN = "blocknot"
# A plain path (no pathlib): this module loads with every command, even ``--version``.
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                          "locale")


def N_(message: str) -> str:
    """Mark a string for translation without translating it (gettext's convention)."""
    return message


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for (LC_ALL, LC_MESSAGES, LANG), else English."""
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def translator(lang: str) -> Callable[[str], str]:
    """A function from an English msgid to its text in ``lang``."""
    return _translations(lang).gettext


def plural(lang: str, singular: str, plural_form: str, count: int) -> str:
    """``singular`` or ``plural_form`` in ``lang``, chosen for ``count`` (gettext ngettext)."""
    return _translations(lang).ngettext(singular, plural_form, count)
