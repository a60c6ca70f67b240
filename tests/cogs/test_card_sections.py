"""Issue 40, item 1: a control that belongs to one part of a card sits beside it, as that part's
section (Confirm beside the result it confirms), and still works; its custom id is unchanged."""

from __future__ import annotations

from typing import Any

from discord.ui import Button

from bot.cards import Card, Section, layout
from bot.offline import OfflineDriver, walk_components
from tests.cogs.test_crusade import army
from tests.cogs.test_tournament import _setup as setup_event
from tests.cogs.tournament_helpers import games, name_of, public


def _sections(message: Any) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components) if c.get("type") == 9]


def _rows(message: Any) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components) if c.get("type") == 1]


async def test_a_tournament_report_shows_confirm_beside_the_result_and_pressing_it_confirms(
    driver: OfflineDriver,
) -> None:
    await setup_event(driver)
    public(await driver.command("/tournament pair", user="olga"))
    first, second = (await games(driver))[:2]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    reported = public(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:7 my_vp:210 their_op:6 their_vp:150", user=a
        )
    )
    (section,) = _sections(reported)
    accessory = section["accessory"]
    assert accessory["label"] == "Confirm" and accessory["custom_id"].startswith("tour:ok:")
    said = section["components"][0]["content"]
    assert "reports round 1" in said and driver.user(b).mention in said
    # Dispute stays in a row below; nothing else was moved.
    assert [b["label"] for r in _rows(reported) for b in r["components"]] == ["Dispute"]
    assert reported.pings == {driver.user(b).id}
    confirmed = await driver.press(reported, "Confirm", user=b)
    assert "confirmed" in confirmed.message.text

    # A disputed report keeps its Confirm (for an organiser) beside the disputed result.
    c, d = name_of(driver, second.a), name_of(driver, second.b)
    other = public(
        await driver.command(
            f"/tournament report opponent:@{d} my_op:9 my_vp:250 their_op:1 their_vp:40", user=c
        )
    )
    pressed = await driver.press(other, "Dispute", user=d)
    (disputed,) = pressed.edited  # the report, edited; the organisers are told in a new message
    (section,) = _sections(disputed)
    assert section["accessory"]["label"] == "Confirm" and "disputed" in section["components"][0]["content"]
    settled = await driver.press(disputed, "Confirm", user="olga")
    assert "confirmed" in settled.message.text


async def test_a_crusade_battle_shows_confirm_beside_the_battle_and_pressing_it_confirms(
    driver: OfflineDriver,
) -> None:
    await driver.command("/crusade create name:Autumn Crusade", user="olga")
    await driver.command("/crusade join", file=army(), user="alice")
    await driver.command("/crusade join", file=army("Iron Tide"), user="bob")
    asked = (
        await driver.command("/crusade battle opponent:@bob result:win took_part:Intercessors", user="alice")
    ).message
    (section,) = _sections(asked)
    assert section["accessory"]["label"] == "Confirm"
    assert section["accessory"]["custom_id"].startswith("crusade:confirm:")
    assert "recorded this battle" in section["components"][0]["content"]
    assert [b["label"] for r in _rows(asked) for b in r["components"]] == ["Dispute"]
    await driver.restart()  # a persistent control: it works from the section after a restart
    done = (await driver.press(asked, "Confirm", user="bob")).message
    assert "waiting for the opponent" not in done.text and "Intercessors" in done.text


def test_a_control_beside_the_text_needs_text_and_leaves_a_card_with_sections_alone() -> None:
    """Without text to sit beside, or in a card with sections of its own, the control stays in its row."""

    class ConfirmButton(Button):  # type: ignore[type-arg]
        beside_text = True

    def laid_out(card: Card) -> list[dict[str, Any]]:
        (view,) = layout([card])
        return list(walk_components(view.to_components()))

    alone = ConfirmButton(label="Confirm", custom_id="c")
    no_text = laid_out(Card(title="Nothing to confirm", controls=[alone]))
    assert not [p for p in no_text if p["type"] == 9] and any(p.get("custom_id") == "c" for p in no_text)
    own = Section("2d6 = 7", button=Button(label="Roll again", custom_id="again"))
    confirm = ConfirmButton(label="Confirm", custom_id="c")
    both = laid_out(Card(text="Result", sections=[own], controls=[confirm]))
    (section,) = [p for p in both if p["type"] == 9]
    assert section["accessory"]["custom_id"] == "again"
    assert [c["custom_id"] for r in both if r["type"] == 1 for c in r["components"]] == ["c"]
    beside = laid_out(Card(text="Result", controls=[ConfirmButton(label="Confirm", custom_id="c")]))
    (section,) = [p for p in beside if p["type"] == 9]
    assert section["accessory"]["custom_id"] == "c" and section["components"][0]["content"] == "Result"
    assert not [p for p in beside if p["type"] == 1]
