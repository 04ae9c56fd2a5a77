/**
 * The one script a page names (scripts/lib/boot-plugin.ts writes it into index.html, `defer`): it
 * starts the app. A prerendered page paints first: its scripts are fetched only after that paint, so
 * on a slow line they never compete with the page's HTML and CSS for the first picture. A page
 * with nothing to show yet (the signed-in shell), or one in a hidden tab, starts at once.
 *
 * `data-entry` is the app's entry module; `data-preload` the modules it and the page need, fetched
 * side by side instead of one after another as imports are found.
 */
const me = document.currentScript as HTMLScriptElement | null;

function start(): void {
  if (!me?.dataset.entry || document.querySelector('script[data-bidpilot-entry]')) return;
  for (const href of (me.dataset.preload ?? '').split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = me.dataset.entry;
  entry.dataset.bidpilotEntry = '';
  document.head.appendChild(entry);
}

if (document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else start();

export {};
