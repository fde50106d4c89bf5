"""The wheel ships every subpackage and doria-forge's default templates and layout."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "doria_forge").rglob("__init__.py")
    }
    assert on_disk <= listed, f"add to pyproject.toml [tool.setuptools] packages: {sorted(on_disk - listed)}"


def test_the_default_template_and_layout_are_mapped_into_the_package():
    """Building a wheel here would need the network; the mapping and its files are checked instead."""
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert tool["package-dir"] == {"doria_forge.templates": "templates", "doria_forge.layouts": "layouts",
                                   "doria_forge.content": "content"}
    for package, patterns in tool["package-data"].items():
        folder = ROOT / tool["package-dir"].get(package, package.replace(".", "/"))
        assert any(folder.glob(p) for p in patterns), f"{folder} has no {patterns}"
    assert (ROOT / "templates" / "scenario.md.j2").is_file()
    assert (ROOT / "layouts" / "default.yaml").is_file()


def test_the_base_pack_ships_inside_the_package_with_every_file():
    """`requires: [doria-base]` finds the base pack from any folder: every YAML file of content/,
    at any depth, matches the package data patterns."""
    import fnmatch

    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = tool["package-data"]["doria_forge.content"]
    files = [p.relative_to(ROOT / "content").as_posix() for p in (ROOT / "content").rglob("*.yaml")]
    assert files and all(any(fnmatch.fnmatch(f, p) for p in patterns) for f in files)


def test_installing_from_the_checkout_leaves_build_to_doria_forge():
    """`pip install .` builds the wheel in the source tree; setuptools' default folder is build/,
    which `doria-forge build` then refuses to replace (it holds files a build did not write), so
    the README's first command failed on a fresh clone. setup.cfg moves setuptools elsewhere."""
    import configparser

    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    build_base = Path(config.get("build", "build_base", fallback="build"))
    assert build_base.parts[0] != "build" and build_base.parts[0] in (ROOT / ".gitignore").read_text().replace("/", " ").split()


def _declared() -> set[str]:
    """Distributions pyproject.toml declares (core and every extra), with those an extra of a
    declared distribution brings (``dask[distributed]`` declares ``distributed``)."""
    from importlib.metadata import PackageNotFoundError, requires

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found: set[str] = set()
    for text in [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]:
        req = Requirement(text)
        found.add(canonicalize_name(req.name))
        for extra in req.extras:
            try:
                listed = requires(req.name) or []
            except PackageNotFoundError:
                continue
            for sub in map(Requirement, listed):
                if sub.marker is not None and sub.marker.evaluate({"extra": extra}):
                    found.add(canonicalize_name(sub.name))
    return found


def test_every_third_party_import_of_the_package_is_declared():
    """Issue 23: Pillow was imported but not declared. Every module doria_forge imports that is
    neither the standard library nor doria_forge comes from a distribution pyproject.toml names."""
    import ast
    import sys
    from importlib.metadata import packages_distributions

    from packaging.utils import canonicalize_name

    imported: dict[str, str] = {}
    for path in (ROOT / "doria_forge").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "doria_forge":
                    imported.setdefault(top, str(path.relative_to(ROOT)))
    assert "PIL" in imported and "reportlab" in imported  # the scan sees the package's imports
    owners = packages_distributions()
    declared = _declared()
    missing = {}
    for module, where in sorted(imported.items()):
        dists = {canonicalize_name(d) for d in owners.get(module, [])}
        assert dists, f"{module} (imported in {where}) is not installed: declare it and install the extras"
        if not dists & declared:
            missing[module] = (sorted(dists), where)
    assert missing == {}, f"declare in pyproject.toml: {missing}"
