/**
 * Code fetched when first needed (src/client/loadOnce.ts): fetched once however often it is asked for; a fetch
 * that failed (the network) is tried again by the next call, not remembered as a failure for the page's life.
 */
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/client/loadOnce';

describe('loadOnce', () => {
  it('fetches once for every caller, before and after it has arrived', async () => {
    let fetched = 0;
    const load = loadOnce(async () => ({ module: ++fetched }));
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(first);
    expect(second).toBe(first);
    expect(fetched).toBe(1);
  });

  it('tries a failed fetch again at the next call, then keeps what arrived', async () => {
    const answers = [new Error('Failed to fetch dynamically imported module'), { module: 'cartChecks' }];
    let fetched = 0;
    const load = loadOnce(async () => {
      const answer = answers[fetched++];
      if (answer instanceof Error) throw answer;
      return answer;
    });
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(await load()).toEqual({ module: 'cartChecks' });
    expect(await load()).toEqual({ module: 'cartChecks' });
    expect(fetched).toBe(2);
  });
});
