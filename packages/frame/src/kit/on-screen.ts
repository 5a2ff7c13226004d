/**
 * Calls `onChange(visible)` whenever the widget comes on or goes off screen: scrolled out of the chat's view
 * (an `IntersectionObserver` on the frame's document, which measures against the top-level viewport) or its
 * page hidden. Returns whether it is visible now, for a timer to ask before it draws.
 */
export function watchOnScreen(onChange: (visible: boolean) => void): () => boolean {
  let intersecting = true;
  const visible = () => intersecting && document.visibilityState !== 'hidden';
  if (typeof IntersectionObserver === 'function') {
    new IntersectionObserver((entries) => {
      intersecting = entries.some((entry) => entry.isIntersecting);
      onChange(visible());
    }).observe(document.documentElement);
  }
  document.addEventListener('visibilitychange', () => onChange(visible()));
  return visible;
}
