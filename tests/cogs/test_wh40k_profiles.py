"""/40k profile save|list|delete: per player in a server, server-wide for Manage Server, usable by
name in /40k attack and /40k odds (and offered by autocomplete), kept across restarts."""

from __future__ import annotations

from bot.offline import GUILD_ID, OfflineDriver
from rules.wh40k import distribution, parse_target, parse_weapon
from tests.cogs.test_wh40k import public_chart, refused

RIFLE = "A2 BS3+ S4 AP-1 D1, rapid fire 1"
MARINES = "T4 Sv3+ W2 x10"


async def test_a_saved_profile_is_used_by_name_and_survives_a_restart(driver: OfflineDriver) -> None:
    saved = (await driver.command(f'/40k profile save name:"Bolt Rifle" kind:weapon line:"{RIFLE}"')).message
    assert (
        saved.ephemeral
        and "Saved your weapon profile **Bolt Rifle**: `A2 BS3+ S4 AP-1 D1, rapid fire 1`" in saved.text
    )
    await driver.command(f'/40k profile save name:marines kind:target line:"{MARINES}"')
    expected = distribution(parse_weapon(RIFLE), parse_target(MARINES))
    mean = f"models slain: **{expected.slain.mean:.2f}** (of 10)"

    by_name = public_chart(await driver.command('/40k odds weapon:"bolt  rifle" target:Marines'))
    assert mean in by_name.text and "**Bolt Rifle**: `A2 BS3+ S4 AP-1 D1, rapid fire 1`" in by_name.text
    await driver.restart()
    again = public_chart(await driver.command('/40k odds weapon:"Bolt Rifle" target:marines'))
    assert mean in again.text
    rolled = (await driver.command('/40k attack weapon:"Bolt Rifle" target:marines')).message
    assert not rolled.ephemeral and "Hit rolls (3+)" in rolled.text

    listed = (await driver.command("/40k profile list")).message
    assert (
        listed.ephemeral
        and "[Your weapons] **Bolt Rifle**" in listed.text
        and "[Your targets] **marines**" in listed.text
    )
    choices = await driver.autocomplete("40k odds", "weapon", "bolt")
    assert choices[0]["value"] == "Bolt Rifle" and RIFLE.split(",")[0] in choices[0]["name"]
    assert next(c["value"] for c in await driver.autocomplete("40k odds", "target", "")) == "marines"


async def test_profiles_belong_to_their_player_and_kind(driver: OfflineDriver) -> None:
    await driver.command(f'/40k profile save name:rifle kind:weapon line:"{RIFLE}"', user="alice")
    refused(
        await driver.command(f'/40k odds weapon:rifle target:"{MARINES}"', user="bob"),
        "no saved weapon profile called `rifle`",
    )
    refused(
        await driver.command('/40k odds weapon:"A1 BS3+ S4 AP0 D1" target:rifle', user="alice"),
        "`rifle` is a saved weapon profile",
    )
    assert await driver.autocomplete("40k odds", "weapon", "rif", user="bob") == []
    refused(await driver.command("/40k profile delete name:rifle", user="bob"), "no profile called `rifle`")
    # a name that reads as a line, or a broken line, is refused before anything is kept
    refused(
        await driver.command(f'/40k profile save name:"T4 Sv3+ W2" kind:target line:"{MARINES}"'),
        "can't be a profile name",
    )
    refused(
        await driver.command('/40k profile save name:x kind:weapon line:"A2 BS3+ S4 AP-1 D1, rapidfire"'),
        "`rapidfire` is wrong",
    )
    # saving again under the same name replaces it
    replaced = await driver.command('/40k profile save name:Rifle kind:weapon line:"A3 BS4+ S4 AP0 D1"')
    assert "Replaced your weapon profile **Rifle**" in replaced.text and "It was `A2 BS3+" in replaced.text
    gone = await driver.command("/40k profile delete name:RIFLE")
    assert "Deleted your weapon profile **Rifle**" in gone.text
    assert "No saved profiles yet" in (await driver.command("/40k profile list")).text


async def test_server_profiles_need_manage_server_and_serve_everyone(driver: OfflineDriver) -> None:
    refused(
        await driver.command(f'/40k profile save name:marines kind:target line:"{MARINES}" server:true'),
        "Manage Server",
    )
    driver.user("mod", manage_guild=True)
    shared = (
        await driver.command(
            f'/40k profile save name:marines kind:target line:"{MARINES}" server:true', user="mod"
        )
    ).message
    assert not shared.ephemeral and "Saved the server's target profile **marines**" in shared.text
    public_chart(await driver.command(f'/40k odds weapon:"{RIFLE}" target:marines', user="bob"))
    # bob's own profile of the same name hides the server's, for bob only
    await driver.command('/40k profile save name:marines kind:target line:"T4 Sv3+ W2 x5"', user="bob")
    assert "(of 5)" in (await driver.command(f'/40k odds weapon:"{RIFLE}" target:marines', user="bob")).text
    assert (
        "(of 10)" in (await driver.command(f'/40k odds weapon:"{RIFLE}" target:marines', user="carol")).text
    )
    assert "[Server targets] **marines**" in (await driver.command("/40k profile list", user="carol")).text
    refused(await driver.command("/40k profile delete name:marines server:true", user="bob"), "Manage Server")
    await driver.command("/40k profile delete name:marines server:true", user="mod")
    refused(
        await driver.command(f'/40k odds weapon:"{RIFLE}" target:marines', user="carol"),
        "no saved target profile called `marines`",
    )


async def test_d6_alone_as_damage_is_refused_and_the_two_readings_offered(driver: OfflineDriver) -> None:
    for command in (
        '/40k attack weapon:"A2 BS4+ S9 AP-4 D6" target:"T9 Sv3+ W10"',
        '/40k odds weapon:"A2 BS4+ S9 AP-4 D6" target:"T9 Sv3+ W10"',
        '/40k profile save name:melta kind:weapon line:"A2 BS4+ S9 AP-4 D6"',
    ):
        refused(await driver.command(command), "`D6` could mean two things", "`DD6`", "`D 6` (with a space)")
    save = '/40k profile save name:melta kind:weapon line:"A2 BS4+ S9 AP-4 D 6"'
    saved = (await driver.command(save)).message
    assert saved.ephemeral and "`A2 BS4+ S9 AP-4 D 6`" in saved.text
    flat = distribution(parse_weapon("A2 BS4+ S9 AP-4 D 6"), parse_target("T9 Sv3+ W10"))
    chart = public_chart(await driver.command('/40k odds weapon:melta target:"T9 Sv3+ W10"'))
    assert f"**{flat.wounds.mean:.2f}**" in chart.text


async def test_a_profile_saved_when_d6_meant_six_damage_still_means_six(driver: OfflineDriver) -> None:
    """Herald saved a flat 6 as ``D6`` before refusing it: such a saved line keeps its meaning."""
    alice = driver.user("alice")
    await driver.bot.attack_profiles.save(  # type: ignore[attr-defined]
        guild_id=GUILD_ID,
        owner_id=alice.id,
        name="old melta",
        kind="weapon",
        line="A2 BS4+ S9 AP-4 D6",
        created_by=alice.id,
    )
    flat = distribution(parse_weapon("A2 BS4+ S9 AP-4 D 6"), parse_target("T9 Sv3+ W10"))
    odds = '/40k odds weapon:"old melta" target:"T9 Sv3+ W10"'
    chart = public_chart(await driver.command(odds, user="alice"))
    assert f"**{flat.wounds.mean:.2f}**" in chart.text
