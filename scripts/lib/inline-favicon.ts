const ICON_LINK = /<link rel="icon" href="\/icons\/([\w.-]+\.svg)" type="image\/svg\+xml"\s*\/?>/;

/**
 * The page's SVG tab icon (`<link rel="icon" href="/icons/….svg">`) as a data URL, read by `read`
 * from the icons folder: the browser then fetches nothing for it. The content security policy
 * allows `data:` images.
 */
export function inlineFavicon(html: string, read: (name: string) => string): string {
  return html.replace(ICON_LINK, (_link, name: string) => {
    const svg = read(name).trim();
    return `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`;
  });
}
