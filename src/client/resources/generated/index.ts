import { lazy } from 'react';

/** A plain resource's whole screen, loaded with the first generated page opened (routes: `resource`). */
export const GeneratedPage = lazy(() => import('./ResourcePage').then((module) => ({ default: module.ResourcePage })));
