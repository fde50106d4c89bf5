"""Character Sheets (blank and filled for the premade heroes) and Campaign Overview Sheets.

Chapters *Character Mat & Character Sheet Anatomy*, *Calculated Values*, *Hero and Monster Level*,
*Campaign Sheet Anatomy*. Each sheet is a full-paper face; geometry in points, origin bottom-left.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from doria_forge.i18n import dice, t, tr
from doria_forge.model import ATTRIBUTES, Campaign, Character, ContentPack, Rules
from doria_forge.model.optional_rules import CAMPAIGN_KEEP_BY_GOLD

from .compose import FaceBox
from .fonts import BOLD, REGULAR
from .layout import mm
from .text import draw_line, draw_paragraph

INK = (0.1, 0.1, 0.1)
ACCENT = (0.42, 0.18, 0.12)
BONUS_LABELS = {
    "extra_melee_die": "+1 die melee", "extra_ranged_die": "+1 die ranged", "extra_magic_die": "+1 die magic",
    "extra_damage": "+1 damage", "extra_defense_die": "+1 die defense", "regeneration": "Regeneration",
    "extra_initiative_die": "+1 initiative die", "fast_hands": "Fast hands", "double_range": "Double range",
}
BODY_SLOTS = ("Head", "Torso", "Arms", "Legs", "Feet", "Accessory 1", "Accessory 2", "Right hand", "Left hand")


def _box(c: Canvas, x: float, y: float, w: float, h: float, label: str = "", value: str = "",
         value_size: float = 14) -> None:
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, 3, stroke=1, fill=0)
    if label:
        draw_line(c, t(label), x + 3, y + h - 9, w - 6, max_size=7, bold=True, color=ACCENT)
    if value:
        draw_line(c, value, x + 3, y + 5, w - 6, max_size=value_size, bold=True, align="center", color=INK)


def _heading(c: Canvas, text: str, x: float, y: float, w: float, size: float = 11) -> None:
    draw_line(c, t(text), x, y, w, max_size=size, bold=True, color=ACCENT)
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(0.6)
    c.line(x, y - 3, x + w, y - 3)


@dataclass(frozen=True)
class CharacterSheetFace:
    """A Character Sheet; ``hero=None`` prints the blank sheet.

    Top to bottom: name and XP; the six base attributes; the default skills Dodge and Psi Resistance
    (their dice from the rules constants); HP, IP, PP as calculated value, equipment
    modifier and final value; the tracking strip for the current HP/IP/PP/XP from the death threshold
    up; the hero level bonuses to tick; the Body zone, Belt and Backpack with standard equipment.
    """

    rules: Rules
    hero: Character | None = None
    equipment_names: tuple[tuple[str, str], ...] = ()  # (zone, name) of the hero's standard items

    @property
    def key(self) -> str:
        """Identity of the drawing: faces with equal keys are drawn once and reused."""
        return f"character_sheet-{self.hero.id if self.hero else 'blank'}"

    def draw(self, c: Canvas, box: FaceBox) -> None:
        hero = self.hero
        margin = mm(12)
        x0, w = margin, box.width - 2 * margin
        top = box.height - margin
        draw_line(c, t("Character Sheet"), x0, top - 16, w * 0.5, max_size=18, bold=True, color=ACCENT)
        _box(c, x0 + w * 0.52, top - 24, w * 0.33, 26, "Name", tr(hero, "name") if hero else "")
        _box(c, x0 + w * 0.87, top - 24, w * 0.13, 26, "XP", "")
        y = top - 40

        _heading(c, "Attributes", x0, y, w)
        y -= 48
        cell = w / 6
        for i, attr in enumerate(ATTRIBUTES):
            _box(c, x0 + i * cell + 2, y, cell - 4, 38, attr, str(hero.attribute(attr)) if hero else "", 16)
        y -= 16

        # The default defense and psi resistance every hero has (chapters Defense, Psi Resistance).
        _heading(c, "Default skills (without equipment)", x0, y, w)
        y -= 32
        half = w / 2
        _box(c, x0 + 2, y, half - 4, 26, "Dodge (defense against melee and ranged attacks)", dice(self.rules.dodge),
             12)
        _box(c, x0 + half + 2, y, half - 4, 26, "Psi Resistance (defense against magic attacks)",
             dice(self.rules.psi_resistance), 12)
        y -= 16

        _heading(c, "Calculated values (rounded down)", x0, y, w)
        formulas = ((t("HP"), f"({t('STR')}+{t('CON')})÷2", hero.hit_points if hero else None),
                    (t("IP"), f"({t('AGI')}+{t('PER')})÷2", hero.initiative_points if hero else None),
                    (t("PP"), f"({t('WIS')}+{t('PSI')})÷2", hero.psi_points if hero else None))
        rows = ("Calculated", "Equipment modifier", "Final value")
        label_w = w * 0.25
        col_w = (w - label_w) / 3
        y -= 14
        for j, (name, formula, _) in enumerate(formulas):
            draw_line(c, f"{name}  {formula}", x0 + label_w + j * col_w + 4, y, col_w - 8, max_size=8, bold=True,
                      align="center", color=INK)
        for r_i, row_name in enumerate(rows):
            y -= 26
            draw_line(c, t(row_name), x0, y + 9, label_w - 4, max_size=8, bold=True, color=INK)
            for j, (_, _, value) in enumerate(formulas):
                shown = str(value) if (value is not None and r_i == 0) else ""
                _box(c, x0 + label_w + j * col_w + 2, y, col_w - 4, 22, "", shown, 12)
        y -= 18

        death = self.rules.death_threshold
        c_label = t("Current HP / IP / PP / XP (death at {death})").format(death=death)
        draw_line(c, c_label, x0, y, w, max_size=11, bold=True, color=ACCENT)
        c.setStrokeColorRGB(*ACCENT)
        c.setLineWidth(0.6)
        c.line(x0, y - 3, x0 + w, y - 3)
        y -= 8
        # From the last value above death (-19 in the English edition, -39 in the German one) up.
        track = list(range(death + 1, 30))
        per_row = 25
        cell_w = w / per_row
        for r_i in range(0, len(track), per_row):
            y -= 16
            for k, value in enumerate(track[r_i:r_i + per_row]):
                cx = x0 + k * cell_w
                c.setFillColorRGB(*((1.0, 0.85, 0.7) if value < 0 else (0.85, 0.95, 0.85)))
                c.setStrokeColorRGB(*INK)
                c.setLineWidth(0.4)
                c.rect(cx, y, cell_w, 14, stroke=1, fill=1)
                c.setFillColorRGB(*INK)
                c.setFont(REGULAR, 6.5)
                c.drawCentredString(cx + cell_w / 2, y + 4.5, str(value))
        y -= 18

        _heading(c, "Hero level bonuses", x0, y, w)
        y -= 16
        bonuses = self.rules.hero_bonuses
        per = 3
        bw = w / per
        for i, bonus in enumerate(bonuses):
            row, col = divmod(i, per)
            bx, by = x0 + col * bw, y - row * 14
            c.setStrokeColorRGB(*INK)
            c.rect(bx, by, 8, 8, stroke=1, fill=0)
            draw_line(c, t(BONUS_LABELS.get(bonus, bonus.replace("_", " "))), bx + 12, by + 1, bw - 16,
                      max_size=8, color=INK)
        y -= 14 * (-(-len(bonuses) // per)) + 8

        _heading(c, "Body zone (0 AP)", x0, y, w * 0.62)
        _heading(c, t("Belt ({ap} AP)").format(ap=self.rules.belt_ap), x0 + w * 0.66, y, w * 0.34)
        filled = dict(self.equipment_names)
        slot_h = 24
        body_w = w * 0.62
        half = body_w / 2
        for i, slot in enumerate(BODY_SLOTS):
            row, col = divmod(i, 2)
            _box(c, x0 + col * half + 1, y - 8 - (row + 1) * (slot_h + 3), half - 2, slot_h, slot,
                 filled.get(slot, ""), 9)
        bx = x0 + w * 0.66
        for i in range(self.rules.belt_slots):
            _box(c, bx, y - 8 - (i + 1) * (slot_h + 3), w * 0.34, slot_h, t("Belt {n}").format(n=i + 1), "", 9)
        by_top = y - 8 - (self.rules.belt_slots + 1) * (slot_h + 3) - 6
        _heading(c, t("Backpack ({ap} AP)").format(ap=self.rules.backpack_ap), bx, by_top, w * 0.34)
        bottom = margin
        backpack = [name for zone, name in self.equipment_names if zone == "Backpack"]
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(0.4)
        line_y = by_top - 18
        k = 0
        while line_y > bottom:
            c.line(bx, line_y, bx + w * 0.34, line_y)
            if k < len(backpack):
                draw_line(c, backpack[k], bx + 2, line_y + 3, w * 0.34 - 4, max_size=9, color=INK)
            k += 1
            line_y -= 16


@dataclass(frozen=True)
class CampaignSheetFace:
    """A Campaign Overview Sheet: per scenario done, Group XP, Monster Points and Monster Level,
    rewards; heroes with their XP and kept equipment. ``campaign=None`` prints it blank.
    ``carry_over`` is one line per scenario: what winning it gives and what carries into the next
    (:func:`carry_over_lines`), printed under *Rewards*."""

    campaign: Campaign | None
    scenario_names: tuple[str, ...] = ()
    carry_over: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """Identity of the drawing: faces with equal keys are drawn once and reused."""
        return f"campaign_sheet-{self.campaign.id if self.campaign else 'blank'}"

    def draw(self, c: Canvas, box: FaceBox) -> None:
        camp = self.campaign
        margin = mm(12)
        x0, w = margin, box.width - 2 * margin
        top = box.height - margin
        draw_line(c, t("Campaign Overview"), x0, top - 16, w * 0.45, max_size=18, bold=True, color=ACCENT)
        _box(c, x0 + w * 0.47, top - 24, w * 0.53, 26, "Campaign", tr(camp, "name") if camp else "", 11)
        y = top - 44
        per_level = camp.monster_points_per_level if camp else 10
        start_points = camp.starting_monster_points if camp else 0
        line = t("Every {n} Monster Points raise the Monster Level by one. Starting Monster Points: {start}.")
        draw_line(c, line.format(n=per_level, start=start_points), x0, y, w, max_size=8.5, color=INK)
        y -= 16
        cols = (("#", 0.05), ("Scenario", 0.37), ("Done", 0.07), ("Group XP", 0.12), ("Monster Points", 0.14),
                ("Monster Level", 0.12), ("Notes", 0.13))
        xs = [x0]
        for _, frac in cols:
            xs.append(xs[-1] + frac * w)
        c.setFillColorRGB(*ACCENT)
        c.rect(x0, y - 14, w, 16, stroke=0, fill=1)
        for (name, _), cx, nx in zip(cols, xs, xs[1:], strict=False):
            draw_line(c, t(name), cx + 2, y - 10, nx - cx - 4, max_size=8, bold=True, color=(1, 1, 1))
        y -= 14
        rows = max(8, len(self.scenario_names))
        row_h = 20
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.5)
        for r in range(rows):
            y -= row_h
            c.rect(x0, y, w, row_h, stroke=1, fill=0)
            for cx in xs[1:-1]:
                c.line(cx, y, cx, y + row_h)
            c.setFillColorRGB(*INK)
            c.setFont(BOLD, 8)
            c.drawCentredString((xs[0] + xs[1]) / 2, y + 7, str(r + 1))
            if r < len(self.scenario_names):
                draw_line(c, self.scenario_names[r], xs[1] + 3, y + 7, xs[2] - xs[1] - 6, max_size=9, color=INK)
            c.rect(xs[2] + (xs[3] - xs[2]) / 2 - 4, y + 6, 8, 8, stroke=1, fill=0)
        y -= 22
        _heading(c, "Rewards", x0, y, w)
        y -= 6
        if self.carry_over:
            text = "\n\n".join(self.carry_over)
        else:
            rewards = sorted(camp.rewards, key=lambda rw: rw.after_scenario) if camp else []
            text = " ".join(f"{t('After scenario {n}').format(n=rw.after_scenario)}: {tr(rw, 'text')}"
                            for rw in rewards) or " "
        reward_h = 130 if self.carry_over else 70
        draw_paragraph(c, text, x0, y - reward_h, w, reward_h, max_size=9, color=INK)
        y -= reward_h + 16
        _heading(c, "Heroes", x0, y, w)
        y -= 6
        hcols = (("Player / Hero", 0.3), ("XP", 0.1), ("Hero level bonuses", 0.25), ("Kept equipment", 0.35))
        hx = [x0]
        for _, frac in hcols:
            hx.append(hx[-1] + frac * w)
        c.setFillColorRGB(*ACCENT)
        c.rect(x0, y - 14, w, 16, stroke=0, fill=1)
        for (name, _), cx, nx in zip(hcols, hx, hx[1:], strict=False):
            draw_line(c, t(name), cx + 2, y - 10, nx - cx - 4, max_size=8, bold=True, color=(1, 1, 1))
        y -= 14
        c.setStrokeColorRGB(*INK)
        while y - 28 > margin:
            y -= 28
            c.rect(x0, y, w, 28, stroke=1, fill=0)
            for cx in hx[1:-1]:
                c.line(cx, y, cx, y + 28)


def character_sheet_faces(pack: ContentPack) -> list[CharacterSheetFace]:
    """The blank Character Sheet first, then one filled sheet per premade hero the pack prints (sorted by id)."""
    faces = [CharacterSheetFace(pack.rules)]
    zone_slot = {"head": "Head", "torso": "Torso", "arms": "Arms", "legs": "Legs", "feet": "Feet",
                 "accessory": "Accessory 1", "1_hand": "Right hand", "2_hands": "Right hand", "body": "Backpack"}
    for hero in pack.own_of(Character).values():
        if not hero.premade:
            continue
        placed: list[tuple[str, str]] = []
        used: set[str] = set()
        for item_id in hero.standard_items:
            item = pack.equipment.get(item_id)
            if item is None:
                continue
            slot = zone_slot.get(item.zone, "Backpack")
            if slot in used:  # a second one-handed item goes to the other hand, then the backpack
                slot = {"Right hand": "Left hand", "Accessory 1": "Accessory 2"}.get(slot, "Backpack")
                if slot in used:
                    slot = "Backpack"
            if slot != "Backpack":
                used.add(slot)
            if item.zone == "2_hands":
                used.add("Left hand")
            placed.append((slot, tr(item, "name")))
        faces.append(CharacterSheetFace(pack.rules, hero, tuple(placed)))
    return faces


def carry_over_lines(pack: ContentPack, camp: Campaign) -> tuple[str, ...]:
    """One line per scenario of ``camp``: ``1. Name: 3 Group XP, +2 Monster Points (won or not),
    each hero keeps 2 Loot Cards, a hero bonus, items (each to one hero, kept for the campaign); the
    campaign's reward text`` (chapter *Campaigns*: what a won scenario gives and carries over, and
    the Monster Points every play of it adds, as ``sim.campaign`` plays them; a campaign reward's
    ``keep_loot_cards`` and ``hero_bonus`` replace the scenario's own: ``Campaign.loot_kept_after``
    and ``Campaign.hero_bonus_after``, which the simulation asks too; with the optional rule
    ``campaign_keep_by_gold`` on in the scenario the heroes keep items worth
    ``rules.campaign_gold_per_card`` gold a card instead)."""
    lines = []
    for number, scenario_id in enumerate(camp.scenarios, 1):
        scenario = pack.scenarios.get(scenario_id)
        own = scenario.rewards if scenario is not None else None
        extra = camp.reward_after(number)
        keep, bonus = camp.loot_kept_after(number, own), camp.hero_bonus_after(number, own)
        parts = []
        if own and own.group_xp:
            parts.append(f"{own.group_xp} {t('Group XP')}")
        if own and own.monster_points:
            points = t("Monster Points" if own.monster_points > 1 else "Monster Point")
            parts.append(f"+{own.monster_points} {points} {t('(won or not)')}")
        if keep and scenario is not None and pack.rules.option_on(CAMPAIGN_KEEP_BY_GOLD, scenario.optional_rules):
            parts.append(t("each hero keeps items worth {gold} gold").format(
                gold=keep * pack.rules.campaign_gold_per_card))
        elif keep:
            kept = "each hero keeps {n} Loot Cards" if keep > 1 else "each hero keeps {n} Loot Card"
            parts.append(t(kept).format(n=keep))
        if bonus:
            parts.append(t("a hero bonus"))
        if own and own.items:
            names = ", ".join(tr(pack.equipment[i], "name") if i in pack.equipment else i for i in own.items)
            parts.append(t("{items} (each to one hero, kept for the campaign)").format(items=names))
        words = ", ".join(parts) or t("nothing carries over")
        name = tr(scenario, "name") if scenario is not None else scenario_id
        reward = tr(extra, "text") if extra is not None else ""
        lines.append(f"{number}. {name}: {words}" + (f". {reward}" if reward else "."))
    return tuple(lines)


def campaign_sheet_faces(pack: ContentPack) -> list[CampaignSheetFace]:
    """One Campaign Overview Sheet per campaign the pack prints, filled from it (its scenarios in
    order, what each gives and carries over, its rewards), then a blank one."""
    faces = []
    for camp in pack.own_of(Campaign).values():
        names = tuple(tr(pack.scenarios[s], "name") if s in pack.scenarios else s for s in camp.scenarios)
        faces.append(CampaignSheetFace(camp, names, carry_over_lines(pack, camp)))
    return [*faces, CampaignSheetFace(None)]
