"""Game cards: every message Herald sends is one Components V2 card.

A card is a :class:`discord.ui.Container` with the game's colour as its accent, holding, in
this order: the title (with the player it is about as small text above it), the picture(s) in a
media gallery at full width, the text, the sections (text with one button or thumbnail beside
it), the fields, the footer as small text, and the controls in action rows. Discord lays these out
as one block, shows it even to a player who turned link previews off (embeds are hidden then), and
keeps a picture and its buttons with the text they belong to.

Cogs rarely build one by hand: :func:`bot.send.send` and :class:`bot.play.Post` turn what a cog
says (content, embeds with their title, description, fields, footer, colour and image, the
images, a view) into cards with :func:`cards_from`. New code says it directly with a
:class:`Card` (``Post(card=Card(...))``; a card takes an embed's ``add_field``, ``set_author``,
``set_footer`` and ``set_image``, so a cog moves off embeds by changing its constructor), and uses
a :class:`Section` where a control belongs to one part of the message (Roll again beside the roll).
A control whose class says ``beside_text = True`` (Confirm, beside the result it confirms) is laid
out beside the card's text wherever it is sent, as that text's section: the one way to say it for
a message of one text and its controls, whichever cog builds it. Custom ids do not change.

Discord's rules for a V2 message (https://discord.com/developers/docs/components/reference), kept
here by construction (:func:`layout`), so a reply is never refused for its size:

* no ``content`` and no ``embeds`` beside the ``IS_COMPONENTS_V2`` flag (the send path sends
  neither); a message never changes kind (an old embed message is edited as an embed);
* at most :data:`MAX_COMPONENTS` components, nested ones counted: fields are merged into one text
  display, then sections lose their layout, then controls past the budget are left out (logged);
* at most :data:`MAX_CARD_TEXT` characters of text displays in one message: a longer new message
  goes on in further cards ("continued"), an edit is shortened (it is one message);
* an attachment is shown only by a component naming it (``attachment://name``): every file is
  put in a gallery (images) or a file component (anything else).

discord.py 2.7.1 loses a container's accent colour when it is ``0x000000``: pure black becomes
:data:`NEAR_BLACK`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

import discord

from bot.limits import clip
from bot.text import inert
from rules.i18n import SOURCE, Translator, translator

log = logging.getLogger("herald.cards")

#: Discord's limits for one Components V2 message.
MAX_COMPONENTS = 40
MAX_CARD_TEXT = 4000
MAX_GALLERY = 10
MAX_SECTION_TEXTS = 3
MAX_ROW = 5
MAX_ROWS = 5
#: Further cards a long new message may take, past the first.
MAX_CONTINUED = 4
#: What pure black becomes (discord.py 2.7.1 drops a 0x000000 accent).
NEAR_BLACK = 0x010101
#: Attachments shown as pictures in a gallery (anything else is a file component).
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")


@dataclass
class Field:
    """A named part of a card: its name in bold on the first line, then its value."""

    name: str
    value: str
    inline: bool = False


@dataclass
class Section:
    """Up to three lines of text with one control (a button) or a thumbnail beside them.

    ``button``: a :class:`discord.ui.Button` or a persistent (dynamic) button. ``thumbnail``: an
    attached picture's file name, or a URL.
    """

    text: str | Sequence[str]
    button: discord.ui.Item[Any] | None = None
    thumbnail: str | None = None

    def texts(self) -> list[str]:
        parts = [self.text] if isinstance(self.text, str) else list(self.text)
        return [p for p in parts if p][:MAX_SECTION_TEXTS]


@dataclass
class Card:
    """One card: see the module docstring for the order its parts are shown in.

    ``pictures``: attached pictures' file names (or URLs) shown full width. ``controls``: a view
    (its items keep their callbacks, checks and timeout) or items, laid out in rows as a view lays
    them out. ``note``: a line above the title (what a message's content said beside its embed).
    """

    title: str | None = None
    text: str | None = None
    fields: list[Field] = field(default_factory=list)
    footer: str | None = None
    author: str | None = None
    pictures: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    controls: discord.ui.View | Sequence[discord.ui.Item[Any]] | None = None
    colour: int | discord.Colour | None = None
    note: str | None = None

    # -- said the way an embed is built: a cog moving off embeds changes its constructor only --

    @property
    def description(self) -> str | None:
        """The text (an embed's description)."""
        return self.text

    @description.setter
    def description(self, value: str | None) -> None:
        self.text = value

    def add_field(self, *, name: object, value: object, inline: bool = True) -> Card:
        self.fields.append(Field(str(name), str(value), inline))
        return self

    def set_author(self, *, name: object, icon_url: object = None, url: object = None) -> Card:
        """The player the card is about, small above the title. ``name`` is plain text, as an
        embed's author is, so it is made inert here; a card shows no icon beside it."""
        self.author = inert(str(name)) if name else None
        return self

    def set_footer(self, *, text: object = None, icon_url: object = None) -> Card:
        """Small text at the end: plain text, as an embed's footer is, so made inert here."""
        self.footer = inert(str(text)) if text else None
        return self

    def set_image(self, *, url: str) -> Card:
        """The picture at full width (``attachment://name`` or a URL): the first one shown."""
        self.pictures.insert(0, _name_of(url))
        return self

    def set_thumbnail(self, *, url: str) -> Card:
        """A picture an embed showed small: a card shows it full width too, after the image."""
        self.pictures.append(_name_of(url))
        return self

    @classmethod
    def from_embed(cls, embed: discord.Embed, *, note: str | None = None) -> Card:
        """The card an embed becomes: its author, title, description, fields, footer, colour,
        and its image and thumbnail as pictures (an embed's thumbnail is too small on a phone)."""
        pictures = [url for url in (embed.image.url, embed.thumbnail.url) if url]
        colour = embed.colour.value if embed.colour is not None else None
        return cls(
            title=embed.title or None,
            text=embed.description or None,
            fields=[Field(str(f.name or ""), str(f.value or ""), bool(f.inline)) for f in embed.fields],
            # An embed shows its author and footer as plain text, so cogs put names there as they
            # are; a card shows every line as markdown: made inert here, once for every cog.
            footer=inert(embed.footer.text) if embed.footer.text else None,
            author=inert(embed.author.name) if embed.author.name else None,
            pictures=[_name_of(p) for p in pictures],
            colour=colour,
            note=note,
        )


def _name_of(url: str) -> str:
    """An ``attachment://name`` URL's file name; any other URL as it is."""
    return url.removeprefix("attachment://")


def _url_of(name: str) -> str:
    return name if "://" in name else f"attachment://{name}"


def is_picture(name: str) -> bool:
    return name.lower().endswith(PICTURE_SUFFIXES)


def cards_from(
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    files: Sequence[str] = (),
    card: Card | Sequence[Card] | None = None,
) -> list[Card]:
    """The cards a message of the old kind becomes: one per embed (the content, if any, a note on
    the first; content alone makes one card), the view's controls on the last, and every file
    that no embed shows added to the first card's pictures (or files)."""
    cards: list[Card] = [] if card is None else ([card] if isinstance(card, Card) else list(card))
    if embeds:
        made = [Card.from_embed(e) for e in embeds]
        if content:
            made[0].note = content
        cards.extend(made)
    elif content or not cards:
        if cards and content:
            cards[0].note = "\n".join(p for p in (content, cards[0].note) if p)
        else:
            cards.append(Card(text=content or None))
    if view is not None:
        last = cards[-1]
        if last.controls is None:
            last.controls = view
        else:
            cards.append(Card(controls=view, colour=last.colour))
    shown = {_name_of(p) for c in cards for p in c.pictures}
    shown |= {s.thumbnail for c in cards for s in c.sections if s.thumbnail}
    for name in files:
        if name not in shown:
            cards[0].pictures.append(name)
            shown.add(name)
    return cards


# -- the view a card is sent as ---------------------------------------------------------------


class CardView(discord.ui.LayoutView):
    """A card's layout, answering its controls as the view they came from would: that view's
    ``interaction_check``, ``on_error``, ``on_timeout`` and timeout, and its attributes (an item's
    ``self.view.something`` still finds them)."""

    def __init__(self, origin: discord.ui.View | None = None) -> None:
        self.__dict__["origin"] = origin
        super().__init__(timeout=origin.timeout if origin is not None else None)

    def __getattr__(self, name: str) -> Any:
        origin = self.__dict__.get("origin")
        if origin is None or name.startswith("_"):
            raise AttributeError(name)
        return getattr(origin, name)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        origin = self.__dict__.get("origin")
        return True if origin is None else await origin.interaction_check(interaction)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: Any) -> None:
        origin = self.__dict__.get("origin")
        if origin is None:
            await super().on_error(interaction, error, item)
        else:
            await origin.on_error(interaction, error, item)

    async def on_timeout(self) -> None:
        origin = self.__dict__.get("origin")
        if origin is not None:
            await origin.on_timeout()

    def stop(self) -> None:
        super().stop()
        origin = self.__dict__.get("origin")
        if origin is not None and not origin.is_finished():
            origin.stop()


def _rows(
    controls: discord.ui.View | Sequence[discord.ui.Item[Any]] | None,
) -> list[list[discord.ui.Item[Any]]]:
    """Controls in rows as Discord's old layout put them: a view's rows as it computed them;
    loose items five to a row, a select menu alone."""
    if controls is None:
        return []
    if isinstance(controls, discord.ui.View):
        items = controls.children
        key = lambda item: item._rendered_row or 0  # noqa: E731
        grouped = [list(group) for _, group in groupby(sorted(items, key=key), key=key)]
    else:
        grouped = [list(controls)]
    rows: list[list[discord.ui.Item[Any]]] = []
    for group in grouped:
        row: list[discord.ui.Item[Any]] = []
        for item in group:
            if item is None:
                continue
            if item.width >= MAX_ROW:
                if row:
                    rows.append(row)
                rows.append([item])
                row = []
                continue
            if len(row) >= MAX_ROW:
                rows.append(row)
                row = []
            row.append(item)
        if row:
            rows.append(row)
    return rows


# -- laying a card out within Discord's limits -------------------------------------------------


#: A section as planned: its lines (cut to three, empty ones left out) and the section itself.
_Planned = tuple[list[str], Section]
#: Characters a field may add when fields are merged into one text display ("\n\n" between two).
FIELD_JOIN = 2


def _section_size(texts: list[str]) -> int:
    """A section's characters, flattened or not (flattened, its lines are joined by a line break)."""
    return sum(map(len, texts)) + max(len(texts) - 1, 0)


@dataclass
class _Plan:
    """One container's parts, as text and items, before the view is built."""

    colour: int | None
    head: str | None
    note: str | None
    pictures: list[str]
    files: list[str]
    body: list[str]  # text blocks (the description, split where it had to be)
    sections: list[_Planned]
    fields: list[str]
    footer: str | None
    rows: list[list[discord.ui.Item[Any]]]
    merge_fields: bool = False
    flat_sections: bool = False

    def texts(self) -> list[str]:
        out = [t for t in (self.note, self.head) if t]
        out += self.body
        if self.flat_sections:
            out += ["\n".join(texts) for texts, _s in self.sections]
        else:
            out += [t for texts, _s in self.sections for t in texts]
        if self.merge_fields:
            out += ["\n\n".join(self.fields)] if self.fields else []
        else:
            out += self.fields
        if self.footer:
            out.append(self.footer)
        return out

    def size(self) -> int:
        """Characters of text, as :meth:`texts` would sum them once fields are merged and sections
        flattened (a plan is measured for text before it is fitted for count, which may do both:
        the joins are counted, :data:`FIELD_JOIN` per field and one per line of a section)."""
        n = len(self.note or "") + len(self.head or "") + len(self.footer or "")
        n += sum(map(len, self.body)) + sum(len(f) + FIELD_JOIN for f in self.fields)
        for texts, _s in self.sections:
            n += _section_size(texts)
        return n

    def count(self) -> int:
        """Components this plan makes, nested ones counted, as :func:`_build` makes them."""
        n = 1 + (self.note is not None) + (self.head is not None) + (self.footer is not None)
        n += sum(1 for b in self.body if b)
        n += (1 if self.fields else 0) if self.merge_fields else len(self.fields)
        n += -(-len(self.pictures) // MAX_GALLERY) + len(self.files)
        for texts, s in self.sections:
            if self.flat_sections or (s.button is None and not s.thumbnail):
                n += 1 if texts else 0
            else:
                n += 2 + (len(texts) or 1)  # the section, its accessory, its text displays
        rows = self.all_rows()
        n += len(rows) + sum(map(len, rows))
        return n

    def all_rows(self) -> list[list[discord.ui.Item[Any]]]:
        if not self.flat_sections:
            return self.rows
        loose = [s.button for _t, s in self.sections if s.button is not None]
        return self.rows + _rows(loose) if loose else self.rows


def _colour(colour: int | discord.Colour | None) -> int | None:
    if colour is None:
        return None
    value = colour.value if isinstance(colour, discord.Colour) else int(colour)
    return value or NEAR_BLACK


def _small(text: str) -> str:
    """Small text, every line of it (Discord's ``-#`` covers one line)."""
    return "\n".join(f"-# {line}" if line.strip() else line for line in text.split("\n"))


def _field_text(f: Field) -> str:
    return f"**{f.name or '​'}**\n{f.value or '​'}"


def _plan(card: Card) -> _Plan:
    head_lines = []
    if card.author:
        head_lines.append(f"-# {clip(card.author, 256)}")
    if card.title:
        head_lines.append(f"## {clip(card.title, 256)}")
    pictures = [p for p in card.pictures if is_picture(p) or "://" in p]
    files = [p for p in card.pictures if p not in pictures]
    rows = _rows(card.controls)
    sections = [(sec.texts(), sec) for sec in card.sections]
    body = [card.text] if card.text else []
    if body and not sections:
        # A control that belongs to the text (Confirm beside the result it confirms) is that
        # text's accessory: a section of the text and the control, out of the rows.
        beside = next((item for row in rows for item in row if getattr(item, "beside_text", False)), None)
        if beside is not None:
            rows = [kept for kept in ([i for i in row if i is not beside] for row in rows) if kept]
            sections, body = [(body, Section(body[0], button=beside))], []
    return _Plan(
        colour=_colour(card.colour),
        head="\n".join(head_lines) or None,
        note=card.note or None,
        pictures=pictures,
        files=files,
        body=body,
        sections=sections,
        fields=[_field_text(f) for f in card.fields],
        footer=_small(clip(card.footer, 1000)) if card.footer else None,
        rows=rows,
    )


def _split(text: str, size: int) -> tuple[str, str]:
    """``text`` cut at a line break (else a space) at most ``size`` characters in."""
    if len(text) <= size:
        return text, ""
    cut = text.rfind("\n", 0, size)
    if cut < size // 2:
        cut = text.rfind(" ", 0, size)
    if cut < size // 2:
        cut = size
    return text[:cut].rstrip(), text[cut:].lstrip("\n ")


def _fit_text(plans: list[_Plan], *, can_continue: bool) -> list[str]:
    """Shorten the plans' text to :data:`MAX_CARD_TEXT` in all; what did not fit is returned as
    blocks for continuation cards (``can_continue``) or dropped, with a line saying so."""
    if sum(p.size() for p in plans) <= MAX_CARD_TEXT:
        return []
    left_over: list[str] = []
    # Room kept for the parts that stay whole: note, head, footer, sections.
    fixed = sum(len(t) for p in plans for t in (p.note, p.head, p.footer) if t)
    fixed += sum(_section_size(texts) for p in plans for texts, _s in p.sections)
    room = MAX_CARD_TEXT - fixed - 40
    if room < 200:  # long sections, or absurd heads and footers: sections become text, the rest is clipped
        for p in plans:
            p.note = clip(p.note, 300) if p.note else None
            p.head = clip(p.head, 300) if p.head else None
            p.footer = clip(p.footer, 300) if p.footer else None
            p.body = ["\n".join(texts) for texts, _s in p.sections if texts] + p.body
            loose = [s.button for _t, s in p.sections if s.button is not None]
            p.rows = _rows(loose) + p.rows if loose else p.rows
            p.sections = []
        room = MAX_CARD_TEXT - sum(len(t) for p in plans for t in (p.note, p.head, p.footer) if t) - 40
    for p in plans:
        blocks = [("body", b) for b in p.body] + [("field", f) for f in p.fields]
        p.body, p.fields = [], []
        for kind, block in blocks:
            if left_over or room <= 0:
                left_over.append(block)
                continue
            join = FIELD_JOIN if kind == "field" else 0  # a field merged later takes its join too
            if len(block) + join <= room:
                (p.body if kind == "body" else p.fields).append(block)
                room -= len(block) + join
                continue
            head, rest = _split(block, max(room - join, 0))
            if head:
                (p.body if kind == "body" else p.fields).append(head)
            room = 0
            left_over.append(rest)
    if not can_continue and left_over:
        note = "-# … more not shown"
        target = plans[-1]
        if target.fields:
            target.fields[-1] = clip(target.fields[-1], max(len(target.fields[-1]) - len(note) - 1, 1))
            target.fields.append(note)
        elif target.body:
            target.body[-1] = clip(target.body[-1], max(len(target.body[-1]) - len(note) - 1, 1))
            target.body.append(note)
        return []
    return [b for b in left_over if b]


def _fit_count(plans: list[_Plan]) -> None:
    """Within :data:`MAX_COMPONENTS`: merge fields, then flatten sections, then drop controls."""
    def total() -> int:
        return sum(p.count() for p in plans)

    if total() <= MAX_COMPONENTS:
        return
    for p in plans:
        if total() <= MAX_COMPONENTS:
            return
        p.merge_fields = True
    for p in plans:
        if total() <= MAX_COMPONENTS:
            return
        p.flat_sections = True
    for p in reversed(plans):
        while total() > MAX_COMPONENTS and p.rows:
            dropped = p.rows.pop()
            log.warning("a card had no room for %d control(s): left out", len(dropped))
        if total() <= MAX_COMPONENTS:
            return
    while total() > MAX_COMPONENTS and len(plans) > 1:
        plans.pop()
        log.warning("a message had no room for all its cards: one left out")


def _build(plans: list[_Plan], origin: discord.ui.View | None) -> CardView:
    view = CardView(origin)
    for p in plans:
        children: list[discord.ui.Item[Any]] = []
        for text in (p.note, p.head):
            if text:
                children.append(discord.ui.TextDisplay(text))
        for start in range(0, len(p.pictures), MAX_GALLERY):
            gallery = discord.ui.MediaGallery()
            for name in p.pictures[start : start + MAX_GALLERY]:
                gallery.add_item(media=_url_of(name))
            children.append(gallery)
        body = [discord.ui.TextDisplay(t) for t in p.body if t]
        if p.head is None:  # no title: the text leads, the picture follows it
            at = len(children) - (-(-len(p.pictures) // MAX_GALLERY))
            children[at:at] = body
        else:
            children += body
        for texts, s in p.sections:
            if p.flat_sections or (s.button is None and not s.thumbnail):
                if texts:
                    children.append(discord.ui.TextDisplay("\n".join(texts)))
                continue
            accessory = s.button if s.button is not None else discord.ui.Thumbnail(_url_of(s.thumbnail or ""))
            children.append(discord.ui.Section(*(texts or ["​"]), accessory=accessory))
        if p.merge_fields and p.fields:
            children.append(discord.ui.TextDisplay("\n\n".join(p.fields)))
        else:
            children += [discord.ui.TextDisplay(f) for f in p.fields]
        if p.footer:
            children.append(discord.ui.TextDisplay(p.footer))
        children += [discord.ui.File(_url_of(name)) for name in p.files]
        for row in p.all_rows():
            action_row = discord.ui.ActionRow()
            for item in row:
                action_row.add_item(item)
            children.append(action_row)
        if not children:
            children.append(discord.ui.TextDisplay("​"))
        view.add_item(discord.ui.Container(*children, accent_colour=p.colour))
    return view


def layout(
    cards: Sequence[Card],
    *,
    origin: discord.ui.View | None = None,
    can_continue: bool = True,
    t: Translator | None = None,
) -> list[CardView]:
    """The views to send for ``cards``: the first is the message (with every picture and
    control); the others, when the text did not fit in one message and ``can_continue``, are
    "continued" cards of text alone, titled in ``t``'s language (the reader's, which the caller
    knows: English without it). Every view is within Discord's limits."""
    if origin is None:
        origin = next((c.controls for c in cards if isinstance(c.controls, discord.ui.View)), None)
    plans = [_plan(c) for c in cards] or [_plan(Card(text="​"))]
    rest = _fit_text(plans, can_continue=can_continue)
    _fit_count(plans)
    views = [_build(plans, origin)]
    title = next((c.title for c in cards if c.title), None)
    colour = plans[0].colour
    more_title = None
    if rest and title:
        t = t or translator(SOURCE)
        more_title = t("{title} (continued)", title=clip(title, 200))
    while rest and len(views) <= MAX_CONTINUED:
        more = Card(title=more_title, colour=colour)
        plan = _plan(more)
        plan.body = rest
        rest = _fit_text([plan], can_continue=len(views) < MAX_CONTINUED)
        _fit_count([plan])
        views.append(_build([plan], None))
    return views


def text_size(cards: Sequence[Card]) -> int:
    """Characters of text ``cards`` say (about what their views will hold): more than
    :data:`MAX_CARD_TEXT` means more cards, whose titles need the reader's language."""
    return sum(_plan(c).size() for c in cards)  # measured as layout measures them


def text_length(view: discord.ui.LayoutView) -> int:
    """Characters of text displays in ``view`` (Discord allows :data:`MAX_CARD_TEXT`)."""
    return view.content_length()


# -- reading a message back ------------------------------------------------------------------------

_FIELD_TEXT = re.compile(r"\A\*\*(?P<name>[^\n]+?)\*\*\n(?P<value>.*)\Z", re.DOTALL)


def read(message: discord.Message | None) -> list[Card]:
    """What a message of Herald's says, as cards, whichever kind it is: an old message's content
    and embeds (:meth:`Card.from_embed`, the content as the first card's ``note``), or a card's
    text displays read back (the note, title, text, fields, footer and pictures; no controls).

    For a control that reads what its message showed (a proposal's allocation, a form's last
    typed values). An empty list for ``None`` or a message with nothing to read."""
    if message is None:
        return []
    if not message.flags.components_v2:
        cards = [Card.from_embed(e) for e in message.embeds]
        if message.content:
            if cards:
                cards[0].note = message.content
            else:
                cards.append(Card(text=message.content))
        return cards
    return [_read_container(c) for c in message.components if isinstance(c, discord.components.Container)]


def _read_container(container: Any) -> Card:
    card = Card(colour=container.accent_colour)
    body: list[str] = []
    notes: list[str] = []
    texts = [c for c in container.children if isinstance(c, discord.components.TextDisplay)]
    for child in container.children:
        if isinstance(child, discord.components.MediaGalleryComponent):
            card.pictures += [_name_of(item.media.url) for item in child.items]
            continue
        if isinstance(child, discord.components.SectionComponent):
            body += [c.content for c in child.children if isinstance(c, discord.components.TextDisplay)]
            continue
        if not isinstance(child, discord.components.TextDisplay):
            continue
        content = child.content
        lines = content.split("\n")
        heading = next((i for i, line in enumerate(lines) if line.startswith("## ")), None)
        field_match = _FIELD_TEXT.match(content)
        if card.title is None and heading is not None and not body and not card.fields:
            card.title = lines[heading][3:]
            small = [line[3:] for line in lines[:heading] if line.startswith("-# ")]
            card.author = small[0] if small else None
            card.note = "\n".join(notes) or None
        elif field_match:
            card.fields.append(Field(field_match["name"], field_match["value"]))
        elif child is texts[-1] and len(texts) > 1 and all(
            line.startswith("-# ") or not line.strip() for line in lines
        ):
            card.footer = "\n".join(line[3:] for line in lines)
        elif card.title is None and not body and not card.fields:
            notes.append(content)
        else:
            body.append(content)
    if card.title is None:
        body = notes + body
    card.text = "\n".join(body) or None
    return card
