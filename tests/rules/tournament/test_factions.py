"""The ITS armies /tournament join offers (issue 25.12: "banana" was accepted as a faction)."""

from __future__ import annotations

import pytest

from rules.tournament.factions import checked_faction, load_factions
from rules.tournament.model import TournamentError

ARMIES = load_factions()


def test_every_faction_and_sectorial_is_known_by_name_and_alias() -> None:
    names = [name for name, _ in ARMIES.armies]
    assert len(names) == len(set(names)) >= 40
    for faction in (
        "PanOceania",
        "Yu Jing",
        "Ariadna",
        "Haqqislam",
        "Nomads",
        "Combined Army",
        "ALEPH",
        "Tohaa",
    ):
        assert ARMIES.canonical(faction) == faction
    assert ARMIES.canonical("MAF") == "Morat Aggression Force"
    assert ARMIES.canonical("jsa") == "Japanese Secessionist Army"
    merovingia = "Force de Réponse Rapide Merovingienne"
    assert ARMIES.canonical("force de reponse rapide merovingienne") == ARMIES.canonical("FRRM") == merovingia


def test_choices_name_the_faction_of_a_sectorial_and_fit_discord() -> None:
    choices = ARMIES.choices("tunguska")
    assert choices[0] == ("Jurisdictional Command of Tunguska (Nomads)", "Jurisdictional Command of Tunguska")
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in ARMIES.choices(""))
    by_faction = [value for _, value in ARMIES.choices("yu jing")]
    assert by_faction[:4] == ["Yu Jing", "Imperial Service", "Invincible Army", "White Banner"]


def test_free_text_is_refused_with_a_warning_unless_the_player_insists() -> None:
    with pytest.raises(TournamentError, match=r"'banana' is not an ITS faction.*unlisted:True"):
        checked_faction("banana")
    with pytest.raises(TournamentError, match="Did you mean Morat Aggression Force"):
        checked_faction("Morrat Agression Force")
    assert checked_faction("banana", unlisted=True) == "banana"
    assert checked_faction("morats") == "Morat Aggression Force"
    with pytest.raises(TournamentError):
        checked_faction("   ", unlisted=True)
