/**
 * Browser storage of the session (docs/original-console.md §3): the bearer token and the permission list, and the user's
 * name so that the installed app opened offline still carries its watermark; the plant's time zone, so
 * the boards cut days at the plant's midnight offline too.
 */
const TOKEN_KEY = 'token';
const PERMISSION_KEY = 'permission';
const USER_NAME_KEY = 'userName';
const PLANT_TIME_ZONE_KEY = 'plantTimeZone';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function storePermissions(permissions: string[]): void {
  localStorage.setItem(PERMISSION_KEY, JSON.stringify(permissions));
}

export function readPermissions(): string[] | null {
  const stored = localStorage.getItem(PERMISSION_KEY);
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : null;
  } catch {
    return null;
  }
}

export function storeUserName(name: string): void {
  localStorage.setItem(USER_NAME_KEY, name);
}

export function readUserName(): string {
  return localStorage.getItem(USER_NAME_KEY) ?? '';
}

export function storePlantTimeZone(timeZone: string): void {
  localStorage.setItem(PLANT_TIME_ZONE_KEY, timeZone);
}

export function readPlantTimeZone(): string | undefined {
  return localStorage.getItem(PLANT_TIME_ZONE_KEY) || undefined;
}

/** docs/original-console.md §6: true only when a stored list exists and contains the permission. */
export function hasPermission(permission: string): boolean {
  return readPermissions()?.includes(permission) ?? false;
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PERMISSION_KEY);
  localStorage.removeItem(USER_NAME_KEY);
  localStorage.removeItem(PLANT_TIME_ZONE_KEY);
}
