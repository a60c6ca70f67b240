# Herald: `make run` starts the bot, `make test` checks everything. Both set up .venv first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test console bench lint clean

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot run

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m compileall -q bot cogs rules renderers web >/dev/null
	$(PY) -m pytest

console: $(STAMP)
	$(PY) -m bot console $(ARGS)

# Bytecode first, as an installed bot has it: with PYTHONDONTWRITEBYTECODE set, every start-up
# would otherwise compile each module again.
bench: $(STAMP)
	$(PY) -m compileall -q bot cogs rules renderers web tests >/dev/null
	$(PY) -m tests.bench $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache .hypothesis *.egg-info
