"""The phone's own keypad (static/js/keypad_model.js, used offline) answers every tap as the server does
(scorekeeper/tables/entry/keypad.py): random taps on every ruleset, the two held to the same hand. The module is
imported into a blank page, as the win form imports it."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from scorekeeper.engine import RULESET_KEYS
from scorekeeper.tables.display import tiles as tilefaces
from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry.keypad import Target, apply_actions, keypad_codes, keypad_suits, used_up
from scorekeeper.tables.entry.other_wins import OtherEntry
from scorekeeper.tables.entry.win_fields import MELD_KINDS, TileHand, WinEntry

from browser_helpers import module_page

SEQUENCES = 120  # per ruleset
TAPS = 40

APPLY = """async ([profile, sequences]) => {
 const M = await import("/static/js/keypad_model.js");
 return sequences.map(actions => {
  const state = M.fromFields({});
  const messages = actions.map(action => { M.apply(state, action, profile, () => "!"); return state.message !== ""; });
  return {concealed: state.concealed, winning: state.winning, melds: state.melds, bonus: state.bonus,
          wild: state.wild, target: state.target, suit: state.suit, meldKind: state.meldKind, mode: state.mode,
          losers: state.losers.map(hand => [hand.concealed, hand.melds]), messages};
 });
}"""


def random_taps(rng: random.Random, ruleset: str) -> list[str]:
    profile = get_profile(ruleset)
    bonus = keypad_codes(Target("bonus"), profile) if profile.ruleset.bonus_tiles else []
    tiles = keypad_codes(Target("hand"), profile) + bonus
    verbs = [lambda: f"add:{rng.choice(tiles)}"] * 8 + [
        lambda: f"remove:hand:{rng.choice(tiles)}", lambda: f"remove:meld:{rng.randrange(3)}",
        lambda: f"remove:bonus:{rng.choice(tiles)}", lambda: f"clear:{rng.choice(['winning', 'tiles', 'wild'])}",
        lambda: f"target:{rng.choice(['hand', 'winning', 'bonus', 'wild', 'meld', 'loser-2'])}",
        lambda: f"meldkind:{rng.choice(list(MELD_KINDS))}", lambda: f"suit:{rng.choice('mpszf')}",
        lambda: f"mode:{rng.choice(['tiles', 'figure'])}",
        # a photo's one-tap fix (static/js/photo.js): the row keeps its order until a tap sorts it again
        lambda: f"swap:{rng.choice(['hand', 'winning'])}:{rng.randrange(14)}:{rng.choice(tiles)}:{rng.choice(tiles)}",
    ]
    return [rng.choice(verbs)() for _ in range(TAPS)]


def server_answer(ruleset: str, actions: list[str]) -> dict:
    profile = get_profile(ruleset)
    entry = WinEntry()
    messages = []
    for action in actions:
        apply_actions(entry, [action], profile)
        messages.append(entry.message != "")
    split = lambda text: [f"{d}{s}" for d, s in _runs(text)]  # noqa: E731
    losers = [entry.loser_hands.get(seat) for seat in range(4)]
    return {"concealed": split(entry.hand.concealed), "winning": entry.winning_tile, "melds": entry.hand.melds,
            "bonus": split(entry.bonus), "wild": entry.wild, "target": entry.target, "suit": entry.suit,
            "meldKind": entry.meld_kind, "mode": entry.mode, "messages": messages,
            "losers": [[split(hand.concealed), hand.melds] if hand else [[], []] for hand in losers]}


def _runs(text: str):
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            yield from ((d, ch) for d in digits)
            digits = ""


@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_the_phones_keypad_answers_every_tap_as_the_server_does(page: Page, ruleset):
    module_page(page)
    profile = get_profile(ruleset)
    js_profile = {"handSize": profile.ruleset.hand_size, "handSuits": keypad_suits(Target("hand"), profile),
                  "bonusSuits": keypad_suits(Target("bonus"), profile)}
    rng = random.Random(f"keypad {ruleset}")
    sequences = [random_taps(rng, ruleset) for _ in range(SEQUENCES)]
    phone = page.evaluate(APPLY, [js_profile, sequences])
    for actions, answer in zip(sequences, phone):
        assert answer == server_answer(ruleset, actions), actions


def test_another_winners_tiles_count_towards_the_four_copies_as_on_the_server(page: Page):
    """一炮多響: a tile whose four copies are in the winners' hands is greyed out on the phone as on the server."""
    module_page(page)
    fields = {"concealed": "2m", "other_concealed_1": "11m", "other_melds_1": ["pung 222m"], "other_winning_1": "1m",
              "other_concealed_2": "1m2m", "winning_tile": "1m"}
    phone = page.evaluate("""async (fields) => {
        const Model = await import('/static/js/keypad_model.js');
        return Model.usedUp(Model.fromFields(fields)).sort();
    }""", fields)
    entry = WinEntry(hand=TileHand("2m"), winning_tile="1m",
                     others=[OtherEntry("1", "tiles", "", TileHand("11m", ["pung 222m"]), "1m"),
                             OtherEntry("2", "tiles", "", TileHand("1m2m"))])
    assert phone == sorted(used_up(entry)) == ["1m", "2m"]


def test_the_phone_writes_tiles_as_the_server_does(page: Page):
    """一炮多響 offline: the hand switched out of the keypad is written into its slot's fields by the phone
    (static/js/other_tiles.js) as the server writes a tapped hand (display.tiles.join), on every kind of tile."""
    module_page(page)
    rng = random.Random("join")
    kinds = keypad_codes(Target("hand"), get_profile("taiwan")) + keypad_codes(Target("bonus"), get_profile("taiwan"))
    hands = [[rng.choice(kinds) for _ in range(rng.randrange(18))] for _ in range(200)]
    phone = page.evaluate("""async (hands) => {
        const Model = await import('/static/js/keypad_model.js');
        return hands.map((codes) => Model.join(codes));
    }""", hands)
    assert phone == [tilefaces.join(codes) for codes in hands]
