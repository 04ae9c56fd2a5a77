/** The content codings this server sends, best first. */
export type Coding = 'br' | 'gzip';

/**
 * The best coding an `Accept-Encoding` header allows among those available: br, then gzip. A
 * coding listed with q=0 is refused; `*` allows any not listed.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: readonly Coding[] = ['br', 'gzip']): Coding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = weights.get('*');
  for (const coding of ['br', 'gzip'] as const) {
    if (!available.includes(coding)) continue;
    const weight = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? wildcard ?? 0;
    if (weight > 0) return coding;
  }
  return undefined;
}
