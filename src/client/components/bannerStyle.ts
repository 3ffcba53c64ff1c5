/** How a top-bar banner looks: shared by the top bar's own banners and those of resources (orders to review). */

/** Banner backgrounds dark enough for white text (WCAG AA, 4.5:1): MUI's filled warning and info are not. */
export const BANNER_COLOURS = { warning: '#a84300', info: '#01579b' } as const;
export const bannerSx = { py: 0, mx: { xs: 0, sm: 1 } } as const;
