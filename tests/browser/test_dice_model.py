"""The dice and the seat draw's random (static/js/dice.js), in the page as the table view and the new session's
form import it: every face and every order reachable, no bias from the modulo (a draw past the last whole
multiple is thrown away), the count round the table as a table counts."""
from __future__ import annotations

from playwright.sync_api import Page

from browser_helpers import module_page

# A random source the test controls: the values given, in turn.
FED = """async ([n, fed]) => {
 const M = await import("/static/js/dice.js");
 let i = 0;
 const values = [];
 for (let k = 0; k < n; k++) { values.push(M.randomBelow(6, () => fed[i++])); }
 return {values, used: i};
}"""


def test_a_draw_past_the_last_whole_multiple_of_six_is_drawn_again(page: Page):
    module_page(page)
    top = 2**32 - 2**32 % 6  # 4294967292: the first value thrown away
    answer = page.evaluate(FED, [3, [top, 2**32 - 1, 5, top - 1, 0]])
    assert answer == {"values": [5, (top - 1) % 6, 0], "used": 5}  # the two past the multiple, skipped


def test_crypto_dice_fall_on_every_face_and_nowhere_else(page: Page):
    module_page(page)
    rolls = page.evaluate("""async () => {
     const M = await import("/static/js/dice.js");
     const rolls = [];
     for (let k = 0; k < 2000; k++) { rolls.push(...M.rollDice(3)); }
     return rolls;
    }""")
    counts = {face: rolls.count(face) for face in range(1, 7)}
    assert len(rolls) == 6000 and sum(counts.values()) == 6000
    assert all(800 < count < 1200 for count in counts.values()), counts  # 1000 each; 800/1200 is past 7 sigma


def test_a_shuffle_is_a_permutation_and_reaches_every_order(page: Page):
    module_page(page)
    orders = page.evaluate("""async () => {
     const M = await import("/static/js/dice.js");
     const names = ["Ann", "Bob", "Cy", "Di"];
     const seen = [];
     for (let k = 0; k < 600; k++) { seen.push(M.shuffled(names).join(" ")); }
     return {seen, kept: names.join(" ")};
    }""")
    assert orders["kept"] == "Ann Bob Cy Di"  # the list given is left as it was
    assert all(sorted(order.split()) == ["Ann", "Bob", "Cy", "Di"] for order in orders["seen"])
    assert len(set(orders["seen"])) == 24  # all 4! orders in 600 draws (each missed with odds below 1e-10)


def test_a_total_counts_counter_clockwise_from_the_seat_counted_first(page: Page):
    module_page(page)
    seats = page.evaluate("""async () => {
     const M = await import("/static/js/dice.js");
     return [3, 4, 5, 9, 14, 18].map(total => [M.countedSeat(total), M.countedSeat(total, 2)]);
    }""")
    # from East: 3 West, 4 North, 5 back to East, 9 East, 14 South, 18 South; from West, two seats on
    assert seats == [[2, 0], [3, 1], [0, 2], [0, 2], [1, 3], [1, 3]]
