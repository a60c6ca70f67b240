"""Warhammer 40,000 Crusade: a campaign's Orders of Battle, battles and post-battle sequence.

Pure rules (:mod:`rules.crusade.engine`), the state (:mod:`rules.crusade.model`), the tables as
data (:mod:`rules.crusade.tables`) and an army list read as an Order of Battle
(:mod:`rules.crusade.lists`).
"""
