"""Scenario pages from Jinja2 templates (chapters *Selecting a Game Mode*, *Campaigns*).

A template in ``templates/`` renders a small Markdown subset (``#`` title, ``##`` section, ``-``
bullet, blank line, ``**bold**``, ``*italic*``), which is set with reportlab's platypus on the layout's paper.
Templates run in Jinja2's sandbox with ``StrictUndefined``: a misspelt variable is an
``ExportError`` naming the template and line, never a silently blank page.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from jinja2 import StrictUndefined, pass_context
from jinja2.runtime import Context
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer

from doria_forge.export.templating import LimitedSandbox, TemplateFailure, render_template, sandboxed_environment
from doria_forge.i18n import current, t, tr, tr_lines, translated_field
from doria_forge.infra.fsutil import atomic_write_bytes
from doria_forge.model import ContentPack, Scenario
from doria_forge.model.optional_rules import CAMPAIGN_KEEP_BY_GOLD
from doria_forge.model.scenario import Place
from doria_forge.model.words.common import Describable, in_edition, label
from doria_forge.model.words.german import capital

from .colour import use_cmyk
from .errors import ExportError
from .fonts import BOLD, REGULAR, register_fonts
from .layout import SheetLayout, mm

SCENARIO_TEMPLATE = "scenario.md.j2"
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def template_env(templates_dir: Path) -> LimitedSandbox:
    """The sandboxed Jinja2 environment used for every template (undefined variables are errors;
    limits and confinement: ``doria_forge.export.templating``), with the filter ``t``
    (:func:`_label`) for the template's own words."""
    env = sandboxed_environment(templates_dir, undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                                lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["t"] = _label
    return env


@pass_context  # not pass_environment: Jinja folds such a filter on a constant at compile time
def _label(context: Context, label: str, **values: Any) -> str:
    """The template's filter ``t``: the printer's ``label`` in the edition printed when the
    template renders (:func:`~doria_forge.i18n.t`, the label as written where the table lacks it),
    its ``{fields}`` filled with ``values`` when given (``"scenario {n} of {of}" | t(n=1, of=3)``).
    The filling is the sandbox's own ``str.format`` (no attributes of the values, widths within
    the template limits), as if the template had written ``.format(...)`` itself.

    A filter that takes the render's context is never evaluated while Jinja compiles the
    template: one taking only the environment was, on a constant label (``"Story" | t``), so a
    compiled template, cached by its environment, kept the language of its first render."""
    text = t(str(label))
    if not values:
        return text
    env = context.environment
    assert isinstance(env, LimitedSandbox)  # template_env's own environment
    fill = env.wrap_str_format(text.format)
    assert fill is not None  # text is a str: its format is always wrapped
    return fill(**values)


def scenario_context(pack: ContentPack, scenario: Scenario) -> dict:
    """Plain data for the template, its texts in the edition printed (:func:`_in_edition`; names
    and flavour through :func:`~doria_forge.i18n.tr`): ``scenario`` fields, ``tiles`` (id, name, count) of the Room Tile
    deck, ``optional_rules`` (id -> text) it switches on, ``pack`` (name, version), and the
    scenario's data in words (ids named by the pack's display names): ``rules`` (``words``,
    ``flavour``: the texts of the rule, its trigger and its effects, ``simulated``), ``win``
    and ``lose`` goals (``words``, ``flavour``), ``tokens`` (``name``, ``text``,
    ``pick_up_ap``, ``where``, ``dropped``), setup ``markers``, ``reward_items`` (names),
    ``keep_gold`` (with the optional rule ``campaign_keep_by_gold`` on: the gold each hero's kept
    Loot Cards may be worth instead; else 0), ``campaigns`` that play it (``name``, ``number``,
    ``of``, ``story``)."""
    tiles = [{"id": e.tile, "name": (tr(pack.room_tiles[e.tile], "name") if e.tile in pack.room_tiles else e.tile),
              "count": e.count} for e in scenario.setup.tile_deck]
    texts: dict[str, str] = {r.id: tr(r, "text") for r in pack.rules.optional_rules}
    words = scenario.wording(lambda kind, ref: tr(doc, "name") if (doc := pack.get(kind, ref)) else ref)
    setup, lang = scenario.setup, current()

    def said(thing: Describable) -> str:  # a word or rule in the edition printed
        return in_edition(thing, words, lang)

    def goal(thing: Describable) -> str:  # after "Sieg:" a German sentence starts with its capital
        return capital(said(thing)) if lang == "de" else said(thing)

    def lies(place: Place) -> str:
        where = place.on_de(words=words) if lang == "de" else place.on()
        return _sentence(t("lies {place}").format(place=where) + _once_revealed(place, setup.start_tile))

    return {
        "scenario": _in_edition(scenario),
        "tiles": tiles,
        "optional_rules": {rid: texts.get(rid, rid) for rid in scenario.optional_rules},
        "pack": {"name": pack.info.display_name, "version": pack.info.version},
        "rules": [{"words": said(r) if r.simulated else tr(r, "text"), "flavour": _flavour(scenario, i),
                   "simulated": r.simulated} for i, r in enumerate(scenario.rules)],
        "win": [{"words": goal(g), "flavour": tr(g, "text")} for g in scenario.goals.win],
        "lose": [{"words": goal(g), "flavour": tr(g, "text")} for g in scenario.goals.lose],
        "tokens": [{"name": tr(token, "name"), "text": tr(token, "text"), "pick_up_ap": token.pick_up_ap,
                    "where": lies(token.at) if token.at
                    else t("Not on the table at the start: a special rule brings it into play."),
                    "dropped": token.dropped_when_unconscious} for token in setup.tokens],
        "markers": [_sentence(said(m) + _once_revealed(m.at, setup.start_tile)) for m in setup.markers],
        "reward_items": [words.name("equipment", item) for item in scenario.rewards.items],
        "keep_gold": (scenario.rewards.keep_loot_cards * pack.rules.campaign_gold_per_card
                      if pack.rules.option_on(CAMPAIGN_KEEP_BY_GOLD, scenario.optional_rules) else 0),
        "campaigns": [{"name": tr(c, "name"), "number": c.scenarios.index(scenario.id) + 1,
                       "of": len(c.scenarios), "story": tr(c, "story")}
                      for c in pack.campaigns.values() if scenario.id in c.scenarios],
    }


def names_as_written(pack: ContentPack, lang: str) -> list[str]:
    """The names the scenario booklet in ``lang`` prints as its scenarios write them, in words
    (``nest burned``), sorted: each scenario's own flags and markers (``Scenario.own_names``; the
    Book of Rules' markers print in the German edition's words) that its ``names_de`` (for
    ``lang``) gives no name."""
    names: set[str] = set()
    for scenario in booklet_order(pack):
        given = getattr(scenario, translated_field("names", lang), None) or {}
        names.update(label(name) for name in scenario.own_names() if name not in given)
    return sorted(names)


def _in_edition(scenario: Scenario) -> dict:
    """The scenario's fields for the template, its printed texts in the edition being printed
    (:func:`~doria_forge.i18n.tr`, each falling back to the English where no translation is
    written), so a template written for the English edition prints the German one unchanged."""
    data = scenario.model_dump(mode="json")
    for field in ("name", "story", "goal"):
        data[field] = tr(scenario, field)
    data["setup"]["notes"] = tr_lines(scenario.setup, "notes")
    data["escape"]["text"] = tr(scenario.escape, "text")
    data["rewards"]["text"] = tr_lines(scenario.rewards, "text")
    return data


def _flavour(scenario: Scenario, index: int) -> str:
    """The flavour texts of rule ``index``: the rule's, its trigger's, its effects' and its
    modifiers' (a prose rule's text is its words, not flavour)."""
    rule = scenario.rules[index]
    if not rule.simulated:
        return ""
    texts = [tr(rule, "text"), tr(rule.when, "text")]
    texts += [tr(effect, "text") for path, effect in scenario.effects() if path[1] == index]
    texts += [tr(modifier, "text") for modifier in rule.modifiers]
    return " ".join(text for text in texts if text)


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:] + "."


def _once_revealed(place: Place, start_tile: str) -> str:
    """A place on a tile other than the start tile waits until that tile is revealed."""
    if place.tile and place.tile != start_tile:
        return t(" once Room Tile {tile} is revealed").format(tile=place.tile)
    return ""


def render_scenario_text(env: LimitedSandbox, pack: ContentPack, scenario: Scenario,
                         template: str = SCENARIO_TEMPLATE) -> str:
    """The template's text for ``scenario``. Raises ``ExportError`` (one line: template file and
    line) for any template error or limit."""
    try:
        return render_template(env, template, scenario_context(pack, scenario))
    except TemplateFailure as exc:
        raise ExportError(f"template {exc} (scenario {scenario.id})") from None


def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=13.5, spaceAfter=5)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=BOLD, fontSize=20, leading=24, spaceAfter=4,
                                textColor=(0.42, 0.18, 0.12)),
        "h2": ParagraphStyle("h2", parent=body, fontName=BOLD, fontSize=13, leading=16, spaceBefore=8,
                             spaceAfter=4, textColor=(0.42, 0.18, 0.12)),
        "body": body,
        # The bullet font is named too: its default, Helvetica, would print unembedded.
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12, bulletIndent=2, spaceAfter=2,
                                 bulletFontName=REGULAR),
        "bullet2": ParagraphStyle("bullet2", parent=body, leftIndent=26, bulletIndent=16, spaceAfter=2,
                                  bulletFontName=REGULAR),
    }


def markdown_flowables(text: str) -> list:
    """Flowables for the Markdown subset the templates write: ``#`` and ``##`` headings, ``-``
    bullets (indented ``-``: a bullet under the one before), ``**bold**``, ``*italic*``, paragraphs."""
    register_fonts()  # a Paragraph maps its bold face to the font family as it is made, not when drawn
    styles = _styles()
    out: list = []
    para: list[str] = []

    def inline(s: str) -> str:
        return _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", escape(s)))

    def flush() -> None:
        if para:
            out.append(Paragraph(inline(" ".join(para)), styles["body"]))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            out.append(Paragraph(inline(line[3:]), styles["h2"]))
        elif line.startswith("# "):
            flush()
            out.append(Paragraph(inline(line[2:]), styles["title"]))
        elif line.startswith("- "):
            flush()
            nested = raw.startswith((" ", "\t"))
            out.append(Paragraph(inline(line[2:]), styles["bullet2" if nested else "bullet"],
                                 bulletText="–" if nested else "•"))
        else:
            para.append(line)
    flush()
    return out


def _canvas_maker(layout: SheetLayout) -> type[Canvas]:
    """The canvas class of the booklet: for ``colour: cmyk`` one that separates every colour and
    declares the output intent, as the card sheets do."""
    if layout.colour != "cmyk":
        return Canvas

    class CmykCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            use_cmyk(self, layout.ink_limit_percent, layout.output_condition)

    return CmykCanvas


def booklet_order(pack: ContentPack) -> list[Scenario]:
    """The scenarios the pack prints in the order the booklet prints them: the scenarios no campaign
    plays, by id, then each campaign's (by campaign id) in the order the campaign plays them, so
    its first scenario, which opens with the campaign's story, comes before the others. By id
    alone, *The Greywater Smugglers* printed its second scenario (``greywater_gate``) before its
    first (``greywater_ledger``) and the campaign's story."""
    own = pack.own_of(Scenario)
    in_campaigns = [own[sid] for campaign in pack.campaigns.values() for sid in campaign.scenarios if sid in own]
    played = {scenario.id for scenario in in_campaigns}
    single = [scenario for scenario in own.values() if scenario.id not in played]
    return single + list({scenario.id: scenario for scenario in in_campaigns}.values())


def write_scenarios(path: Path, pack: ContentPack, layout: SheetLayout, templates_dir: Path) -> Path:
    """All scenarios the pack prints, each starting on a new page, in :func:`booklet_order`, to
    ``path`` (atomically)."""
    scenarios = booklet_order(pack)
    if not scenarios:
        raise ExportError("the pack has no scenarios to print")
    if not (templates_dir / SCENARIO_TEMPLATE).is_file():
        raise ExportError(f"scenario template not found: {templates_dir / SCENARIO_TEMPLATE}")
    env = template_env(templates_dir)
    story: list = []
    for i, scenario in enumerate(scenarios):
        if i:
            story.append(PageBreak())
        story += markdown_flowables(render_scenario_text(env, pack, scenario))
    return write_booklet(path, story, layout, f"{pack.info.display_name}: Scenarios",
                         f"{pack.info.display_name} {pack.info.version}")


def write_booklet(path: Path, story: list, layout: SheetLayout, title: str, footer: str) -> Path:
    """The flowables ``story`` set on the layout's paper (20 mm margins, ``footer`` and the page
    number at the foot of every page), in CMYK with its output intent where the layout says so,
    written to ``path`` atomically. ``title`` is the document's title, which PDF viewers show in
    place of the file name: name the pack in it, as the card sheets do."""
    register_fonts()

    def on_page(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 8)
        canvas.setFillColorRGB(0.4, 0.4, 0.4)
        canvas.drawString(doc.leftMargin, mm(10), footer)
        canvas.drawRightString(doc.pagesize[0] - doc.rightMargin, mm(10), str(doc.page))
        canvas.restoreState()

    pw, ph = layout.paper_mm
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=(mm(pw), mm(ph)), leftMargin=mm(20), rightMargin=mm(20),
                            topMargin=mm(18), bottomMargin=mm(18), title=title, author="doria_forge",
                            creator="doria_forge", subject="Dungeons of Doria booklet", invariant=1,
                            initialFontName=REGULAR)
    story = [*story, Spacer(1, 1)]
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page, canvasmaker=_canvas_maker(layout))
    atomic_write_bytes(path, buffer.getvalue())
    return path
