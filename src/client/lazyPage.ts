/**
 * A page loaded with its first visit, like React's `lazy`, that can also be fetched ahead (`preload`). A page
 * already loaded when it mounts renders at once: the first page of a load is fetched beside the app's
 * scripts (main.tsx), so that React never shows its suspense fallback, which it keeps on screen at least
 * 300 ms once shown (React 19's throttling of revealed content), and with it the page's first read.
 * A dialog that comes with its first opening is one too (the cart's «Terminar pedido»), fetched before it opens.
 */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { loadOnce } from './loadOnce';

export interface LazyPage<P extends object = object> {
  (props: P): ReactElement;
  /** Fetches the page's scripts; resolves once they have run. A failed fetch is tried again by the next call. */
  preload(): Promise<void>;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage;
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P>;
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const loadModule = loadOnce(() => load().then((module) => {
    loaded = module.default;
    return module;
  }));
  const Suspending = lazy(loadModule);
  // Once loaded, the page itself: React takes it for the same component as the lazy one it resolved, so a
  // page first rendered through the lazy one keeps its state when rendered again.
  const Page = (props: P) => createElement(loaded ?? (Suspending as ComponentType<P>), props);
  return Object.assign(Page, { preload: () => loadModule().then(() => undefined) });
}

/** Whether a route's component is a page that can be fetched ahead. */
export const isLazyPage = (component: unknown): component is LazyPage =>
  typeof component === 'function' && typeof (component as Partial<LazyPage>).preload === 'function';

/** Fetches ahead the scripts of a route's component when it is such a page; one that fails to load is left to its route, which says so. */
export async function preloadIfLazy(component: unknown): Promise<void> {
  if (isLazyPage(component)) await component.preload().catch(() => undefined);
}
