import { defineConfig } from 'drizzle-kit';

// Plain resources declare their tables in their schema files; the server's own tables live in db/tables/, one file per feature.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./schemas/*.ts', './src/server/db/tables/*.ts'],
  out: './migrations',
});
