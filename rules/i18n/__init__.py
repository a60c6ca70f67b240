"""Words chosen where they are read: lazy messages, the catalogues, and a translator per language.

rules/ never knows who reads what it says. It marks each sentence with :func:`_` (or
:func:`ngettext` for a count) and gets back a :class:`Message`: the English text (the msgid) and
its named values, not yet rendered. Whoever shows it (a cog, a renderer, a web page) renders it in
the reader's language:

>>> m = _("Rolled {total}", total=7)
>>> str(m)                       # English, the source language
'Rolled 7'
>>> m.render("en-GB")
'Rolled 7'
>>> str(ngettext("{n} die", "{n} dice", 3, n=3))
'3 dice'

At the edge, :func:`translator` gives a ``t`` that returns text at once:

>>> t = translator("en")
>>> t("{n} players", n=4), t.n("{n} die", "{n} dice", 1, n=1), t.number(3.333, 2), t.percent(0.125)
('4 players', '1 die', '3.33', '12.5%')

The catalogues are gettext's: ``locale/<lang>/parts/*.po`` are the sources (one per area of the
code, so that several people translate at once without touching the same file), merged and
compiled by ``make i18n`` into ``locale/<lang>/LC_MESSAGES/herald.{po,mo}``. Each is read once per
process, on first use. A language is *offered* only when its catalogue is complete (every entry
translated, none fuzzy, the same placeholders as the English); any other language reads English.
See docs/i18n.md.

Only the standard library is imported here at module level: Babel is imported when a catalogue or
a number is first needed, so importing rules costs nothing more at start-up.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import re
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.i18n.common import (
    COMPLETE_CONTEXT,
    COMPLETE_MSGID,
    DOMAIN,
    LOCALE_DIR,
    SOURCE,
    placeholders,
)

__all__ = ["COMPLETE_CONTEXT", "COMPLETE_MSGID", "DOMAIN", "LOCALE_DIR", "SOURCE", "placeholders"]


# -- lazy messages -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=True)
class Message:
    """A sentence for a player, rendered later in the reader's language.

    ``msgid`` is the English text with named placeholders; ``plural`` and ``n`` make it a count
    (:func:`ngettext`). A value may itself be a :class:`Message`: it is rendered in the same
    language. ``str(message)`` is the English.
    """

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def render(self, locale: str | None = None) -> str:
        """The text in ``locale`` (a Discord locale such as ``es-ES``, or a catalogue's ``es``);
        English when that language is not offered."""
        return _catalogue_for(locale).render(self)

    def __str__(self) -> str:
        return self.render(None)

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.n, tuple(self.params)))

    def __add__(self, other: object) -> str:  # pragma: no cover - a guard, not a feature
        raise TypeError("a Message is not concatenated: put the whole sentence in one msgid")

    # -- stored: a message kept in game state or an event log, rendered later ------------------

    @classmethod
    def verbatim(cls, text: str) -> Message:
        """A text that shows as itself in every language (a line stored before it was marked).

        >>> m = Message.verbatim("Mira {sic} falls.")
        >>> str(m), m.render("es")
        ('Mira {sic} falls.', 'Mira {sic} falls.')
        """
        return cls(_VERBATIM, {"text": text})

    def to_json(self) -> dict[str, Any]:
        """The message as plain JSON data; :meth:`from_json` reads it back (nested messages too).

        >>> m = ngettext("{n} die for {who}", "{n} dice for {who}", 2, n=2, who=_("the boss"))
        >>> Message.from_json(m.to_json()) == m
        True
        """
        data: dict[str, Any] = {"msgid": self.msgid}
        if self.params:
            data["params"] = {key: _stored(value) for key, value in self.params.items()}
        if self.plural is not None:
            data["plural"] = self.plural
            data["n"] = self.n
        return data

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """A message from :meth:`to_json`'s data; a plain string (stored before the message was
        marked) loads as :meth:`verbatim`, so old games keep their lines."""
        if isinstance(data, Message):
            return data
        if isinstance(data, str):
            return cls.verbatim(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("msgid"), str):
            raise ValueError("a stored message is a string or an object with a msgid")
        stored = data.get("params") or {}
        plural = data.get("plural")
        if not isinstance(stored, Mapping) or not (plural is None or isinstance(plural, str)):
            raise ValueError("a stored message's params are an object, its plural a string")
        if plural is not None and not isinstance(data.get("n"), int | float):
            raise ValueError("a stored plural message has its count n")
        params = {str(key): _loaded(value) for key, value in stored.items()}
        return cls(data["msgid"], params, plural, data.get("n") if plural is not None else None)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """A pydantic field typed ``Message`` stores :meth:`to_json` and reads :meth:`from_json`
        (an old plain string included)."""
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            cls.from_json,
            serialization=core_schema.plain_serializer_function_ser_schema(lambda m: m.to_json()),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return {"anyOf": [{"type": "string"}, {"type": "object", "required": ["msgid"]}]}


_VERBATIM = "{text}"
"""The msgid of :meth:`Message.verbatim`: no catalogue translates it, so it shows its value."""


def _stored(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_stored(item) for item in value]
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)  # an enum or a name object: its English, as it was shown


def _loaded(value: Any) -> Any:
    if isinstance(value, Mapping):
        return Message.from_json(value)
    if isinstance(value, list):
        return tuple(_loaded(item) for item in value)
    return value


def _(msgid: str, /, **params: Any) -> Message:
    """Mark ``msgid`` for translation; ``params`` fill its ``{named}`` placeholders when shown."""
    return Message(msgid, params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A sentence about ``n`` of something: the language's plural rule picks the form.

    >>> str(ngettext("{n} roll", "{n} rolls", 1, n=1))
    '1 roll'
    """
    return Message(singular, params, plural, n)


def N_(msgid: str, /) -> str:
    """Mark a constant for extraction only (a table of labels); translate it where it is shown."""
    return msgid


@dataclass(frozen=True, slots=True)
class Number:
    """A number inside a message, written the reader's way when the message is rendered:
    ``_("at most {most} steps", most=Number(150_000))`` reads ``150,000`` in English and
    ``150.000`` in Spanish. ``digits`` fixes the decimals, as :meth:`Translator.number`.

    >>> str(_("at most {most} steps", most=Number(150_000)))
    'at most 150,000 steps'
    """

    value: float
    digits: int | None = None

    def __str__(self) -> str:
        return _number(self.value, SOURCE, self.digits)


Text = Message | str
"""What rules/ may hand to the edge: a lazy message, or a string already final (a name)."""


def render(text: Text, locale: str | None = None) -> str:
    """``text`` in ``locale``: a :class:`Message` rendered, a plain string as it is."""
    return text.render(locale) if isinstance(text, Message) else text


# -- catalogues ----------------------------------------------------------------------------------


class Catalogue:
    """One language's translations, read once per process."""

    def __init__(self, language: str, translations: gettext.NullTranslations, complete: bool) -> None:
        self.language = language
        self.translations = translations
        self.complete = complete

    def gettext(self, msgid: str) -> str:
        return self.translations.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def knows(self, msgid: str) -> bool:
        """Whether the catalogue holds a translation of ``msgid`` (not just English back)."""
        return msgid in getattr(self.translations, "_catalog", {})

    def render(self, message: Message) -> str:
        if message.plural is not None:
            text = self.ngettext(message.msgid, message.plural, message.n or 0)
        else:
            text = self.gettext(message.msgid)
        if not message.params:
            return text.replace("{{", "{").replace("}}", "}") if "{" in text else text
        values = {key: self._value(value) for key, value in message.params.items()}
        if ":,}" in text and self.language != SOURCE:
            # ``{count:,}`` groups thousands with English commas; other languages group their own
            # way (Spanish writes 10.000, where 10,000 would read as ten).
            text, values = self._grouped(text, values)
        return text.format(**values)

    def _grouped(self, text: str, values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        from babel.numbers import format_decimal

        def one(match: re.Match[str]) -> str:
            key = match.group(1)
            if isinstance(values.get(key), int | float):
                values[key] = format_decimal(values[key], locale=self.language)
                return "{" + key + "}"
            return match.group(0)

        return _GROUPED.sub(one, text), values

    def _value(self, value: Any) -> Any:
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Number):
            return _number(value.value, self.language, value.digits)
        if isinstance(value, list | tuple):  # a list of terms, each rendered, joined by commas
            return ", ".join(str(self._value(item)) for item in value)
        return value


_GROUPED = re.compile(r"\{(\w+):,\}")
_ENGLISH = Catalogue(SOURCE, gettext.NullTranslations(), complete=True)
_lock = threading.Lock()
_catalogues: dict[str, Catalogue] = {}
_resolved: dict[str | None, Catalogue] = {}
_forced: set[str] = set()
_locale_dir = LOCALE_DIR
#: How many catalogues were read from disk in this process (the bench and a test check it stays 1 each).
loads = 0


def languages() -> list[str]:
    """Every language with a catalogue under ``locale/`` (complete or not), English aside."""
    if not _locale_dir.is_dir():
        return []
    return sorted(
        p.name
        for p in _locale_dir.iterdir()
        if p.is_dir() and ((p / "parts").is_dir() or (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())
    )


def catalogue(language: str) -> Catalogue:
    """The catalogue of ``language`` (``es``), read on first use and kept for the process."""
    if language == SOURCE:
        return _ENGLISH
    found = _catalogues.get(language)
    if found is not None:
        return found
    with _lock:
        found = _catalogues.get(language)
        if found is None:
            found = _catalogues[language] = _load(language)
    return found


def _load(language: str) -> Catalogue:
    global loads
    loads += 1
    folder = _locale_dir / language
    mo = folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
    parts = sorted((folder / "parts").glob("*.po"))
    newest = max((p.stat().st_mtime for p in parts), default=0.0)
    if mo.is_file() and mo.stat().st_mtime >= newest:
        with mo.open("rb") as handle:
            translations = gettext.GNUTranslations(handle)
        complete = translations.pgettext(COMPLETE_CONTEXT, COMPLETE_MSGID) == "yes"
        return Catalogue(language, translations, complete)
    # Not compiled yet (a clean clone run as `python -m bot`) or older than its sources: compile
    # in memory. `make i18n` (which make run/test/console run first) keeps this path cold.
    from rules.i18n.catalogues import compiled

    data, complete = compiled(language, _locale_dir)
    return Catalogue(language, gettext.GNUTranslations(io.BytesIO(data)), complete)


def offered() -> frozenset[str]:
    """The languages a reader may get: English, and every language whose catalogue is complete."""
    return frozenset({SOURCE} | _forced | {lang for lang in languages() if catalogue(lang).complete})


def language_of(locale: str | None) -> str:
    """The offered catalogue serving a Discord ``locale``: ``es-ES`` and ``es-419`` -> ``es`` when
    Spanish is offered; anything else -> ``en``.

    >>> language_of("en-US"), language_of(None), language_of("xx")
    ('en', 'en', 'en')
    """
    return _catalogue_for(locale).language


def _catalogue_for(locale: str | None) -> Catalogue:
    found = _resolved.get(locale)
    if found is not None:
        return found
    chosen = _ENGLISH
    if locale:
        text = str(locale).replace("-", "_")
        available = offered()
        for candidate in (text, text.split("_")[0].lower()):
            if candidate in available:
                chosen = catalogue(candidate)
                break
    _resolved[locale] = chosen
    return chosen


def _reset() -> None:
    _catalogues.clear()
    _resolved.clear()
    _translators.clear()


@contextlib.contextmanager
def force_offer(*languages: str) -> Iterator[None]:
    """Offer ``languages`` even while incomplete (tests, and a translator checking their work)."""
    added = set(languages) - _forced
    _forced.update(added)
    _resolved.clear()
    _translators.clear()
    try:
        yield
    finally:
        _forced.difference_update(added)
        _resolved.clear()
        _translators.clear()


@contextlib.contextmanager
def catalogues_from(folder: Path) -> Iterator[None]:
    """Read catalogues from ``folder`` instead of ``locale/`` (a test's own catalogue)."""
    global _locale_dir
    before = _locale_dir
    _locale_dir = Path(folder)
    _reset()
    try:
        yield
    finally:
        _locale_dir = before
        _reset()


# -- the translator an edge uses -----------------------------------------------------------------


class Translator:
    """``t = translator(locale)``: text in one reader's language, now.

    ``t("...", **values)`` and ``t.n(singular, plural, n, **values)`` translate (the same msgids
    as :func:`_` and :func:`ngettext`); ``t.number`` and ``t.percent`` write numbers the
    language's way; ``t(message)`` renders a :class:`Message` from rules/.
    """

    def __init__(self, cat: Catalogue) -> None:
        self._catalogue = cat
        self.language = cat.language
        self._babel_locale: Any = None

    def __call__(self, msgid: Text, /, **params: Any) -> str:
        if isinstance(msgid, Message):
            return self._catalogue.render(msgid)
        return self._catalogue.render(Message(msgid, params))

    def n(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        return self._catalogue.render(Message(singular, params, plural, n))

    @property
    def locale(self) -> Any:
        if self._babel_locale is None:
            from babel import Locale

            self._babel_locale = Locale.parse(self.language)
        return self._babel_locale

    def number(self, value: float, digits: int | None = None) -> str:
        """``value`` with the language's decimal sign and grouping; ``digits`` fixes the decimals.

        >>> translator("en").number(1234.5, 2)
        '1,234.50'
        """
        return _number(value, self.language, digits)

    def percent(self, fraction: float, digits: int = 1) -> str:
        """``fraction`` (0.125) as a percentage the language's way, at most ``digits`` decimals:
        ``12.5%`` in English, ``12,5 %`` in Spanish."""
        from babel.numbers import format_percent

        return format_percent(round(fraction, digits + 2), locale=self.locale, decimal_quantization=False)


_babel_locales: dict[str, Any] = {}


def _number(value: float, language: str, digits: int | None = None) -> str:
    """``value`` written the way of ``language`` (a catalogue's code), ``digits`` decimals if given."""
    from babel import Locale
    from babel.numbers import format_decimal

    found = _babel_locales.get(language)
    if found is None:
        found = _babel_locales[language] = Locale.parse(language)
    if digits is None:
        return format_decimal(value, locale=found)
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(value, format=pattern, locale=found)


_translators: dict[str, Translator] = {}


def translator(locale: str | None) -> Translator:
    """The translator for a reader whose Discord locale is ``locale`` (English when not offered)."""
    cat = _catalogue_for(locale)
    found = _translators.get(cat.language)
    if found is None:
        found = _translators[cat.language] = Translator(cat)
    return found
