import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { offlineFiles } from './offline-files';

/** A built chunk as the bundle holds it: only what the precache list reads. */
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  links: { imports?: string[]; lazy?: string[]; css?: string[]; entry?: boolean } = {},
) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    isEntry: links.entry ?? false,
    imports: links.imports ?? [],
    dynamicImports: links.lazy ?? [],
    viteMetadata: { importedCss: new Set(links.css ?? []), importedAssets: new Set() },
  }) as unknown as Rolldown.OutputChunk;

const bundleOf = (...chunks: Rolldown.OutputChunk[]) => Object.fromEntries(chunks.map((built) => [built.fileName, built]));

describe('the service worker’s precache list', () => {
  it('keeps the app’s shell and the offline screens with what they load, lazily too, and leaves the other screens to first use', async () => {
    const bundle = bundleOf(
      chunk('assets/index-1.js', '/app/web/main.tsx', {
        entry: true,
        imports: ['assets/react-1.js'],
        lazy: ['assets/wallet-1.js', 'assets/owner-1.js'],
        css: ['assets/index-1.css'],
      }),
      chunk('assets/react-1.js', null),
      chunk('assets/wallet-1.js', '/app/web/routes/_auth/wallet.tsx?tsr-split=component', {
        imports: ['assets/money-1.js'],
        lazy: ['assets/qr-1.js'],
      }),
      chunk('assets/money-1.js', null),
      chunk('assets/qr-1.js', '/app/web/features/qr.ts'),
      chunk('assets/statement-1.js', '/app/web/routes/_auth/wallet_.statement.tsx?tsr-split=component'),
      chunk('assets/owner-1.js', '/app/web/routes/_auth/owner/reports.tsx?tsr-split=component', { imports: ['assets/pdf-1.js'] }),
      chunk('assets/pdf-1.js', null),
      chunk('assets/scan-1.js', '/app/web/routes/_auth/attendant/scan.tsx?tsr-split=component'),
    );
    const { plugin, transform } = offlineFiles();
    (plugin.generateBundle as (options: unknown, bundle: Rolldown.OutputBundle) => void)({}, bundle);
    const built = [...Object.keys(bundle), 'assets/index-1.css', 'index.html', 'icons/parkada-192.png', 'manifest.webmanifest'];
    const { manifest } = await transform(built.map((url) => ({ url, revision: null })));
    expect(manifest.map(({ url }) => url).sort()).toEqual(
      [
        'assets/index-1.css',
        'assets/index-1.js',
        'assets/money-1.js',
        'assets/qr-1.js',
        'assets/react-1.js',
        'assets/scan-1.js',
        'assets/wallet-1.js',
        'icons/parkada-192.png',
        'index.html',
        'manifest.webmanifest',
      ].sort(),
    );
  });
});
