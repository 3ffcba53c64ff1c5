/** A list found longer than the count's bound is remembered for a while, then counted again. */
import { describe, expect, it } from 'vitest';
import { listId, LongLists } from '../../src/server/domain/longLists';

const db = {};
const other = {};
const filter = { p0_0: 2 };
const id = (structure: string, params = filter) => listId(structure, params);

function clock() {
  let now = 1_000_000;
  return { now: () => now, pass: (ms: number) => { now += ms; } };
}

describe('long lists', () => {
  it('are remembered for the time given, per database, statement and values', () => {
    const time = clock();
    const lists = new LongLists<object>(5_000, 10, time.now);
    expect(lists.knows(db, id('order|f|id'))).toBe(false);
    lists.learn(db, id('order|f|id'), true);
    expect(lists.knows(db, id('order|f|id'))).toBe(true);
    expect(lists.knows(db, id('order|f|id', { p0_0: 3 }))).toBe(false);
    expect(lists.knows(db, id('budget|f|id'))).toBe(false);
    expect(lists.knows(other, id('order|f|id'))).toBe(false);
    time.pass(4_999);
    expect(lists.knows(db, id('order|f|id'))).toBe(true);
    time.pass(1);
    expect(lists.knows(db, id('order|f|id'))).toBe(false);
  });

  it('are learnt again once expired, and forgotten when a count finds them short', () => {
    const time = clock();
    const lists = new LongLists<object>(5_000, 10, time.now);
    lists.learn(db, id('k'), true);
    time.pass(6_000);
    lists.learn(db, id('k'), true);
    expect(lists.knows(db, id('k'))).toBe(true);
    lists.learn(db, id('k'), false);
    expect(lists.knows(db, id('k'))).toBe(false);
  });

  it('keep at most `max` lists, dropping the oldest learnt', () => {
    const lists = new LongLists<object>(5_000, 2, clock().now);
    lists.learn(db, id('a'), true);
    lists.learn(db, id('b'), true);
    lists.learn(db, id('c'), true);
    expect(['a', 'b', 'c'].map((key) => lists.knows(db, id(key)))).toEqual([false, true, true]);
  });
});
