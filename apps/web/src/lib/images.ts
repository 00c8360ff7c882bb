/**
 * Stock fallback for product images that fail to load: an inline SVG (works offline, no request).
 */
export const FALLBACK_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='600' height='600' viewBox='0 0 600 600'%3E%3Crect width='600' height='600' fill='%23f1e9dc'/%3E%3Crect x='190' y='150' width='220' height='300' rx='12' fill='%23fffdf9' stroke='%23d9cbb5' stroke-width='6'/%3E%3Cpath d='M230 220h140M230 260h140M230 300h140M230 340h90' stroke='%23d9cbb5' stroke-width='8' stroke-linecap='round'/%3E%3Crect x='190' y='150' width='34' height='300' fill='%23b9733f' opacity='.55'/%3E%3C/svg%3E";

/** onError handler: swap to the fallback once (never loop if the fallback itself failed). */
export function showFallbackImage(event: { currentTarget: HTMLImageElement }): void {
  const img = event.currentTarget;
  if (img.dataset.fallback === 'true') return;
  img.dataset.fallback = 'true';
  img.src = FALLBACK_IMAGE;
}
