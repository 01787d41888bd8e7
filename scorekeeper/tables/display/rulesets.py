"""Each ruleset as the screens show it: the engine's one ruleset object, with the app's labels.

The engine owns every fact about a ruleset, on one object (`get_ruleset(key)`): its patterns,
options, hand size and tiles, what a table enters for it (responsible player, wild tiles, bonus
tiles, events, usual figures and limit), and through the `payoff` it carries, its money, dealer
rotation and what its settlement accepts (figures, losers' points, on-the-spot kinds, stakes).
This module keeps only the words the screens use for those facts, by fact, never by ruleset: a
new ruleset needs its engine modules, and a label here only for a figure, event, stake, wild or
on-the-spot kind no ruleset had before.

The design: a `Profile` is a small display wrapper, one per ruleset, holding the engine's
object as `profile.ruleset` and nothing else; its properties are labels only (the words for a
figure, the wild tile, the dealer, the stakes, the on-the-spot kinds). A template gets the one
`profile` and reads a fact from the engine object itself (`profile.ruleset.unit`,
`profile.ruleset.responsible`) and a word from the wrapper (`profile.dealer_word`); Python
code that needs no words asks the engine directly (`get_ruleset(key)`). No fact is forwarded,
so there is one way to reach each: from the engine's ruleset object.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import RULESETS, Option, Ruleset

from . import labels
from .names import engine_sentence, in_script, local_name, script

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

# taiwan.md: the on-the-spot kinds, as the screens name and explain them.
SPOT_LABELS = {
    "flower": (_("Flowers (一台花)"), _("receives flower units from each other player")),
    "grass": (_("Grass (一台草)"), _("receives grass units from each other player")),
    "concealed_kong": (_("Concealed kong (暗槓)"), _("receives 1 unit from each other player")),
    "unrevealed_kong": (_("Kong never shown"), _("pays 2 units to each other player")),
    "chase": (_("Chase (追)"), _("first to discard it: pays 1 unit to each other player")),
    "dice_123": (_("Dice 1-2-3"), _("the dealer pays 1 unit to each other player")),
    "dice_triplet": (_("Dice triplet"), _("the dealer receives 1 unit from each other player")),
    "false_win": (_("False win (詐胡)"), _("pays each other player a 30-fan win")),
    "failed_peng": (_("Failed peng"), _("pays 1 unit to the discarder")),
}
# A kind's words without its Chinese, for a ruleset that writes the kind its own way (the engine's spot_names).
SPOT_WORDS = {"false_win": _("False win")}


def _own_name(kind: str, chinese: str) -> str:
    """'False win (詐糊)' for English readers; for Chinese readers the ruleset's own name alone, in their
    script (not '詐糊 (詐糊)')."""
    target = script()
    return in_script(chinese, target) if target != "en" else f"{SPOT_WORDS[kind]} ({chinese})"
# Every on-the-spot kind the engine knows: its label, its explanation, and the field it needs
# ("count", "dealer", "to" or "").
SPOT_KINDS = {kind: (*SPOT_LABELS[kind], needs) for ruleset in RULESETS
              for kind, needs in ruleset.payoff.spot_needs.items()}
# The wild tile by its kind: the field's label, and its line on the keypad.
WILD_LABELS = {"fortune": (_("Fortune indicator (财神)"), _("Fortune")), "gold": (_("Gold tile (金)"), _("Gold"))}
DEALER_WORDS = {"dealer": _("Dealer"), "banker": _("Banker")}
FLOWERS_ON_THE_SPOT = _("Flowers and grass are paid on the spot: use On the spot.")


def _count_of_faan(count: int) -> str:
    return gettext("%(count)s faan") % {"count": count}


_faan = lazy(_count_of_faan, str)  # "8 faan", in the reader's language when shown


# The engine's house options (`Ruleset.house_options()`: its own and its payoff's settlement options) in a player's
# words: each option's label, each of its values, and what it does (said with the values' words, where the
# engine's note names the raw values a table never types). An option without words here shows the engine's.
OPTION_LABELS = {"chicken": _("Chicken hand"), "payoff": _("Payoff"), "classical_extras": _("Classical extras"),
                 "four_winds": _("Four winds"), "round_to": _("Round each payment to"),
                 "min_faan": _("Minimum to win"), "limit_faan": _("Limit (爆棚)"), "flowers": _("Flowers and seasons"),
                 "payout": _("Money table"), "discard_pays": _("Who pays a discard"),
                 "robbed_kong_pays": _("A robbed kong (搶槓) is paid"), "draw_keeps_deal": _("After a drawn hand"),
                 "several_winners": _("Several winners on one discard (一炮多響)")}
OPTION_VALUES: dict[str, dict[Any, Any]] = {
    "chicken": {1: _("1 point"), 0: _("0 points"), "no": _("Not a win")},
    "payoff": {"competition": _("Competition"), "uniform": _("Uniform")},
    "classical_extras": {False: _("Off"), True: _("On")},
    "four_winds": {"off": _("Off"), "big": _("Big four winds only"), "big_or_little": _("Big or little four winds")},
    "round_to": {"exact": _("Exact (nothing rounded)"), "0.01": _("0.01 (a cent)"), "0.1": _("0.1 (ten cents)"),
                 "0.5": _("0.5 (half a unit)"), "1": _("1 (whole amounts)"), "5": _("5 (the nearest 5)"),
                 "10": _("10 (the nearest 10)")},
    "min_faan": {0: _("Any hand (雞糊 wins)"), 1: _faan(1), 2: _faan(2), 3: _("3 faan (三番起糊)")},
    "limit_faan": {n: _faan(n) for n in range(3, 14)},
    "flowers": {True: _("With flowers (144 tiles)"), False: _("Without flowers (136 tiles)")},
    "payout": {"half_spicy": _("Half spicy (半辣上)"), "full_spicy": _("Full spicy (辣辣上)")},
    "discard_pays": {"all": _("The discarder pays it all (全銃)"), "half": _("Shared (半銃)")},
    "robbed_kong_pays": {"self_draw": _("As a self-draw (搶槓當自摸)"),
                         "discard": _("As an ordinary discard")},
    "draw_keeps_deal": {True: _("The dealer keeps the deal"), False: _("The deal passes")},
    "several_winners": {False: _("The nearest winner wins alone (截糊)"),
                        True: _("Several players may win on one discard (一炮多響)")},
}
OPTION_NOTES = {
    "chicken": _("What a hand with no pattern in series 1-10 scores: 1 point, 0 points, or not a win."),
    "payoff": _("Competition: the responsible discarder pays beyond 25 points. Uniform: every loser pays the "
                "hand's value."),
    "classical_extras": _("On: every flower or season counts 4, a single wait 2, and each value pung doubles, as "
                          "Classical tables count."),
    "four_winds": _("Four winds: 13 tai for the winner, 4 for a loser. Big four winds only: four wind sets. Big or "
                    "little: three wind sets and a wind eye count too."),
    "round_to": _("The table's smallest coin: each amount that changes hands is rounded to it, halves up (a "
                  "拉 debt of 86.25 is paid as 86 to the nearest 1). The screens show the exact amount beside it."),
    "min_faan": _("The fewest faan a hand needs to win, flowers included; a limit hand always wins."),
    "limit_faan": _("Totals are capped here, and a limit hand (例牌) scores exactly this."),
    "flowers": _("Without flowers the game has 136 tiles: no bonus tiles, and No flowers (無花) does not count."),
    "payout": _("One share is the stake × the table's multiple for the hand's faan. Half spicy: 1 2 4 8 16, then "
                "24 32 48 64… (doubling every two faan after 4). Full spicy: doubling every faan."),
    "discard_pays": _("A discard win collects two shares: from the discarder alone (全銃), or one from the "
                      "discarder and half from each other player (半銃). A self-draw collects one share from each."),
    "robbed_kong_pays": _("As a self-draw: the robbed player alone pays three shares. As a discard: two shares, "
                          "paid as a discard is."),
    "draw_keeps_deal": _("Whether the dealer keeps the deal after a drawn hand (流局) or passes it."),
    "several_winners": _("When two or three players win on the same discard: each is paid by the discarder as if "
                         "alone, the dealer keeps the deal if among them, and the 拉 chain stays with its holder if "
                         "among them, else goes to the winner nearest after the discarder (the others are paid at "
                         "once). Off (截糊): that nearest winner wins alone."),
}
BOOL_WORDS = {True: _("On"), False: _("Off")}
# rules/README.md, `pay_as_you_go`: what a table paying as it goes pays at the table, by what the ruleset
# has: a pull ledger (taiwan.md: a chain's debts are paid when it ends) and on-the-spot payments.
PAYING_HELP = {
    (True, True): _("Pay as you go: each hand's payments (chain ends, on-the-spot payments) change hands at "
                    "the table; Settle up asks only for what is still owed."),
    (True, False): _("Pay as you go: a chain's debts change hands at the table when the chain ends; Settle up "
                     "asks only for the debts still open."),
    (False, True): _("Pay as you go: each win and each on-the-spot payment is paid at the table as it happens, "
                     "so Settle up has nothing left to ask."),
    (False, False): _("Pay as you go: each win is paid at the table as it happens, so Settle up has nothing "
                      "left to ask."),
}


def option_label(name: str) -> str:
    return str(OPTION_LABELS.get(name, name.replace("_", " ").capitalize()))


def option_value(name: str, value: Any) -> str:
    """One value of a house option as a player reads it (never `False` or `big_or_little`)."""
    words = OPTION_VALUES.get(name, {})
    if isinstance(value, bool):
        return str(words.get(value, BOOL_WORDS[value]))
    found = next((label for key, label in words.items() if key == value and not isinstance(key, bool)), None)
    return str(found) if found is not None else str(value).replace("_", " ")


def option_note(option: Option) -> str:
    """What the option does, in the reader's language (the engine's own note where the app has no words)."""
    note = OPTION_NOTES.get(option.name)
    return str(note) if note is not None else engine_sentence(option.note)


# Labels for the engine's stakes (payoffs' `stake_defaults`); a stake with a hint is left
# blank by default, because its engine default follows another (taiwan.md: unit = base).
STAKE_LABELS = {
    "base": (_("Base (底)"), ""), "per_fan": (_("Per fan (每番)"), ""),
    "unit": (_("On-the-spot unit"), _("same as base")), "flower_units": (_("Units per flower"), ""),
    "grass_units": (_("Units per grass"), ""), "per_point": (_("Money per point"), ""),
}
NAMED_STAKE = _("Stake")


@dataclass(frozen=True)
class Stake:
    name: str
    label: str
    default: str  # "" = the engine's default, shown as the hint
    hint: str = ""
    named: tuple[tuple[str, str], ...] = ()  # the tables' names for its usual amounts: (amount, name)
    note: str = ""  # what it means, where its label alone would mislead

    def words(self, amount: str) -> str:
        """The stake as a table says it: its name where the amount has one ("五一 (1)"), else label and amount."""
        name = next((n for value, n in self.named if value == amount), "")
        return f"{name} ({amount})" if name else f"{self.label} {amount}"


@dataclass(frozen=True)
class Profile:
    """One ruleset's words: `ruleset` is the engine's object, which answers every fact; the profile adds only
    the labels the screens say those facts with, in the reader's language."""

    ruleset: Ruleset

    @property
    def figure_fields(self) -> tuple[tuple[str, str], ...]:
        """The ways to give a figure with their labels, the one a table says first (the default) first."""
        return labels.figure_fields(self.ruleset.payoff.figures)

    @property
    def wild_label(self) -> str:
        wild = self.ruleset.wild
        return str(WILD_LABELS[wild][0]) if wild else ""

    @property
    def wild_button(self) -> str:
        wild = self.ruleset.wild
        return str(WILD_LABELS[wild][1]) if wild else ""

    @property
    def spot_kinds(self) -> dict[str, tuple[str, str, str]]:
        """This ruleset's on-the-spot kinds: label, what it pays (the engine's words where it prices the kind its
        own way) and the field it needs."""
        payoff = self.ruleset.payoff
        notes, zh = payoff.spot_notes, payoff.spot_names
        return {kind: (_own_name(kind, zh[kind]) if kind in zh else str(SPOT_LABELS[kind][0]),
                       engine_sentence(notes[kind]) if kind in notes else str(SPOT_LABELS[kind][1]), needs)
                for kind, needs in payoff.spot_needs.items()}

    @property
    def paying_help(self) -> str:
        """What paying as you go means at this ruleset's table: only what it has (chains, on-the-spot payments)."""
        return str(PAYING_HELP[self.ruleset.payoff.pull_ledger, self.ruleset.payoff.has_spots])

    @property
    def dealer_word(self) -> str:
        return str(DEALER_WORDS[self.ruleset.dealer_word])

    @property
    def notes(self) -> tuple[str, ...]:
        return (str(FLOWERS_ON_THE_SPOT),) if "flower" in self.ruleset.payoff.spot_needs else ()

    @property
    def stakes(self) -> tuple[Stake, ...]:
        """The settlement's stakes with their labels and defaults."""
        payoff = self.ruleset.payoff
        out = []
        for name, default in payoff.stake_defaults.items():
            label, hint = STAKE_LABELS.get(name, (name.replace("_", " ").capitalize(), ""))
            named = tuple((_amount(value), words) for words, value in payoff.stake_names.get(name, ()))
            note = payoff.stake_notes.get(name, "")
            if note:  # the engine says what it means: its usual label would mislead (hk-faan's base is no 底)
                label = NAMED_STAKE
            out.append(Stake(name, str(label), "" if hint else _amount(default), str(hint), named,
                             engine_sentence(note)))
        return tuple(out)


# Made when first asked for, for each ruleset the engine has then (a ruleset registered later has its own).
_PROFILES: dict[int, Profile] = {}


def get_profile(key: str) -> Profile:
    """The words for the ruleset of this key; its facts are its `ruleset`, the engine's own object."""
    profile = find_profile(key)
    if profile is None:
        raise KeyError(key)
    return profile


def find_profile(key: str) -> Profile | None:
    """The ruleset's profile; None for a key that is no ruleset."""
    ruleset = RULESETS.get(key)
    if ruleset is None:
        return None
    profile = _PROFILES.get(id(ruleset))
    if profile is None or profile.ruleset is not ruleset:
        profile = _PROFILES[id(ruleset)] = Profile(ruleset)
    return profile


def available_profiles() -> list[Profile]:
    """Every ruleset the engine has, in the rulebook's order."""
    return [get_profile(ruleset.key) for ruleset in RULESETS]


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


@dataclass(frozen=True)
class QuickEntryExample:
    """The quick-entry help's example for the rulesets that share it: their names and keys, and its text."""

    names: str
    keys: str
    text: str


def quick_entry_examples() -> list[QuickEntryExample]:
    """Each ruleset's quick-entry example (`Ruleset.quick_entry_example`), its notes in the reader's words;
    rulesets with the same lines share one, named together, in the rulebook's order."""
    shared: dict[tuple[str, ...], list[Ruleset]] = {}
    for ruleset in RULESETS:
        if ruleset.quick_entry_example:
            shared.setdefault(ruleset.quick_entry_example, []).append(ruleset)
    return [QuickEntryExample(", ".join(local_name(r) for r in rulesets), " ".join(r.key for r in rulesets),
                              "\n".join(_noted(line) for line in lines)) for lines, rulesets in shared.items()]


def _noted(line: str) -> str:
    """A line of an example, its note after "#" translated."""
    code, hash_, note = line.partition("#")
    return f"{code}# {engine_sentence(note.strip())}" if hash_ else line
