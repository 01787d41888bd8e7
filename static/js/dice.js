// Honest dice and seat draws for the table (issue 39.3), pure: the browser's cryptographic random
// (crypto.getRandomValues), never Math.random. A die is a uniform pick of 1 to 6 by rejection sampling: a
// 32-bit value at or above the largest multiple of 6 below 2^32 is thrown away and drawn again, so no face is
// likelier than another (a plain `% 6` would favour 1 to 4 by one part in 700 million). Every function takes
// the random source as its last argument (a function answering one 32-bit value) so that the page's tests can
// give it their own numbers.

var SPAN = 0x100000000;  // 2^32: how many values one draw can answer

/** One 32-bit value from the browser's cryptographic random. */
export function cryptoRandom() {
  var one = new Uint32Array(1);
  window.crypto.getRandomValues(one);
  return one[0];
}

/** A uniform whole number from 0 to n - 1 (n at most 2^32), by rejection sampling. */
export function randomBelow(n, random) {
  var draw = random || cryptoRandom;
  var limit = SPAN - (SPAN % n);  // the values below it fall evenly on every remainder
  for (;;) {
    var value = draw();
    if (value < limit) { return value % n; }
  }
}

/** `count` dice, each 1 to 6. */
export function rollDice(count, random) {
  var values = [];
  for (var i = 0; i < count; i++) { values.push(randomBelow(6, random) + 1); }
  return values;
}

/** The items in a uniformly random order (Fisher–Yates), the list itself left as it was. */
export function shuffled(items, random) {
  var order = items.slice();
  for (var i = order.length - 1; i > 0; i--) {
    var j = randomBelow(i + 1, random);
    var kept = order[i];
    order[i] = order[j];
    order[j] = kept;
  }
  return order;
}

/** The seat a total of the dice counts to, counter-clockwise round four seats, `from` counted as 1 (seats 0-3:
 * East, South, West, North): a total of 5 comes back to `from`. */
export function countedSeat(total, from) {
  return ((from || 0) + total - 1) % 4;
}
