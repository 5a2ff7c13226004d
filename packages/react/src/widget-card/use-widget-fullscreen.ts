import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Shows one widget card on the whole screen with the Fullscreen API: the same element and the same
 * sandboxed frame (moving an iframe would reload it and lose what the user did in it), and Escape leaves
 * it even while the frame has focus, since the browser handles that key itself. On leaving, focus goes
 * back to `returnFocus` (the button that entered).
 */
export function useWidgetFullscreen({
  cardRef,
  returnFocus,
}: {
  cardRef: RefObject<HTMLElement | null>;
  returnFocus: RefObject<HTMLElement | null>;
}): { fullscreen: boolean; toggle(): void } {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const handleChange = () => {
      const isOurs = document.fullscreenElement !== null && document.fullscreenElement === cardRef.current;
      setFullscreen((was) => {
        if (was && !isOurs) returnFocus.current?.focus();
        return isOurs;
      });
    };
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [cardRef, returnFocus]);

  // The browser leaves fullscreen on Escape by itself; a page that lost its chrome (a kiosk, a headless
  // browser) may not, so Escape in this document leaves it too.
  useEffect(() => {
    if (!fullscreen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && document.fullscreenElement !== null) void document.exitFullscreen();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [fullscreen]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement !== null) {
      void document.exitFullscreen();
      return;
    }
    // Refused when the page may not go fullscreen (an embedding without allowfullscreen): nothing changes.
    cardRef.current?.requestFullscreen().catch(() => undefined);
  }, [cardRef]);

  return { fullscreen, toggle };
}
