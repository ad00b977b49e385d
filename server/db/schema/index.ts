/** The one database schema, for the embedded database and PostgreSQL alike. Migrations: drizzle/. */

export * from './abnormal';
export * from './approvals';
export * from './auth';
export * from './changes';
export * from './conditions';
export * from './dictionaries';
export * from './journal';
export * from './library';
export * from './plant';
export * from './sources';
