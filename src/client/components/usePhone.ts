import { useMediaQuery, type Theme } from '@mui/material';

/** A phone's width (MUI's `sm` and below): lists show rows as text, the breadcrumb the page's title alone. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
