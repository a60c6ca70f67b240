"""Infinity ITS Season 14: scenarios as data, the score sheet and tournament points.

- :mod:`rules.its.tiers`: tiers (150-400 points) and table set-up.
- :mod:`rules.its.scenario`: the scenario schema (objective kinds as a discriminated union).
- :mod:`rules.its.content`: loading ``data/its/scenarios/*.yaml``.
- :mod:`rules.its.scoring`: sheet entries, Objective Points, Tournament Points.
"""
