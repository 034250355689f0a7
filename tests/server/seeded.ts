/**
 * A seeded random source for fuzz tests (a linear congruential generator): the same seed gives
 * the same requests on every run, so a failure names a request that can be sent again.
 */
export function seededPicker(seed: number) {
  let state = seed;
  const rand = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)] as T;
  return { rand, pick };
}
