import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The screens promised offline (docs/gate.md, Offline; docs/notifications.md, Installing the app):
 * the gate's, a reservation's pass, the wallet and Find Parking's map, by their route files.
 */
const OFFLINE_SCREENS = /web\/routes\/((__root|_auth|index)\.tsx|_auth\/(attendant|reservation\.\$id|wallet)[./])/;

/**
 * A chunk and every chunk it imports, so its screen opens whole without a network: lazily too for a
 * screen (its map, its scanner), statically only for the app's entry, which imports every screen lazily.
 */
function withImports(bundle: OutputBundle, chunk: OutputChunk, into: Set<string>, lazily: boolean) {
  if (into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of lazily ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') withImports(bundle, imported, into, lazily);
  }
}

/** The app's files the service worker installs with: the app's shell and what the offline screens load. */
function filesOfOfflineScreens(bundle: OutputBundle) {
  const files = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    if (chunk.isEntry) withImports(bundle, chunk, files, false);
    else if (OFFLINE_SCREENS.test(chunk.facadeModuleId ?? '')) withImports(bundle, chunk, files, true);
  }
  return files;
}

/**
 * The service worker's precache list cut to the app's shell and its offline screens (the build's
 * files the bundle links from them), instead of every file the build wrote: 288 requests made one
 * after another on a phone's first visit. Any other screen's files are kept as they are first
 * loaded (web/features/push/service-worker.ts). Its `transform` goes to vite-plugin-pwa's
 * `injectManifest.manifestTransforms`; files that are not scripts or styles (the HTML, icons) stay.
 */
export function offlineFiles() {
  let files = new Set<string>();
  const plugin: Plugin = {
    name: 'parkada:offline-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      files = filesOfOfflineScreens(bundle as OutputBundle);
    },
  };
  const transform = async <Entry extends { url: string }>(entries: Entry[]) => ({
    manifest: entries.filter(({ url }) => !/\.(js|css)$/.test(url) || files.has(url)),
    warnings: [],
  });
  return { plugin, transform };
}
