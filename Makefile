# Herald: `make run` starts the bot, `make test` checks everything. Both set up .venv first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test console bench lint clean i18n catalogues

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Translations (docs/i18n.md): each language's parts (locale/<lang>/parts/*.po, the sources) are
# merged and compiled into locale/<lang>/LC_MESSAGES/herald.mo, which git does not keep (parallel
# branches would conflict on a binary file). Compiled again only when a part changed; the bot
# compiles in memory if they are missing, so `python -m bot` works from a clean clone too.
CATALOGUES := catalogues

catalogues: $(STAMP)
	@$(PY) -m bot.i18n_build compile --quiet

# Extract every English string (code and command tree), file new ones into each language's parts
# for their area, and compile: run it after adding or changing a string, then translate.
i18n: $(STAMP)
	$(PY) -m bot.i18n_build all

# Exit code 3: Herald was not started for want of a setting (no DISCORD_TOKEN) and said so
# itself; make then ends quietly instead of adding "*** Error". Any other failure stays loud.
run: $(STAMP) $(CATALOGUES)
	@status=0; $(PY) -m bot run || status=$$?; [ $$status -eq 3 ] || exit $$status

# pytest keeps each test module with its asserts rewritten as bytecode, unless
# PYTHONDONTWRITEBYTECODE is set (as on these machines): then every worker rewrote all 200 test
# modules on every run, 6 s of each worker's collection. The bot's own modules are compiled first.
test: $(STAMP) $(CATALOGUES)
	$(PY) -m ruff check .
	$(PY) -m compileall -q bot cogs rules renderers web >/dev/null
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest

console: $(STAMP) $(CATALOGUES)
	$(PY) -m bot console $(ARGS)

# Bytecode first, as an installed bot has it: with PYTHONDONTWRITEBYTECODE set, every start-up
# would otherwise compile each module again.
bench: $(STAMP) $(CATALOGUES)
	$(PY) -m compileall -q bot cogs rules renderers web tests >/dev/null
	$(PY) -m tests.bench $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache .hypothesis *.egg-info
