import Storefront from '@mui/icons-material/Storefront';

export const icon = Storefront;
// The list comes with the app (routing.ts).
export { default as ClientPage } from './ClientPage';
