"""Huge and hostile command-line values (issue 25): refused when the options are parsed (exit 2,
naming the option), every option checked before any work, runs planned lazily, and no output
written into /proc or through a link to it."""

from __future__ import annotations

import os
from concurrent.futures import Future
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from robust_helpers import tiny_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.export.tts import base_url_problem
from doria_forge.sim.executors import windowed
from doria_forge.sim.scenario_runner import make_plan

runner = CliRunner()


@pytest.fixture()
def broken(tmp_path) -> Path:
    """A pack that fails validation (exit 1): an option refused with exit 2 was checked first."""
    pack = tiny_pack(tmp_path / "content")
    (pack / "junk.yaml").write_text("kind: [\n")
    return pack


HUGE = {
    "scenario runs": (["simulate", "scenario", "s", "{pack}", "--runs", "1000000000"], "--runs"),
    "scenario runs 1e30": (["simulate", "scenario", "s", "{pack}", "--runs", "1e30"], "--runs"),
    "campaign runs": (["simulate", "campaign", "c", "{pack}", "--runs", "100001"], "--runs"),
    "players": (["simulate", "scenario", "s", "{pack}", "--players", "1-99999999999"], "player counts are 1-6"),
    "players list": (["simulate", "campaign", "c", "{pack}", "--players", "2,7"], "player counts are 1-6"),
    # a range written backwards was told to give "a count (4), a range (1-6) or a list (2,4)", as if no range
    "players backwards": (["simulate", "scenario", "s", "{pack}", "--players", "4-2"],
                          "--players '4-2': a range runs from fewer players to more: write 2-4"),
    "players junk": (["simulate", "scenario", "s", "{pack}", "--players", "1-" + "9" * 5000], "--players"),
    "build scenario runs": (["build", "{pack}", "--scenario-runs", "1000000000"], "--scenario-runs"),
    "duel runs": (["simulate", "{pack}", "--runs", "100001"], "--runs"),
    "build out in /proc": (["build", "{pack}", "--out", "/proc/doria-x"], "cannot write /proc/doria-x"),
    "duel out in /proc": (["simulate", "{pack}", "--out", "/proc/self/fd/1"], "/proc holds"),
    "report in /proc": (["simulate", "scenario", "s", "{pack}", "--report", "/proc/r.html"], "/proc holds"),
    "empty scheduler": (["simulate", "scenario", "s", "{pack}", "--scheduler", ""], "--scheduler is empty"),
    # an empty --out (an unset shell variable) wrote into the working folder
    "empty pdf out": (["export", "pdf", "{pack}", "--out="], "--out is empty"),
    "empty csv out": (["export", "csv", "{pack}", "--out", ""], "--out is empty"),
    "empty build out": (["build", "{pack}", "--out="], "--out is empty"),
    # Room Tiles, sheets and scenario pages have no card size: the option was ignored without a word
    "tile card size": (["export", "pdf", "{pack}", "--card-size", "room_tiles=200x290"], "no card size to change"),
    "sheet card size": (["export", "pdf", "{pack}", "--card-size", "sheets=70x120"], "no card size to change"),
    # float() reads nan and inf: a bleed of nan was told it should be 0 or more, an offset of nan,inf above 20 mm
    "nan bleed": (["export", "pdf", "{pack}", "--bleed", "nan"], "give the bleed in mm"),
    "inf offset": (["export", "pdf", "{pack}", "--duplex-offset", "nan,inf"], "give two numbers in mm"),
    # a layout limit was named by its field (bleed_mm, deck_card_sizes), not by the option typed
    "huge bleed": (["export", "png", "{pack}", "--bleed", "50"], "error: --bleed: Input should be less than or equal to 20"),
    "tiny card": (["export", "tts", "{pack}", "--card-size", "boss=0x10"], "error: --card-size: card size '0x10'"),
}


@pytest.mark.parametrize("args, says", HUGE.values(), ids=HUGE.keys())
def test_out_of_range_options_are_usage_errors_before_any_work(broken, args, says):
    result = runner.invoke(app, [a.format(pack=broken) for a in args])
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert "junk.yaml" not in result.output  # the pack was not even validated
    assert ".staging-" not in result.output and not os.path.exists("/proc/doria-x")


@pytest.mark.parametrize("args", [
    ["schema", "--out="],
    ["preview", "orc-1", "{pack}", "--out", ""],
    ["import", "{sheet}", "--kind", "trap", "--out="],
], ids=["schema", "preview", "import"])
def test_an_empty_out_is_refused_as_empty_and_writes_nothing(tmp_path, monkeypatch, args):
    """`schema --out "$DIR"` with DIR unset wrote its twenty schema files into the working folder
    (exit 0); preview and import answered "cannot write .: it is a folder"."""
    pack = tiny_pack(tmp_path / "content")
    sheet = tmp_path / "traps.csv"
    sheet.write_text("id,name\nt,T\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    before = sorted(tmp_path.rglob("*"))
    result = runner.invoke(app, [a.format(pack=pack, sheet=sheet) for a in args])
    assert result.exit_code == 2, result.output
    assert "--out is empty; name the file or folder to write" in " ".join(result.output.split())
    assert sorted(tmp_path.rglob("*")) == before


def test_an_out_link_into_proc_is_refused_and_kept(tmp_path):
    pack = tiny_pack(tmp_path / "content")
    link = tmp_path / "out.json"
    link.symlink_to("/proc/self/fd/1")  # with stdout a file, its real path is that file
    result = runner.invoke(app, ["export", "bundle", str(pack), "--out", str(link)])
    assert result.exit_code == 2
    assert "through a link to /proc/self/fd/1" in result.output
    assert link.is_symlink() and os.readlink(link) == "/proc/self/fd/1"


def test_a_billion_runs_are_planned_one_chunk_at_a_time(shipped_pack):
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1, 2, 3, 4], runs=10**9)
    chunks = plan.chunks()
    assert next(chunks) == (1, 0, 16) and next(chunks) == (1, 16, 32)  # no list of 250 million tasks first


def test_the_executor_holds_at_most_its_window_of_tasks():
    taken = 0

    def tasks():
        nonlocal taken
        for i in range(10**9):
            taken += 1
            yield (None, 1, i, i + 1)

    def submit(task):
        future: Future = Future()
        future.set_result(task)
        return future

    results = windowed(tasks(), submit, window=4)
    first = [next(results) for _ in range(3)]
    assert [task[2] for task, _ in first] == [0, 1, 2]  # in task order
    assert taken == 4 + 3  # the window, refilled once per result handed out: not the billion


# -- Tabletop Simulator --base-url: only http(s) (and file for local use), no control characters ------------
BAD_URLS = {
    "javascript": ("javascript:alert(document.cookie)", "must start with http://"),
    "quote and newline": ('https://example.org/"onload="x\n', "holds characters a URL cannot"),
    "no scheme": ("example.org/doria", "must start with http://"),
    "no host": ("https:///doria", "names no host"),
    "data": ("data:text/html,<script>", "holds characters"),
    "query": ("https://example.org/?x=1", "?query"),
    "empty": ("  ", "is empty"),
    "too long": ("https://example.org/" + "a" * 3000, "longer than"),
}


@pytest.mark.parametrize("url, says", BAD_URLS.values(), ids=BAD_URLS.keys())
def test_a_base_url_that_is_not_a_web_address_is_refused_before_any_work(broken, tmp_path, url, says):
    result = runner.invoke(app, ["export", "tts", str(broken), "--out", str(tmp_path / "tts"), "--base-url", url])
    assert result.exit_code == 2
    assert says in result.output and "junk.yaml" not in result.output
    assert not (tmp_path / "tts").exists()


@pytest.mark.parametrize("url", ["https://example.org/doria/", "http://192.168.1.5:8000", "file:///home/me/tts"])
def test_web_and_file_addresses_are_accepted(url):
    assert base_url_problem(url) == ""


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80) | st.from_regex(r"(https?|file|javascript|data):[\s\S]{0,40}", fullmatch=True))
def test_an_accepted_base_url_is_always_a_plain_web_or_file_address(url):
    if base_url_problem(url) == "":
        assert urlsplit(url).scheme.lower() in ("http", "https", "file")
        assert all(" " < c < "\x7f" and c not in '"<>\\`{}|^' for c in url)


def test_several_policies_for_a_campaign_are_a_usage_error_not_the_first_alone():
    """``--policy weak,greedy`` plays a scenario's runs side by side; a campaign played the first
    policy alone and said nothing of the others."""
    content = Path(__file__).resolve().parents[1] / "content"
    result = runner.invoke(app, ["simulate", "campaign", "greywater_smugglers", str(content), "--policy", "weak,greedy",
                                 "--runs", "2", "--players", "2", "--no-progress"])
    assert result.exit_code == 2, result.output
    assert "a campaign plays one policy" in result.output


@pytest.mark.parametrize("command", [["simulate", "scenario", "goblin_warren"], ["export", "bundle"]])
def test_out_dash_is_refused_not_written_as_a_file_named_dash(tmp_path, monkeypatch, command):
    """`--out -` (standard output to a shell) wrote a file named '-' in the working folder."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [*command, str(Path(__file__).resolve().parents[1] / "content"), "--out", "-"])
    assert result.exit_code == 2, result.output
    assert "--out - would be a file named '-'" in " ".join(result.output.split())
    assert not (tmp_path / "-").exists()
