import type { AppConfig } from './config';

/** The address people open: a wildcard bind address is not one. */
export function publicOrigin(config: Pick<AppConfig, 'host' | 'port'>): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** The SPA reads `?token=` at start-up, stores it and removes it from the address bar. */
export function signInLink(config: Pick<AppConfig, 'host' | 'port'>, token: string): string {
  return `${publicOrigin(config)}/?token=${encodeURIComponent(token)}`;
}
