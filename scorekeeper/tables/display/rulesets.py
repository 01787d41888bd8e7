"""What the screens ask for under each ruleset: the fields of its `settle` hands.

The engine owns the rules (patterns, options, descriptions, hand sizes, tile sets);
this table only says which inputs a ruleset's page (../shared/rules/<key>.md, "settle
fields") takes, so the forms show those and no others.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext, gettext_lazy as _

from scorekeeper.engine import RULESETS, Ruleset, get_ruleset, payoff_for

EVENT_LABELS = {
    "last_tile": _("Won on the last tile of the wall"),
    "last_discard": _("Won on the last discard"),
    "kong_replacement": _("Won on a kong replacement tile"),
    "robbing_kong": _("Robbed a kong"),
    "heavenly": _("Heavenly hand (dealer wins on the deal)"),
    "earthly": _("Earthly hand (wins on the dealer's first discard)"),
    "human": _("Human hand (wins before one's first draw)"),
    "ready_first_turn": _("Ready on the first turn"),
    "three_golds": _("Three golds (the third gold arrived)"),
    "robbing_gold": _("Robbing the gold (won on the revealed gold)"),
}

# taiwan.md: on-the-spot payments; `needs` names the extra field each one takes.
SPOT_KINDS = {
    "flower": (_("Flowers (一台花)"), _("receives flower units from each other player"), "count"),
    "grass": (_("Grass (一台草)"), _("receives grass units from each other player"), "count"),
    "concealed_kong": (_("Concealed kong (暗槓)"), _("receives 1 unit from each other player"), ""),
    "unrevealed_kong": (_("Kong never shown"), _("pays 2 units to each other player"), ""),
    "chase": (_("Chase (追)"), _("first to discard it: pays 1 unit to each other player"), ""),
    "dice_123": (_("Dice 1-2-3"), _("the dealer pays 1 unit to each other player"), "dealer"),
    "dice_triplet": (_("Dice triplet"), _("the dealer receives 1 unit from each other player"), "dealer"),
    "false_win": (_("False win (詐胡)"), _("pays each other player a 30-fan win"), ""),
    "failed_peng": (_("Failed peng"), _("pays 1 unit to the discarder"), "to"),
}


# Labels for the engine's stakes (payoffs' `stake_defaults`); a stake with a hint is left
# blank by default, because its engine default follows another (taiwan.md: unit = base).
STAKE_LABELS = {
    "base": (_("Base (底)"), ""), "per_fan": (_("Per fan (每番)"), ""),
    "unit": (_("On-the-spot unit"), _("same as base")), "flower_units": (_("Units per flower"), ""),
    "grass_units": (_("Units per grass"), ""), "per_point": (_("Money per point"), ""),
}


@dataclass(frozen=True)
class Stake:
    name: str
    label: str
    default: str  # "" = the engine's default, shown as the hint
    hint: str = ""


@dataclass(frozen=True)
class Profile:
    key: str
    figure_fields: tuple[tuple[str, str], ...] = (("points", _("Points")),)
    responsible: str = ""  # "" none; "discarder": defaults to the discarder; "optional": none unless chosen
    loser_points: bool = False
    wild_label: str = ""
    wild_button: str = ""  # the wild's line on the keypad
    bonus: str = "flowers"  # flowers, winds_red or "" (no bonus tiles entered with the hand)
    events: tuple[str, ...] = ()
    spots: bool = False
    starting_tally: int = 0
    dealer_word: str = _("Dealer")
    game_rounds: int = 0  # rounds of the deal that make a full game, where the page says so
    notes: tuple[str, ...] = ()

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.key)

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def unit(self) -> str:
        return self.ruleset.unit

    @property
    def hand_size(self) -> int:
        return self.ruleset.hand_size

    @property
    def tile_set(self) -> frozenset[int]:
        return self.ruleset.tile_set

    @property
    def usually_pays_as_you_go(self) -> bool:
        return payoff_for(self.key).usually_pays_as_you_go

    @property
    def stakes(self) -> tuple[Stake, ...]:
        """The settlement's stakes with its defaults."""
        out = []
        for name, default in payoff_for(self.key).stake_defaults.items():
            label, hint = STAKE_LABELS.get(name, (name.replace("_", " ").capitalize(), ""))
            out.append(Stake(name, label, "" if hint else _amount(default), hint))
        return tuple(out)

    def options(self) -> list[dict[str, Any]]:
        """The house options: the scorer's, then the settlement's own (zung-jung's payoff)."""
        options = list(self.ruleset.describe()["options"])
        named = {o["name"] for o in options}
        for name, allowed in payoff_for(self.key).settlement_options.items():
            if name not in named:
                options.append({"name": name, "default": allowed[0], "allowed": list(allowed), "note": ""})
        return options


PROFILES = {
    "taiwan": Profile(
        "taiwan",
        figure_fields=(("fan", _("Fan, dealer bonus included")), ("pattern_fan", _("Fan before the dealer bonus"))),
        bonus="",
        events=("last_tile", "kong_replacement", "heavenly", "earthly", "human", "ready_first_turn"),
        spots=True,
        notes=(_("Flowers and grass are paid on the spot: use On the spot."),),
    ),
    "zung-jung": Profile(
        "zung-jung",
        responsible="discarder",
        events=("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly"),
        game_rounds=4,  # zung-jung.md: 16 hands make a game, the deal passing every hand
    ),
    "hk-old": Profile(
        "hk-old",
        events=("last_tile", "last_discard", "kong_replacement", "robbing_kong"),
        starting_tally=2000,
    ),
    "taizhou": Profile(
        "taizhou",
        responsible="optional",
        loser_points=True,
        wild_label=_("Fortune indicator (财神)"),
        wild_button=_("Fortune"),
        bonus="",
        dealer_word=_("Banker"),
        game_rounds=4,  # taizhou.md: a session is four rounds of banker rotation
    ),
    "fujian": Profile(
        "fujian",
        wild_label=_("Gold tile (金)"),
        wild_button=_("Gold"),
        bonus="winds_red",
        events=("three_golds", "robbing_gold"),
        game_rounds=4,  # fujian.md: a full game is four rounds
    ),
}


def get_profile(key: str) -> Profile:
    return PROFILES[key]


def find_profile(key: str) -> Profile | None:
    """The ruleset's profile when the engine scores it; None for any other key."""
    return PROFILES.get(key) if key in RULESETS else None


def available_profiles() -> list[Profile]:
    """The rulesets the engine can score today, in the rulebook's order."""
    return [profile for key, profile in PROFILES.items() if key in RULESETS]


def clean_stakes(profile: Profile, raw: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Stakes as the engine's decimal strings; errors by field."""
    stakes: dict[str, str] = {}
    errors: dict[str, str] = {}
    for stake in profile.stakes:
        text = (raw.get(stake.name) or "").strip()
        if not text:
            if stake.default:
                errors[stake.name] = gettext("Enter the %(stake)s.") % {"stake": stake.label.lower()}
            continue
        try:
            value = Decimal(text)
        except ArithmeticError:
            value = Decimal(-1)
        if not value.is_finite() or value < 0 or value != value.quantize(Decimal("0.01")):
            errors[stake.name] = gettext("Enter an amount like 10 or 2.50.")
            continue
        stakes[stake.name] = _amount(value)
    return stakes, errors


def _amount(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral() else str(value.normalize())
