import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { $toast, closeToast } from '../../stores/toast';

/** SPEC.md section 9: notifications auto-close after 5000 ms. */
export const TOAST_MS = 5000;

/**
 * Shows the current toast; hovering or focusing it pauses the timer, leaving restarts it. It is
 * a strip at the top of the screen in the page's flow, not a layer over it: on a 375 px phone a
 * toast floating at the bottom covered a log card (issue 47). Sticky, so it stays in view when
 * the page is scrolled.
 */
export function ToastHost() {
  const toast = useStore($toast);
  const [paused, setPaused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!toast || paused) return;
    timer.current = setTimeout(() => closeToast(toast.id), TOAST_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [toast, paused]);

  // Scrolled down, the browser keeps the cards where they were when the strip above them grows
  // (scroll anchoring), so the toast would lie over the top one: when that happens the scroll
  // goes back to where the person had it, and the toast pushes the cards down instead. When the
  // toast goes, anchoring is left alone, so the cards do not jump up under the person's finger.
  const strip = useRef<HTMLDivElement>(null);
  const stripHeight = useRef(0);
  const lastScroll = useRef(0);
  useEffect(() => {
    const seen = () => (lastScroll.current = window.scrollY);
    seen();
    window.addEventListener('scroll', seen, { passive: true });
    return () => window.removeEventListener('scroll', seen);
  }, []);
  useLayoutEffect(() => {
    const height = strip.current?.offsetHeight ?? 0;
    const grew = height - stripHeight.current;
    stripHeight.current = height;
    // The scroll event of the browser's own adjustment has not come yet: lastScroll is the
    // person's.
    if (grew > 0 && Math.abs(window.scrollY - lastScroll.current - grew) < 1)
      window.scrollTo(window.scrollX, lastScroll.current);
  }, [toast]);

  return (
    <div ref={strip} aria-live="polite" className="sticky top-0 z-40 print:hidden">
      {toast ? (
        <div
          role="status"
          className="flex items-center gap-4 bg-slate-900 px-4 py-3 text-white shadow-lg desk:mx-auto desk:w-fit desk:min-w-[300px] desk:max-w-[560px] desk:rounded-b-md"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <span className="flex-1">{toast.message}</span>
          {toast.undo ? (
            <button
              type="button"
              className="rounded px-2 py-1 font-semibold text-sky-300 underline hover:text-white"
              onClick={() => {
                toast.undo?.();
                closeToast(toast.id);
              }}
            >
              Undo
            </button>
          ) : null}
          <button
            type="button"
            aria-label="Close notification"
            className="rounded px-2 py-1 hover:bg-slate-700"
            onClick={() => closeToast(toast.id)}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
