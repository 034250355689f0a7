import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $toast, closeToast } from '../../stores/toast';

/** SPEC.md section 9: notifications auto-close after 5000 ms. */
export const TOAST_MS = 5000;

/** Shows the current toast; hovering or focusing it pauses the timer, leaving restarts it. */
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

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-1/2 z-50 -translate-x-1/2"
    >
      {toast ? (
        <div
          role="status"
          className="pointer-events-auto flex min-w-[300px] max-w-[560px] items-center gap-4 rounded-md bg-slate-900 px-4 py-3 text-white shadow-lg"
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
