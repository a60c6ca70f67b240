"""Herald's web pages: a read-only aiohttp application for tournaments (see :mod:`web.app`).

Beside cogs/ in the house: it reads the same repositories and rules models, renders with its own
templates (:mod:`web.pages`) and never imports a cog.
"""
