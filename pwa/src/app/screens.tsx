import { lazy, type Attributes, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { LocaleBundle } from '@shared/locale-bundles';
import { loadBundle, loadStrings } from './i18n';

type Module<P> = { default: ComponentType<P> };

/** Every screen's code, one chunk each, by its file under features/ (Vite makes each a lazy import). */
const modules = import.meta.glob<Module<never>>(['./*/*Page.tsx', '../app/DashboardLayout.tsx'], { base: '../features' });

/** A screen: a lazily loaded component and the string bundles it shows, fetched together. */
export interface Screen {
  /** Its file under pwa/src, e.g. `features/marketing/HomePage.tsx`. */
  id: string;
  strings: readonly LocaleBundle[];
  /** Fetches its code and strings (in `language`) without rendering: at start-up, for the page being opened. */
  preload(language: string): Promise<unknown>;
}

export type ScreenComponent<P> = ComponentType<P> & { screen: Screen };

/** Set while the build prerenders a page: the screens it rendered (their chunks are preloaded with the page). */
let rendered: Set<Screen> | null = null;

/** Collects the screens rendered while `render` runs (the prerender's one page at a time). */
export async function collectScreens<T>(render: () => Promise<T>): Promise<{ result: T; screens: Screen[] }> {
  rendered = new Set();
  try {
    const result = await render();
    return { result, screens: [...rendered] };
  } finally {
    rendered = null;
  }
}

/**
 * A screen as a component: it suspends (the routes' spinner) until both its code and its strings
 * in the current language are in, so it never renders a key instead of a text.
 */
export function screen<P extends object = Record<string, never>>(
  /** Its file under features/ (`marketing/HomePage.tsx`), or the signed-in layout's (`../app/DashboardLayout.tsx`). */
  file: string,
  strings: readonly LocaleBundle[],
  /** More code the screen will want at once, fetched with it at start-up (the signed-in layout's sync runtime). */
  comesWith?: () => Promise<unknown>,
): ScreenComponent<P> {
  const outside = file.startsWith('../');
  const id = outside ? file.slice('../'.length) : `features/${file}`;
  const load = modules[outside ? file : `./${file}`] as (() => Promise<Module<P>>) | undefined;
  if (!load) throw new Error(`No screen module ${id}`);
  const Lazy = lazy(() => Promise.all([load(), loadStrings(strings)]).then(([module]) => module));
  const info: Screen = {
    id,
    strings,
    preload: (language) => Promise.all([load(), comesWith?.(), ...strings.map((bundle) => loadBundle(language, bundle))]),
  };
  const View = (props: P) => {
    rendered?.add(info);
    return <Lazy {...(props as P & Attributes)} />;
  };
  View.displayName = `Screen(${id})`;
  return Object.assign(View, { screen: info });
}

/** The screens in an element tree (a route's element: the screen, maybe inside a guard). */
export function screensIn(node: ReactNode): Screen[] {
  if (!node || typeof node !== 'object' || !('type' in node)) return [];
  const element = node as ReactElement<{ children?: ReactNode }>;
  const own = typeof element.type === 'function' && 'screen' in element.type ? [(element.type as ScreenComponent<unknown>).screen] : [];
  const children = element.props.children;
  return [...own, ...(Array.isArray(children) ? children.flatMap(screensIn) : screensIn(children))];
}
