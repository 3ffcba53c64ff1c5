/**
 * A table's `sx` that, on a phone, shows each body row as a block of its cells wrapping side by side,
 * each cell named by its `data-label` (the header row is hidden), the first cell a line of its own. Apart from
 * phoneList.tsx, whose rows need react-admin: the light pages' tables use it too (LightApp.tsx).
 */
export const stackedOnPhone = {
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tbody tr': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: 2,
      rowGap: 0.5,
      px: 2,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { display: 'block', border: 0, p: 0, textAlign: 'left' },
    '& tbody td:first-of-type': { flexBasis: '100%', fontWeight: 500 },
    '& tbody td[data-label]::before': { content: 'attr(data-label) ": "', color: 'text.secondary' },
    '& tbody td:empty': { display: 'none' },
  },
} as const;
