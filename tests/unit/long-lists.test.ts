/** A list found longer than the count's bound is remembered for a while, then counted again. */
import { describe, expect, it } from 'vitest';
import { LongLists } from '../../src/server/domain/longLists';

const db = {};
const other = {};
const filter = { p0_0: 2 };

function clock() {
  let now = 1_000_000;
  return { now: () => now, pass: (ms: number) => { now += ms; } };
}

describe('long lists', () => {
  it('are remembered for the time given, per database, statement and values', () => {
    const time = clock();
    const lists = new LongLists<object>(5_000, 10, time.now);
    expect(lists.knows(db, 'order|f|id', filter)).toBe(false);
    lists.learn(db, 'order|f|id', filter, true);
    expect(lists.knows(db, 'order|f|id', filter)).toBe(true);
    expect(lists.knows(db, 'order|f|id', { p0_0: 3 })).toBe(false);
    expect(lists.knows(db, 'budget|f|id', filter)).toBe(false);
    expect(lists.knows(other, 'order|f|id', filter)).toBe(false);
    time.pass(4_999);
    expect(lists.knows(db, 'order|f|id', filter)).toBe(true);
    time.pass(1);
    expect(lists.knows(db, 'order|f|id', filter)).toBe(false);
  });

  it('are learnt again once expired, and forgotten when a count finds them short', () => {
    const time = clock();
    const lists = new LongLists<object>(5_000, 10, time.now);
    lists.learn(db, 'k', filter, true);
    time.pass(6_000);
    lists.learn(db, 'k', filter, true);
    expect(lists.knows(db, 'k', filter)).toBe(true);
    lists.learn(db, 'k', filter, false);
    expect(lists.knows(db, 'k', filter)).toBe(false);
  });

  it('keep at most `max` lists, dropping the oldest learnt', () => {
    const lists = new LongLists<object>(5_000, 2, clock().now);
    lists.learn(db, 'a', filter, true);
    lists.learn(db, 'b', filter, true);
    lists.learn(db, 'c', filter, true);
    expect(['a', 'b', 'c'].map((key) => lists.knows(db, key, filter))).toEqual([false, true, true]);
  });
});
