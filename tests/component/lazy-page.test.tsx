/**
 * A page loaded with its first visit (src/client/lazyPage.ts). Fetched ahead, as the first page of a load is
 * (App.tsx, `preloadPageAt`), it renders with the first render: React never shows its suspense fallback, which
 * it would keep on screen for a while once shown, and the page's first read goes out at once. Not fetched
 * ahead, it behaves as React's `lazy`.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isLazyPage, lazyPage } from '../../src/client/lazyPage';

afterEach(cleanup);

/** A page module that counts how often it is fetched, and answers when `arrive` is called. */
function pageModule(text: string) {
  let fetched = 0;
  let arrive = () => {};
  const load = () => {
    fetched += 1;
    return new Promise<{ default: () => ReactElement }>((resolve) => {
      arrive = () => resolve({ default: () => <p>{text}</p> });
    });
  };
  return { load, arrive: () => arrive(), fetched: () => fetched };
}

const inSuspense = (node: ReactElement) => <Suspense fallback={<p>Cargando</p>}>{node}</Suspense>;

describe('a page loaded with its first visit', () => {
  it('fetched ahead, is on screen with the first render, without the fallback', async () => {
    const module = pageModule('Panel de control');
    const Page = lazyPage(module.load);
    const preloaded = Page.preload();
    module.arrive();
    await preloaded;
    render(inSuspense(<Page />));
    expect(screen.getByText('Panel de control')).toBeTruthy();
    expect(screen.queryByText('Cargando')).toBeNull();
    expect(module.fetched()).toBe(1);
  });

  it('not fetched ahead, shows the fallback until its scripts arrive, and fetches them once', async () => {
    const module = pageModule('Carrito');
    const Page = lazyPage(module.load);
    render(inSuspense(<Page />));
    expect(screen.getByText('Cargando')).toBeTruthy();
    await act(async () => module.arrive());
    expect(await screen.findByText('Carrito')).toBeTruthy();
    await Page.preload();
    expect(module.fetched()).toBe(1);
  });

  it('keeps what the page holds when its parent renders again after the scripts arrived', async () => {
    const module = pageModule('unused');
    let typed = '';
    const Counter = () => {
      const [count, setCount] = useState(0);
      typed = String(count);
      return <button type="button" onClick={() => setCount(count + 1)}>{`Pulsado ${count}`}</button>;
    };
    const Page = lazyPage(async () => {
      await module.load();
      return { default: Counter };
    });
    let rerender = () => {};
    const Parent = () => {
      const [, setTick] = useState(0);
      rerender = () => setTick((tick) => tick + 1);
      return inSuspense(<Page />);
    };
    render(<Parent />);
    await act(async () => module.arrive());
    (await screen.findByRole('button', { name: 'Pulsado 0' })).click();
    await screen.findByRole('button', { name: 'Pulsado 1' });
    // Rendered again, the page is the same one: not mounted afresh with its count back to 0.
    act(() => rerender());
    expect(screen.getByRole('button', { name: 'Pulsado 1' })).toBeTruthy();
    expect(typed).toBe('1');
  });

  it('is told apart from any other component', () => {
    expect(isLazyPage(lazyPage(() => new Promise(() => {})))).toBe(true);
    expect(isLazyPage(() => null)).toBe(false);
    expect(isLazyPage(undefined)).toBe(false);
  });
});
