import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $token, $user } from '../../stores/auth';
import { $cacheOwner } from '../../stores/sync/owner';

/**
 * Starts sync for the signed-in person once the screen is up (the engine loads after the first
 * paint) and stops it on sign-out. True when the cache on this device is theirs, so the screen
 * may show it; until then the shell shows that the workspace is opening.
 */
export function useSync(): boolean {
  const token = useStore($token);
  const user = useStore($user);
  const owner = useStore($cacheOwner);
  const userId = user?.id;
  useEffect(() => {
    if (!token || !user) return;
    let current = true;
    let started: { stopSync: () => void } | null = null;
    void import('../../stores/app-sync').then((engine) => {
      // Signed out or unmounted while the engine loaded: start nothing that nobody would stop.
      if (!current) return;
      started = engine;
      void engine.startSync(user);
    });
    return () => {
      current = false;
      // On sign-out, stop at once what this effect started; no import begins for a screen that
      // is going away, so nothing runs after it.
      if (started && !$token.get()) started.stopSync();
    };
    // Restart only when the person changes, not when their cached profile is refreshed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, userId]);
  useEffect(() => {
    // The signed-in screens and their assets, kept so they open offline (public/sw.js).
    if ('serviceWorker' in navigator)
      void navigator.serviceWorker.register('/sw.js').catch(() => {});
  }, []);
  return Boolean(user && owner?.userId === user.id);
}
