const NOCOOKIE_HOST = 'www.youtube-nocookie.com';
const VIDEO_ID = /^[\w-]{6,20}$/;

/**
 * The embed address of the demo video from its configured URL: a youtube-nocookie embed URL is
 * kept; a YouTube watch, short or embed link is turned into the youtube-nocookie embed (the only
 * frame source the content security policy allows). Undefined when unset or unusable.
 */
export function demoEmbedUrl(raw: string | undefined | null): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  let id: string | undefined;
  const host = url.hostname.toLowerCase();
  if (
    host === NOCOOKIE_HOST ||
    host === 'youtube-nocookie.com' ||
    host === 'www.youtube.com' ||
    host === 'youtube.com' ||
    host === 'm.youtube.com'
  ) {
    const embed = url.pathname.match(/^\/embed\/([^/]+)/);
    id = embed?.[1] ?? (url.pathname === '/watch' ? (url.searchParams.get('v') ?? undefined) : undefined);
  } else if (host === 'youtu.be') {
    id = url.pathname.slice(1).split('/')[0];
  }
  if (!id || !VIDEO_ID.test(id)) return undefined;
  const embed = new URL(`https://${NOCOOKIE_HOST}/embed/${id}`);
  embed.searchParams.set('autoplay', '1');
  embed.searchParams.set('rel', '0');
  const start = url.searchParams.get('start') ?? url.searchParams.get('t')?.replace(/s$/, '');
  if (start && /^\d+$/.test(start)) embed.searchParams.set('start', start);
  return embed.toString();
}
