import { storedJson } from './stored';
import type { CurrentUser } from './session';

const OFFLINE_USER_KEY = 'parkada.gate.user';

/** The user a gate device keeps to start offline (null when none). */
export const offlineUser = () => storedJson<CurrentUser>(OFFLINE_USER_KEY);

/**
 * A gate must start without a connection (docs/gate.md, Offline), and the app decides its screens
 * from the signed-in user. A device that opened the gate screens keeps that user to start offline;
 * the server still checks the session of every request once it answers.
 */
export const rememberForOffline = (user: CurrentUser) => localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(user));
export const forgetOfflineUser = () => localStorage.removeItem(OFFLINE_USER_KEY);
