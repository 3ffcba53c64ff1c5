/** A plain resource's whole screen (routes: `resource`): the list comes with the app (routing.ts), its schema with the page. */
export { GeneratedPage } from './GeneratedPage';
