import type { Workbox } from 'workbox-window';
import { API_CACHE_PREFIX } from './offlineNames';

export interface UpdatePrompt {
  /** Shows the 「发现新内容」 notice; `refresh` is what its 刷新 button does. */
  show(refresh: () => void): void;
}

async function deleteCaches(which: (name: string) => boolean): Promise<void> {
  if (!('caches' in window)) return;
  const keys = await caches.keys();
  await Promise.all(keys.filter(which).map((key) => caches.delete(key)));
}

/**
 * Clears what the old version cached at run time. The precache stays: the new worker has just filled it
 * with the new build (and pruned the old one), and it is what lets the app start offline.
 */
const clearCaches = () => deleteCaches((name) => !name.startsWith('workbox-precache'));

/** On sign-out: the answers kept for offline use go with the session (the worker keeps them per token). */
export const clearOfflineData = () => deleteCaches((name) => name.startsWith(API_CACHE_PREFIX));

/**
 * docs/original-console.md §4 updates: when a new worker waits, offer a refresh that activates it, clears the caches
 * and reloads once the new worker controls the page.
 */
export function watchForUpdates(workbox: Workbox, prompt: UpdatePrompt, reload: () => void): void {
  workbox.addEventListener('waiting', () => {
    prompt.show(() => {
      workbox.addEventListener('controlling', () => {
        clearCaches().finally(reload);
      });
      workbox.messageSkipWaiting();
    });
  });
}

/** Where offline support is off: remove any worker and cache left by an earlier build. */
export async function removeOfflineSupport(): Promise<void> {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  await clearCaches();
}
