/**
 * Where the browser tests find Chrome or Chromium: CHROMIUM_PATH when it is set (then only there),
 * else where Debian, Ubuntu, Google's packages and snap put it, else the first of their names on
 * PATH. Nothing is ever downloaded. `npm test` and the browser tests' global set-up ask first, so a
 * machine without one hears it once, in one line, instead of a failure per browser file.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** The usual homes of the executable on Linux, in the order they are tried. */
const USUAL_PLACES = [...NAMES.map((name) => `/usr/bin/${name}`), '/snap/bin/chromium', '/opt/google/chrome/chrome'];

const INSTALL_HINT = 'install it with `apt-get install -y chromium`, or set CHROMIUM_PATH to a Chrome or Chromium executable';

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Every folder on PATH joined with each of `names`, in PATH's order. */
const onPath = (env: NodeJS.ProcessEnv, names: string[]) =>
  (env.PATH ?? '').split(delimiter).flatMap((dir) => (dir ? names.map((name) => join(dir, name)) : []));

/** Chromium's headless shell: Debian's package, and the name Playwright gives the build it drives headless. */
const SHELL_NAME = 'chromium-headless-shell';

/**
 * Chromium's headless shell, which the browser tests drive where they need no more (e2e/browser.ts):
 * the same engine without the browser's own layer, about a quarter less processor time a file
 * (docs/performance.md, The suite). CHROMIUM_HEADLESS_SHELL_PATH when it is set (then only there),
 * else where Debian puts it, else on PATH; none found, the tests drive Chrome or Chromium throughout.
 */
export function findHeadlessShell(env: NodeJS.ProcessEnv = process.env, places = [`/usr/bin/${SHELL_NAME}`]): string | undefined {
  if (env.CHROMIUM_HEADLESS_SHELL_PATH)
    return isExecutable(env.CHROMIUM_HEADLESS_SHELL_PATH) ? env.CHROMIUM_HEADLESS_SHELL_PATH : undefined;
  return [...places, ...onPath(env, [SHELL_NAME])].find(isExecutable);
}

type ChromiumLookup = { path: string; problem?: undefined } | { path?: undefined; problem: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env, places = USUAL_PLACES): ChromiumLookup {
  if (env.CHROMIUM_PATH)
    return isExecutable(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH }
      : { problem: `Browser tests: CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable; ${INSTALL_HINT}.` };
  const path = [...places, ...onPath(env, NAMES)].find(isExecutable);
  return path ? { path } : { problem: `Browser tests: no Chrome or Chromium found (in ${places.join(', ')} or on PATH); ${INSTALL_HINT}.` };
}
