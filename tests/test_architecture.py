"""The arrows of the house point downwards: rules/ stays pure, renderers/ never reach up."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", files("rules"), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_are_pure(path: Path) -> None:
    forbidden = {"discord", "aiosqlite", "PIL", "asyncio", "bot", "cogs", "renderers", "sqlite3", "web"}
    assert not imported_modules(path) & forbidden


@pytest.mark.parametrize("path", files("renderers"), ids=lambda p: str(p.relative_to(ROOT)))
def test_renderers_import_only_rules(path: Path) -> None:
    assert not imported_modules(path) & {"discord", "aiosqlite", "asyncio", "bot", "cogs", "web"}


@pytest.mark.parametrize("path", files("web"), ids=lambda p: str(p.relative_to(ROOT)))
def test_web_pages_never_import_a_cog(path: Path) -> None:
    # web/ sits beside cogs/: it reads rules models (and bot's repositories) and never Discord.
    assert not imported_modules(path) & {"discord", "cogs"}


def test_every_package_is_installed() -> None:
    # The editable install makes importable only the packages pyproject lists: one left out
    # imports only when the working directory happens to be the repository.
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = sorted(p.parent.name for p in ROOT.glob("*/__init__.py") if p.parent.name != "tests")
    assert [p for p in packages if f"{p}*" not in included] == []


@pytest.mark.parametrize("path", files("bot"), ids=lambda p: str(p.relative_to(ROOT)))
def test_bot_knows_no_game(path: Path) -> None:
    # bot/ may import rules.errors (the error base), rules.text (the cleaning of typed text,
    # which the rules use too) and rules.i18n (the translation layer every edge shares), and
    # nothing else of the games.
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top = node.module.split(".")[0]
            assert top not in ("cogs", "renderers", "web")
            if top == "rules":
                assert node.module in ("rules.errors", "rules.text", "rules.i18n"), (
                    f"{path.name} imports {node.module}"
                )


def test_sql_lives_in_bot_storage() -> None:
    for package in ("cogs", "rules", "renderers", "web"):
        for path in files(package):
            text = path.read_text(encoding="utf-8")
            for keyword in ("SELECT ", "INSERT INTO", "UPDATE games", "CREATE TABLE"):
                assert keyword not in text, f"{path} contains SQL ({keyword.strip()})"


MAX_COG_FILE_LINES = 500


@pytest.mark.parametrize("path", files("cogs"), ids=lambda p: str(p.relative_to(ROOT)))
def test_cog_files_stay_short(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_COG_FILE_LINES, f"{path.name} has {lines} lines: split it by concern"


def _feature(path: Path) -> str:
    """The feature a cogs/ file belongs to: its package, or the module for a one-file cog."""
    parts = path.relative_to(ROOT / "cogs").parts
    return parts[0].removesuffix(".py")


@pytest.mark.parametrize("path", files("cogs"), ids=lambda p: str(p.relative_to(ROOT)))
def test_cogs_do_not_import_each_other_across_games(path: Path) -> None:
    # Something two games need belongs in the kit (bot/), not in one game's cog.
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cogs."):
            other = node.module.split(".")[1]
            assert other == _feature(path), f"{path.name} imports {node.module}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("cogs."):
                    assert alias.name.split(".")[1] == _feature(path), f"{path.name} imports {alias.name}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports_of(path: Path, module: str, known: set[str]) -> set[str]:
    """Our modules `path` imports, anywhere in the file (a function-local import counts too)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from package import module` imports the module; `from module import name` the module.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != module:
                found.add(target)
    return found


PACKAGES = ("bot", "cogs", "rules", "renderers", "web")


def import_cycles(packages: tuple[str, ...] = PACKAGES) -> list[list[str]]:
    """Every circle of imports between two or more of our modules (within a package or across)."""
    paths = {_module_name(p): p for package in packages for p in files(package)}
    known = set(paths)
    graph = {module: _imports_of(path, module, known) for module, path in paths.items()}
    cycles: list[list[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def strongly_connect(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                strongly_connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            strongly_connect(module)
    return cycles


def test_imports_inside_a_package_form_a_tree() -> None:
    # Two modules that import each other (even from inside a function) are one concern split in
    # the wrong place: move the shared piece down into a module both import (STYLE.md, 17).
    assert import_cycles() == []


def test_the_cycle_finder_finds_a_circle(tmp_path: Path) -> None:
    first = tmp_path / "a.py"
    first.write_text("def f():\n    from pkg.b import g\n", encoding="utf-8")
    assert _imports_of(first, "pkg.a", {"pkg.a", "pkg.b"}) == {"pkg.b"}
    relative = tmp_path / "c.py"
    relative.write_text("from . import b\nfrom .a import f\n", encoding="utf-8")
    assert _imports_of(relative, "pkg.c", {"pkg.a", "pkg.b", "pkg.c"}) == {"pkg.a", "pkg.b"}


def test_discord_links_are_built_in_one_place() -> None:
    # Issue 34, item 21: links to channels and messages were built by hand in several cogs.
    for package in ("cogs", "web"):
        for path in files(package):
            assert "discord.com/channels" not in path.read_text(encoding="utf-8"), f"{path}: use bot.links"
    from bot.links import jump_link

    assert jump_link(5, 6, 7) == "https://discord.com/channels/5/6/7"
    assert jump_link(None, 6) == "https://discord.com/channels/@me/6"


def test_every_file_a_package_reads_is_package_data() -> None:
    # Issue 34, item 21: the migrations' .sql files were left out of an installed package.
    import fnmatch
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    for package in ("bot", "web"):
        for path in sorted((ROOT / package).rglob("*")):
            if path.is_dir() or path.suffix in (".py", ".pyc", ".md") or "__pycache__" in path.parts:
                continue
            inside = path.relative_to(ROOT / package).as_posix()
            assert any(fnmatch.fnmatch(inside, glob) for glob in data.get(package, [])), f"{package}/{inside}"
