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
	$(PY) -m pytest

console: $(STAMP)
	$(PY) -m bot console $(ARGS)

bench: $(STAMP)
	$(PY) -m tests.bench $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache .hypothesis *.egg-info
