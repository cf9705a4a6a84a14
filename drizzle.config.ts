// drizzle-kit: `npm run db:generate` writes SQL migrations from app/server/db/schema.ts.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './app/server/db/schema.ts',
  out: './app/server/db/migrations',
  strict: true,
  verbose: true,
})
