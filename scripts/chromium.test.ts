import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium, findHeadlessShell } from './chromium';

/** A folder holding an executable of this name, as a package would install it. */
function folderWith(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'parkada-chromium-'));
  writeFileSync(join(dir, name), '#!/bin/sh\n');
  chmodSync(join(dir, name), 0o755);
  return dir;
}

describe('finding Chrome or Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH when it is set, and only it', () => {
    const dir = folderWith('chrome');
    expect(findChromium({ CHROMIUM_PATH: join(dir, 'chrome') }, [])).toEqual({ path: join(dir, 'chrome') });
    const missing = findChromium({ CHROMIUM_PATH: '/nonexistent', PATH: folderWith('chromium') }, []);
    expect(missing.path).toBeUndefined();
    expect(missing.problem).toContain('CHROMIUM_PATH=/nonexistent is not an executable');
  });

  it('looks in the usual places, then on PATH, by each of its names', () => {
    const usual = folderWith('chromium');
    const onPath = folderWith('google-chrome-stable');
    expect(findChromium({ PATH: onPath }, [join(usual, 'chromium')])).toEqual({ path: join(usual, 'chromium') });
    expect(findChromium({ PATH: `/nonexistent:${onPath}` }, ['/nonexistent/chromium'])).toEqual({
      path: join(onPath, 'google-chrome-stable'),
    });
  });

  it('says in one line what to install and what to set when there is none', () => {
    const { problem } = findChromium({ PATH: '/nonexistent' }, ['/nonexistent/chromium']);
    expect(problem).not.toContain('\n');
    expect(problem).toContain('apt-get install -y chromium');
    expect(problem).toContain('CHROMIUM_PATH');
  });

  it('finds the headless shell where Debian puts it or on PATH, or at CHROMIUM_HEADLESS_SHELL_PATH alone', () => {
    const usual = folderWith('chromium-headless-shell');
    const onPath = folderWith('chromium-headless-shell');
    expect(findHeadlessShell({ PATH: onPath }, [join(usual, 'chromium-headless-shell')])).toBe(join(usual, 'chromium-headless-shell'));
    expect(findHeadlessShell({ PATH: onPath }, ['/nonexistent/chromium-headless-shell'])).toBe(join(onPath, 'chromium-headless-shell'));
    expect(findHeadlessShell({ CHROMIUM_HEADLESS_SHELL_PATH: '/nonexistent', PATH: onPath }, [])).toBeUndefined();
    expect(findHeadlessShell({ PATH: '/nonexistent' }, ['/nonexistent/chromium-headless-shell'])).toBeUndefined();
  });
});
