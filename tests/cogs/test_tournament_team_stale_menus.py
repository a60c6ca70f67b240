"""A captain's pairing menu belongs to one round and one start of its match's pairing: a menu
opened before an organiser's ``/tournament team reset``, in an earlier round, or posted by an
older Herald (its id without the round and the reset count) is refused, privately, and nothing
of it is applied."""

from __future__ import annotations

from bot.offline import Message, OfflineDriver
from rules.tournament.teams import current_match
from tests.cogs.tournament_helpers import public, refused, state

OWLS = ("ann", "bo", "cy")
FOES = ("di", "ed", "flo")


async def _two_teams_paired(driver: OfflineDriver) -> Message:
    public(await driver.command('/tournament create name:"Team Cup" tier:300 team_size:3', user="olga"))
    public(await driver.command("/tournament team create name:Owls", user="ann"))
    public(await driver.command("/tournament team create name:Foes", user="di"))
    for captain, team in (("ann", OWLS), ("di", FOES)):
        for name in team[1:]:
            public(await driver.command(f"/tournament team add player:@{name}", user=captain))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    return public(await driver.command("/tournament pair", user="olga"))


async def _panel(driver: OfflineDriver, post: Message, user: str) -> Message:
    panel = (await driver.press(post, "Open my pairing (captains)", user=user)).message
    assert panel.ephemeral and panel.selects, panel.text
    return panel


async def _owls_defender(driver: OfflineDriver) -> str | None:
    t = (await state(driver)).tournament
    owls = next(team for team in t.teams if team.name == "Owls")
    match, side = current_match(t, owls.id)
    assert match.ritual is not None
    return match.ritual.picks(side).defender


async def test_a_menu_opened_before_a_reset_is_refused_and_changes_nothing(driver: OfflineDriver) -> None:
    post = await _two_teams_paired(driver)
    stale = await _panel(driver, post, "ann")
    public(await driver.command("/tournament team reset team:Owls", user="olga"))
    said = refused(await driver.choose(stale, "Bo", user="ann"), "restarted")
    assert "Open my pairing" in said and "nothing" in said.lower()
    assert await _owls_defender(driver) is None
    # A panel opened after the reset works.
    fresh = await _panel(driver, post, "ann")
    picked = await driver.choose(fresh, "Bo", user="ann")
    assert "Your defender: Bo" in picked.text
    assert await _owls_defender(driver) == str(driver.user("bo").id)


async def test_a_menu_of_round_one_is_refused_in_round_two(driver: OfflineDriver) -> None:
    post = await _two_teams_paired(driver)
    old = await _panel(driver, post, "ann")  # opened and left unused
    steps = [
        ("ann", "defender player:@bo"),
        ("di", "defender player:@ed"),
        ("ann", "attackers first:@ann second:@cy"),
        ("di", "attackers first:@di second:@flo"),
        ("ann", "refuse player:@flo"),
        ("di", "refuse player:@cy"),
    ]
    for user, command in steps:
        await driver.command(f"/tournament team {command}", user=user)
    for a, b in (("bo", "di"), ("ann", "ed"), ("cy", "flo")):
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_op:5 player_vp:100 "
                "opponent_op:3 opponent_vp:90",
                user="olga",
            )
        )
    public(await driver.command("/tournament mission round:2 scenario:frostbyte", user="olga"))
    public(await driver.command("/tournament pair", user="olga"))
    said = refused(await driver.choose(old, "Bo", user="ann"), "round 1")
    assert "Open my pairing" in said
    assert await _owls_defender(driver) is None


async def test_a_menu_posted_by_an_older_herald_is_refused_politely(driver: OfflineDriver) -> None:
    post = await _two_teams_paired(driver)
    for old_arg in ("t1.1.defender", "rubbish", "t1.r.x.1.defender", "t1.r1.x0.one.defender"):
        panel = await _panel(driver, post, "ann")
        (select,) = [c for c in _walk(panel.components) if c.get("type") == 3]
        game_and_step = ":".join(select["custom_id"].split(":")[:4])
        select["custom_id"] = f"{game_and_step}:{old_arg}"  # what a message posted before this id looks like
        reply = await driver.choose(panel, "Bo", user="ann")
        said = refused(reply, "Open my pairing")
        assert "Incident" not in said
        assert await _owls_defender(driver) is None


def _walk(components: list[dict]) -> list[dict]:
    out: list[dict] = []
    for c in components:
        out.append(c)
        out.extend(_walk(c.get("components") or []))
        if isinstance(c.get("component"), dict):
            out.extend(_walk([c["component"]]))
    return out
