/** The MIME type of each file kind a schema field may accept (shared/resource.ts `file.kinds`). */
export const MIME_OF = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' } as const;
