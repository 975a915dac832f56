/** The column type of every text column, on SQLite and PostgreSQL alike. */
export const text = 'text' as const;
