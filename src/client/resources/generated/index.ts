/** A plain resource's whole screen (routes: `resource`); it comes with the app, as the lists do (routing.ts). */
export { ResourcePage as GeneratedPage } from './ResourcePage';
