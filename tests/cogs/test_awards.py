"""/awards through the offline driver: secret ballots as forms (radio groups and checkboxes in
Labels), sent twice counted once, refused after the event, painting judges, and the awards."""

from __future__ import annotations

from bot.offline import OfflineDriver
from rules.tournament.public import public_view
from tests.cogs.tournament_helpers import name_of, public, refused, state
from web import pages
from web.app import StoredTournament

PLAYERS = ("ann", "bo", "cy", "di")
SECRET = "threw dice at me"


async def _play_round(driver: OfflineDriver) -> None:
    public(await driver.command("/tournament pair threads:false", user="olga"))
    t = (await state(driver)).tournament
    for game in [g for g in t.current.games if g.b is not None]:
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_vp:60 opponent_vp:40", user="olga"
            )
        )


def _opponent(t, who: str, number: int) -> str:  # type: ignore[no-untyped-def]
    game = t.rounds[number - 1].game_of(who)
    return game.b if game.a == who else game.a


async def test_ballots_awards_and_their_secrecy(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Dojo GT" game:40k rounds:3', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    refused(await driver.command("/awards ballot", user="ann"), "no confirmed game without a ballot")
    await _play_round(driver)

    opened = await driver.command("/awards ballot", user="ann")
    form = opened.modal
    assert form is not None and form.title == "Round 1 ballot"
    sent = await driver.submit(form, {"ticks": ["0", "1", "2", "3"], "bad": "no"}, user="ann")
    assert sent.message.ephemeral and "ballot is counted" in sent.text
    again = await driver.submit(form, {"ticks": [], "bad": "yes", "reason": "changed my mind"}, user="ann")
    assert again.message.ephemeral and "counts once" in again.text, again.text
    t = (await state(driver)).tournament
    ann = str(driver.user("ann").id)
    rival_id = _opponent(t, ann, 1)
    rival = name_of(driver, rival_id)
    # The opponent reports a bad game: the reason is required, then kept for the organisers only.
    theirs = (await driver.command("/awards ballot", user=rival)).modal
    refused(await driver.submit(theirs, {"bad": "yes"}, user=rival), "needs its reason")
    theirs = (await driver.command("/awards ballot", user=rival)).modal
    assert "counted" in (await driver.submit(theirs, {"bad": "yes", "reason": SECRET}, user=rival)).text
    refused(await driver.command("/awards totals", user="ann"), "Only the organisers")
    totals = await driver.command("/awards totals", user="olga")
    assert totals.message.ephemeral and SECRET in totals.text and "1 bad game)" in totals.text
    assert "2 sportsmanship ballots" in totals.text

    # Secrecy: nothing of a ballot in the channel, on the page or in the exports.
    assert all(
        SECRET not in m.text and "ticks" not in m.text
        for m in driver.history(driver.channel)
        if not m.ephemeral
    )
    stored = StoredTournament.model_validate((await state(driver)).model_dump())
    assert SECRET not in pages.live(public_view(stored.tournament, reported=()), screen=False)
    exported = public(await driver.command("/tournament export", user="ann"))
    assert all(SECRET.encode() not in a.data for a in exported.attachments)

    await _play_round(driver)
    await _play_round(driver)
    picks = (await driver.command("/awards favourites", user="ann")).modal
    assert "counted" in (await driver.submit(picks, {"pick0": rival_id}, user="ann")).text

    public(await driver.command('/awards rubric criteria:"Basing:5, Detail:5"', user="olga"))
    public(await driver.command("/awards judge member:@jude", user="olga"))
    refused(await driver.command("/awards paint player:@ann", user="bo"), "Only the painting judges")
    scored = (await driver.command("/awards paint player:@ann", user="jude")).modal
    assert "kept" in (await driver.submit(scored, {"c0": "5", "c1": "4"}, user="jude")).text

    # A ballot form opened before the end and sent after it is refused, and says so.
    late = (await driver.command("/awards ballot", user="bo")).modal
    public(await driver.command("/tournament finish", user="olga"))
    refused(await driver.submit(late, {"bad": "no"}, user="bo"), "has finished: its ballots are closed")

    async def page_and_export() -> tuple[str, list[str]]:
        stored = StoredTournament.model_validate((await state(driver)).model_dump())
        html = pages.live(stored.view(str), screen=False)
        files = public(await driver.command("/tournament export", user="ann")).attachments
        return html, [a.filename for a in files]

    unpublished = public(await driver.command("/awards show", user="olga"))
    assert "Best Sport" in unpublished.text and "Published" not in unpublished.text
    html, files = await page_and_export()
    assert "Awards" not in html and "awards.csv" not in files
    shown = public(await driver.command("/awards show publish:true", user="olga"))
    html, files = await page_and_export()
    assert "<h2>Awards</h2>" in html and "Best Painted</b>: Ann" in html and "awards.csv" in files
    assert SECRET not in html
    assert "Best Painted**: Ann (9.0 painting points)" in shown.text, shown.text
    assert "Best Sport" in shown.text and "Best Overall" in shown.text and "🥇" in shown.text
    # Rival: 20 + favourite 4 = 24, less 0: the ballot ann sent ticked 4, so 28.
    totals = await driver.command("/awards totals", user="olga")
    assert f"{rival.title()}: sport 28 (checklist 4, favourite 4)" in totals.text, totals.text


async def test_a_confirmed_result_offers_each_player_their_ballot(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Dojo GT" game:40k rounds:3', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    t = (await state(driver)).tournament
    game = t.current.games[0]
    a, b = name_of(driver, game.a), name_of(driver, game.b)
    reported = public(await driver.command(f"/tournament report opponent:@{b} my_vp:80 their_vp:45", user=a))
    confirmed = (await driver.press(reported, "Confirm", user=b)).message
    assert "sportsmanship ballot" in confirmed.text
    other = name_of(driver, t.current.games[1].a)  # their game has no result yet
    refused(await driver.press(confirmed, "Sportsmanship ballot", user=other), "no confirmed game without")
    refused(await driver.press(confirmed, "Sportsmanship ballot", user="zed"), "is not in Dojo GT")
    form = (await driver.press(confirmed, "Sportsmanship ballot", user=b)).modal
    assert form is not None and form.title == "Round 1 ballot"
    done = await driver.submit(form, {"ticks": ["1"], "bad": "no"}, user=b)
    assert done.message.ephemeral and "counted" in done.text
    assert "ticks" not in confirmed.text and all(
        not m.text.count("counted") for m in driver.history(driver.channel) if not m.ephemeral
    )


async def test_players_vote_for_the_best_painted_army(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Dojo GT" game:40k rounds:3', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    refused(await driver.command("/awards paintvote player:@ann", user="ann"), "someone else's")
    refused(await driver.command("/awards paintvote player:@zed", user="ann"), "is not in Dojo GT")
    for voter in ("ann", "bo", "cy"):
        voted = await driver.command("/awards paintvote player:@di", user=voter)
        assert voted.message.ephemeral and "counted" in voted.text
    refused(await driver.command("/awards paintvote player:@bo", user="ann"), "counts once")
    shown = public(await driver.command("/awards show", user="olga"))
    assert "Best Painted**: Di (3 votes)" in shown.text, shown.text
    assert all(
        "paintvote" not in m.text and "3 votes" not in m.text
        for m in driver.history(driver.channel)[:-1]
        if not m.ephemeral
    )
