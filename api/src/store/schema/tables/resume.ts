import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { users } from './accounts';

/** A user's résumé: the file's facts, its extracted text, and the details filled from it. */
export const resumes = sqliteTable('resumes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  text: text('text').notNull(),
  details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  uploadedAt: timestamp('uploaded_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
