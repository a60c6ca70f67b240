"""Slash-command cogs: thin handlers that read options, call rules, save, render and reply."""
