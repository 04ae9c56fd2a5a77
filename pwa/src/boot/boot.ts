/**
 * The one script a page carries (scripts/lib/boot-plugin.ts writes it inline at the end of
 * index.html's body): it starts the app. A prerendered page paints first: its scripts are fetched
 * only once that paint is on screen, so on a slow line they never compete with the page's HTML for
 * the first picture. A page with nothing to show yet (the signed-in shell), or one in a hidden tab,
 * starts at once.
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
  // A prerendered page carries only the rules its markup uses: the whole stylesheets come now, and
  // the app runs once they are in (or failed), so nothing it shows next is unstyled.
  const sheets = (me.dataset.stylesheets ?? '').split(' ').filter(Boolean);
  let waiting = sheets.length;
  const sheetDone = () => {
    if (--waiting === 0) document.head.appendChild(entry);
  };
  for (const href of sheets) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.onload = sheetDone;
    link.onerror = sheetDone;
    document.head.appendChild(link);
  }
  if (sheets.length === 0) document.head.appendChild(entry);
}

/**
 * Runs `then` once the page's first contentful paint is on screen: the browser's own paint entry,
 * which it records when the frame is presented. A frame callback alone is not enough: the picture
 * reaches the screen later, and scripts fetched in between would be fetched before it. Without
 * paint timing, after the next frame; if the tab is hidden before the paint, at once.
 */
function afterFirstContentfulPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    document.removeEventListener('visibilitychange', onHidden);
    setTimeout(then, 0);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  document.addEventListener('visibilitychange', onHidden);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(once);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible') afterFirstContentfulPaint(start);
else start();

export {};
