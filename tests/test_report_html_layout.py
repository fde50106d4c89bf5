"""The HTML report on a phone, for colour-blind readers and without matplotlib (issue 23):
a viewport tag, wide tables that scroll inside their own box, colours read by lightness rather
than by red against green, and the same numbers as plain tables when the plots extra is missing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from doria_forge.commands.report_html import render_html
from doria_forge.sim.plot_data import OKABE_ITO, damage_sources, rate_colour

CELLS = [{"hero": h, "monster": m, "level": lv, "win_rate": rate}
         for (h, m, lv, rate) in [("mage", "orc", 1, 0.25), ("warrior", "orc", 1, 0.75), ("mage", "orc", 2, 0.5),
                                  ("warrior", "orc", 2, 1.0)]]


@pytest.fixture(scope="module")
def report(shipped_pack, tmp_path_factory):
    from doria_forge.commands.pipeline_scenarios import verify

    folder = tmp_path_factory.mktemp("html-layout")
    done = verify(shipped_pack, ["sunken_reliquary"], players=[2, 3], runs=2, seed=3, jobs=1, progress=False,
                  out=folder / "r.json", duel_matrix={"runs": 10, "seed": 1, "cells": CELLS})
    return done.report


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_rates_are_coloured_by_lightness_on_a_colour_blind_safe_scale():
    """cividis: a higher win rate is always a lighter cell, so it reads without telling red from
    green; the text on it keeps a contrast."""
    colours = [rate_colour(k / 20) for k in range(21)]
    lights = [_luminance(bg) for bg, _ in colours]
    assert lights == sorted(lights) and lights[-1] - lights[0] > 150
    for bg, ink in colours:
        assert abs(_luminance(bg) - _luminance(ink)) > 90
    assert len(set(OKABE_ITO)) == len(OKABE_ITO)


def test_the_plots_use_the_colour_blind_safe_colours():
    from doria_forge.sim import plots

    figure = plots.duel_heatmap_figure(CELLS)
    assert figure.axes[0].images[0].get_cmap().name == "cividis"  # not RdYlGn


def test_the_report_has_a_viewport_and_tables_that_scroll_in_their_box(report, shipped_pack):
    html = render_html(shipped_pack, report, replay="none")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    table_rule = re.search(r"\btable \{([^}]*)\}", style).group(1)
    assert "overflow-x: auto" in table_rule and "display: block" in table_rule
    assert "<script" not in html and "<link" not in html


def test_without_matplotlib_the_report_shows_the_numbers_as_plain_tables(report, shipped_pack, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    monkeypatch.delitem(sys.modules, "doria_forge.sim.plots", raising=False)
    html = render_html(shipped_pack, report, replay="none")
    assert "image/svg+xml" not in html
    assert 'pip install ".[plots]"' in html
    rows = damage_sources(report["scenarios"][0]["players"])
    assert rows and all(f"{per_run:.2f}" in html for _, per_run in rows)
    heat = re.findall(r'<td style="background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6})">(\d+)%</td>', html)
    assert [(bg, ink, int(text)) for bg, ink, text in heat] == [
        (*rate_colour(0.25), 25), (*rate_colour(0.75), 75), (*rate_colour(0.5), 50), (*rate_colour(1.0), 100)]


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed (apt-get install chromium)")
def test_on_a_375_px_phone_the_page_does_not_scroll_sideways(report, shipped_pack, tmp_path):
    """Laid out by Chromium in a 375 px frame (a headless window is never narrower than 500 px):
    the page is no wider than the frame (a wide table scrolls inside its own box), nothing but a
    table box reaches past it, and table text is at least 12 px."""
    probe = ("<script>window.onload=()=>{const d=document.documentElement;const wide=[];"
             "document.querySelectorAll('body *').forEach(e=>{if(e.getBoundingClientRect().right>d.clientWidth+1"
             "&&!e.closest('table'))wide.push(e.tagName);});"
             "parent.postMessage(d.scrollWidth+' '+d.clientWidth+' '+parseFloat(getComputedStyle("
             "document.querySelector('td')).fontSize)+' '+wide.join(','),'*');}</script>")
    page = tmp_path / "r.html"
    page.write_text(render_html(shipped_pack, report, replay="median").replace("</body>", probe + "</body>"), "utf-8")
    frame = tmp_path / "phone.html"
    frame.write_text("<!DOCTYPE html><html><body style='margin:0'><iframe src='r.html' width='375' height='700' "
                     "style='border:0'></iframe><script>addEventListener('message',m=>document.body.setAttribute("
                     "'data-probe',m.data));</script></body></html>", "utf-8")
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                           "--window-size=800,800", "--virtual-time-budget=5000", "--dump-dom", frame.as_uri()],
                          capture_output=True, text=True, timeout=120)
    width, client, font, wide = re.search(r'data-probe="(\d+) (\d+) ([\d.]+) ?([^"]*)"', done.stdout).groups()
    assert int(client) <= 375 and int(width) <= int(client), (width, client, wide)
    assert wide == "" and float(font) >= 12
