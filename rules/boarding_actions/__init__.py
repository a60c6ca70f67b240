"""Warhammer 40,000 Boarding Actions: missions, rules topics, mission rolls and the VP tracker.

* :mod:`.missions`: the mission schema (objectives a tracker can score) and the game's constants;
* :mod:`.content`: loading ``data/boarding_actions`` and looking missions up;
* :mod:`.topics`: the rules topics (adaptations, manoeuvres, stratagems...) and their look-up;
* :mod:`.rolls`: the D33 and D6 mission rolls;
* :mod:`.battle`: the pure VP tracker, ``state = apply(state, action)``;
* :mod:`.lookup`: the fuzzy name index both look-ups share.
"""
