import { useEffect } from 'react';
import { isValidDay } from '../../lib/day';
import { $shownDay, showDay } from '../../stores/track-day';

/** Keeps the shown day in `?day=` so a reload or a shared link shows the same day. */
export function useDayInUrl(): void {
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('day');
    if (fromUrl && isValidDay(fromUrl)) showDay(fromUrl);
    return $shownDay.listen((day) => {
      const url = new URL(window.location.href);
      url.searchParams.set('day', day);
      window.history.replaceState(null, '', url);
    });
  }, []);
}
