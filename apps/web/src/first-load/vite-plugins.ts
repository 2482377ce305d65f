// Build steps for the web app's first load on a phone (issue 16, first load). Used by vite.config.ts only;
// nothing here runs in the browser but the script preloadScript writes (a file index.html loads).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rolldown, Rollup } from 'vite';
import { bundleOf } from '../i18n/merge.ts';
import {
  FIRST_LOAD_SCREENS,
  type FirstLoadMap,
  type FirstLoadScreen,
  firstLoadFiles,
  firstLoadLanguage,
  firstLoadScreens,
  savedState,
} from './pick.ts';

const LANG_MODULE = /\/src\/i18n\/lang\/([a-z]{2})\.ts$/;

/** Every `{language}.json` under `locales`, keyed by path as i18n/lang/{language}.ts's glob keys them. */
export function localeFiles(locales: string, language: string): Record<string, object> {
  const files: Record<string, object> = {};
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name === `${language}.json`)
        files[`../../locales/${relative(locales, path).split('\\').join('/')}`] = JSON.parse(
          readFileSync(path, 'utf8'),
        );
    }
  };
  visit(locales);
  return files;
}

/**
 * A language's texts merged when the app is built rather than on the phone: i18n/lang/{language}.ts
 * merges its locale files at run time (as in development and the unit tests); the build replaces it by
 * the same merge's result, one JSON.parse of a string, which a phone evaluates far faster than the
 * object literals of every file and their merge, on the way to the first screen.
 */
export function prebuiltLocales(): Plugin {
  let locales = '';
  return {
    name: 'hestia-prebuilt-locales',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      locales = resolve(config.root, 'src/locales');
    },
    load(id) {
      const language = LANG_MODULE.exec(id)?.[1];
      if (!language) return null;
      const files = localeFiles(locales, language);
      if (Object.keys(files).length === 0) throw new Error(`no ${language}.json under ${locales}`);
      for (const path of Object.keys(files))
        this.addWatchFile(resolve(locales, path.slice('../../locales/'.length)));
      const text = JSON.stringify(bundleOf(files));
      return `export default JSON.parse(${JSON.stringify(text)});\n`;
    },
  };
}

/** Source modules (relative to the web app's root) of each language's texts and of each first screen. */
export interface FirstLoadSources {
  languages: Record<string, readonly string[]>;
  screens: Record<FirstLoadScreen, string>;
}

/**
 * index.html starts fetching what the first screen needs with the app's own script, in parallel: a
 * small script of its own (firstLoadFiles, pick.ts) reads the saved language and session and adds
 * `<link rel="modulepreload">` for that language's chunk and the start screen's chunks (and a
 * stylesheet link for their CSS), which the app would otherwise ask for one after another, each after
 * the script before it has run. The built files' hashed names are written into the script here.
 */
export function firstLoadPreloads(sources: FirstLoadSources): Plugin {
  let config: ResolvedConfig;
  /** The preload script's file, named after its content, emitted once the page names it. */
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'hestia-first-load-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (!script) throw new Error('hestia-first-load-preloads: index.html was not transformed');
        this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) throw new Error('hestia-first-load-preloads: no bundle to read');
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const assets = Object.values(bundle).filter((a): a is Rollup.OutputAsset => a.type === 'asset');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rollup.OutputChunk): Set<string> => {
          const seen = new Set<string>();
          const visit = (c: Rollup.OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            for (const name of c.imports) {
              const next = byName.get(name);
              if (next) visit(next);
            }
          };
          visit(start);
          return seen;
        };
        const initial = closure(entry);
        for (const name of [...initial])
          for (const css of byName.get(name)?.viteMetadata?.importedCss ?? []) initial.add(css);
        const filesOf = (modules: readonly string[]): string[] => {
          const out = new Set<string>();
          for (const module of modules) {
            const id = resolve(config.root, module);
            const chunk = chunks.find((c) => c.moduleIds.includes(id));
            if (!chunk) {
              // A module that only imports CSS leaves no chunk, only its stylesheet, named after it.
              const css = `${basename(module).replace(/\.[jt]sx?$/, '')}.css`;
              const sheets = assets.filter((a) => a.names.includes(css));
              if (sheets.length !== 1 || !sheets[0])
                throw new Error(`hestia-first-load-preloads: ${module} is in no chunk of the build`);
              out.add(sheets[0].fileName);
              continue;
            }
            for (const name of closure(chunk)) {
              const c = byName.get(name);
              for (const css of c?.viteMetadata?.importedCss ?? []) if (!initial.has(css)) out.add(css);
              if (!initial.has(name)) out.add(name);
            }
          }
          return [...out].map((name) => `${config.base}${name}`);
        };
        const map: FirstLoadMap = {
          languages: Object.fromEntries(
            Object.entries(sources.languages).map(([language, modules]) => [language, filesOf(modules)]),
          ),
          screens: Object.fromEntries(
            FIRST_LOAD_SCREENS.map((screen) => [screen, filesOf([sources.screens[screen]])]),
          ) as FirstLoadMap['screens'],
        };
        // A file of its own, not an inline script, so the page's Content-Security-Policy allows scripts
        // from the app's origin only (issue 22). `async`: it never holds the parser; it is tiny and
        // arrives with the app's own script, and adds the first screen's preloads as soon as it runs.
        const source = preloadScript(map);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
        script = { fileName: `${config.build.assetsDir}/first-load-${hash}.js`, source };
        // Just before the app's script tag: after <meta charset> (which must come within the first
        // 1024 bytes), so it is discovered first.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('hestia-first-load-preloads: index.html has no module script');
        const tag = `<script async src="${config.base}${script.fileName}"></script>`;
        return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * The preload script: firstLoadFiles (and the functions it calls) with the build's map, and a link for
 * each file it names. It runs in a task of its own, so the parser's task (which discovers the app's
 * own script and modulepreloads) stays short and their downloads start without waiting for it.
 */
export function preloadScript(map: FirstLoadMap): string {
  return [
    'setTimeout(function () {',
    ...[savedState, firstLoadLanguage, firstLoadScreens, firstLoadFiles].map((f) => `  ${f.toString()}`),
    '  try {',
    `    var map = ${JSON.stringify(map)};`,
    `    var files = ${firstLoadFiles.name}(map, localStorage, location.pathname);`,
    '    for (var i = 0; i < files.length; i++) {',
    "      var link = document.createElement('link');",
    "      link.rel = /\\.css$/.test(files[i]) ? 'stylesheet' : 'modulepreload';",
    "      link.crossOrigin = '';",
    '      link.href = files[i];',
    '      document.head.appendChild(link);',
    '    }',
    // While the phone waits for the app's script, in a task of its own after the downloads have started:
    // a page's first Intl formatter loads the locale data, a long task the first screen (counts and
    // dates) would otherwise wait on.
    `    var language = ${firstLoadLanguage.name}(localStorage, Object.keys(map.languages));`,
    '    setTimeout(function () {',
    '      new Intl.NumberFormat(language).format(0);',
    '    }, 0);',
    '  } catch (e) {}',
    '}, 0);',
  ].join('\n');
}

/** A module that only re-exports others (`export * from './x.ts';` and comments). */
export function isIndex(code: string | null): boolean {
  if (!code) return false;
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    statements.length > 0 &&
    statements.every((s) => /^export\s+(\*|\{[^}]*\})\s+from\s+['"][^'"]+['"]$/.test(s))
  );
}

/**
 * Chunks for the first load. Every module the app's entry imports statically lands in the entry chunk
 * (the `$initial` group), and the modules each first screen needs beyond it in one chunk per screen
 * group (`first-{group}`, and `first-shared` for what two groups share): a phone then makes a handful
 * of requests for its first screen instead of thirty, each a round trip of its own over HTTP/1.1's six
 * connections. A group is what the screens named import statically, short of a package's index (a
 * module that only re-exports): that leads to all the package has, used or not, so what a screen takes
 * from a package through its index is left to the bundler's automatic chunks.
 */
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

export function firstLoadChunks(
  root: string,
  groups: Record<string, readonly string[]>,
): Rolldown.OutputOptions['codeSplitting'] {
  const shared = 'first-shared';
  let owners: Map<string, string> | null = null;
  const closure = (ctx: Rolldown.ChunkingContext, starts: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = starts.map((s) => resolve(root, s));
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) throw new Error(`first-load chunks: ${id} is not in the build`);
      if (isIndex(info.code)) continue;
      seen.add(id);
      stack.push(...info.importedIds);
    }
    return seen;
  };
  const ownerOf = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    if (!owners) {
      const found = new Map<string, string>();
      for (const [name, starts] of Object.entries(groups))
        for (const module of closure(ctx, starts)) {
          const owner = found.get(module);
          found.set(module, owner === undefined || owner === `first-${name}` ? `first-${name}` : shared);
        }
      owners = found;
    }
    return owners.get(id) ?? null;
  };
  return {
    groups: [
      // The entry's own chunk: every module it imports statically.
      { name: 'index', tags: ['$initial'], priority: 2 },
      { name: (id, ctx) => ownerOf(id, ctx), priority: 1, includeDependenciesRecursively: false },
      // The icons only later screens draw (the first screens' own are in their chunks), in one chunk
      // of their own, fetched with the first of those screens, instead of fifteen small ones.
      { name: (id) => (LUCIDE_ICON.test(id) ? 'icons' : null), priority: 0 },
    ],
  };
}
