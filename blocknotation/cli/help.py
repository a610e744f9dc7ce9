"""``--help`` in the user's language, translated when help is shown, never at import.

The commands' docstrings and options' ``help=N_("…")`` texts are English msgids; these click
classes look them up when the help page is built, so importing the CLI costs nothing (no
catalogue is read for ``blocknot --version`` or a plain ``validate``).  The language is the
command's ``--lang`` when it comes before ``--help`` on the command line (``--lang`` is eager
and remembers itself in the context), else the locale's.  Click's own words that a help page
shows (Usage, Options, Commands, the help and version options) are translated too, and its
usage errors by ``usage_words.py``; ``[default: …]`` stays as click writes it.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..basics.i18n import N_, language_from_environment, translator

LANG_KEY = "blocknot.lang"
_Helped = TypeVar("_Helped", click.Command, click.Parameter)
_TRANSLATE = "blocknot.translate"

# Click's words on a help page, translated here because click looks them up in its own
# gettext domain, which blocknot does not install.
CLICK_WORDS = (
    N_("Usage:"), N_("Options"), N_("Commands"),
    N_("Show this message and exit."), N_("Show the version and exit."),
)


def remember_language(ctx: click.Context, _param: click.Parameter, value: str | None) -> Any:
    """The eager ``--lang`` callback: keep the choice for the help page, and for the command
    after ``blocknot --lang LANG`` (its contexts share ``meta``), unless it has its own."""
    if value is not None:
        ctx.meta[LANG_KEY] = value
    return value if value is not None else ctx.meta.get(LANG_KEY)


def help_language(ctx: click.Context) -> str:
    language = ctx.meta.get(LANG_KEY)
    return language if isinstance(language, str) else language_from_environment()


def _in_language(obj: _Helped, _: Callable[[str], str]) -> _Helped:
    """A copy of a command or parameter with its help text translated, for click to read
    from the attribute; the command itself is left as it was."""
    text = getattr(obj, "help", None)
    if not text:
        return obj
    translated = copy.copy(obj)
    translated.help = _(inspect.cleandoc(text))
    return translated


def _format_options(
    command: click.Command, ctx: click.Context, formatter: click.HelpFormatter, title: str
) -> None:
    _ = _words(ctx)
    rows = [
        record
        for param in command.get_params(ctx)
        if not isinstance(param, click.Argument)
        and (record := _in_language(param, _).get_help_record(ctx)) is not None
    ]
    if rows:
        with formatter.section(title):
            formatter.write_dl(rows)


def _words(ctx: click.Context) -> Callable[[str], str]:
    found = ctx.meta.get(_TRANSLATE)
    return found if callable(found) else translator("en")


def _usage(command: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    pieces = command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), _words(ctx)("Usage:") + " ")


class _TranslatedHelp(click.Command):
    """The help page and usage line of a command, in the user's language."""

    def get_help(self, ctx: click.Context) -> str:
        ctx.meta[_TRANSLATE] = translator(help_language(ctx))
        return super().get_help(ctx)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        click.Command.format_help_text(_in_language(self, _words(ctx)), ctx, formatter)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _usage(self, ctx, formatter)


class TranslatedCommand(_TranslatedHelp):
    """A command whose help page is in the user's language."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_options(self, ctx, formatter, _words(ctx)("Options"))


class TranslatedGroup(_TranslatedHelp, click.Group):
    """The ``blocknot`` group: its help page, and its commands', in the user's language."""

    command_class = TranslatedCommand

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _ = _words(ctx)
        _format_options(self, ctx, formatter, _("Options"))
        rows = []
        for name in self.list_commands(ctx):
            sub = self.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                # The whole first sentence, wrapped in its column, never cut with "...".
                rows.append((name, _in_language(sub, _).get_short_help_str(limit=10**6)))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)
