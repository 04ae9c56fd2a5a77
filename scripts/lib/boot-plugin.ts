import path from 'node:path';
import type * as Esbuild from 'esbuild';
import type { Plugin } from 'vite';

/** Where the client build writes, for the prerender, which chunks each source module needs. */
export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

/** For each module (by path from `root`): the URL paths of its chunk and of every chunk that chunk imports statically. */
export type ModuleChunks = Record<string, string[]>;

interface OutputChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  moduleIds?: string[];
}

/** The chunks each source module is loaded with, from the build's output (groups of modules included). */
export function moduleChunks(bundle: Record<string, OutputChunk>, root: string): ModuleChunks {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string): string[] => {
    const files: string[] = [];
    const walk = (name: string) => {
      const chunk = byFile.get(name);
      if (!chunk || files.includes(`/${name}`)) return;
      files.push(`/${name}`);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(fileName);
    return files;
  };
  const out: ModuleChunks = {};
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds ?? []) {
      if (id.startsWith('\0') || !path.isAbsolute(id)) continue;
      out[path.relative(root, id).split(path.sep).join('/')] = closure(chunk.fileName);
    }
  }
  return out;
}

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * index.html as Vite writes it (an entry `<script type="module">` and `<link rel="modulepreload">`s,
 * all fetched at once with the HTML) turned into one small inline boot script at the end of
 * `<body>` that names them: `<script data-entry="…" data-preload="…">…</script>`. Inline, it costs
 * the page no request before its first paint; the server's content security policy allows it by
 * its hash (api/src/kernel/http/inline-scripts.ts).
 *
 * `signedIn`: the chunks a signed-in page needs at once besides the entry's (the sync runtime),
 * named in `data-signed-in` without those already preloaded; the boot script fetches them with the
 * entry when a session is likely, so the first sync does not wait for the entry to ask for them.
 */
export function bootHtml(html: string, bootCode: string, signedIn: readonly string[] = []): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) throw new Error('index.html has no entry <script type="module">');
  if (!html.includes('</body>')) throw new Error('index.html has no </body>');
  if (/<\/script/i.test(bootCode)) throw new Error('The boot script cannot be inlined: it contains </script');
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const extra = [...new Set(signedIn)].filter((file) => file !== entry[1] && !preload.includes(file));
  const signedInAttribute = extra.length > 0 ? ` data-signed-in="${extra.join(' ')}"` : '';
  const boot = `<script data-entry="${entry[1]}" data-preload="${preload.join(' ')}"${signedInAttribute}>${bootCode}</script>`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, '')
    .replace('</body>', () => `  ${boot}\n  </body>`);
}

/** A prerendered public page is never the signed-in shell: the list of its chunks goes. */
export function withoutSignedInPreloads(html: string): string {
  return html.replace(/ data-signed-in="[^"]*"/, '');
}

/** Adds files to the boot script's `data-preload` (a prerendered page's screens and strings), each once. */
export function addPreloads(html: string, files: readonly string[]): string {
  return html.replace(/ data-preload="([^"]*)"/, (_all, list: string) => {
    const all = [...new Set([...list.split(' ').filter(Boolean), ...files])];
    return ` data-preload="${all.join(' ')}"`;
  });
}

/**
 * The boot script (pwa/src/boot/boot.ts and the few small modules it imports) bundled into one
 * small classic script. `builtinGeo`: whether the app asks the built-in `GET /api/geo` (the boot
 * script then asks it first on prerendered public pages).
 */
export function bundleBootScript(source: string, builtinGeo: boolean, esbuild: typeof Esbuild): { code: string; inputs: string[] } {
  const result = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    minify: true,
    // The app's own modules need ES2022: a browser without optional chaining never runs it anyway.
    target: 'es2020',
    platform: 'browser',
    define: { BOOT_BUILTIN_GEO: String(builtinGeo) },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)) };
}

/** The module whose chunks a signed-in page fetches with the entry (see `bootHtml`). */
export const SIGNED_IN_MODULE = 'src/sync/app-sync.ts';

/**
 * The client build's boot script (pwa/src/boot/boot.ts, bundled here to a small classic script)
 * written inline into index.html, which loads the app through it.
 */
export function bootAfterFirstPaint(source: string): Plugin {
  let code = '';
  let builtinGeo = true;
  let root = '';
  return {
    name: 'bidpilot:boot-after-first-paint',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      builtinGeo = !String(config.env.VITE_GEO_URL ?? '').trim();
      root = config.root;
    },
    async buildStart() {
      const bundled = bundleBootScript(source, builtinGeo, await import('esbuild'));
      for (const input of bundled.inputs) this.addWatchFile(input);
      code = bundled.code;
    },
    generateBundle(_options, bundle) {
      const chunks = moduleChunks(bundle as unknown as Record<string, OutputChunk>, this.environment.config.root);
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS_FILE, source: JSON.stringify(chunks) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as unknown as Record<string, OutputChunk> | undefined;
        if (!bundle) return bootHtml(html, code);
        const signedIn = moduleChunks(bundle, root)[SIGNED_IN_MODULE];
        if (!signedIn) throw new Error(`The build has no chunk for ${SIGNED_IN_MODULE}`);
        return bootHtml(html, code, signedIn);
      },
    },
  };
}
