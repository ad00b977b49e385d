/**
 * The words of the domain every side speaks (docs/domain.md): codes only, in their order of rank. No
 * TypeBox here, so that the SPA takes these lists without the schema builder; the schemas of
 * contract/ make enums of them, the database schema makes its checks of them, the SPA labels them.
 */

/** Alarm priorities, most urgent first. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
