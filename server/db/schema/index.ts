/** The one database schema, for the embedded database and PostgreSQL alike. Migrations: drizzle/. */
export * from './auth';
export * from './dictionaries';
export * from './plant';
export * from './journal';
export * from './abnormal';
